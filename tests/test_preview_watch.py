"""`forge preview --watch`: the folder watcher and the live preview that rewrites only the page
images that changed, on a private copy of the demo game."""
import json
import os
import shutil
import threading

import pytest
from click.testing import CliRunner

from forge import preview
from forge.cli import main
from forge.errors import ContentError
from forge.games import DEFAULT_CONTENT, GameSource
from forge.preview import LivePreview, Watcher, file_states


@pytest.fixture
def game(tmp_path):
    """A private copy of the demo game's folder."""
    folder = tmp_path / "games" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", folder)
    return folder


@pytest.fixture
def live(game):
    """A live preview of the copy, writing into a build folder inside the game's folder."""
    return LivePreview(GameSource("demo", game, "content"), "en", "a4", game / "build", dpi=20)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def images(folder):
    """Each image's modification time and bytes, by name."""
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.glob("*.png"))}


def road_card_pages(live):
    """The kit.pdf page numbers of the road cards' fronts and backs."""
    manifest = json.loads((live.folder.parent / "kit.json").read_text(encoding="utf-8"))
    entry = next(c for c in manifest["components"] if c["id"] == "road-cards")
    return entry["kit_pages"]


def test_first_build_writes_every_page_then_a_cost_change_rewrites_one(live, game):
    written = live.build()
    assert written and sorted(written) == sorted(live.folder.glob("*.png"))
    before = images(live.folder)

    edit(game / "cards.yaml", "cost: 4", "cost: 7")      # the Stone Bridge, a first-page card
    update = live.update(("cards.yaml",))

    assert update.error is None and update.changed == ("cards.yaml",)
    assert [p.name for p in update.written] == ["kit-%03d.png" % road_card_pages(live)[0]]
    after = images(live.folder)
    assert after.keys() == before.keys()
    assert {name for name in after if after[name] != before[name]} == {update.written[0].name}


def test_an_unchanged_rebuild_rewrites_nothing(live, game):
    live.build()
    before = images(live.folder)
    (game / "notes.txt").write_text("ideas\n", encoding="utf-8")
    update = live.update(("notes.txt",))
    assert update.error is None and update.written == ()
    assert images(live.folder) == before


def test_a_yaml_error_keeps_the_last_good_images_and_a_fix_rebuilds(live, game):
    live.build()
    before = images(live.folder)
    cards = game / "cards.yaml"
    edit(cards, "decks:", "decks: [")

    update = live.update(("cards.yaml",))

    assert isinstance(update.error, ContentError)
    assert "cards.yaml:" in str(update.error) and "not valid YAML" in str(update.error)
    assert update.written == () and images(live.folder) == before

    edit(cards, "decks: [", "decks:")
    edit(cards, "cost: 4", "cost: 6")
    update = live.update(("cards.yaml",))
    assert update.error is None and len(update.written) == 1
    assert images(live.folder).keys() == before.keys()


def test_a_schema_error_is_reported_not_raised(live, game):
    live.build()
    edit(game / "cards.yaml", "cost: 4", "cost: four")
    update = live.update(("cards.yaml",))
    assert isinstance(update.error, ContentError) and "cost" in str(update.error)
    assert sorted(live.folder.glob("*.png"))


def test_a_new_file_is_noticed_and_the_output_folder_is_not(live, game):
    watcher = Watcher(game, ignore=live.outputs, settle=0)
    live.build()                            # writes the kit and its images inside the game
    assert watcher.poll_once() == ()
    (game / "sketches").mkdir()
    (game / "sketches" / "bridge.svg").write_text("<svg/>", encoding="utf-8")
    assert watcher.poll_once() == ("sketches/bridge.svg",)
    assert watcher.poll_once() == ()
    (game / "sketches" / "bridge.svg").unlink()
    assert watcher.poll_once() == ("sketches/bridge.svg",)


def test_kits_written_into_the_game_folder_from_an_output_folder_above_it_are_left_out(game):
    live = LivePreview(GameSource("demo", game, "content"), "es", "a4", game.parent, dpi=20)
    watcher = Watcher(game, ignore=live.outputs, settle=0)
    live.build()                            # the kit is games/demo/es/a4: inside the game
    assert live.folder.is_relative_to(game)
    assert watcher.poll_once() == ()


def test_a_change_in_several_steps_is_one_change(game, monkeypatch):
    watcher = Watcher(game, settle=0)
    steps = iter([lambda: (game / "cards.yaml").write_text("decks: []\n", encoding="utf-8"),
                  lambda: None])
    monkeypatch.setattr(preview.time, "sleep", lambda seconds: next(steps)())
    (game / "cards.yaml").write_text("", encoding="utf-8")      # an editor truncates first
    os.utime(game / "cards.yaml", ns=(1, 1))
    assert watcher.poll_once() == ("cards.yaml",)
    assert (game / "cards.yaml").read_text(encoding="utf-8") == "decks: []\n"
    assert watcher.poll_once() == ()


def test_editor_backups_and_hidden_files_are_left_out(game):
    watcher = Watcher(game, settle=0)
    (game / "cards.yaml~").write_text("old", encoding="utf-8")
    (game / ".cards.yaml.swp").write_text("swap", encoding="utf-8")
    assert watcher.poll_once() == ()


