"""CONQUEST OF THE EMPIRE II's reference sheets: the player reference sheet and the card list.

Both are full pages of the kit's paper, laid out from a jinja2 template of the game
(`<game>/templates/<maker>.xml.j2`, or the component's `style: {template: ...}`) in the markup of
forge/render/flow.py. The game's own words come from its content, already translated: the season
sequence, actions, units, battle steps, key provinces and economy of tables.yaml, and the decks of
cards.yaml. The few labels around them (headings, column heads, "see your board") are program
strings, handed to the template as `t`, because a game's templates are not searched for messages.

`conquest-reference` makes `count` identical sheets, one per player: with a `trim` smaller than
the page, an aid printed on both faces (the text runs on from front to back; two come on a sheet
of paper), else a full page. The text must fit at a body size of 6 pt or more.
`conquest-card-list` makes `count` pages at most: the list of every card type with its class,
copies, cost and effect, then each class's handling and the cards the rulebook leaves out.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.i18n import N_
from forge.model import Piece, pt
from forge.render import flow, maker
from forge.render import sheets as text_sheets
from forge.render.context import RenderContext

REFERENCE_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.75, 6.5, 6.25, 6.0)  # body sizes tried on
# a player reference sheet, largest first
AID_MARGIN = 4.0        # mm of paper inside the trim of a reference aid smaller than the page
AID_FOOTER = 3.5        # mm kept at the bottom of an aid for its footer
CARD_LIST_SIZES = (8.5, 8.0, 7.5, 7.0, 6.5)       # body sizes tried in the card list

LABELS = {
    "player_reference": N_("Player reference"),
    "card_list": N_("Card list"),
    "start": N_("At the start"),
    "season": N_("A campaign season"),
    "actions": N_("Actions"),
    "actions_note": N_("{n} actions per player in each round, in any mix; take a card at most once per round."),
    "units": N_("Units"),
    "unit": N_("Unit"),
    "cost": N_("Cost"),
    "where": N_("Where"),
    "land": N_("land"),
    "sea": N_("sea"),
    "leader": N_("leader: never a casualty"),
    "never_recruited": N_("never recruited"),
    "talents": N_("talents"),
    "battle": N_("Battle"),
    "taxes_scoring": N_("Taxes, victory points and chaos"),
    "taxes": N_("Taxes"),
    "tax_token": N_("Each influence token on the board"),
    "tax_city": N_("Each token in a province where you own the city"),
    "influence_price": N_("Buying an influence token"),
    "key_provinces": N_("Key provinces"),
    "province": N_("Province"),
    "first": N_("1st"),
    "second": N_("2nd"),
    "third": N_("3rd"),
    "see_board": N_("see your board"),
    "vp_note": N_("Most influence tokens there takes the 1st value, the next count the 2nd (in Italia also the 3rd); tied players all take their place's value. No token, no points."),
    "chaos": N_("Chaos"),
    "chaos_recruit": N_("Each recruit action"),
    "chaos_tax": N_("Special tax, for every {step} talents"),
    "chaos_battle": N_("Losing a battle (never the allies who lent units)"),
    "chaos_city": N_("Each city you own, at the end of the season"),
    "chaos_penalty": N_("Most chaos: {first} VP; second most: {second} VP. Ties share the place."),
    "end": N_("End of the game"),
    "end_text": N_("The game ends after season {count}, or season {extra} if everyone agreed beforehand. Most victory points wins; between tied players, most influence tokens on the board."),
    "start_money": N_("{talents} talents, {influence} influence tokens, Senators {senators}"),
    "card": N_("Card"),
    "class": N_("Class"),
    "count": N_("Copies"),
    "effect": N_("Effect"),
    "classes": N_("How each class is used"),
    "no_cost": N_("A dash: the card has no cost, so taking it is free (it still takes your action)."),
    "gap_cost": N_("*: the rulebook gives no cost for this card; by its rule a card without a cost is free. Use the cost on your own copy of the card if it shows one."),
    "missing": N_("Not in this kit"),
    "missing_cards": N_("{deck}: {name} is announced by the rulebook but not described, so this kit does not print it."),
    "totals": N_("{deck}: {n} cards."),
    "not_in_kit": N_("The map and the plastic figures of the boxed game are not part of this kit."),
}


def labels(ctx: RenderContext) -> dict[str, str]:
    """The program labels of the reference sheets, in the build's language."""
    return {key: ctx.tr._(message) for key, message in LABELS.items()}


