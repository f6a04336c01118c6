"""SOURCE_DATE_EPOCH: the date the PDFs carry is part of a kit's inputs, so a kit built under
another date is rebuilt, and a value reportlab cannot read is a clear error (forge/write.py)."""
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from forge.cli import main
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import build_kit, inputs_digest
from forge.write import source_date

NOVEMBER_2023 = "1700000000"        # 2023-11-14 22:13:20 UTC


def created(result) -> str:
    return str(PdfReader(result.folder / "kit.pdf").metadata["/CreationDate"])


def test_a_new_source_date_rebuilds_the_kit_with_that_date(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    game = load_game(DEFAULT_CONTENT, "demo")
    first = build_kit(game, "en", "a4", tmp_path)
    assert not first.skipped and created(first).startswith("D:2000")
    assert build_kit(game, "en", "a4", tmp_path).skipped
    monkeypatch.setenv("SOURCE_DATE_EPOCH", NOVEMBER_2023)
    dated = build_kit(game, "en", "a4", tmp_path)
    assert not dated.skipped and created(dated).startswith("D:20231114221320")
    assert build_kit(game, "en", "a4", tmp_path).skipped
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 1700000000 ")   # the same date, as reportlab reads it
    assert build_kit(game, "en", "a4", tmp_path).skipped
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000001")
    assert not build_kit(game, "en", "a4", tmp_path).skipped
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    again = build_kit(game, "en", "a4", tmp_path)
    assert not again.skipped and created(again).startswith("D:2000")


def test_the_digest_holds_the_effective_date(monkeypatch):
    folder = DEFAULT_CONTENT / "demo"
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    undated = inputs_digest(folder, "en", "a4")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")                 # empty: not set
    assert inputs_digest(folder, "en", "a4") == undated
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert inputs_digest(folder, "en", "a4") != undated


@pytest.mark.parametrize("value", ["abc", "1.5", "-1", "1e9", "99999999999999", "\u0661\u0662",
                                   "253402300800"])
def test_a_source_date_reportlab_cannot_read_is_a_clear_error(monkeypatch, tmp_path, value):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    with pytest.raises(UserError, match="SOURCE_DATE_EPOCH must be a whole number of seconds"):
        source_date()
    result = CliRunner().invoke(main, ["build", "demo", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith("error: SOURCE_DATE_EPOCH must be")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value, expected", [("0", 0), ("253402300799", 253402300799),
                                             (" 1700000000\n", 1700000000), ("", None)])
def test_a_good_source_date_is_read(monkeypatch, value, expected):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    assert source_date() == expected
