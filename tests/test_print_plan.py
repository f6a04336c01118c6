"""kit.pdf printed as its own instructions say, measured from the PDF: printed whole and
two-sided, no part lands behind another; every sheet carries its label; the print plan covers
every page; two-sided sheets carry registration targets that meet when the sheet is turned."""
import json
import re
import subprocess

import pytest
from pypdf import PdfReader

from forge.games import DEFAULT_CONTENT, load_game
from pdfgeom import page_size_mm, stroked_lines, text_sizes

pytestmark = pytest.mark.slow
GAMES = [("tetrarchia", "en", "a4"), ("conquest-of-the-empire-2", "es", "letter"),
         ("demo", "en", "a4")]
LABEL = re.compile(r"(?P<name>[^\n]+?) (?P<n>\d+)/(?P<total>\d+)(?: · (?P<side>\w+))?\s*$")
TARGET_WIDTH_MM = 0.4 * 25.4 / 72
SIDE_WORDS = {"front": "front", "back": "back", "anverso": "front", "reverso": "back"}


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    from forge.kit import build_kit

    out = tmp_path_factory.mktemp("plan")
    return {game: build_kit(load_game(DEFAULT_CONTENT, game), lang, paper, out)
            for game, lang, paper in GAMES}


def page_texts(pdf) -> list[str]:
    """The text of each page of a PDF, by poppler's pdftotext (ten times quicker than pypdf on a
    whole kit, with the same lines)."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = text.split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def page_labels(pdf):
    """(family name, sheet, side) of each page of kit.pdf from its printed label; None for a
    blank page."""
    labels = []
    for page in page_texts(pdf):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        found = None
        for line in lines:
            match = LABEL.search(line)
            if match and "/" in line:
                found = (match["name"].split("  ")[-1], int(match["n"]),
                         SIDE_WORDS.get(match["side"] or "", ""))
        blank = len(lines) <= 2 and not found
        labels.append(None if blank else found)
    return labels


def manifest_of(result):
    return json.loads((result.folder / "kit.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_duplexing_the_whole_kit_puts_nothing_behind_a_one_sided_part(kits, game):
    result = kits[game]
    manifest = manifest_of(result)
    sides = {}
    for row in manifest["print_plan"]:
        for number in range(row["first"], row["last"] + 1):
            sides[number] = row["sides"]
    labels = page_labels(result.folder / "kit.pdf")
    assert len(labels) % 2 == 0 or labels[-1] is not None
    for front in range(1, len(labels), 2):          # sheet = pages front, front + 1
        back = front + 1
        front_label = labels[front - 1]
        back_label = labels[back - 1] if back <= len(labels) else None
        kind = sides.get(front)
        if kind in ("one", "sandwich"):
            assert back_label is None, (game, front, front_label, back_label)
        elif kind == "two":
            assert front_label[2] == "front" and back_label[2] == "back", (game, front)
            assert front_label[:2] == back_label[:2], (game, front, front_label, back_label)
        elif kind == "read" and back_label is not None:
            assert sides.get(back) == "read", (game, front, back)


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_every_printed_page_carries_its_sheet_label(kits, game):
    result = kits[game]
    labels = page_labels(result.folder / "kit.pdf")
    manifest = manifest_of(result)
    printed = {n for c in manifest["components"] for n in c["kit_pages"]}
    for number in printed:
        assert labels[number - 1] is not None, (game, number)
    totals = {}
    for label in filter(None, labels):
        totals.setdefault(label[0], set()).add(label[1])
    for name, numbers in totals.items():
        assert numbers == set(range(1, max(numbers) + 1)), (game, name, numbers)


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_print_plan_covers_every_page_once_and_counts_its_sheets(kits, game):
    manifest = manifest_of(kits[game])
    plan = manifest["print_plan"]
    covered = [n for row in plan for n in range(row["first"], row["last"] + 1)]
    assert len(covered) == len(set(covered))
    printed = {n for c in manifest["components"] for n in c["kit_pages"]}
    assert printed <= set(covered)
    for row in plan:
        pages = row["last"] - row["first"] + 1
        assert row["sheets"] == (pages + 1) // 2          # the kit is printed two-sided
        assert row["paper"] in ("plain", "card", "greyboard")
    papers = [row["paper"] for row in plan]
    assert papers == sorted(papers, key=("plain", "card", "greyboard").index)
    cards = [c for c in manifest["components"] if c["kind"] == "card"]
    assert all(row["paper"] == "card" for row in plan
               for c in cards if row["first"] <= c["kit_pages"][0] <= row["last"])


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_checklist_names_pages_of_kit_pdf(kits, game):
    """The instructions' checklist gives kit.pdf page numbers: the board's row names the pages
    where the kit's labels say the board is."""
    result = kits[game]
    manifest = manifest_of(result)
    reader = PdfReader(str(result.folder / "kit.pdf"))
    entry = next(c for c in manifest["components"] if c["id"] == "instructions")
    text = "".join(reader.pages[n - 1].extract_text() for n in entry["kit_pages"])
    last = manifest["components"][-1]
    pages = last["kit_pages"]
    runs = f"{pages[0]}–{pages[-1]}" if pages[-1] - pages[0] == len(pages) - 1 and \
        len(pages) > 1 else ", ".join(map(str, pages))
    assert runs in text, (game, last["id"], runs)


