"""ANTIKE's text pieces: the rules sheet for each player and the victory table.

Both are laid out from jinja2 templates of the game (`<game>/templates/<maker>.xml.j2`, or the
component's `style: {template: ...}`) in the markup of forge/render/flow.py. Every number comes
from tables.yaml (translated, so its names are in the build's language); the words around them
are program strings of this module, handed to the templates as `t`.

`antike-reference` makes `count` identical full pages, one per civilization; its text must fit
one page at a body size of 6 pt or more. `antike-victory` makes one piece of the component's
trim (a table to cut out and lay beside the personality piles).
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor

from forge.errors import UserError
from forge.i18n import N_, semicolon_list
from forge.model import Piece
from forge.render import flow, maker
from forge.render import sheets as text_sheets
from forge.render.context import RenderContext

REFERENCE_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.75, 7.5, 7.25, 7.0, 6.75, 6.5, 6.25, 6.0)
VICTORY_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
AID_MARGIN = 4.0          # mm of paper inside the trim of a piece smaller than the page

LABELS = {
    "rules_sheet": N_("Rules sheet"),
    "setup": N_("Set-up"),
    "setup_resources": N_("Each civilization starts with {iron} iron, {marble} marble and {gold} gold, and its pieces: {legions} legions, {galleys} galleys, its city discs and cylinders."),
    "setup_cities": N_("It founds its 3 start cities (one marble, one iron, one gold) as its civilization card's line for the number of civilizations says. With 2 players each plays two civilizations, on line 4."),
    "two_player_pairs": N_("With 2 players: {pairs}."),
    "side_pairs": N_("{side}, {one} against {other}"),
    "pair": N_("{first} and {second}"),
    "west": N_("West"),
    "east": N_("East"),
    "pairs_reading": N_("The West pairing is our reading: the text pairs the Greeks with the Persians, who play only with 6 civilizations."),
    "setup_first": N_("On your first turn, put your cylinder on any space of the rondel, for free, and do its action."),
    "turn": N_("Your turn"),
    "turn_coin": N_("Take a coin from the bank. When none are left, take a marble, an iron or a gold instead."),
    "turn_move": N_("Move your cylinder clockwise on the rondel and do the action of the space you reach."),
    "turn_found": N_("Found cities, as many as you can pay for."),
    "turn_personalities": N_("Take the personalities you have earned."),
    "rondel": N_("The rondel"),
    "rondel_cost": N_("Move at least 1 space. Moving 1 to {free} spaces forward is free; each further space costs {step} resource of any kind, or a coin. Going round to the same space again costs {repeat}."),
    "coin_any": N_("A coin always stands for any one resource."),
    "production": N_("Marble, Iron, Gold"),
    "production_text": N_("Each of your cities of that resource yields {city}, or {temple} with a temple."),
    "production_bonus": N_("{progress} adds {n} to each production action."),
    "production_best": N_("Only the best of them counts."),
    "temple": N_("Temple"),
    "temple_text": N_("{cost} marble for each temple, at most {per_city} in each of your cities. A temple makes its city's production, arming and defence {factor} times as large. There are {temples} temples for everyone: while all stand on the map, none can be built."),
    "arming": N_("Arming"),
    "arming_text": N_("{cost} iron for each legion or galley. You may recruit {city} unit for each of your cities, {temple} for each with a temple, and place them in the provinces of any of your cities: legions where land borders lead, galleys where water borders lead. At most {legions} legions and {galleys} galleys."),
    "knowledge": N_("Knowledge"),
    "knowledge_text": N_("Buy one or more progresses with gold. An advanced progress needs its elementary one first. The first civilization to own a progress takes a Scholar; one that owns all 8 may exchange any resource for any other."),
    "price_first": N_("nobody else has it"),
    "price_later": N_("another civilization has it"),
    "maneuver": N_("Maneuver"),
    "maneuver_text": N_("Every one of your units may make {base} maneuver, more with progress (see the progress table): cross one border, or take part in a conquest. Legions cross land borders, galleys water borders; mixed borders let both."),
    "battle": N_("Battle"),
    "battle_text": N_("When units of two civilizations share a province, either may demand a battle: legions fight only legions and galleys only galleys, and each side removes one unit for each unit the other loses, until one side has none of that type left. Fighting costs no maneuver."),
    "conquest": N_("Conquest"),
    "defence_power": N_("Defence power of a city"),
    "defence_city": N_("the city itself"),
    "defence_temple": N_("with a temple"),
    "defence_units": N_("each of the defender's legions and galleys in its province"),
    "conquest_text": N_("You need at least as many units in the province, each with a maneuver left, as the defence power, and you lose that many. The defender loses the city, its temple and all his units there, and you place your city. No half measures: you conquer, or you do not try. A civilization's last city cannot be conquered."),
    "found": N_("Founding a city"),
    "found_text": N_("{cost}, in a province without a city where you have a legion or a galley. At most {cap} cities for each civilization."),
    "personalities": N_("Personalities"),
    "personality": N_("Personality"),
    "cards": N_("Cards"),
    "condition": N_("Earned by"),
    "king_when": N_("{per}, {per2}, {per3}… cities"),
    "scholar_when": N_("being the first to own a progress"),
    "general_when": N_("each temple you destroy"),
    "citizen_when": N_("{per}, {per2}, {per3}… temples you own"),
    "navigator_when": N_("{per}, {per2}… seas with your galleys"),
    "personalities_text": N_("At the end of your turn, from the top of the pile; each step pays once and a personality is never lost. An empty pile gives nothing."),
    "victory": N_("Victory"),
    "civilizations": N_("Civilizations in play"),
    "needed": N_("Personalities needed"),
    "or_experienced": N_("{n}, or {m} for experienced players"),
    "two_players": N_("2 players play 4 civilizations: the first civilization to reach {n} wins."),
    "deadlock": N_("If every personality has been taken and nobody has won, the first civilization to destroy a temple wins."),
    "bank": N_("The bank"),
    "bank_text": N_("No trading between civilizations. The bank makes change only for the player whose turn it is, and lends nothing. What has run out is not given."),
    "marble": N_("marble"),
    "iron": N_("iron"),
    "gold": N_("gold"),
}


NO_BREAK = "\u00a0"
WIDOW_WORDS = 4           # a label of this many words or more never ends on a short line
WIDOW_TAIL = (10, 18)     # characters its last line holds at least, and the most joined for it
HEADINGS = {"price_first", "price_later", "civilizations", "needed", "personality", "cards",
            "condition", "defence_power"}     # narrow table headings: break anywhere


def labels(ctx: RenderContext) -> dict[str, str]:
    """The program labels of the text pieces, in the build's language."""
    return {key: ctx.tr._(message) if key in HEADINGS else no_widow(ctx.tr._(message))
            for key, message in LABELS.items()}


