"""Checks every built kit must pass, shared by the games' kit tests: each takes a kit as built
(forge.kit.build_kit's result) and returns what is wrong, empty when nothing is."""
from __future__ import annotations

from pdfgeom import text_sizes
from pypdf import PdfReader
from test_print_plan import manifest_of, page_labels


def unbuilt_components(result, game: dict) -> dict:
    """The components game.yaml declares that the kit does not hold as many times: {id:
    (declared, built)}."""
    declared = {c["id"]: c["count"] for c in game["components"]}
    built = {c["id"]: c["count"] for c in manifest_of(result)["components"]}
    return {key: (declared.get(key), built.get(key)) for key in declared.keys() | built.keys()
            if declared.get(key) != built.get(key)}


def duplex_problems(result) -> list[tuple]:
    """Printed whole and two-sided, as the cover says: a page behind a one-sided page, or a
    back that is not the same sheet of the same part as the front before it."""
    sides = {n: row["sides"] for row in manifest_of(result)["print_plan"]
             for n in range(row["first"], row["last"] + 1)}
    labels = page_labels(result.folder / "kit.pdf")
    problems = []
    for front in range(1, len(labels), 2):
        front_label, back_label = labels[front - 1], labels[front]
        if sides.get(front) in ("one", "sandwich") and back_label is not None:
            problems.append((front, front_label, back_label))
        elif sides.get(front) == "two" and not (
                front_label[2] == "front" and back_label[2] == "back"
                and front_label[:2] == back_label[:2]):
            problems.append((front, front_label, back_label))
    return problems


def words_under(result, points: float = 6.0) -> list[tuple]:
    """(page, size, text) of every printed word smaller than `points`; None when the kit
    prints no text at all."""
    sizes = text_sizes(result.folder / "kit.pdf")
    if not sizes:
        return None
    return [(page + 1, round(size, 2), text) for page, size, text in sizes
            if size < points - 0.01]


def page_text(result, page: int) -> str:
    """The words of one page of kit.pdf (1 = the first), on one line."""
    reader = PdfReader(str(result.folder / "kit.pdf"))
    return " ".join(reader.pages[page - 1].extract_text().split())