def test_links_out_of_the_game_folder_are_not_followed(game, tmp_path):
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("one", encoding="utf-8")
    (game / "outside.txt").symlink_to(outside)
    (game / "up").symlink_to(tmp_path, target_is_directory=True)
    (game / "inside.yaml").symlink_to(game / "cards.yaml")
    watcher = Watcher(game, settle=0)
    assert "outside.txt" in watcher.states and "inside.yaml" in watcher.states
    assert not any(name.startswith("up/") for name in watcher.states)

    outside.write_text("two, longer", encoding="utf-8")
    assert watcher.poll_once() == ()
    (game / "cards.yaml").write_text("decks: []\n", encoding="utf-8")
    assert watcher.poll_once() == ("cards.yaml", "inside.yaml")


def test_run_calls_back_on_each_change_until_stopped(game):
    watcher = Watcher(game, settle=0)
    stop = threading.Event()
    seen = []

    def on_change(changed):
        seen.append(changed)
        stop.set()

    (game / "notes.txt").write_text("x", encoding="utf-8")
    watcher.run(on_change, stop=stop, interval=0)
    assert seen == [("notes.txt",)]


def test_file_states_of_a_missing_folder_are_empty(tmp_path):
    assert file_states(tmp_path / "gone") == {}


def watch_command(game):
    """`forge preview --watch` on the copy, run until the watcher's Ctrl-C; it exits with 0."""
    result = CliRunner().invoke(main, ["preview", "demo", "--content", str(game.parent),
                                       "--out", str(game / "build"), "--dpi", "20", "--watch"])
    assert result.exit_code == 0, result.output
    return result


def test_watch_command_prints_a_line_per_rebuild_and_ctrl_c_ends_it(game, monkeypatch):
    def two_edits_then_ctrl_c(self, on_change, stop=None, interval=0):
        edit(game / "cards.yaml", "cost: 4", "cost: 5")
        on_change(("cards.yaml",))
        edit(game / "cards.yaml", "decks:", "decks: [")
        on_change(("cards.yaml",))
        raise KeyboardInterrupt

    monkeypatch.setattr(Watcher, "run", two_edits_then_ctrl_c)
    result = watch_command(game)
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    pngs = list((game / "build" / "demo" / "en" / "a4" / "preview").glob("*.png"))
    assert lines[0].startswith(f"{len(pngs)} page image(s) in ")
    assert "Watching" in lines[1]
    assert any(line.startswith("cards.yaml: 1 page image(s) rewritten in ") for line in lines)
    assert any("not valid YAML" in line for line in lines)
    assert lines[-1] == "Stopped watching."


def test_watch_with_a_language_the_game_lacks_ends_at_once(game):
    result = CliRunner().invoke(main, ["preview", "demo", "--content", str(game.parent),
                                       "--lang", "nl", "--watch"])
    assert result.exit_code == 1
    assert "no 'nl' translation" in result.output and "Traceback" not in result.output


def test_the_first_good_build_after_an_error_says_where_the_images_are(game, monkeypatch):
    edit(game / "cards.yaml", "decks:", "decks: [")

    def fix_then_ctrl_c(self, on_change, stop=None, interval=0):
        edit(game / "cards.yaml", "decks: [", "decks:")
        on_change(("cards.yaml",))
        raise KeyboardInterrupt

    monkeypatch.setattr(Watcher, "run", fix_then_ctrl_c)
    result = watch_command(game)
    lines = result.output.splitlines()
    assert "not valid YAML" in lines[0] and "Watching" in lines[2]
    pngs = list((game / "build" / "demo" / "en" / "a4" / "preview").glob("*.png"))
    assert pngs and lines[3].startswith(f"{len(pngs)} page image(s) in ")


def test_a_draft_preview_shows_a_new_text_before_it_is_translated(game):
    draft = LivePreview(GameSource("demo", game, "content"), "es", "a4", game / "build", dpi=20,
                        draft=True)
    draft.build()
    assert draft.untranslated == 0
    edit(game / "cards.yaml", "title: Stone Bridge", "title: Timber Bridge")
    update = draft.update(("cards.yaml",))
    assert update.error is None and len(update.written) == 1
    languages = len(list((game / "locale").glob("*/LC_MESSAGES/demo.po")))
    assert update.untranslated == 2 * languages    # no entry in any; the old one unused in each
    strict = LivePreview(GameSource("demo", game, "content"), "es", "a4", game / "build", dpi=20)
    assert strict.update(("cards.yaml",)).error is not None   # a real build still refuses it


def test_a_draft_kit_is_never_taken_for_a_finished_one(game, tmp_path):
    from forge.kit import build_kit

    loaded = GameSource("demo", game, "content").load()
    out = tmp_path / "out"
    draft = build_kit(loaded, "en", "a4", out, strict=False)
    strict = build_kit(loaded, "en", "a4", out)
    assert draft.manifest["inputs"] != strict.manifest["inputs"]
    assert strict.manifest["inputs"].endswith(":draft") is False
