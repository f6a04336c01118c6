"""Card lists in a spreadsheet: the rows of `cards.csv` and the sheets of `cards.xlsx`, merged
into the decks of cards.yaml.

cards.yaml declares the decks (id, name, back, style, classes); a card list beside it supplies
cards. Its first row names the columns after the fields of a card in cards.yaml (id, title, text,
count, cost, class, icon, mark, gap, picture: the plain fields of the card schema); each further
row is one card, appended after the deck's own `cards` in the order of the file. In cards.csv a
`deck` column names each row's deck (it may be left out when cards.yaml has a single deck); in
cards.xlsx each sheet is named after its deck. An empty cell leaves its field out; numbers are
read as numbers; in a text, `\\n` or a line break starts a new paragraph.

The rows are merged before validation, so the schema checks them as it checks cards.yaml, their
texts go to the game's catalog the same way, and a problem in a row names the file, row and
column (`cards.csv:row 7 column 'cost': ...`), not cards.yaml. A card list comes with the game's
folder and is read like the rest of it: from inside the folder, within bounds of size and rows;
an .xlsx formula is read by the value the spreadsheet saved with it.
"""
from __future__ import annotations

import csv
import datetime
import io
import itertools
import math
import os
import re
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from forge.content import Doc, Path_
from forge.errors import Problem, shown_path
from forge.i18n import messages_translator
from forge.safefs import UnsafeFile, read_inside
from forge.schema import load_schema

_ = messages_translator()._

LIST_FILES = ("cards.csv", "cards.xlsx")    # read in this order, after cards.yaml's own cards
MAX_BYTES = 5 * 1024 * 1024     # one card list file (a list of a thousand cards is ~200 kB)
MAX_UNPACKED = 50 * 1024 * 1024     # the parts of an .xlsx once unzipped
MAX_ROWS = 5_000                # cards of one file (the largest real deck has under 200)
MAX_COLUMNS = 64                # columns read from a sheet (a card has about ten fields)
DECK_COLUMN = "deck"            # cards.csv: the deck of each row
NOT_COLUMNS = ("map", "dict", "list", "variant", "point", "bool", "any")   # not one plain cell
DELIMITERS = ",;\t"             # a header holds only field names, so its separator is plain

