"""A legal action (or a logged one) in a few words, for a button: a table beside the game's words.

Each row: the action's type, what else it must hold to use this row (True: any value but
none), the English template (marked for translation; the program catalog), where its
placeholders come from (a field of the action and the kind of name it is, `Names` in words.py:
place, units, card; None for the value as it is; `player` is always there), then optionally the
name of a rule giving more values from the tables and the state, and a second part after ' · '
(a template and the rule giving its values, or no part when that rule gives None). The first
row that matches gives the label; an action of no row is shown by its type.
"""
from __future__ import annotations

from typing import NamedTuple

from forge.engine.conquest.data import tables
from forge.engine.conquest.words import Names
from forge.engine.errors import N_


class Label(NamedTuple):
    kind: str
    when: dict
    template: str
    fields: dict = {}          # placeholder -> (field of the action, kind of name or None)
    values: str | None = None  # a rule of RULES giving more values for the template
    more: tuple | None = None  # (template, rule of RULES): a second part, with its values


def card_cost(action, t, state):
    """A card's cost: the action's, else the card's as dealt (None: no cost known)."""
    cards = (state or {}).get("cards") or {}
    cost = action.get("cost", (cards.get(action.get("card", "")) or {}).get("cost"))
    return None if cost is None else {"talents": cost}


def recruit_chaos(action, t, state):
    return {"chaos": t.chaos["recruit"]}


def purchases_price(action, t, state):
    return {"talents": t.economy["influence_price"] * len(action["purchases"])}


def influence_price(action, t, state):
    return {"talents": t.economy["influence_price"]}


def tax_values(action, t, state):
    rule = t.economy["special_tax"]
    return {"talents": action["amount"],
            "chaos": action["amount"] // rule["step"] * rule["chaos_per_step"]}


def tax_rule(action, t, state):
    rule = t.economy["special_tax"]
    return {"chaos": rule["chaos_per_step"], "step": rule["step"]}


RULES = {"card_cost": card_cost, "recruit_chaos": recruit_chaos,
         "purchases_price": purchases_price, "influence_price": influence_price,
         "tax_values": tax_values, "tax_rule": tax_rule}

CARD = {"card": ("card", "card")}
TALENTS = N_("{talents} talents")

LABELS = (
    Label("take-card", {}, N_("Take {card}"), CARD, more=(TALENTS, "card_cost")),
    Label("recruit", {"units": True}, N_("{player} recruits {units} in {province}"),
          {"units": ("units", "units"), "province": ("province", "place")}),
    Label("recruit", {}, N_("Recruit…"), more=(N_("+{chaos} chaos"), "recruit_chaos")),
    Label("buy-influence", {"purchases": True}, N_("{player} buys influence in {province}"),
          {"province": ("province", "place")}, more=(TALENTS, "purchases_price")),
    Label("buy-influence", {}, N_("Buy influence…"),
          more=(N_("{talents} talents each"), "influence_price")),
    Label("special-tax", {"amount": True},
          N_("Special tax: +{talents} talents, +{chaos} chaos"), values="tax_values"),
    Label("special-tax", {}, N_("Special tax…"),
          more=(N_("+{chaos} chaos per {step} talents"), "tax_rule")),
    Label("move", {"to": True}, N_("{player} moves from {origin}"),
          {"origin": ("from", "place")}),
    Label("move", {}, N_("Move land units…")),
    Label("battle", {}, N_("Land battle")),
    Label("naval", {}, N_("Naval move or battle")),
    Label("pass", {}, N_("Pass")),
    Label("use-card", {}, N_("Use {card}"), CARD),
    Label("call-vote", {}, N_("Senate vote: {card}"), CARD),
    Label("place", {"units": True}, N_("{player} places {units} in {where}"),
          {"units": ("units", "units"), "where": ("where", "place")}),
    Label("place", {}, N_("Place starting units…")),
    Label("starting-influence", {"provinces": True}, N_("Starting influence of {player}")),
    Label("starting-influence", {}, N_("Starting influence…")),
    Label("place-tokens", {"tokens": True}, N_("Province tokens laid out")),
    Label("place-tokens", {}, N_("Lay out province tokens…")),
    Label("offer-cards", {"cards": True}, N_("Cards dealt")),
    Label("offer-cards", {}, N_("Deal cards on offer…")),
    Label("adjust", {"player": True}, N_("Correction for {player}")),
    Label("adjust", {}, N_("Correction…")),
    Label("set-board-values", {}, N_("Board values")),
    Label("relocate", {}, N_("{player} moves units (not an action)")),
    Label("end-season", {}, N_("End of the season")),
    Label("bid", {}, N_("{player} bids")),
    Label("auction-pass", {}, N_("{player} passes")),
    Label("vote-pass", {}, N_("{player} passes")),
    Label("vote-bid", {}, N_("{player} bids senators")),
    Label("roll", {}, N_("Battle dice")),
    Label("casualties", {}, N_("Casualties")),
    Label("retreat", {}, N_("Retreat")),
    Label("stay", {}, N_("Stay")),
)


def matches(row: Label, action: dict) -> bool:
    """Whether an action is of the row's type and holds what the row asks."""
    if action.get("type") != row.kind:
        return False
    return all(bool(action.get(key)) if wanted is True else action.get(key) == wanted
               for key, wanted in row.when.items())


def action_label(action: dict, tr, state: dict | None = None) -> str:
    """An action as a button's words in the translator's language (which has a `lang` for the
    game's names), with its cost where the action or the state tells it."""
    row = next((row for row in LABELS if matches(row, action)), None)
    if row is None:
        return str(action.get("type"))
    t, names = tables(), Names(tr)
    values = {"player": action.get("player", "")}
    for placeholder, (key, kind) in row.fields.items():
        value = action.get(key, "")
        values[placeholder] = getattr(names, kind)(value) if kind else value
    if row.values:
        values.update(RULES[row.values](action, t, state))
    text = tr._(row.template).format(**values)
    if row.more:
        template, rule = row.more
        more = RULES[rule](action, t, state)
        if more is not None:
            text += " · " + tr._(template).format(**more)
    return text
