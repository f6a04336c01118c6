"""Every print option, from the command line or a profile, is finite and in range; a bad one is
a clear error naming the option, or the profile file and the setting (forge/printing.py)."""
import json
import math
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forge.cli import main
from forge.errors import UserError
from forge.printing import (BACKS, BLEEDS, MAX_BACK_OFFSET, MAX_PROFILE_BYTES, PrintOptions,
                            load_profile, parse_offset, save_profile)

FUZZ = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A private $XDG_CONFIG_HOME holding an empty profiles folder."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "config" / "forge" / "profiles"
    folder.mkdir(parents=True)
    return folder


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


# --- the command line -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["nan,0", "0,nan", "inf,0", "-inf,1", "1e400,0", "10.5,0",
                                  "0,-11", "1,2,3", "1", "", "x,1", "0x1,0", "1;2"])
def test_a_bad_back_offset_names_the_option(text):
    with pytest.raises(UserError, match="^--back-offset: a back offset is two numbers"):
        parse_offset(text)


@pytest.mark.parametrize("text, offset", [("0.5,-1", (0.5, -1.0)), (" 10 , -10 ", (10.0, -10.0)),
                                          ("-0,0", (0.0, 0.0))])
def test_a_good_back_offset_is_read(text, offset):
    assert parse_offset(text) == offset


@given(st.text(max_size=30) | st.builds(lambda a, b: f"{a},{b}", st.floats(), st.floats()))
@FUZZ
def test_any_back_offset_text_is_read_in_range_or_refused_by_name(text):
    try:
        offset = parse_offset(text, option="--save")
    except UserError as err:
        assert str(err).startswith("--save: ")
        return
    assert len(offset) == 2 and all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET
                                    for v in offset)


