"""buildozer.spec for the Android companion: it parses, every requirement is pure Python or has
a python-for-android recipe, the packaged files are exactly what the app needs (the selection
below follows buildozer's own source-copy rules), and the version is forge's."""
import configparser
import os
from fnmatch import fnmatch
from pathlib import Path

import forge

REPO = Path(__file__).resolve().parents[2]
# pure Python, or with a python-for-android recipe
ALLOWED = {"python3", "kivy", "pyyaml", "babel", "pytz", "hostpython3", "sdl2", "pyjnius",
           "android", "platformdirs", "certifi", "filetype", "docutils", "pygments", "plyer"}
HEAVY = ("reportlab", "cairosvg", "cairocffi", "pypdf", "pillow", "jinja2", "fonttools",
         "lxml", "numpy", "jsonschema", "hypothesis", "pytest")
NEEDED = ["companion/session.py", "companion/store.py", "companion/dice.py",
          "forge/__init__.py", "forge/boards.py", "forge/content.py", "forge/errors.py",
          "forge/i18n.py", "forge/saves.py", "forge/engine/core.py", "forge/engine/dice.py",
          "forge/engine/tetrarchia/__init__.py", "forge/engine/tetrarchia/words.py",
          "forge/locale/es/LC_MESSAGES/forge.po", "content/tetrarchia/game.yaml",
          "fonts/ForgeGaramond-Regular.ttf", "fonts/ForgeGaramond-Italic.ttf", "fonts/Cardob101.ttf",
          "fonts/licenses/Cardo.txt", "fonts/licenses/EBGaramond.txt"]


def spec():
    parser = configparser.ConfigParser()
    assert parser.read(REPO / "buildozer.spec")
    return parser


def getlist(app, key):
    return [v.strip() for v in app.get(key, "").split(",") if v.strip()]


def packaged_files(app) -> set[str]:
    """The files buildozer would copy (its _copy_application_sources rules)."""
    include_exts = getlist(app, "source.include_exts")
    exclude_dirs = [d.rstrip("/") + "/" for d in getlist(app, "source.exclude_dirs")]
    exclude_patterns = getlist(app, "source.exclude_patterns")
    include_patterns = getlist(app, "source.include_patterns")
    source = (REPO / app.get("source.dir")).resolve()
    chosen = set()
    for root, _dirs, files in os.walk(source):
        relative = os.path.relpath(root, source)
        if any(part.startswith(".") for part in Path(relative).parts):
            continue
        prefix = "" if relative == "." else relative.lower() + "/"
        if prefix:
            if any(prefix.startswith(d) for d in exclude_dirs):
                continue
            excluded = any(fnmatch(prefix, p) for p in exclude_patterns)
            if any(fnmatch(prefix, p) for p in include_patterns):
                excluded = False
            if excluded:
                continue
        for name in files:
            if name.startswith("."):
                continue
            path = prefix + name
            excluded = any(fnmatch(path, p) for p in exclude_patterns)
            if any(fnmatch(path, p) for p in include_patterns):
                excluded = False
            ext = os.path.splitext(name)[1][1:]
            if excluded or (ext and include_exts and ext not in include_exts):
                continue
            chosen.add(("" if relative == "." else relative + "/") + name)   # real case
    return chosen


def test_spec_parses_with_the_android_settings():
    app = spec()["app"]
    assert app["title"] and app["package.name"].isidentifier()
    assert app["package.domain"].count(".") >= 1
    assert {"portrait", "landscape"} <= set(getlist(app, "orientation"))
    assert "WAKE_LOCK" in getlist(app, "android.permissions")
    assert app.getboolean("android.wakelock")


def test_requirements_are_pure_python_or_have_a_recipe():
    app = spec()["app"]
    names = [r.split("==")[0].split(">")[0].split("<")[0].strip().lower()
             for r in getlist(app, "requirements")]
    assert {"python3", "kivy", "pyyaml", "babel"} <= set(names)
    assert set(names) <= ALLOWED, set(names) - ALLOWED
    assert not [n for n in names if n in HEAVY]


def test_packaged_files_are_what_the_app_needs_and_nothing_heavy():
    files = packaged_files(spec()["app"])
    assert not [n for n in NEEDED if n not in files], [n for n in NEEDED if n not in files]
    for prefix in ("forge/render/", "tests/", "bench/", "build/", "docs/", "templates/",
                   "scripts/", "forge/schemas/"):
        assert not [f for f in files if f.startswith(prefix)], prefix
    for module in ("forge/kit.py", "forge/cli/", "forge/layout.py", "forge/impose.py",
                   "forge/write.py", "forge/preview.py", "forge/fonts.py"):
        assert not [f for f in files if f.startswith(module)], module
    # every pattern names files that exist
    for pattern in getlist(spec()["app"], "source.include_patterns"):
        assert any(fnmatch(f, pattern) for f in files), pattern
    # what the companion core imports is packaged
    import companion.session  # noqa: F401
    import forge.engine.tetrarchia.words  # noqa: F401
    import forge.games  # noqa: F401  (Home lists the games it finds)
    import sys
    loaded = {Path(m.__file__).resolve().relative_to(REPO).as_posix()
              for m in list(sys.modules.values())
              if getattr(m, "__file__", None) and Path(m.__file__).resolve().is_relative_to(REPO)
              and m.__name__.split(".")[0] in ("forge", "companion")
              and "tests" not in Path(m.__file__).parts}
    core = {f for f in loaded if not f.startswith(("forge/render", "companion/app",
                                                   "companion/screens"))}
    needed_by_core = {f for f in core if f.startswith(("companion/", "forge/engine/"))
                      or f in NEEDED or f in ("forge/games.py", "forge/registry.py",
                                              "forge/schema.py", "forge/checks/__init__.py")}
    assert needed_by_core <= files, needed_by_core - files


def test_version_is_forges():
    app = spec()["app"]
    filename = app["version.filename"]      # %(source.dir)s interpolated by configparser
    assert Path(REPO / filename).resolve() == (REPO / "forge/__init__.py").resolve()
    import re
    found = re.search(app["version.regex"], (REPO / "forge/__init__.py").read_text())
    assert found and found.group(1) == forge.__version__


def test_the_android_entry_point_starts_the_companion():
    text = (Path(__file__).resolve().parents[2] / "main.py").read_text(encoding="utf-8")
    assert "from companion.app import main" in text
