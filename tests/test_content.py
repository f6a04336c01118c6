"""Loading content files: data, line numbers, and clear errors for broken YAML."""
import pytest

from forge.content import format_path, load_doc
from forge.errors import ContentError


def write(tmp_path, text, name="board.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_values_keep_their_lines(tmp_path):
    doc = load_doc(write(tmp_path, "size: [1, 2]\nlinks:\n  - from: A\n    to: B\n"))
    assert doc.data == {"size": [1, 2], "links": [{"from": "A", "to": "B"}]}
    assert doc.line(("links", 0, "to")) == 4
    assert doc.line(("links", 0, "missing")) == 3     # falls back to the enclosing entry


def test_duplicate_key_names_its_line(tmp_path):
    with pytest.raises(ContentError) as err:
        load_doc(write(tmp_path, "a: 1\nb:\n  c: 1\n  c: 2\n"))
    assert "board.yaml:4 b.c: duplicate key 'c'" in str(err.value)


def test_syntax_error_names_its_line(tmp_path):
    with pytest.raises(ContentError) as err:
        load_doc(write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n"))
    assert "board.yaml:3" in str(err.value)
    assert "not valid YAML" in str(err.value)


def test_not_utf8(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_bytes(b"name: \xff\xfe\n")
    with pytest.raises(ContentError) as err:
        load_doc(path)
    assert "not UTF-8" in str(err.value)


def test_field_paths_read_like_code():
    assert format_path(("links", 57, "to")) == "links[57].to"
    assert format_path(()) == ""