@pytest.mark.parametrize("command", [["build", "demo"], ["preview", "demo"]])
def test_nan_on_the_command_line_writes_nothing(tmp_path, command):
    result = run(*command, "--back-offset", "nan,0", "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert result.output.startswith("error: --back-offset: ")
    assert not (tmp_path / "out").exists()


def test_nan_saved_from_calibrate_names_save_and_writes_no_profile(config):
    result = run("calibrate", "--save", "nan,0", "--profile", "home")
    assert result.exit_code == 1 and "error: --save: " in result.output
    assert not (config / "home.toml").exists()


@pytest.mark.parametrize("changes, words", [
    ({"back_offset": (math.nan, 0.0)}, "back_offset"), ({"back_offset": (0.0, math.inf)},
                                                       "back_offset"),
    ({"back_offset": (True, 0)}, "back_offset"), ({"back_offset": "0,0"}, "back_offset"),
    ({"bleed": math.nan}, "bleed"), ({"bleed": True}, "bleed"), ({"bleed": "3"}, "bleed"),
    ({"backs": ["fold"]}, "backs"), ({"ink": None}, "ink"),
])
def test_print_options_refuse_what_is_not_finite_or_of_the_wrong_kind(changes, words):
    with pytest.raises(UserError, match=f"^{words} must be"):
        PrintOptions(**changes)


# --- profiles ---------------------------------------------------------------------------------

def write(folder, text: str | bytes, name="bad.toml"):
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@pytest.mark.parametrize("text, words", [
    ("back_offset = [nan, 0]\n", "back_offset must be two numbers"),
    ("back_offset = [0, inf]\n", "back_offset must be two numbers"),
    ("back_offset = [-inf, 0]\n", "back_offset must be two numbers"),
    ("back_offset = [30, 0]\n", "each at most 10 mm"),
    ("back_offset = [1, 2, 3]\n", "back_offset must be two numbers"),
    ("back_offset = ['a', 'b']\n", "back_offset must be two numbers"),
    ("back_offset = [true, false]\n", "back_offset must be two numbers"),
    ("[back_offset]\nx = 1\n", "back_offset must be two numbers"),
    ("back_offset = 1979-05-27\n", "back_offset must be two numbers"),
    ("bleed = nan\n", "bleed must be one of"),
    ("bleed = inf\n", "bleed must be one of"),
    ("bleed = true\n", "bleed must be one of"),
    ("bleed = '3'\n", "bleed must be one of"),
    ("bleed = 99999999999999999999\n", "bleed must be one of"),
    ("backs = 5\n", "backs must be one of"),
    ("marks = ['crop']\n", "marks must be one of"),
    ("ink = { a = 1 }\n", "ink must be one of"),
    ("board = 'x'\n", "board must be one of"),
    ("paper = 4\n", "paper must be one of"),
    ("'\u202e' = 1\n", "unknown setting"),
    ("not toml at all\n", "not a valid TOML file"),
    ("a = " + "[" * 5000 + "]" * 5000 + "\n", "not a valid TOML file"),
    (b"ink = '\xff'\n", "not a valid TOML file"),
])
def test_a_bad_profile_names_the_file_and_the_setting(config, text, words):
    path = write(config, text)
    with pytest.raises(UserError) as caught:
        load_profile("bad")
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and words in message, message
    assert len(message) < 400


def test_a_huge_profile_is_refused_before_it_is_read(config):
    path = write(config, "# " + "x" * MAX_PROFILE_BYTES + "\n")
    with pytest.raises(UserError, match="too large for a print profile"):
        load_profile(str(path))


@pytest.mark.parametrize("target", ["elsewhere", "/dev/zero", "dangling"])
def test_a_profile_that_links_elsewhere_is_refused(config, tmp_path, target):
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text("ink = 'saver'\n", encoding="utf-8")
    source = {"elsewhere": elsewhere, "/dev/zero": "/dev/zero",
              "dangling": tmp_path / "gone.toml"}[target]
    (config / "linked.toml").symlink_to(source)
    with pytest.raises(UserError, match="must be a file of its own, not a link"):
        load_profile("linked")
    with pytest.raises(UserError, match="not a link"):     # nor written through
        save_profile("linked", ink="grayscale")
    assert elsewhere.read_text(encoding="utf-8") == "ink = 'saver'\n"


@pytest.mark.parametrize("kind", ["pipe", "folder", "device"])
def test_a_profile_that_is_not_a_regular_file_is_refused(config, kind):
    path = config / "odd.toml"
    if kind == "pipe":
        os.mkfifo(path)             # reading it would wait for a writer forever
    elif kind == "folder":
        path.mkdir()
    else:
        path = "/dev/null"
    with pytest.raises(UserError, match="must be a regular file"):
        load_profile(str(path))


def test_saving_a_profile_never_writes_through_a_planted_temporary_file(config, tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious", encoding="utf-8")
    (config / ".home.toml.tmp").symlink_to(victim)
    save_profile("home", ink="saver")
    assert victim.read_text(encoding="utf-8") == "precious"
    assert load_profile("home").options == {"ink": "saver"}
    assert sorted(p.name for p in config.iterdir()) == [".home.toml.tmp", "home.toml"]


def test_a_bad_profile_on_the_command_line_is_one_clear_line(config, tmp_path):
    write(config, "back_offset = [nan, 0]\n")
    result = run("build", "demo", "--profile", "bad", "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert "bad.toml: back_offset must be two numbers" in result.output
    assert not (tmp_path / "out").exists()


TOML_VALUES = st.recursive(
    st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=12)
    | st.sampled_from(list(BACKS) + ["crop", "saver", "single", "a4", "letter"]),
    lambda inner: st.lists(inner, max_size=3), max_leaves=6)


def toml_value(value) -> str:
    """A value in TOML (floats nan and inf included, which TOML allows)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


@given(st.dictionaries(st.sampled_from(["back_offset", "bleed", "backs", "marks", "ink",
                                        "board", "paper", "inkk"]), TOML_VALUES, max_size=4))
@FUZZ
def test_any_profile_is_loaded_finite_and_in_range_or_refused_by_file(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("profiles")
    path = folder / "p.toml"
    path.write_text("".join(f"{k} = {toml_value(v)}\n" for k, v in data.items()),
                    encoding="utf-8")
    try:
        profile = load_profile(str(path))
    except UserError as err:
        assert str(err).startswith(f"{path}: ")
        return
    options = PrintOptions(**profile.options)
    assert all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET for v in options.back_offset)
    assert options.bleed is None or options.bleed in BLEEDS
    assert json.dumps(options.describe(), allow_nan=False)
