"""The simulator, the Tetrarchia bot and the difficulty atlas: statistics against published
values, reproducible runs, legal play, the committed atlas data and its printed page."""
import copy
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from reportlab.pdfgen.canvas import Canvas

from forge import simulate
from forge.cli import ForgeGroup
from forge.cli.simulate import simulate as simulate_command
from forge.content import load_doc
from forge.engine.dice import Dice
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.i18n import Translator, extract_program_messages
from forge.model import MM
from forge.render import atlas as atlas_page
from forge.render.sheets import PAGE_MARGIN
from forge.schema import validate_docs

bot = pytest.importorskip("forge.engine.tetrarchia.bot")
RULES = bot.RULES

REPO = Path(__file__).resolve().parent.parent
ATLAS = DEFAULT_CONTENT / "tetrarchia" / "atlas.yaml"
SAMPLE_LEVELS = ("5300", "4211", "3122", "4102")


# --- statistics ---------------------------------------------------------------------------------

@pytest.mark.parametrize("wins, games, low, high", [
    # Newcombe (1998), Statistics in Medicine 17:857-872, table I, method 3 (Wilson score)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_published_values(wins, games, low, high):
    got = simulate.wilson(wins, games)
    assert got[0] == pytest.approx(low, abs=5e-5) and got[1] == pytest.approx(high, abs=5e-5)


def test_wilson_interval_edges():
    assert simulate.wilson(0, 0) == (0.0, 1.0)
    low, high = simulate.wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=5e-5)


def test_summary_counts_and_means():
    games = [simulate.GameResult("4211", 0, "victory", "frontiers", 8, 5, 90),
             simulate.GameResult("4211", 1, "defeat", "roma_taken", -6, 3, 50),
             simulate.GameResult("4211", 2, "capped", "capped", -2, 200, 999)]
    s = simulate.summarise("4211", list(reversed(games)))
    assert (s.games, s.wins, s.defeats, s.capped) == (3, 1, 1, 1)
    assert s.win_rate == pytest.approx(1 / 3) and s.mean_score == pytest.approx(0)
    assert s.causes == {"roma_taken": 1, "capped": 1}


def test_game_seeds_depend_on_seed_level_and_index_only():
    seeds = {simulate.game_seed(s, lv, i) for s in (1, 2) for lv in ("4211", "4200")
             for i in range(3)}
    assert len(seeds) == 12
    assert simulate.game_seed(1, "4211", 0) == simulate.game_seed(1, "4211", 0) < 2 ** 64


# --- simulating ---------------------------------------------------------------------------------

def test_a_simulation_replays_exactly_whatever_the_jobs():
    one = simulate.run("tetrarchia", ["4211", "3122"], games=6, seed=3, jobs=1)
    again = simulate.run("tetrarchia", ["4211", "3122"], games=6, seed=3, jobs=1)
    pooled = simulate.run("tetrarchia", ["4211", "3122"], games=6, seed=3, jobs=2)
    assert one == again == pooled
    assert [s.level for s in one] == ["4211", "3122"] and all(s.games == 6 for s in one)
    other = simulate.run("tetrarchia", ["4211", "3122"], games=6, seed=4, jobs=1)
    assert [s.as_dict() for s in other] != [s.as_dict() for s in one]


def test_chunks_cover_every_game_once():
    work = simulate.chunks("tetrarchia", ["4211", "4200"], games=60, seed=1, size=25)
    covered = [(c.level, i) for c in work for i in range(c.start, c.stop)]
    assert sorted(covered) == sorted((lv, i) for lv in ("4211", "4200") for i in range(60))


def test_a_game_ends_or_is_capped():
    result = simulate.play_game(bot, "4211", 12345, max_rounds=1)
    assert result.result in ("victory", "defeat", "capped")
    if result.result == "capped":
        assert result.rounds == 1 and isinstance(result.score, int)


def play_and_check(level: str, seed: int, max_actions: int = 3000) -> int:
    """Play one game, checking each bot action against legal_actions; return the actions."""
    def bare(action):
        return {k: v for k, v in action.items() if k not in ("cost", "discs", "gain")}

    faces = dict(RULES.dice_faces)
    state = RULES.setup(bot.setup_options(level), Dice([], seed, [], faces)).state
    played = 0
    while bot.ending(state) is None and played < max_actions:
        before = copy.deepcopy(state)
        action = bot.choose(state)
        assert state == before, "the bot changed the state it was shown"
        assert bare(action) in [bare(a) for a in RULES.legal_actions(state)], (level, action)
        state = RULES.apply(state, action, Dice([], state["rng"], [], faces)).state
        played += 1
    return played


@pytest.mark.parametrize("level", SAMPLE_LEVELS)
def test_the_bot_only_plays_legal_actions(level):
    assert sum(play_and_check(level, seed) for seed in range(4)) > 40


def test_the_bot_is_deterministic():
    state = RULES.setup(bot.setup_options("4211"), Dice([], 99, [], {})).state
    assert bot.choose(state) == bot.choose(copy.deepcopy(state))


def test_the_bot_takes_a_good_attack():
    """An army next to an emperor with a strong chain of his discs: the odds say attack."""
    state = RULES.setup(bot.setup_options("5300"), Dice([], 5, [], {})).state
    t = bot.tables()
    emperor = state["turn"]
    army = t.frontier_of[t.outer_regions[0]]
    at = next(p for p in t.neighbours[army] if p in t.roman)
    state["figures"] = {army: "army", at: emperor}
    state["reserve"]["army"] = 2
    state["emperors"][emperor].update(at=at, passing=False)
    ring = {p for p in t.neighbours[at] if p in t.roman}
    ring |= {q for p in ring for q in t.neighbours[p] if q in t.roman and q != at}
    state["discs"] = {p: emperor for p in ring}
    assert bot.fight_odds(state, t, emperor, at, army) > bot.ATTACK_AT
    for _ in range(3):                         # perhaps a disc first, for more support
        action = bot.choose(state)
        if action["type"] == "attack":
            break
        state = RULES.apply(state, action, Dice([], state["rng"], [], {})).state
    assert action == {"type": "attack", "target": army}


def test_odds_of_the_rulebook_example():
    # (VI + 3) x 2 against 6 + 7 (digest 14.2): the emperor wins 0+2+4+6+6+6 = 24 of 36 rolls
    assert bot.odds(3, 2, 7, 1) == pytest.approx(24 / 36)
    assert bot.odds(0, 1, 0, 1) == pytest.approx(15 / 36)


# --- the atlas data ------------------------------------------------------------------------------

def test_the_committed_atlas_validates_and_covers_the_81_levels():
    doc = load_doc(ATLAS)
    assert validate_docs([doc]).problems == []
    rows = doc.data["levels"]
    assert sorted(r["level"] for r in rows) == sorted(bot.levels()) and len(rows) == 81
    for row in rows:
        assert row["wins"] <= row["games"] == doc.data["games_per_level"]
        assert row["win_rate"] == pytest.approx(row["wins"] / row["games"], abs=1e-4)
        assert row["low"] <= row["win_rate"] <= row["high"]
    assert doc.data["bot"] == bot.BOT_VERSION and doc.data["rules_version"] == RULES.rules_version


def test_atlas_data_of_a_run_is_valid_and_stable(tmp_path):
    summaries = simulate.run("tetrarchia", bot.levels(), games=1, seed=2, jobs=2)
    data = simulate.atlas_data("tetrarchia", summaries, games=1, seed=2)
    assert simulate.check_atlas(data) == []
    text = simulate.atlas_yaml(data)
    assert yaml.safe_load(text) == data and "date" not in text
    broken = copy.deepcopy(data)
    broken["levels"].pop()
    assert simulate.check_atlas(broken)


# --- the command --------------------------------------------------------------------------------

def run_cli(*args):
    group = ForgeGroup(commands={"simulate": simulate_command})
    result = CliRunner().invoke(group, ["simulate", *map(str, args)])
    assert "Traceback" not in result.output
    return result


def test_the_command_prints_a_summary_and_json():
    result = run_cli("tetrarchia", "--level", "4211", "--games", 3, "--seed", 5, "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert "Level 4211" in result.output and "3 games" in result.output
    result = run_cli("tetrarchia", "--level", "4211", "--games", 3, "--seed", 5, "--json")
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(result.stdout)
    assert data["levels"][0]["games"] == 3 and data["seed"] == 5


def test_the_command_writes_the_atlas(tmp_path, monkeypatch):
    monkeypatch.setattr(simulate, "CHUNK", 1)
    target = tmp_path / "atlas.yaml"
    result = run_cli("tetrarchia", "--all-levels", "--games", 1, "--seed", 1, "--write", target)
    assert result.exit_code == 0, result.output
    assert validate_docs([load_doc(target)]).problems == []


@pytest.mark.parametrize("args, message", [
    (("nosuchgame", "--level", "4211"), "no simulation for 'nosuchgame'"),
    (("tetrarchia", "--level", "9999"), "unknown level '9999'"),
    (("tetrarchia",), "which level?"),
    (("tetrarchia", "--level", "4211", "--write", "x.yaml"), "--all-levels"),
])
def test_the_command_explains_mistakes(args, message):
    result = run_cli(*args)
    assert result.exit_code == 1 and message in result.output


# --- the atlas page -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    return load_game(DEFAULT_CONTENT, "tetrarchia", check_catalogs=False)


def atlas_context(game, lang, paper):
    from forge.kit import context_for

    return context_for(game, lang, paper)


COMPONENT = {"id": "atlas", "kind": "sheet", "family": "reference", "name": "Difficulty atlas",
             "count": 1, "draw": "atlas"}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_atlas_page_fits_its_paper(game, lang, paper, tmp_path):
    ctx = atlas_context(game, lang, paper)
    [piece] = atlas_page.make_atlas(COMPONENT, ctx)
    width, height = ctx.paper_size
    assert piece.trim == (width, height) and piece.bleed == 0
    marks = piece.draw.keywords["marks"]
    labels = [m for m in marks if isinstance(m, atlas_page.Label)]
    assert len([m for m in labels if m.text.endswith("%")]) >= 81
    for mark in marks:
        left, right, bottom, top = _extent(mark)
        assert PAGE_MARGIN - 0.5 <= left and right <= width - PAGE_MARGIN + 0.5, mark
        assert PAGE_MARGIN - 0.5 <= bottom and top <= height - PAGE_MARGIN + 0.5, mark
    canvas = Canvas(str(tmp_path / "atlas.pdf"), pagesize=(width * MM, height * MM))
    canvas.scale(MM, MM)
    piece.draw(canvas)
    canvas.showPage()
    canvas.save()


def _extent(mark):
    if isinstance(mark, atlas_page.Box):
        return mark.x, mark.x + mark.w, mark.y, mark.y + mark.h
    if isinstance(mark, atlas_page.Line):
        return (min(mark.x1, mark.x2), max(mark.x1, mark.x2), min(mark.y1, mark.y2),
                max(mark.y1, mark.y2))
    left = {"left": mark.x, "center": mark.x - mark.width / 2,
            "right": mark.x - mark.width}[mark.align]
    return left, left + mark.width, mark.y - mark.size * 0.25, mark.y + mark.size


def test_every_atlas_string_has_spanish():
    spanish = Translator("es", strict=False)
    used = extract_program_messages()
    ours = [m for m, where in used.items()
            if any(f.endswith(("atlas.py", "atlas.xml.j2", "cli/simulate.py")) for f, _ in where)]
    assert ours
    missing = [m for m in ours if spanish._(m) == m]
    assert not missing


def test_the_atlas_page_needs_its_data(game):
    ctx = atlas_context(game, "en", "a4")
    data = {k: v for k, v in ctx.data.items() if k != "atlas"}
    with pytest.raises(UserError, match="forge simulate tetrarchia --all-levels"):
        atlas_page.make_atlas(COMPONENT, replace(ctx, data=data))


def test_the_shade_scale_gets_lighter_as_levels_get_easier():
    from forge.render import art

    tones = [art.luminance(atlas_page.shade(k / 20)) for k in range(21)]
    assert tones == sorted(tones) and tones[-1] - tones[0] > 0.7