def target_centres(pdf, index):
    lines = stroked_lines(pdf, index, width_mm=TARGET_WIDTH_MM, tolerance=0.002)
    horizontal = [l for l in lines if abs(l[1] - l[3]) < 0.01 and abs(l[2] - l[0]) < 6]
    vertical = [l for l in lines if abs(l[0] - l[2]) < 0.01 and abs(l[3] - l[1]) < 6]
    return [((h[0] + h[2]) / 2, h[1]) for h in horizontal
            for v in vertical if abs((h[0] + h[2]) / 2 - v[0]) < 0.01
            and abs((v[1] + v[3]) / 2 - h[1]) < 0.01]


def test_registration_targets_meet_through_the_sheet(kits):
    """On each two-sided sheet of cards, the back's cross lies behind the front's, turned over
    the long edge (columns mirrored on a portrait page)."""
    result = kits["conquest-of-the-empire-2"]
    manifest = manifest_of(result)
    pdf = result.folder / "kit.pdf"
    cards = next(c for c in manifest["components"] if c["id"] == "conquest-cards")
    checked = 0
    for number in cards["kit_pages"][::2]:
        width, height = page_size_mm(pdf, number - 1)
        front = target_centres(pdf, number - 1)
        back = target_centres(pdf, number)
        assert len(front) == 1 and len(back) == 1, (number, front, back)
        (fx, fy), (bx, by) = front[0], back[0]
        assert width - bx == pytest.approx(fx, abs=0.1) and by == pytest.approx(fy, abs=0.1)
        checked += 1
    assert checked >= 5


def test_cover_is_the_first_page_in_the_kits_language(kits):
    """Spanish Conquest: the translated title, the players, the print plan and the cover art
    (a form drawn on the page) on page 1; the PDFs name the kit's makers, not the publisher."""
    result = kits["conquest-of-the-empire-2"]
    reader = PdfReader(str(result.folder / "kit.pdf"))
    text = reader.pages[0].extract_text()
    assert "CONQUISTA DEL IMPERIO II" in text and "CONQUEST OF THE EMPIRE" not in text
    assert "2–6 jugadores" in text and "Plan de impresión".upper() in text.upper()
    for row in manifest_of(result)["print_plan"]:
        first = f"{row['first']}–{row['last']}" if row["last"] > row["first"] else str(row["first"])
        assert first in text
    xobjects = reader.pages[0]["/Resources"].get("/XObject") or {}
    assert any(name.startswith("/art") or name.startswith("/FormXob") for name in xobjects)
    author = reader.metadata.author
    assert author and "Eagle" not in author
    assert "forge" in author


def test_one_family_one_paper(content_copy):
    """A family whose components go on different papers is refused, naming them."""
    from forge.errors import UserError
    from forge.kit import context_for, lay_out_kit

    path = content_copy / "demo" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("    name: Bandits\n", "    name: Bandits\n    paper: card\n", 1)
    path.write_text(text, encoding="utf-8")
    game = load_game(content_copy, "demo")
    with pytest.raises(UserError, match="bandits \\(card\\)"):
        lay_out_kit(context_for(game, "en", "a4"))


def test_howto_of_a_group_is_headed_by_the_group(kits):
    """Conquest's coins: one howto under 'Monedas', not under the gold coins' own name."""
    result = kits["conquest-of-the-empire-2"]
    manifest = manifest_of(result)
    reader = PdfReader(str(result.folder / "kit.pdf"))
    entry = next(c for c in manifest["components"] if c["id"] == "instructions")
    text = "".join(reader.pages[n - 1].extract_text() for n in entry["kit_pages"])
    assert "Monedas:" in text
    assert "Monedas de oro (10 talentos):" not in text


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_no_printed_word_in_the_kit_under_six_points(kits, game):
    sizes = text_sizes(kits[game].folder / "kit.pdf")
    assert sizes
    small = [(page + 1, round(size, 2), text) for page, size, text in sizes if size < 5.99]
    assert not small, small[:5]


@pytest.fixture(scope="module")
def one_pass_kits(tmp_path_factory):
    """Conquest printed fronts then backs, and folded."""
    from forge.kit import build_kit
    from forge.printing import PrintOptions

    out = tmp_path_factory.mktemp("passes")
    game = load_game(DEFAULT_CONTENT, "conquest-of-the-empire-2")
    return {backs: build_kit(game, "en", "a4", out / backs, PrintOptions(backs=backs))
            for backs in ("fronts-then-backs", "fold")}


def test_fronts_then_backs_gives_each_pass_its_range(one_pass_kits):
    result = one_pass_kits["fronts-then-backs"]
    manifest = manifest_of(result)
    labels = page_labels(result.folder / "kit.pdf")
    plan = manifest["print_plan"]
    passes = [row for row in plan if row["way"]]
    assert passes and len(passes) % 2 == 0
    for fronts, backs in zip(passes[::2], passes[1::2]):
        assert (fronts["way"], backs["way"]) == ("fronts", "backs")
        assert fronts["parts"] == backs["parts"] and backs["first"] == fronts["last"] + 1
        assert backs["last"] - backs["first"] == fronts["last"] - fronts["first"]
        assert all(labels[n - 1][2] == "front" for n in range(fronts["first"], fronts["last"] + 1))
        assert all(labels[n - 1][2] == "back" for n in range(backs["first"], backs["last"] + 1))
    text = PdfReader(str(result.folder / "kit.pdf")).pages[0].extract_text()
    assert "no part lands behind another" not in text     # not laid out for duplexing


def test_a_kit_printed_on_one_side_has_no_duplex_test(one_pass_kits):
    manifest = manifest_of(one_pass_kits["fold"])
    assert "duplex-test" not in {c["id"] for c in manifest["components"]}
    assert all(row["sides"] != "two" or row["way"] == "" for row in manifest["print_plan"])
