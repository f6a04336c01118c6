"""Building some components alone (`--only`, for proofreading a translation in seconds) and
building several kits at once (`--jobs`): a partial kit never passes for the full one, kits
built at once are the same bytes as kits built one by one, and a kit that fails is named with
its error while the others are built."""
import json

import pytest
from click.testing import CliRunner

from forge.cli import main
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import build_kit, kit_folder, select_components


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def demo():
    return load_game(DEFAULT_CONTENT, "demo")


# --- choosing components ------------------------------------------------------------------------

def test_a_family_chooses_its_components_in_game_order(demo):
    chosen = select_components(demo.meta, ["tokens", "road-cards"])
    tokens = [c["id"] for c in demo.meta["components"] if c["family"] == "tokens"]
    assert chosen == ("road-cards", *tokens)


def test_an_unknown_name_lists_the_games_components_and_families(demo):
    with pytest.raises(UserError) as err:
        select_components(demo.meta, ["cards", "tokns"])
    message = str(err.value)
    assert "'tokns'" in message and "'cards'" not in message
    assert "families: instructions, calibration, cards, tokens" in message
    assert "road-cards" in message and "milestones" in message


def test_a_partial_kit_is_written_beside_the_full_one_named_as_partial(demo, tmp_path):
    full = build_kit(demo, "es", "a4", tmp_path)
    part = build_kit(demo, "es", "a4", tmp_path, only=("tokens", "road-cards"))
    assert part.folder == kit_folder(tmp_path, "demo", "es", "a4", ("tokens", "road-cards"))
    assert part.folder.name == "a4-partial-road-cards+tokens"
    assert part.pdf == "partial-road-cards+tokens.pdf"
    assert set(part.files) == {"partial-road-cards+tokens.pdf", "kit.json"}
    manifest = json.loads((part.folder / "kit.json").read_text(encoding="utf-8"))
    assert manifest["partial"] == ["road-cards", "tokens"]
    families = {c["family"] for c in manifest["components"]}
    assert families == {"cards", "tokens"}
    assert part.pages < full.pages
    assert build_kit(demo, "es", "a4", tmp_path).skipped            # the full kit stays whole
    assert (full.folder / "kit.pdf").is_file()
    assert build_kit(demo, "es", "a4", tmp_path, only=("road-cards", "tokens")).skipped
    assert not build_kit(demo, "es", "a4", tmp_path, only=("cards",)).skipped


def test_a_partial_kit_never_passes_for_the_full_one(demo, tmp_path):
    part = build_kit(demo, "en", "letter", tmp_path, only=("cards",))
    target = kit_folder(tmp_path, "demo", "en", "letter")
    part.folder.rename(target)                  # even moved where the full kit goes
    (target / "kit.pdf").write_bytes((target / part.pdf).read_bytes())
    assert not build_kit(demo, "en", "letter", tmp_path).skipped


def test_build_only_in_one_language_on_the_command_line(tmp_path):
    result = run("build", "demo", "--lang", "es", "--paper", "a4", "--only", "cards",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "demo/es/a4-partial-cards/partial-cards.pdf").is_file()
    assert not (tmp_path / "demo/es/a4").exists()
    again = run("build", "demo", "--lang", "es", "--paper", "a4", "--only", "cards",
                "--out", tmp_path)
    assert "(up to date)" in again.output


def test_build_only_an_unknown_name_fails_before_building(tmp_path):
    result = run("build", "demo", "--only", "reference", "--out", tmp_path)
    assert result.exit_code == 1
    assert "no component or family 'reference'" in result.output
    assert "road-cards" in result.output
    assert not list(tmp_path.glob("demo/*/*/*.pdf"))


def test_preview_only_shows_the_partial_kit(tmp_path):
    result = run("preview", "demo", "--lang", "es", "--only", "road-cards", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    images = sorted(p.name for p in (tmp_path / "demo/es/a4-partial-road-cards/preview").iterdir())
    assert images and all(name.startswith("partial-road-cards-") for name in images)
    unknown = run("preview", "demo", "--only", "nothing", "--out", tmp_path)
    assert unknown.exit_code == 1 and "no component or family 'nothing'" in unknown.output


# --- several kits at once -----------------------------------------------------------------------

def kit_bytes(out):
    """Every file of the kits in `out`, kit.json without its inputs' digest (forge's code is
    one of them: a digest says nothing of how the kit was built)."""
    files = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and ".cache" not in path.parts:
            data = path.read_bytes()
            if path.name == "kit.json":
                manifest = json.loads(data)
                manifest.pop("inputs")
                data = json.dumps(manifest, sort_keys=True).encode()
            files[path.relative_to(out).as_posix()] = data
    return files


def test_kits_built_at_once_are_the_kits_built_one_by_one(tmp_path):
    langs = ("--lang", "en", "--lang", "es")
    one = run("build", "demo", *langs, "--jobs", "1", "--out", tmp_path / "serial")
    both = run("build", "demo", *langs, "--jobs", "2", "--out", tmp_path / "parallel")
    assert one.exit_code == 0 and both.exit_code == 0, one.output + both.output
    serial, parallel = kit_bytes(tmp_path / "serial"), kit_bytes(tmp_path / "parallel")
    assert len([name for name in serial if name.endswith("kit.json")]) == 4   # en, es x A4, Letter
    assert serial == parallel
    again = run("build", "demo", *langs, "--jobs", "2", "--out", tmp_path / "parallel")
    assert "4 kit(s) already up to date" in again.output
    assert "building" not in again.output


def test_a_kit_that_fails_is_named_and_the_others_are_built(content_copy, tmp_path):
    catalog = content_copy / "demo/locale/es/LC_MESSAGES/demo.po"
    text = catalog.read_text(encoding="utf-8")
    short = "al final de tu tramo. Si llega"
    assert short in text
    catalog.write_text(text.replace(short, "al final de tu tramo." + " Y otra más," * 150 +
                                    " Si llega", 1), encoding="utf-8")
    result = run("build", "demo", "--lang", "en", "--lang", "es", "--content", content_copy,
                 "--jobs", "2", "--out", tmp_path)
    assert result.exit_code == 1
    assert "demo es a4: not built: demo (es, a4), component 'road-cards'" in result.output
    assert "does not fit" in result.output
    assert "2 kit(s) not built: demo es a4, demo es letter" in result.output
    assert (tmp_path / "demo/en/a4/kit.pdf").is_file()
    assert (tmp_path / "demo/en/letter/kit.pdf").is_file()
    assert not (tmp_path / "demo/es").exists()
