"""Whole kits, measured from the PDFs: sizes, fonts, counts, boxes, manifest, atomic writes."""
import json

import pytest
from pypdf import PdfReader

from forge.layout import PAPERS
from forge.model import MM

pytestmark = pytest.mark.slow
KITS = [(lang, paper) for lang in ("en", "es") for paper in ("a4", "letter")]
FAMILY_FILES = ["instructions.pdf", "calibration.pdf", "reference.pdf", "sheets.pdf", "board.pdf",
                "tokens.pdf", "figures.pdf", "atlas.pdf", "storage.pdf", "kit.pdf"]


def mm(value):
    return float(value) / MM


def page_mm(page):
    box = page.mediabox
    return round(mm(box.width), 1), round(mm(box.height), 1)


@pytest.mark.parametrize("kit", KITS)
def test_kit_folder_holds_every_file(built_kits, kit):
    result = built_kits[kit]
    names = {p.name for p in result.folder.iterdir()}
    large = "board-a3.pdf" if kit[1] == "a4" else "board-tabloid.pdf"
    assert names == set(FAMILY_FILES) | {large, "kit.json"}


@pytest.mark.parametrize("kit", KITS)
def test_every_page_has_the_paper_size(built_kits, kit):
    paper = PAPERS[kit[1]]
    portrait, landscape = (round(paper[0], 1), round(paper[1], 1)), (round(paper[1], 1), round(paper[0], 1))
    for name in FAMILY_FILES:
        for page in PdfReader(built_kits[kit].folder / name).pages:
            assert page_mm(page) in (portrait, landscape), name


@pytest.mark.parametrize("kit", KITS)
def test_large_board_page_and_its_boxes(built_kits, kit, tetrarchia):
    large = "a3" if kit[1] == "a4" else "tabloid"
    reader = PdfReader(built_kits[kit].folder / f"board-{large}.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert page_mm(page) == tuple(round(v, 1) for v in sorted(PAPERS[large], reverse=True))
    board = next(c for c in tetrarchia.meta["components"] if c["id"] == "board")
    trim = page.trimbox
    assert mm(trim.width) == pytest.approx(board["trim"][0], abs=0.1)
    assert mm(trim.height) == pytest.approx(board["trim"][1], abs=0.1)
    bleed = page.bleedbox
    assert mm(bleed.width) == pytest.approx(board["trim"][0] + 2 * board["bleed"], abs=0.1)


def fonts_of(page):
    resources = page.get("/Resources") or {}
    fonts = resources.get("/Font") or {}
    for ref in fonts.values():
        yield ref.get_object()


@pytest.mark.parametrize("kit", KITS)
def test_every_font_is_an_embedded_subset(built_kits, kit):
    reader = PdfReader(built_kits[kit].folder / "kit.pdf")
    seen = set()
    for page in reader.pages:
        for font in fonts_of(page):
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]
            assert "+" in str(font["/BaseFont"]), font["/BaseFont"]
            seen.add(str(font["/BaseFont"]).split("+")[1])
    assert seen, "no fonts found"


@pytest.mark.parametrize("kit", KITS)
def test_manifest_matches_content_and_pdfs(built_kits, kit, tetrarchia):
    result = built_kits[kit]
    manifest = json.loads((result.folder / "kit.json").read_text(encoding="utf-8"))
    assert (manifest["game"], manifest["language"], manifest["paper"]) == ("tetrarchia", *kit)
    assert manifest["edition"] == tetrarchia.meta["edition"]
    declared = {c["id"]: c for c in tetrarchia.meta["components"]}
    assert sorted(c["id"] for c in manifest["components"]) == sorted(declared)
    firsts = [c["kit_pages"][0] for c in manifest["components"]]
    assert firsts == sorted(firsts)         # listed in the order kit.pdf prints them
    for entry in manifest["components"]:
        spec = declared[entry["id"]]
        assert entry["count"] == spec["count"] and entry["kind"] == spec["kind"]
        expected_trim = spec.get("trim", PAPERS[kit[1]])
        assert entry["trim_mm"] == pytest.approx(list(expected_trim), abs=0.01)
        pages = len(PdfReader(result.folder / entry["file"]).pages)
        assert entry["pages"] and max(entry["pages"]) <= pages
    kit_pages = len(PdfReader(result.folder / "kit.pdf").pages)
    assert manifest["pages"] == kit_pages


@pytest.mark.parametrize("kit", KITS)
def test_component_counts_are_what_the_game_declares(built_kits, kit, tetrarchia):
    """Tokens: 21 grey, 21 black, 5 per emperor, 3 fleets, 3 armies; 4 standees; 2 dice."""
    counts = {c["id"]: c["count"] for c in tetrarchia.meta["components"]}
    assert counts["agitation-discs"] == 21 and counts["revolt-discs"] == 21
    assert all(counts[f"discs-{e['id']}"] == 5 for e in tetrarchia.meta["emperors"])
    assert counts["fleets"] == 3 and counts["armies"] == 3 and counts["emperor-standees"] == 4
    manifest = built_kits[kit].manifest
    assert {c["id"]: c["count"] for c in manifest["components"]} == counts


def test_reference_is_at_most_two_pages(built_kits):
    for result in built_kits.values():
        assert len(PdfReader(result.folder / "reference.pdf").pages) <= 2


def test_kit_has_bookmarks_and_metadata(built_kits):
    reader = PdfReader(built_kits[("es", "a4")].folder / "kit.pdf")
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert "Tablero" in titles and len(titles) >= 6
    assert reader.metadata.title.startswith("TETRARCHIA")
    keywords = reader.metadata["/Keywords"]
    for expected in ("game=tetrarchia", "language=es", "paper=a4", "content=1.0", "forge=",
                     "backs=duplex-long", "ink=full"):
        assert expected in keywords
    assert reader.trailer["/Root"]["/Lang"] == "es"


def test_builds_are_byte_identical(tmp_path, tetrarchia, built_kits):
    from forge.kit import build_kit

    again = build_kit(tetrarchia, "en", "a4", tmp_path)
    first = built_kits[("en", "a4")].folder
    for name in FAMILY_FILES:
        assert (again.folder / name).read_bytes() == (first / name).read_bytes(), name


def test_failed_build_keeps_the_previous_kit(tmp_path, tetrarchia, monkeypatch):
    from forge import kit as kit_module
    from forge.errors import UserError

    good = kit_module.build_kit(tetrarchia, "en", "a4", tmp_path)
    before = {p.name: p.read_bytes() for p in good.folder.iterdir()}

    def broken(*args, **kwargs):
        raise UserError("drawing failed")

    monkeypatch.setattr(kit_module, "write_pdf", broken)
    with pytest.raises(UserError):
        kit_module.build_kit(tetrarchia, "en", "a4", tmp_path, force=True)
    after = {p.name: p.read_bytes() for p in good.folder.iterdir()}
    assert after == before
    assert [p.name for p in good.folder.parent.iterdir()] == ["a4"]