_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)", re.ASCII)
_WHOLE = re.compile(r"[-+]?\d{1,15}", re.ASCII)
_UNPRINTABLE = re.compile(      # what YAML content may not hold either (forge/content.py)
    "[^\x09\x0A\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


@dataclass(frozen=True)
class RowProblem(Problem):
    """A problem in a card list, shown `cards.csv:row 7 column 'cost': message`: `line` is the
    row (the header being row 1), `field` says where in the file (sheet, row, column)."""

    def __str__(self) -> str:
        return f"{shown_path(self.file)}:{self.field}: {self.message}"


@dataclass(frozen=True)
class Place:
    """Where a row of a card list is: its file, its sheet (.xlsx) and its row number."""

    file: Path
    sheet: str | None
    row: int

    def where(self, column: str | None = None) -> str:
        """`sheet 'road' row 7 column 'cost'`, as much of it as applies."""
        sheet = f"sheet '{self.sheet}' " if self.sheet is not None else ""
        return sheet + f"row {self.row}" + ("" if column is None else f" column '{column}'")

    def problem(self, message: str, column: str | None = None) -> RowProblem:
        """A problem at this row, or at one of its cells."""
        return RowProblem(self.file, self.row, self.where(column), message)


@dataclass
class CardListDoc(Doc):
    """cards.yaml with the rows of its card lists merged in: a problem in a merged card names
    the row and column it came from."""

    places: dict[Path_, Place] = field(default_factory=dict)   # a card's path -> its row

    def problem(self, at: Path_, message: str) -> Problem:
        place = self.places.get(tuple(at[:4]))
        if place is None:
            return super().problem(at, message)
        return place.problem(message, str(at[4]) if len(at) > 4 else None)


@dataclass(frozen=True)
class Sheet:
    """One table of a card list as read: its header and its rows of plain values."""

    file: Path
    name: str | None                                # the .xlsx sheet; None in a CSV
    header: tuple[Any, ...]
    rows: tuple[tuple[int, tuple[Any, ...]], ...]   # (row number, values)
    problems: tuple[Problem, ...] = ()              # rows left out: cells that cannot be read


@dataclass(frozen=True)
class Row:
    """One card read from a card list: its deck, its fields and where it stands."""

    place: Place
    deck: str
    card: dict


class _Refused(Exception):
    """A card list, or one of its cells, that cannot be read; the message says why."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --- merging --------------------------------------------------------------------------------

def merge_card_lists(folder: Path, docs: dict[str, Doc],
                     schemas: dict[str, dict]) -> list[Problem]:
    """Merge the card lists of a game's folder into its loaded cards.yaml (docs['cards'] becomes
    a CardListDoc); the problems of reading them. `schemas`: the game's own, by file name."""
    paths = [Path(folder) / name for name in LIST_FILES if os.path.lexists(Path(folder) / name)]
    if not paths:
        return []
    if "cards" not in docs:
        if (Path(folder) / "cards.yaml").exists():
            return []                   # cards.yaml could not be read: its problems say why
        return [Problem(path, 0, "", _("a card list needs a cards.yaml beside it declaring its "
                                       "decks")) for path in paths]
    doc = docs["cards"]
    columns = card_columns(schemas.get("cards.yaml") or load_schema("cards.yaml"))
    if not columns:
        return [Problem(path, 0, "", _("the game's schema of cards.yaml has no list "
                                       "decks[].cards for a card list to add to"))
                for path in paths]
    decks = deck_ids(doc.data)
    problems: list[Problem] = []
    rows: list[Row] = []
    for path in paths:
        found, refused = read_card_list(path, folder, columns, decks)
        rows += found
        problems += refused
    merged, duplicates = merge_rows(doc, rows)
    docs["cards"] = merged
    return problems + duplicates


def card_columns(schema: dict) -> dict[str, dict]:
    """The columns a card list may have: the card fields holding one plain value, by name, each
    with its schema (from cards.yaml's schema: decks[].cards[])."""
    try:
        fields = schema["fields"]["decks"]["items"]["fields"]["cards"]["items"]["fields"]
    except (KeyError, TypeError):
        return {}
    return {name: sub for name, sub in fields.items()
            if isinstance(sub, dict) and sub.get("type", "any") not in NOT_COLUMNS}


def deck_ids(data: Any) -> dict[str, int]:
    """The decks of cards.yaml's data, id -> index (entries without a plain id left out)."""
    decks = data.get("decks") if isinstance(data, dict) else None
    if not isinstance(decks, list):
        return {}
    return {deck["id"]: i for i, deck in enumerate(decks)
            if isinstance(deck, dict) and isinstance(deck.get("id"), str)}


def merge_rows(doc: Doc, rows: list[Row]) -> tuple[CardListDoc, list[Problem]]:
    """cards.yaml's document with `rows` appended to their decks' cards, and the rows refused
    because their id is already a card's."""
    merged = CardListDoc(doc.path, doc.data, doc.lines)
    seen = _yaml_card_ids(doc)
    problems: list[Problem] = []
    for row in rows:
        card_id = row.card.get("id")
        if card_id in seen:
            problems.append(row.place.problem(_("duplicate card id '{id}' (already at {where})")
                                              .format(id=card_id, where=seen[card_id]), "id"))
            continue
        if isinstance(card_id, str):
            seen[card_id] = f"{row.place.file.name} {row.place.where()}"
        _append(merged, row)
    return merged, problems


def _yaml_card_ids(doc: Doc) -> dict[str, str]:
    """The card ids cards.yaml itself holds, each with its `cards.yaml:line`."""
    found: dict[str, str] = {}
    for deck_index in deck_ids(doc.data).values():
        cards = doc.data["decks"][deck_index].get("cards")
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                at = ("decks", deck_index, "cards", i, "id")
                found.setdefault(card["id"], f"{doc.path.name}:{doc.line(at)}")
    return found