def no_widow(text: str) -> str:
    """The text with its last words joined by no-break spaces, so that a paragraph's last
    line never holds a short word or two alone ('... reach 9 wins.'); short labels are kept."""
    words = text.split(" ")
    if len(words) < WIDOW_WORDS:
        return text
    least, most = WIDOW_TAIL
    tail = 1
    while (tail < len(words) - 1 and len(" ".join(words[-tail:])) < least
           and len(" ".join(words[-tail - 1:])) <= most):
        tail += 1
    if tail == 1 and len(words[-2]) + len(words[-1]) <= most:
        tail = 2
    return " ".join(words[:-tail] + [NO_BREAK.join(words[-tail:])])


def _tables(ctx: RenderContext) -> dict:
    tables = ctx.data.get("tables")
    if not tables:
        raise UserError(f"the game '{ctx.game_id}' has no tables.yaml: its rules sheets read "
                        f"the rondel, the costs and the personalities from it")
    return tables


def _layout(component: dict, ctx: RenderContext, template: str, sizes, box, where: str,
            **values) -> tuple[list, dict]:
    """The piece laid out on one page at the largest body size of `sizes` that fits."""
    colors = text_sheets.sheet_colors(ctx, ctx.game["palette"].get("route",
                                                               ctx.game["palette"]["ink"]))
    name = text_sheets.template_of(component, template)
    t = labels(ctx)
    pages = text_sheets.fit_largest(
        lambda size: text_sheets.render_markup(name, ctx, colors=colors, t=t, body_size=size,
                                               **values),
        sizes, box, where)
    return pages[0], colors


