"""Card lists in a spreadsheet (forge/card_lists.py): the demo's road cards moved from cards.yaml
into a cards.csv or a cards.xlsx build the same kit, their texts are translated through the
game's catalog, and every mistake in a list is one message naming its file, row and column."""
import csv
import io
import os
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from forge import card_lists, i18n, translations
from forge.cli import main
from forge.content import load_doc
from forge.errors import ContentError
from forge.games import DEFAULT_CONTENT, GameSource, load_game
from forge.kit import build_kit
from forge.validation import validate_game

ROAD = yaml.safe_load((DEFAULT_CONTENT / "demo" / "cards.yaml").read_text())["decks"][0]["cards"]
FIELDS = list(dict.fromkeys(["id", "title", "text", "count", "cost", "class", "icon", "mark", "gap"]
                            + [name for card in ROAD for name in card]))


def demo_without_cards(tmp_path: Path, keep: int = 0) -> Path:
    """A copy of the demo game whose road deck keeps only its first `keep` cards; its folder."""
    folder = tmp_path / "content" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", folder)
    path = folder / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if keep:
        data["decks"][0]["cards"] = data["decks"][0]["cards"][:keep]
    else:
        del data["decks"][0]["cards"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def table(cards, fields=FIELDS) -> list[list]:
    """A header row and one row per card, empty cells for the fields a card leaves out."""
    return [list(fields)] + [[card.get(name, "") for name in fields] for card in cards]


def write_csv(folder: Path, rows: list[list], **options) -> Path:
    path = folder / "cards.csv"
    with path.open("w", newline="", encoding="utf-8") as stream:
        csv.writer(stream, **options).writerows(rows)
    return path


def write_xlsx(folder: Path, sheets: dict[str, list[list]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append([None if value == "" else value for value in row])
    path = folder / "cards.xlsx"
    book.save(path)
    return path


def csv_demo(tmp_path: Path) -> Path:
    folder = demo_without_cards(tmp_path)
    write_csv(folder, table(ROAD))
    return folder


def xlsx_demo(tmp_path: Path) -> Path:
    folder = demo_without_cards(tmp_path)
    write_xlsx(folder, {"road": table(ROAD)})
    return folder


LISTS = {"csv": csv_demo, "xlsx": xlsx_demo}


def problems_of(folder: Path) -> str:
    """The message of the ContentError loading the game in `folder` raises."""
    with pytest.raises(ContentError) as raised:
        load_game(folder.parent, folder.name)
    return str(raised.value)


# --- the same game, its cards in a spreadsheet ------------------------------------------------

@pytest.mark.parametrize("kind", LISTS)
def test_the_rows_become_the_decks_cards(kind, tmp_path):
    folder = LISTS[kind](tmp_path)
    game = load_game(folder.parent, "demo")
    assert game.docs["cards"].data == load_game(DEFAULT_CONTENT, "demo").docs["cards"].data


@pytest.mark.parametrize("kind", LISTS)
def test_the_game_validates_every_kit(kind, tmp_path):
    assert validate_game(LISTS[kind](tmp_path).parent, "demo") == []


@pytest.fixture(scope="module")
def yaml_kits(tmp_path_factory):
    """The shipped demo's kits, its cards in cards.yaml, built once: {lang: KitResult}."""
    game = load_game(DEFAULT_CONTENT, "demo")
    out = tmp_path_factory.mktemp("yaml-kits")
    return {lang: build_kit(game, lang, "a4", out) for lang in ("en", "es")}


def page_texts(kit) -> dict[str, list[str]]:
    """The text of every page of every PDF of a kit, by file name."""
    return {name: [page.extract_text() for page in PdfReader(kit.folder / name).pages]
            for name in kit.files if name.endswith(".pdf")}


@pytest.mark.parametrize("kind, lang", [("csv", "es"), ("xlsx", "en")])
def test_a_build_prints_the_same_pages(kind, lang, tmp_path, yaml_kits):
    folder = LISTS[kind](tmp_path)
    kit = build_kit(load_game(folder.parent, "demo"), lang, "a4", tmp_path / "out")
    reference = yaml_kits[lang]
    assert kit.pages == reference.pages
    assert page_texts(kit) == page_texts(reference)
    if lang == "es":
        assert any("Losas de piedra" in text for text in page_texts(kit)["cards.pdf"])


def test_the_command_line_builds_a_game_of_content(tmp_path):
    folder = csv_demo(tmp_path)
    runner = CliRunner()
    checked = runner.invoke(main, ["validate", "demo", "--content", str(folder.parent)])
    assert checked.exit_code == 0, checked.output
    built = runner.invoke(main, ["build", "demo", "--content", str(folder.parent), "--lang", "en",
                                 "--paper", "a4", "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "demo" / "en" / "a4" / "kit.pdf").is_file()


def test_the_command_line_names_the_row_of_a_mistake(tmp_path):
    folder = demo_without_cards(tmp_path)
    write_csv(folder, table([dict(ROAD[0], cost="two")] + ROAD[1:]))
    result = CliRunner().invoke(main, ["validate", "demo", "--content", str(folder.parent)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "cards.csv:row 2 column 'cost': 'two' is not a number" in result.output


def test_rows_follow_the_yaml_cards_of_their_deck(tmp_path):
    folder = demo_without_cards(tmp_path, keep=3)
    write_csv(folder, table(ROAD[3:]))
    cards = load_game(folder.parent, "demo").docs["cards"].data["decks"][0]["cards"]
    assert [card["id"] for card in cards] == [card["id"] for card in ROAD]


def test_a_deck_column_places_rows_in_several_decks(tmp_path):
    folder = demo_without_cards(tmp_path)
    data = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8"))
    data["decks"].append(dict(data["decks"][0], id="spare", name="Spare cards"))
    (folder / "cards.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    rows = table(ROAD, ["deck"] + FIELDS)
    rows[1][0] = "spare"
    for row in rows[2:]:
        row[0] = "road"
    write_csv(folder, rows)
    docs = {"cards": load_doc(folder / "cards.yaml")}
    assert card_lists.merge_card_lists(folder, docs, {}) == []
    decks = docs["cards"].data["decks"]
    assert [c["id"] for c in decks[1]["cards"]] == ["paving"]
    assert [c["id"] for c in decks[0]["cards"]] == [c["id"] for c in ROAD[1:]]


def test_cells_are_read_as_a_spreadsheet_writes_them(tmp_path):
    folder = demo_without_cards(tmp_path)
    rows = [["title", "id", "text", "count", "cost", "picture", ""],
            [" Paving ", "paving", "First.\\nSecond.", "2.0", "1.5", "", ""],
            ["Bridge", "bridge", "One.\r\nTwo.", "1", "", "art/bridge.svg", ""],
            ["", "", "", "", "", "", ""]]
    text = "\n".join(";".join(f'"{cell}"' for cell in row) for row in rows)
    (folder / "cards.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    columns = dict(card_lists.card_columns(card_lists.load_schema("cards.yaml")),
                   picture={"type": "art", "optional": True})
    found, problems = card_lists.read_card_list(folder / "cards.csv", folder, columns,
                                                {"road": 0})
    assert problems == []
    assert [row.card for row in found] == [
        {"title": "Paving", "id": "paving", "text": "First.\nSecond.", "count": 2, "cost": 1.5},
        {"title": "Bridge", "id": "bridge", "text": "One.\nTwo.", "count": 1,
         "picture": "art/bridge.svg"}]
    assert [row.place.row for row in found] == [2, 3]


def test_a_formula_counts_by_its_saved_value(tmp_path):
    folder = demo_without_cards(tmp_path)
    rows = table(ROAD)
    rows[1][FIELDS.index("cost")] = "=1+1"
    path = write_xlsx(folder, {"road": rows})
    saved = _rewrite_zip(path, "xl/worksheets/sheet1.xml",
                         lambda xml: xml.replace(b"<f>1+1</f><v />", b"<f>1+1</f><v>2</v>"))
    assert saved
    cards = load_game(folder.parent, "demo").docs["cards"].data["decks"][0]["cards"]
    assert cards[0]["cost"] == 2


def _rewrite_zip(path: Path, member: str, change) -> bool:
    """Rewrite one member of a zip file; whether `change` changed it."""
    with zipfile.ZipFile(path) as old:
        parts = {info.filename: old.read(info) for info in old.infolist()}
    changed = change(parts[member])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, changed if name == member else data)
    return changed != parts[member]


# --- translations -----------------------------------------------------------------------------

def test_a_new_rows_texts_need_translations_and_are_extracted(tmp_path):
    folder = demo_without_cards(tmp_path)
    aqueduct = {"id": "aqueduct", "title": "Aqueduct", "text": "Bring water to a town.",
                "count": 1}
    write_csv(folder, table(ROAD + [aqueduct]))
    message = problems_of(folder)
    row = len(ROAD) + 2         # after the header and the road cards
    assert f"cards.csv:{row} cards/decks/road/cards/aqueduct/title: no 'en' translation" \
        in message
    assert f"cards.csv:{row} cards/decks/road/cards/aqueduct/text: no 'es' translation" in message

    translations.update_all([GameSource("demo", folder, "content")], program=False)
    english = i18n.Messages(i18n.game_catalog_path(folder, "demo", "en"))
    assert english.get("Aqueduct", "cards/decks/road/cards/aqueduct/title") == "Aqueduct"
    assert english.get("Paving Stones", "cards/decks/road/cards/paving/title") == "Paving Stones"
    problems = translations.check_all([GameSource("demo", folder, "content")], program=False)
    assert {p.field for p in problems} == {"cards/decks/road/cards/aqueduct/title",
                                           "cards/decks/road/cards/aqueduct/text"}


# --- mistakes ---------------------------------------------------------------------------------

def csv_with(tmp_path, rows) -> str:
    folder = demo_without_cards(tmp_path)
    write_csv(folder, rows)
    return problems_of(folder)


def test_an_unknown_column(tmp_path):
    rows = table(ROAD, FIELDS + ["colour"])
    assert "cards.csv:row 1 column 'colour': unknown column (known: id, title" in csv_with(
        tmp_path, rows)


def test_a_column_named_twice(tmp_path):
    assert "cards.csv:row 1 column 'title': the column appears twice" in csv_with(
        tmp_path, table(ROAD, FIELDS + ["title"]))


def test_a_missing_required_column(tmp_path):
    fields = [name for name in FIELDS if name != "count"]
    assert "cards.csv:row 1: missing required column 'count'" in csv_with(
        tmp_path, table(ROAD, fields))


def test_an_empty_list(tmp_path):
    assert "cards.csv:row 1: the first row must name the columns (id, title" in csv_with(
        tmp_path, [])


@pytest.mark.parametrize("cell, message", [
    ("two", "column 'cost': 'two' is not a number"),
    ("nan", "column 'cost': 'nan' is not a number"),
    ("9" * 400 + ".5", "column 'cost': 'inf' is not a finite number"),
    ("1e3", "column 'cost': '1e3' is not a number"),
    ("-1", "column 'cost': -1 is below the minimum 0"),
])
def test_a_bad_cost(cell, message, tmp_path):
    rows = table(ROAD)
    rows[2][FIELDS.index("cost")] = cell
    assert f"cards.csv:row 3 {message}" in csv_with(tmp_path, rows)


def test_a_count_that_is_not_whole(tmp_path):
    rows = table(ROAD)
    rows[6][FIELDS.index("count")] = "2.5"
    assert "cards.csv:row 7 column 'count': '2.5' is not a whole number" in csv_with(tmp_path,
                                                                                     rows)


def test_problems_the_schema_finds_in_a_row_name_the_row(tmp_path):
    rows = table(ROAD)
    rows[2][FIELDS.index("count")] = "0"
    rows[3][FIELDS.index("class")] = "magic"
    rows[4][FIELDS.index("title")] = ""
    message = csv_with(tmp_path, rows)
    assert "cards.csv:row 3 column 'count': 0 is below the minimum 1" in message
    assert "cards.csv:row 4 column 'class': unknown card-class 'magic'" in message
    assert "cards.csv:row 5: missing required field 'title'" in message
    assert "cards.yaml" not in message


def test_a_duplicate_id(tmp_path):
    folder = demo_without_cards(tmp_path, keep=1)
    write_csv(folder, table(ROAD))
    line = next(number for number, text in enumerate(
        (folder / "cards.yaml").read_text(encoding="utf-8").splitlines(), start=1)
        if "id: paving" in text)
    assert (f"cards.csv:row 2 column 'id': duplicate card id 'paving' (already at "
            f"cards.yaml:{line})") in problems_of(folder)
    write_csv(folder, table(ROAD[1:] + [ROAD[2]]))
    assert ("cards.csv:row 9 column 'id': duplicate card id 'milestone' (already at cards.csv "
            "row 3)") in problems_of(folder)


def test_a_row_for_an_unknown_deck(tmp_path):
    rows = table(ROAD, ["deck"] + FIELDS)
    rows[1][0], rows[2][0] = "roads", "road"
    assert "cards.csv:row 2 column 'deck': unknown deck 'roads' (decks: road)" in csv_with(
        tmp_path, rows)


def test_several_decks_need_a_deck_column(tmp_path):
    folder = demo_without_cards(tmp_path)
    data = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8"))
    data["decks"].append(dict(data["decks"][0], id="spare", cards=ROAD[:1]))
    (folder / "cards.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    write_csv(folder, table(ROAD[1:]))
    assert ("cards.csv:row 1: no 'deck' column, but cards.yaml has several decks (road, spare)"
            in problems_of(folder))


def test_a_value_in_a_column_without_a_name(tmp_path):
    rows = table(ROAD)
    rows[4] += ["", "a note"]
    letter = card_lists.column_letter(len(FIELDS) + 1)
    assert f"cards.csv:row 5: a value in column {letter}, which has no name in row 1" in csv_with(
        tmp_path, rows)


def test_a_control_character(tmp_path):
    rows = table(ROAD)
    rows[1][FIELDS.index("text")] = "Ring\x07 the bell."
    assert ("cards.csv:row 2 column 'text': holds the character U+0007, which content may "
            "not hold") in csv_with(tmp_path, rows)


def test_a_csv_that_is_not_utf8(tmp_path):
    folder = demo_without_cards(tmp_path)
    (folder / "cards.csv").write_bytes("id,title,text,count\nx,Año,Ñ,1\n".encode("latin-1"))
    assert "cards.csv is not UTF-8 text" in problems_of(folder)


def test_a_csv_field_too_large_to_read(tmp_path):
    folder = demo_without_cards(tmp_path)
    (folder / "cards.csv").write_text('id,title,text,count\nx,y,"' + "z" * 200_000 + '",1\n',
                                      encoding="utf-8")
    assert "cards.csv row 2 cannot be read as CSV (field larger than field limit" in \
        problems_of(folder)


def test_a_list_over_the_size_bound(tmp_path):
    folder = demo_without_cards(tmp_path)
    line = "x,y," + "z" * 900 + ",1\n"
    (folder / "cards.csv").write_text("id,title,text,count\n"
                                      + line * (card_lists.MAX_BYTES // len(line) + 1))
    assert "cards.csv is larger than 5120 kB" in problems_of(folder)


def test_a_list_over_the_row_bound(tmp_path):
    rows = table([dict(ROAD[0], id=f"card-{i}") for i in range(card_lists.MAX_ROWS + 1)])
    assert "cards.csv has more than 5,000 rows" in csv_with(tmp_path, rows)


def test_a_list_leading_out_of_the_folder(tmp_path):
    folder = demo_without_cards(tmp_path)
    outside = write_csv(tmp_path, table(ROAD))
    os.symlink(outside, folder / "cards.csv")
    assert "cards.csv leads outside" in problems_of(folder)


def test_a_list_without_cards_yaml(tmp_path):
    folder = demo_without_cards(tmp_path)
    (folder / "cards.yaml").unlink()
    write_csv(folder, table(ROAD))
    assert "cards.csv a card list needs a cards.yaml beside it" in problems_of(folder)


def test_a_sheet_not_named_after_a_deck(tmp_path):
    folder = demo_without_cards(tmp_path)
    write_xlsx(folder, {"road": table(ROAD), "Notes": [["a note"]]})
    assert ("cards.xlsx:sheet 'Notes': a sheet is named after the deck of cards.yaml it fills; "
            "'Notes' is not one (decks: road)") in problems_of(folder)


def test_a_sheets_mistake_names_the_sheet(tmp_path):
    folder = demo_without_cards(tmp_path)
    rows = table(ROAD)
    rows[3][FIELDS.index("count")] = "three"
    write_xlsx(folder, {"road": rows})
    assert "cards.xlsx:sheet 'road' row 4 column 'count': 'three' is not a number" in \
        problems_of(folder)


def test_a_formula_without_a_saved_value(tmp_path):
    folder = demo_without_cards(tmp_path)
    rows = table(ROAD)
    rows[2][FIELDS.index("cost")] = "=1+1"
    write_xlsx(folder, {"road": rows})
    assert ("cards.xlsx:sheet 'road' row 3: the formula in E3 has no saved value"
            in problems_of(folder))


def test_a_date_in_a_sheet(tmp_path):
    import datetime

    folder = demo_without_cards(tmp_path)
    rows = table(ROAD)
    rows[2][FIELDS.index("mark")] = datetime.date(2026, 4, 1)
    write_xlsx(folder, {"road": rows})
    assert ("cards.xlsx:sheet 'road' row 3: the cell H3 holds a date, a time or true/false"
            in problems_of(folder))


@pytest.mark.parametrize("content, message", [
    (b"not a workbook at all", "cards.xlsx is not an .xlsx workbook (not a zip archive)"),
    (None, "cards.xlsx cannot be read as an .xlsx workbook"),
])
def test_a_corrupt_workbook(content, message, tmp_path):
    folder = demo_without_cards(tmp_path)
    if content is None:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("readme.txt", "a zip, but no workbook")
        content = buffer.getvalue()
    (folder / "cards.xlsx").write_bytes(content)
    assert message in problems_of(folder)


def test_a_workbook_that_unpacks_too_far(tmp_path):
    folder = demo_without_cards(tmp_path)
    with zipfile.ZipFile(folder / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (card_lists.MAX_UNPACKED + 1))
    assert "cards.xlsx unpacks to more than 50 MB" in problems_of(folder)


def test_a_header_too_wide(tmp_path):
    rows = table(ROAD[:1], FIELDS + [f"note-{i}" for i in range(card_lists.MAX_COLUMNS)])
    assert "cards.csv:row 1: names more than 64 columns" in csv_with(tmp_path, rows)


def test_a_chart_sheet(tmp_path):
    from openpyxl.chart import BarChart, Reference

    folder = demo_without_cards(tmp_path)
    write_xlsx(folder, {"road": table(ROAD)})
    book = openpyxl.load_workbook(folder / "cards.xlsx")
    chart = BarChart()
    chart.add_data(Reference(book["road"], min_col=4, min_row=1, max_row=9), titles_from_data=True)
    book.create_chartsheet("Chart").add_chart(chart)
    book.save(folder / "cards.xlsx")
    assert "cards.xlsx the sheet 'Chart' is a chart, not a table of cards" in problems_of(folder)


def test_a_picture_column_names_art_of_the_game(tmp_path):
    folder = demo_without_cards(tmp_path)
    (folder / "art").mkdir(exist_ok=True)
    (folder / "art" / "bridge.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" '
        'height="4"/></svg>', encoding="utf-8")
    fields = list(dict.fromkeys(FIELDS + ["picture"]))
    rows = table(ROAD, fields)
    rows[1][fields.index("picture")] = "art/bridge.svg"
    write_csv(folder, rows)
    cards = load_game(folder.parent, "demo").docs["cards"].data["decks"][0]["cards"]
    assert cards[0]["picture"] == "art/bridge.svg"
    rows[2][fields.index("picture")] = "/etc/hosts"
    write_csv(folder, rows)
    assert ("cards.csv:row 3 column 'picture': art file '/etc/hosts' must be a path relative to "
            "the game's folder") in problems_of(folder)


def test_a_game_schema_without_a_card_list_to_fill(tmp_path):
    folder = csv_demo(tmp_path)
    docs = {"cards": load_doc(folder / "cards.yaml")}
    own = {"cards.yaml": {"type": "map", "fields": {"decks": {"type": "any"}}}}
    problems = card_lists.merge_card_lists(folder, docs, own)
    assert [p.message for p in problems] == ["the game's schema of cards.yaml has no list "
                                             "decks[].cards for a card list to add to"]