def _append(doc: CardListDoc, row: Row) -> None:
    deck_index = deck_ids(doc.data)[row.deck]
    deck = doc.data["decks"][deck_index]
    if deck.get("cards") is None:
        deck["cards"] = []
    if not isinstance(deck["cards"], list):
        return                          # the schema reports cards.yaml's own mistake
    doc.places[("decks", deck_index, "cards", len(deck["cards"]))] = row.place
    deck["cards"].append(row.card)


# --- reading --------------------------------------------------------------------------------

def read_card_list(path: Path, folder: Path, columns: dict[str, dict],
                   decks: dict[str, int]) -> tuple[list[Row], list[Problem]]:
    """The cards of one card list file and the problems of reading it; a file with a problem
    in its own right (unreadable, too large, too long) gives no cards."""
    try:
        sheets = _read_xlsx(path, folder) if path.suffix == ".xlsx" else [_read_csv(path, folder)]
    except _Refused as refused:
        return [], [Problem(path, 0, "", refused.message)]
    except UnsafeFile as err:
        return [], [Problem(path, 0, "", err.reason)]
    rows: list[Row] = []
    problems: list[Problem] = []
    for sheet in sheets:
        found, refused = _sheet_cards(sheet, columns, decks)
        rows += found
        problems += refused
    return rows, problems


def _sheet_cards(sheet: Sheet, columns: dict[str, dict],
                 decks: dict[str, int]) -> tuple[list[Row], list[Problem]]:
    known = dict(columns, **({DECK_COLUMN: {"type": "id"}} if sheet.name is None else {}))
    if sheet.name is not None and sheet.name not in decks:
        return [], [RowProblem(sheet.file, 0, f"sheet '{sheet.name}'", _(
            "a sheet is named after the deck of cards.yaml it fills; '{name}' is not one "
            "(decks: {decks})").format(name=sheet.name, decks=", ".join(decks) or "none"))]
    names, problems = _header(sheet, known, decks)
    if problems:
        return [], problems
    rows: list[Row] = []
    problems = list(sheet.problems)
    for number, values in sheet.rows:
        place = Place(sheet.file, sheet.name, number)
        try:
            card = _card(values, names, known, place)
            if card:
                rows.append(Row(place, sheet.name or _deck_of(card, decks, place), card))
        except _RowProblems as bad:
            problems += bad.problems
    return rows, problems


def _header(sheet: Sheet, known: dict[str, dict],
            decks: dict[str, int]) -> tuple[list[str | None], list[Problem]]:
    """The column names of a sheet (None for a column without one) and their problems."""
    place = Place(sheet.file, sheet.name, 1)
    names = [(_text(value).strip() or None) if value is not None else None
             for value in sheet.header]
    if not any(names):
        return names, [place.problem(_("the first row must name the columns ({known})")
                                     .format(known=", ".join(known)))]
    if any(names[MAX_COLUMNS:]):
        return names, [place.problem(_("names more than {limit} columns; a card has about ten "
                                       "fields").format(limit=MAX_COLUMNS))]
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in filter(None, names):
        if name not in known:
            problems.append(place.problem(_("unknown column (known: {known})")
                                          .format(known=", ".join(known)), name))
        elif name in seen:
            problems.append(place.problem(_("the column appears twice"), name))
        seen.add(name)
    for name in columns_required(known):
        if name not in names:
            problems.append(place.problem(_("missing required column '{name}'").format(name=name)))
    if sheet.name is None and DECK_COLUMN not in names and len(decks) > 1:
        problems.append(place.problem(_(
            "no '{column}' column, but cards.yaml has several decks ({decks}): name the deck of "
            "each row").format(column=DECK_COLUMN, decks=", ".join(decks))))
    return names, problems


def columns_required(known: dict[str, dict]) -> list[str]:
    """The columns a card list must have: the card's fields that are not optional."""
    return [name for name, schema in known.items()
            if not schema.get("optional", False) and name != DECK_COLUMN]