def _tables(ctx: RenderContext) -> dict:
    tables = ctx.data.get("tables")
    if not tables:
        raise UserError(f"the game '{ctx.game_id}' has no tables.yaml: its reference sheets "
                        f"read the season sequence, actions, units and scoring from it")
    return tables


def _trim(component: dict, ctx: RenderContext) -> tuple[float, float]:
    """The sheet's size: the component's trim, or the kit's paper."""
    return tuple(component["trim"]) if component.get("trim") else tuple(ctx.paper_size)


def _is_aid(component: dict, ctx: RenderContext) -> bool:
    return _trim(component, ctx) != tuple(ctx.paper_size)


def _page_box(component: dict, ctx: RenderContext) -> tuple[float, float, float, float]:
    """Where the text goes on the sheet: x, y, width, height in mm."""
    width, height = _trim(component, ctx)
    if _is_aid(component, ctx):
        margin, footer = AID_MARGIN, AID_FOOTER
    else:
        margin, footer = text_sheets.PAGE_MARGIN, text_sheets.FOOTER
    return (margin, margin + footer, width - 2 * margin, height - 2 * margin - footer)


def _pages(component: dict, ctx: RenderContext, template: str, sizes: tuple[float, ...],
           max_pages: int, where: str, **values) -> tuple[list[list], dict]:
    """The sheet laid out at the largest body size of `sizes` (points) that fits `max_pages`;
    the smallest that still does not fit raises flow.Overflow, naming the text."""
    colors = text_sheets.sheet_colors(ctx, ctx.game["palette"].get("route",
                                                               ctx.game["palette"]["ink"]))
    box = _page_box(component, ctx)
    name = text_sheets.template_of(component, template)
    t = labels(ctx)
    return text_sheets.fit_largest(
        lambda size: text_sheets.render_markup(name, ctx, colors=colors, t=t, body_size=size,
                                               **values),
        sizes, box, where, max_pages=max_pages), colors


def _piece(component, ctx, flowables, colors, footer, label) -> Piece:
    box = _page_box(component, ctx)
    if _is_aid(component, ctx):
        draw = partial(_draw_aid, box=box, flowables=flowables, footer=footer, colors=colors)
    else:
        draw = partial(text_sheets.draw_sheet_page, box=box, flowables=flowables, footer=footer,
                       colors=colors)
    return Piece(component["id"], component.get("kind", "sheet"), _trim(component, ctx), 0,
                 draw, label=label)


def _draw_aid(c, *, box, flowables, footer, colors) -> None:
    """A reference aid: its text, and its footer in the aid's own bottom margin."""
    flow.draw_box(c, flowables, *box)
    c.saveState()
    c.setFillColor(HexColor(colors["muted"]))
    c.setFont(fonts.SANS, pt(6.5))
    c.drawCentredString(box[0] + box[2] / 2, AID_MARGIN, footer)
    c.restoreState()


