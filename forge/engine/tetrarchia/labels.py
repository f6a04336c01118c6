"""A legal action in a few words, for a button: a table of templates beside the game's words.

Each row: the action's type, what else it must hold to use this row (a field's value, or True
for any value but none), the English template (marked for translation; the program catalog) and
where each placeholder's value comes from: a field of the action and the kind of name it is
(`Names` in words.py: emperor, province, sea), or None for the value as it is. The first row
that matches gives the label; then the cost, the discs out and the gain, when the action says.
"""
from __future__ import annotations

from typing import NamedTuple

from forge.engine.errors import N_
from forge.engine.words import counted


class Label(NamedTuple):
    kind: str
    when: dict
    template: str
    fields: dict          # placeholder -> (field of the action, kind of name or None)


PROVINCE = {"province": ("province", "province")}
TO_PROVINCE = {"province": ("to", "province")}

LABELS = (
    Label("enter", {}, N_("Enter {province}"), PROVINCE),
    Label("move", {"emperor": True}, N_("Move {emperor} to {province}"),
          {"emperor": ("emperor", "emperor"), **TO_PROVINCE}),
    Label("move", {"by": "fleet"}, N_("Move to {province} by fleet"), TO_PROVINCE),
    Label("move", {}, N_("Move to {province}"), TO_PROVINCE),
    Label("sail", {}, N_("Sail the fleet from {sea} to {to}"),
          {"sea": ("fleet", "sea"), "to": ("to", "sea")}),
    Label("protect", {}, N_("Protect"), {}),
    Label("subdue", {"what": "agitation"}, N_("Subdue the Agitation"), {}),
    Label("subdue", {"what": "revolt"}, N_("Subdue the Revolt"), {}),
    Label("subdue", {}, N_("Turn the Revolt into Agitation"), {}),
    Label("attack", {}, N_("Attack {province}"), {"province": ("target", "province")}),
    Label("imperium", {}, N_("IMPERIVM: more PI"), {}),
    Label("transfer", {}, N_("Give 1 PI to {emperor}"), {"emperor": ("to", "emperor")}),
    Label("end_turn", {}, N_("End turn"), {}),
    Label("boost", {}, N_("Add +{times}"), {"times": ("times", None)}),
    Label("block", {"use": True}, N_("Stop the army"), {}),
    Label("block", {}, N_("Let the army attack"), {}),
    Label("setup", {}, N_("Set-up"), {}),
)

# what follows the label when the action holds it: (field, template, placeholder); the discs it
# puts out are counted in words (`extra`)
EXTRAS = (("cost", N_("{pi} PI"), "pi"), ("discs", None, "count"), ("gain", N_("+{pi} PI"), "pi"))

DEFAULTS = {"times": 0}      # a field's value when the action lacks it ("" otherwise)


def matches(row: Label, action: dict) -> bool:
    """Whether an action is of the row's type and holds what the row asks."""
    if action.get("type") != row.kind:
        return False
    return all(bool(action.get(key)) if wanted is True else action.get(key) == wanted
               for key, wanted in row.when.items())


def action_label(action: dict, tr, names) -> str:
    """An action as a button's words in the translator's language, with its cost, the discs
    it puts out and its gain; an action of no row is shown by its type."""
    row = next((row for row in LABELS if matches(row, action)), None)
    if row is None:
        text = str(action.get("type"))
    else:
        values = {}
        for placeholder, (key, kind) in row.fields.items():
            value = action.get(key, DEFAULTS.get(key, ""))
            values[placeholder] = getattr(names, kind)(value) if kind else value
        text = tr._(row.template).format(**values)
    for key, template, placeholder in EXTRAS:
        if action.get(key):
            text += " · " + extra(tr, template, action[key]).format(**{placeholder: action[key]})
    return text


def extra(tr, template: str | None, value) -> str:
    """The words of what follows a label: its template, or the discs put out, counted."""
    if template is None:
        return counted(tr, "{count} disc out", "{count} discs out", value)
    return tr._(template)