class _RowProblems(Exception):
    """The problems that keep a row from being a card."""

    def __init__(self, problems: list[Problem]):
        super().__init__(problems)
        self.problems = problems


def _card(values: tuple, names: list[str | None], known: dict[str, dict], place: Place) -> dict:
    """A row's fields (its empty cells left out); _RowProblems when a cell cannot be read."""
    card: dict[str, Any] = {}
    problems: list[Problem] = []
    for index, value in enumerate(values):
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        name = names[index] if index < len(names) else None
        if name is None:
            problems.append(place.problem(_("a value in column {letter}, which has no name in "
                                            "row 1").format(letter=column_letter(index))))
            break                       # one is enough to point at the mistake
        try:
            card[name] = _field_value(value, known[name].get("type"))
        except _Refused as refused:
            problems.append(place.problem(refused.message, name))
    if problems:
        raise _RowProblems(problems)
    return card


def _deck_of(card: dict, decks: dict[str, int], place: Place) -> str:
    """The deck a CSV row goes to: its `deck` cell, or the only deck when it has none."""
    deck = card.pop(DECK_COLUMN, None)
    if deck is None and len(decks) == 1:
        return next(iter(decks))
    if deck not in decks:
        message = (_("unknown deck '{deck}' (decks: {decks})") if deck is not None else
                   _("empty; name the deck of this card (decks: {decks})"))
        raise _RowProblems([place.problem(message.format(deck=deck, decks=", ".join(decks)
                                                         or "none"), DECK_COLUMN)])
    return deck


def column_letter(index: int) -> str:
    """The spreadsheet name of the column at `index` (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# --- values ---------------------------------------------------------------------------------

def _field_value(value: Any, kind: str | None) -> Any:
    """A cell's value as the card field of schema type `kind` holds it; _Refused otherwise."""
    if kind == "int":
        return _whole(value)
    if kind == "number":
        return _number(value)
    text = _text(value)
    if kind == "text":
        text = text.replace("\\n", "\n")
    unprintable = _UNPRINTABLE.search(text)
    if unprintable:
        raise _Refused(_("holds the character U+{code}, which content may not hold")
                       .format(code=f"{ord(unprintable.group()):04X}"))
    return text.strip()