def _values(tables: dict) -> dict:
    """What the templates need besides tables.yaml: the personalities' thresholds worked out."""
    types = []
    for kind in tables["personalities"]["types"]:
        per = kind["per"]
        types.append({**kind, "per2": 2 * per, "per3": 3 * per})
    resources = {r["id"]: r["name"] for r in tables["resources"]}
    pairs = []
    for side in tables["sides"]:
        names = {c["id"]: c["name"] for c in side["civilizations"]}
        pairs.append({"side": side["id"], "reading": "gap" in side["two_players"],
                      "pairs": [[names[civ] for civ in pair]
                                for pair in side["two_players"]["pairs"]]})
    progresses = {p["id"]: p["name"] for p in tables["knowledge"]["progresses"]}
    return {"tables": tables, "types": types, "resources": resources, "progresses": progresses,
            "pairs": pairs}


def pairs_text(pairs: list[dict], t: dict[str, str], gettext) -> str:
    """The 2-player game's civilizations in words: 'West, Romans and Phoenicians against Greeks
    and Germans; East, ...'."""
    sides = []
    for side in pairs:
        one, other = (t["pair"].format(first=a, second=b) for a, b in side["pairs"])
        sides.append(t["side_pairs"].format(side=t[side["side"]], one=one, other=other))
    return semicolon_list(sides, gettext)


@maker("antike-reference", reads=("game", "tables"))
def make_rules_sheets(component: dict, ctx: RenderContext) -> list[Piece]:
    """One full-page rules sheet for each civilization (`count` alike)."""
    where = f"rules sheet ({ctx.lang}, {ctx.paper})"
    width, height = ctx.paper_size
    margin, footer_h = text_sheets.PAGE_MARGIN, text_sheets.FOOTER
    box = (margin, margin + footer_h, width - 2 * margin, height - 2 * margin - footer_h)
    values = _values(_tables(ctx))
    flowables, colors = _layout(component, ctx, "antike-reference.xml.j2", REFERENCE_SIZES, box,
                                where, pairs_text=pairs_text(values["pairs"], labels(ctx), ctx.tr._),
                                **values)
    footer = f"{ctx.game['title']} · {labels(ctx)['rules_sheet']}"
    draw = partial(text_sheets.draw_sheet_page, box=box, flowables=flowables, footer=footer,
                   colors=colors)
    return [Piece(component["id"], component.get("kind", "sheet"), (width, height), 0, draw,
                  label=f"{component['name']} {n}") for n in range(1, int(component["count"]) + 1)]


@maker("antike-victory", reads=("game", "tables"))
def make_victory_table(component: dict, ctx: RenderContext) -> list[Piece]:
    """The victory table: personalities needed by the number of civilizations, the deadlock rule
    and what earns each personality, on a piece of the component's trim."""
    where = f"victory table ({ctx.lang}, {ctx.paper})"
    if not component.get("trim"):
        raise UserError(f"component '{component['id']}': the victory table needs a 'trim'")
    width, height = component["trim"]
    box = (AID_MARGIN, AID_MARGIN, width - 2 * AID_MARGIN, height - 2 * AID_MARGIN)
    flowables, _ = _layout(component, ctx, "antike-victory.xml.j2", VICTORY_SIZES, box,
                           where, **_values(_tables(ctx)))
    paper = "#ffffff" if ctx.ink == "saver" else ctx.game["palette"].get("parchment", "#ffffff")
    draw = partial(_draw_aid, box=box, flowables=flowables, paper=paper,
                   bleed=component.get("bleed", 0), trim=(width, height))
    return [Piece(component["id"], component.get("kind", "sheet"), (width, height),
                  component.get("bleed", 0), draw, label=component["name"])
            for _ in range(int(component["count"]))]


def _draw_aid(c, *, box, flowables, paper: str, bleed: float, trim) -> None:
    """A piece cut from card: its paper colour to the bleed, then its text."""
    c.saveState()
    c.setFillColor(HexColor(paper))
    c.rect(-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed, stroke=0, fill=1)
    c.restoreState()
    flow.draw_box(c, flowables, *box)