@maker("conquest-reference", reads=("game", "tables", "cards"))
def make_player_reference(component: dict, ctx: RenderContext) -> list[Piece]:
    """One player reference per player (`count` alike): a full page, or an aid of the
    component's trim printed on both faces (the text runs on from the front to the back)."""
    where = f"player reference ({ctx.lang}, {ctx.paper})"
    tables = _tables(ctx)
    faces = 2 if _is_aid(component, ctx) else 1
    pages, colors = _pages(component, ctx, "conquest-reference.xml.j2", REFERENCE_SIZES, faces,
                           where, tables=tables, units=_units(tables),
                           provinces=_provinces(tables), senators=_numerals(tables))
    name = labels(ctx)["player_reference"]
    footer = f"{ctx.game['title']} · {name}"
    pieces = []
    for n in range(1, int(component["count"]) + 1):
        piece = _piece(component, ctx, pages[0], colors, footer, f"{component['name']} {n}")
        if faces == 2:
            back = _piece(component, ctx, pages[1] if len(pages) > 1 else [], colors, footer,
                          piece.label)
            piece = replace(piece, back=back.draw)
        pieces.append(piece)
    return pieces


@maker("conquest-card-list", reads=("game", "cards"))
def make_card_list(component: dict, ctx: RenderContext) -> list[Piece]:
    """Every card type of every deck, with class, copies, cost and effect; `count` pages at most,
    the pages left over blank but for their footer."""
    where = f"card list ({ctx.lang}, {ctx.paper})"
    count = int(component["count"])
    decks = [_deck_rows(deck) for deck in (ctx.data.get("cards") or {}).get("decks", [])]
    pages, colors = _pages(component, ctx, "conquest-card-list.xml.j2", CARD_LIST_SIZES, count,
                           where, decks=decks)
    pages += [[] for _ in range(count - len(pages))]
    name = labels(ctx)["card_list"]
    pieces = []
    for number, flowables in enumerate(pages, start=1):
        footer = f"{ctx.game['title']} · {name}"
        if len(pages) > 1:
            footer += f" · {number}/{len(pages)}"
        pieces.append(_piece(component, ctx, flowables, colors, footer,
                             f"{component['name']} {number}"))
    return pieces


ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _numerals(tables: dict) -> str:
    """The starting Senators as the cards show them: 'I, II, III'."""
    return ", ".join(ROMAN[v] if v < len(ROMAN) else str(v) for v in tables["start"]["senators"])


def _units(tables: dict) -> list[dict]:
    """The units with their cost as text ('' when they cannot be recruited)."""
    return [{**unit, "cost_text": "" if unit.get("cost") is None else str(unit["cost"])}
            for unit in tables["units"]]


def _provinces(tables: dict) -> list[dict]:
    """Key provinces with one cell per place: the VP value, or None where the rulebook has none."""
    most = max(p["places"] for p in tables["key_provinces"])
    rows = []
    for province in tables["key_provinces"]:
        vp = province.get("vp")
        if vp is not None and len(vp) != province["places"]:
            raise UserError(f"tables.yaml key province '{province['id']}': {len(vp)} VP values "
                            f"for {province['places']} places")
        rows.append({**province, "known": vp is not None, "cells": list(vp or []),
                     "pad": most - province["places"]})
    return rows


def _deck_rows(deck: dict) -> dict:
    """A deck for the card list: its classes in order, each with its cards."""
    classes = deck.get("classes") or []
    rows = []
    for klass in classes:
        cards = [_card_row(card) for card in deck["cards"] if card.get("class") == klass["id"]]
        if cards:
            rows.append({"class": klass, "cards": cards,
                         "total": sum(card["count"] for card in cards)})
    loose = [_card_row(c) for c in deck["cards"] if c.get("class") not in
             {k["id"] for k in classes}]
    if loose:
        rows.append({"class": {"id": "", "name": ""}, "cards": loose,
                     "total": sum(card["count"] for card in loose)})
    return {"deck": deck, "groups": rows, "total": sum(c["count"] for c in deck["cards"]),
            "gaps": deck.get("gaps") or []}


def _card_row(card: dict) -> dict:
    cost = card.get("cost")
    return {**card, "cost_text": "—" if cost is None else f"{cost:g}",
            "cost_gap": cost is None and "gap" in card}