def _text(value: Any) -> str:
    """A cell as text: numbers written as a spreadsheet shows them, line breaks as '\\n'."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).replace("\r\n", "\n").replace("\r", "\n")


def _number(value: Any) -> int | float:
    if not isinstance(value, (int, float)):
        text = str(value).strip()
        if not _NUMBER.fullmatch(text):
            raise _Refused(_("'{value}' is not a number").format(value=text[:40]))
        value = int(text) if _WHOLE.fullmatch(text) else float(text)
    if not math.isfinite(value):
        raise _Refused(_("'{value}' is not a finite number").format(value=value))
    return value


def _whole(value: Any) -> int:
    number = _number(value)
    if isinstance(number, float) and not number.is_integer():
        raise _Refused(_("'{value}' is not a whole number").format(value=_text(value).strip()))
    return int(number)


# --- files ----------------------------------------------------------------------------------

def _read_csv(path: Path, folder: Path) -> Sheet:
    """cards.csv as one sheet: UTF-8 text (a byte-order mark allowed), separated by commas,
    semicolons or tabs, whichever the header uses."""
    raw = read_inside(path, folder, MAX_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise _Refused(_("is not UTF-8 text ({reason}); save it as 'CSV UTF-8'")
                       .format(reason=err.reason)) from None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    rows: list[tuple[int, tuple[Any, ...]]] = []
    try:
        for number, values in enumerate(reader, start=1):
            if number > 1:
                _check_row_count(number - 1)
            rows.append((number, tuple(values)))
    except csv.Error as err:
        raise _Refused(_("row {row} cannot be read as CSV ({reason})")
                       .format(row=len(rows) + 1, reason=err)) from None
    header = rows[0][1] if rows else ()
    return Sheet(path, None, header, tuple(rows[1:]))


def _delimiter(text: str) -> str:
    first = text.split("\n", 1)[0]
    return max(DELIMITERS, key=first.count) if any(d in first for d in DELIMITERS) else ","


def _check_row_count(read: int) -> None:
    """Refuse a card list once more than MAX_ROWS rows below its headers were read."""
    if read > MAX_ROWS:
        raise _Refused(_("has more than {limit} rows; a card list holds far fewer")
                       .format(limit=f"{MAX_ROWS:,}"))


def _read_xlsx(path: Path, folder: Path) -> list[Sheet]:
    """The sheets of cards.xlsx, each cell by its value (a formula by its saved value)."""
    import openpyxl

    raw = read_inside(path, folder, MAX_BYTES)
    _check_unpacked_size(raw)
    try:
        with warnings.catch_warnings():     # notes on features a card list does not use
            warnings.simplefilter("ignore")
            values = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
            formulas = openpyxl.load_workbook(io.BytesIO(raw), read_only=True)
            try:
                return _workbook_sheets(path, values, formulas)
            finally:
                values.close()
                formulas.close()
    except _Refused:
        raise
    except Exception as err:            # any failure of the reader on a damaged workbook
        raise _Refused(_("cannot be read as an .xlsx workbook ({reason})")
                       .format(reason=f"{type(err).__name__}: {str(err)[:120]}")) from None


def _check_unpacked_size(raw: bytes) -> None:
    """Refuse an .xlsx whose parts unzip to more than MAX_UNPACKED (a zip bomb)."""
    try:
        unpacked = sum(info.file_size for info in zipfile.ZipFile(io.BytesIO(raw)).infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise _Refused(_("is not an .xlsx workbook (not a zip archive); save it as "
                         "'Excel 2007-365 (.xlsx)'")) from None
    if unpacked > MAX_UNPACKED:
        raise _Refused(_("unpacks to more than {limit} MB; a card list is far smaller")
                       .format(limit=MAX_UNPACKED // (1024 * 1024)))


def _workbook_sheets(path: Path, values, formulas) -> list[Sheet]:
    """Every sheet of a workbook read twice: by saved values, and by formulas (to tell an empty
    cell from a formula saved without its value)."""
    sheets = []
    rows_read = itertools.count(1)
    for name in values.sheetnames:
        if not hasattr(values[name], "iter_rows"):
            raise _Refused(_("the sheet '{name}' is a chart, not a table of cards")
                           .format(name=name))
        pairs = zip(values[name].iter_rows(max_col=MAX_COLUMNS),
                    formulas[name].iter_rows(max_col=MAX_COLUMNS))
        rows, problems = [], []
        for number, (cells, sources) in enumerate(pairs, start=1):
            if number > 1:
                _check_row_count(next(rows_read))
            try:
                rows.append((number, tuple(_cell_value(cell, source, number, index) for index,
                                           (cell, source) in enumerate(zip(cells, sources)))))
            except _Refused as refused:
                problems.append(Place(path, name, number).problem(refused.message))
        header = rows[0][1] if rows and rows[0][0] == 1 else ()
        sheets.append(Sheet(path, name, header, tuple(r for r in rows if r[0] > 1),
                            tuple(problems)))
    return sheets


def _cell_value(cell, source, row: int, index: int) -> Any:
    """A cell's plain value: text or a number (None when empty)."""
    ref = f"{column_letter(index)}{row}"
    if source.data_type == "f" and cell.value is None:
        raise _Refused(_("the formula in {cell} has no saved value (save the workbook in a "
                         "spreadsheet program, or type the value)").format(cell=ref))
    if cell.data_type == "e":
        raise _Refused(_("the cell {cell} holds the error {value}").format(cell=ref,
                                                                          value=cell.value))
    if isinstance(cell.value, (bool, datetime.date, datetime.time, datetime.timedelta)):
        raise _Refused(_("the cell {cell} holds a date, a time or true/false; format it as "
                         "text or a number").format(cell=ref))
    return cell.value
