"""Packaging: copies the repository's top-level data folders into the package as forge/shipped/.

The repository keeps content/, templates/ and fonts/ at its top level, where designers and
translators find them; the wheel carries them inside the package (forge.places finds both).
Everything else is declared in pyproject.toml.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("content", "templates", "fonts")       # forge.places.SHIPPED_FOLDERS
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.lock", ".*")


class BuildWithData(build_py):
    """build_py that also copies the shipped data folders into forge/shipped/."""

    def run(self):
        super().run()
        if self.editable_mode:
            return                      # an editable install reads them from the checkout
        target = Path(self.build_lib) / "forge" / "shipped"
        for name in SHIPPED:
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(HERE / name, target / name, ignore=SKIPPED)


setup(cmdclass={"build_py": BuildWithData})
