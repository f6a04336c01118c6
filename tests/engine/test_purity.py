"""The engine stays pure: importing it pulls in no rendering, templating, CLI or UI library."""
import pkgutil
import subprocess
import sys

import forge.engine

FORBIDDEN = ("reportlab", "jinja2", "cairosvg", "kivy", "click", "pypdf", "pypdfium2",
             "forge.render", "forge.kit", "forge.cli", "forge.write")


def engine_modules():
    return [m.name for m in pkgutil.walk_packages(forge.engine.__path__, "forge.engine.")]


def test_engine_imports_nothing_heavy():
    modules = engine_modules()
    assert "forge.engine.core" in modules and "forge.engine.dice" in modules
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} "
            f"or any(m == f or m.startswith(f + '.') for f in {FORBIDDEN!r}))\n"
            "print(','.join(bad))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "", f"engine imports {result.stdout.strip()}"
