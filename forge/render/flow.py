"""Lay out text sheets: a small XML markup, rendered from a template, becomes platypus flowables.

Templates write the markup; `build` turns it into flowables, `paginate` splits them into boxes
(raising `Overflow` when they need more boxes than allowed: text never overflows its box), and
`draw_box` draws one box's flowables on a piece's millimetre canvas.

The vocabulary. Block elements:

    <sheet body="sans" size="8" leading="9.6" ink="#..." accent="#..." tint="#..." muted="#...">
                          the root; body font (sans or serif), base size and leading in points,
                          colours of text, headings, shaded fills and notes
    <h1> <h2> <h3>        headings in the serif face (h1 title, h2 section, h3 small heading);
                          attribute caps="1" prints them in capitals; align="center"
    <p>                   a paragraph; align="left|center|right|justify", size="7" (points),
                          font="serif|sans", style="note" (italic, muted), indent="4" (mm),
                          space="1" (mm after)
    <ul> <ol start="1">   lists of <li>; <li label="*"> replaces the bullet or number
    <table widths="*,12mm" header="1" grid="#..." stripe="#...">
                          rows <tr> of cells <td> / <th> (header cells, bold); widths: '*' or
                          '2*' share what is left, '30%' of the width, '12mm', or plain points;
                          a cell may say align="right" or span="2"
    <box fill="#..." stroke="#..." pad="2">   its blocks on a tinted panel (pad in mm)
    <columns n="2" gap="5" rule="#...">       its blocks flowed into n balanced columns
    <keep>                its blocks kept together in one column or page
    <space mm="2"/>       vertical space        <hr/> a thin rule across the box
    <ruler mm="50"/> or <ruler in="2"/>       a scale ruler exactly that long, label="..." beside it

Inline, inside p, li, td, th and headings: <b>, <i>, <br/>, and <dot color="#..."/> (a disc glyph
in that colour; ring="1" draws an empty ring). Sizes are points, lengths millimetres. Headings
keep with the block after them.

A line never breaks at a no-break space (U+00A0; U+202F, which reportlab takes for a breaking
space, is set as U+00A0). Words are hyphenated by the rules of the text's language (the markup's
`lang`, which forge/render/sheets.py's render_markup gives it; pyphen's dictionaries, see
textfit.py) where a word is wider than its column: that paragraph alone, never cut between two
letters as reportlab would. A sheet whose text is too long for its box is first set smaller (the
sizes its maker tries); `layout` hyphenates the whole text only as the last resort.

The markup comes from templates a game folder may replace, so it is checked whole before anything
is laid out (ATTRIBUTES): only these elements, each with only its own attributes, numbers in a
sane range (`n` of columns 1-6, text sizes 4-72 pt...), colours as #rrggbb; no DOCTYPE, at most
MAX_DEPTH levels and MAX_ELEMENTS elements. A mistake names the markup's line; when the markup
came from a template (forge/render/sandbox.py's TemplateOutput), it is a ContentError naming the
template file and line that wrote it.
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Callable
from xml.parsers import expat

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from forge import fonts
from forge.errors import ContentError, Problem, UserError
from forge.i18n import messages_translator
from forge.model import MM, PT
from forge.render import textfit

_ = messages_translator()._

EPS = 1e-6
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
DISC = "\u25cf"             # ● drawn by <dot/>
HUGE = 1e6


class Overflow(UserError):
    """A sheet's text does not fit the box (or the number of pages) it is given."""


# --- styles -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Look:
    """The base look of a sheet, read from the <sheet> element."""

    body: str
    size: float
    leading: float
    ink: str
    accent: str
    tint: str
    muted: str
    where: str
    min_size: float
    lang: str = ""              # pyphen's code of the text's language ('' when it has none)
    hyphenate: bool = False     # hyphenate every paragraph, not only those with a word too wide
    markup: str = field(default="", compare=False)
    lines: dict = field(default_factory=dict, compare=False)   # element -> line of the markup

    @property
    def bold(self) -> str:
        """The bold face of the body font."""
        return fonts.SANS_BOLD if self.body == fonts.SANS else fonts.SERIF_BOLD

    @property
    def italic(self) -> str:
        """The italic face of the body font."""
        return fonts.SANS_ITALIC if self.body == fonts.SANS else fonts.SERIF_ITALIC


def _look(root: ET.Element, where: str, min_size: float, markup: str, lines: dict,
          lang: str = "", hyphenate: bool = False) -> Look:
    size = float(root.get("size", "8"))
    body = {"sans": fonts.SANS, "serif": fonts.SERIF}[root.get("body", "sans")]
    return Look(body=body, size=size, leading=float(root.get("leading", size * 1.2)),
                ink=root.get("ink", "#000000"), accent=root.get("accent", "#000000"),
                tint=root.get("tint", "#eeeeee"), muted=root.get("muted", "#444444"),
                where=where, min_size=min_size, lang=lang, hyphenate=hyphenate and bool(lang),
                markup=markup, lines=lines)


def _style(look: Look, name: str, **changes) -> ParagraphStyle:
    base = dict(fontName=look.body, fontSize=look.size, leading=look.leading,
                textColor=colors.HexColor(look.ink), spaceAfter=look.size * 0.35)
    base.update(changes)
    style = ParagraphStyle(name, **base)
    if style.fontSize < look.min_size - EPS:
        raise UserError(f"{look.where}: text set at {style.fontSize:g} pt, below the "
                        f"{look.min_size:g} pt this sheet needs to be readable in print")
    return style


def _heading_style(look: Look, level: int) -> ParagraphStyle:
    scale, space_before = {1: (2.6, 0.0), 2: (1.55, 0.9), 3: (1.12, 0.45)}[level]
    size = look.size * scale
    font = fonts.SERIF_ITALIC if level == 3 else fonts.SERIF
    color = look.ink if level == 1 else look.accent
    return _style(look, f"h{level}", fontName=font, fontSize=size, leading=size * 1.12,
                  textColor=colors.HexColor(color), spaceBefore=look.size * space_before,
                  spaceAfter=look.size * (0.25 if level > 1 else 0.4), keepWithNext=1)


# --- inline markup ------------------------------------------------------------------------------

_DOT = re.compile(r'<dot\s+color="(#[0-9a-fA-F]{6})"(\s+ring="1")?\s*/>')
RING = "\u25cb"             # ○ drawn by <dot ring="1"/>
_TAG = re.compile(r"<[^>]+>")


def _inline(element: ET.Element, caps: bool = False) -> str:
    """The paragraph markup inside an element, with <dot/> turned into a coloured disc glyph."""
    parts = [html.escape(element.text or "", quote=False)]
    for child in element:
        parts.append(ET.tostring(child, encoding="unicode"))
    text = "".join(parts).strip()
    text = re.sub(r"[^\S\u00a0\u202f]+", " ", text).replace("\u202f", "\u00a0")
    if caps:
        text = _upper_outside_tags(text)
    return _DOT.sub(lambda m: f'<font name="{fonts.SANS}" color="{m.group(1)}">'
                              f'{RING if m.group(2) else DISC}</font>', text)


def _upper_outside_tags(text: str) -> str:
    pieces = re.split(r"(<[^>]+>|&[a-z#0-9]+;)", text)
    return "".join(p if p.startswith(("<", "&")) else p.upper() for p in pieces)


def _check_glyphs(markup: str, style: ParagraphStyle, look: Look) -> None:
    """Raise if a font of the paragraph cannot draw one of its characters (no fallback exists)."""
    plain_font, bold_font = style.fontName, _bold_of(style.fontName)
    segments = [(bold_font if bold else plain_font, text)
                for bold, text in _bold_segments(markup)]
    for font, text in segments:
        missing = fonts.missing_glyphs(text, font)
        if missing:
            shown = "".join(sorted(missing))
            raise UserError(f"{look.where}: the font {font} cannot draw '{shown}' in "
                            f"\"{_plain(markup)[:60]}\"")


def _bold_of(font: str) -> str:
    return {fonts.SANS: fonts.SANS_BOLD, fonts.SANS_ITALIC: fonts.SANS_BOLD,
            fonts.SERIF: fonts.SERIF_BOLD, fonts.SERIF_ITALIC: fonts.SERIF_BOLD}.get(font, font)


def _bold_segments(markup: str):
    """(is_bold, plain text) pieces of a markup string; <font name=..> pieces are skipped."""
    markup = re.sub(r"<font name=[^>]*>.*?</font>", "", markup)
    for i, piece in enumerate(re.split(r"</?b>", markup)):
        yield i % 2 == 1, _plain(piece)


def _plain(markup: str) -> str:
    return html.unescape(_TAG.sub("", markup))


def _paragraph(markup: str, style: ParagraphStyle, look: Look, **extra) -> Paragraph:
    _check_glyphs(markup, style, look)
    if look.hyphenate:
        markup = _soft_hyphens(markup, look.lang)
    return Text(markup, style, where=look.where, lang=look.lang, **extra)


SOFT_HYPHEN = "\u00ad"
_LONG_WORD = re.compile(rf"[^\W\d_]{{{textfit.MIN_HYPHENATED},}}")


def _soft_hyphens(markup: str, lang: str) -> str:
    """The markup with a soft hyphen wherever the language lets its words break (outside tags
    and entities): reportlab ends a line there with a hyphen, and prints nothing elsewhere."""
    pieces = re.split(r"(<[^>]+>|&[a-z#0-9]+;)", markup)
    return "".join(piece if piece.startswith(("<", "&")) else
                   _LONG_WORD.sub(lambda m: textfit.hyphenated(m.group(0), lang, SOFT_HYPHEN),
                                  piece) for piece in pieces)


class Text(Paragraph):
    """A paragraph whose every line fits its width: a word wider than its column is hyphenated
    in the paragraph's language (`lang`), and an Overflow when it cannot be (reportlab would cut
    it between two letters, without a hyphen)."""

    def __init__(self, text, style: ParagraphStyle, where: str = "", lang: str = "", **extra):
        style.splitLongWords = 0
        super().__init__(text, style, **extra)
        self.where, self.lang, self.markup = where, lang, text

    def wrap(self, available_width, available_height):
        result = super().wrap(available_width, available_height)
        wide = _too_wide(self.blPara.lines)
        if wide is not None and self.lang and self.markup is not None:
            hyphenated = _soft_hyphens(self.markup, self.lang)
            super().__init__(hyphenated, self.style, bulletText=self.bulletText)
            self.lang = ""              # hyphenated already: once is all it can do
            result = super().wrap(available_width, available_height)
            wide = _too_wide(self.blPara.lines)
        if wide is not None:
            raise Overflow(f"{self.where}: \"{wide[:60]}\" is wider than its "
                           f"{available_width * PT:.1f} mm column, in "
                           f"\"{self.getPlainText()[:60]}\"")
        return result


def _too_wide(lines) -> str | None:
    """The word of a line that holds one word wider than the line (reportlab shrinks the
    spaces of a line of several words a little to fit it, which is no overflow)."""
    for line in lines:
        extra, words = (line.extraSpace, line.words) if hasattr(line, "extraSpace") else line
        if extra < -0.01 and getattr(line, "wordCount", len(words)) <= 1:
            return " ".join(getattr(w, "text", w) for w in words).replace(SOFT_HYPHEN, "")
    return None


# --- reading and checking the markup -----------------------------------------------------------

MAX_DEPTH = 16              # elements inside elements (sheet > columns > table > tr > td > b...)
MAX_ELEMENTS = 20_000       # elements in one sheet's markup

_NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
_WIDTH = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(\*|%|mm)?|\*")


def _number(low: float, high: float, whole: bool = False) -> Callable[[str], str | None]:
    """A check of a number attribute: the message when the value is not one from low to high."""
    def check(value: str) -> str | None:
        if not _NUMBER.fullmatch(value.strip()) or (whole and "." in value) or \
                not low <= float(value) <= high:
            kind = _("a whole number") if whole else _("a number")
            return _("must be {kind} from {low:g} to {high:g}").format(kind=kind, low=low,
                                                                       high=high)
        return None
    return check


def _one_of(*choices: str) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        return None if value in choices else _("must be one of: {choices}").format(
            choices=", ".join(choices))
    return check


def _color(value: str) -> str | None:
    return None if _COLOR.fullmatch(value) else _("must be a colour written #rrggbb")


def _label(value: str) -> str | None:
    if len(value) > 100 or "<" in value or "&" in value:
        return _("must be plain text of at most 100 characters")
    return None


def _widths(value: str) -> str | None:
    """Column widths: '*' or '2*' (shares), '30%', '12mm' or points, separated by commas."""
    for width in value.split(","):
        match = _WIDTH.fullmatch(width.strip())
        limit = {"*": 100, "%": 100, "mm": 500, None: 1500}
        if not match or (match.group(1) and not
                         0 < float(match.group(1)) <= limit[match.group(2)]):
            return _("must list column widths such as '*', '2*', '30%', '12mm' or points "
                     "(not '{width}')").format(width=width.strip()[:20])
    return None


_ALIGN = _one_of(*ALIGN)
_FONT = _one_of("sans", "serif")
_CAPS = _one_of("0", "1")
_HEADING = {"caps": _CAPS, "align": _ALIGN}
_CELL = {"align": _ALIGN, "span": _number(1, 50, whole=True)}

ATTRIBUTES: dict[str, dict[str, Callable[[str], str | None]]] = {
    "sheet": {"body": _FONT, "size": _number(4, 36), "leading": _number(4, 48), "ink": _color,
              "accent": _color, "tint": _color, "muted": _color},
    "h1": _HEADING, "h2": _HEADING, "h3": _HEADING,
    "p": {"align": _ALIGN, "size": _number(4, 72), "font": _FONT, "style": _one_of("note"),
          "indent": _number(0, 100), "space": _number(0, 50)},
    "ul": {}, "ol": {"start": _number(0, 9999, whole=True)}, "li": {"label": _label},
    "table": {"widths": _widths, "header": _number(0, 100, whole=True), "grid": _color,
              "stripe": _color},
    "tr": {}, "td": _CELL, "th": _CELL,
    "box": {"fill": _color, "stroke": _color, "pad": _number(0, 20)},
    "columns": {"n": _number(1, 6, whole=True), "gap": _number(0, 30), "rule": _color},
    "keep": {}, "space": {"mm": _number(0, 200)}, "hr": {"color": _color},
    "ruler": {"mm": _number(1, 500), "in": _number(0.1, 20), "label": _label},
    "b": {}, "i": {}, "br": {}, "dot": {"color": _color, "ring": _one_of("1")},
}
_BLOCK_TAGS = ("h1", "h2", "h3", "p", "ul", "ol", "table", "box", "columns", "keep", "space",
               "hr", "ruler")
_INLINE_TAGS = ("b", "i", "br", "dot")
CHILDREN = {"sheet": _BLOCK_TAGS, "box": _BLOCK_TAGS, "columns": _BLOCK_TAGS,
            "keep": _BLOCK_TAGS, "ul": ("li",), "ol": ("li",), "table": ("tr",),
            "tr": ("td", "th"), **{tag: _INLINE_TAGS for tag in
                                   ("h1", "h2", "h3", "p", "li", "td", "th", "b", "i")}}
REQUIRED = {"dot": ("color",)}


def parse(xml: str, where: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The markup's element tree and the line of each element; no DOCTYPE (and so no entity
    declarations), at most MAX_DEPTH levels and MAX_ELEMENTS elements."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    lines: dict[ET.Element, int] = {}
    depth = [0]

    def start(tag: str, attributes: dict) -> None:
        depth[0] += 1
        line = parser.CurrentLineNumber
        if depth[0] > MAX_DEPTH or len(lines) >= MAX_ELEMENTS:
            raise markup_error(xml, where, line, _(
                "the markup nests more than {depth} levels deep or holds more than {count} "
                "elements").format(depth=MAX_DEPTH, count=MAX_ELEMENTS))
        lines[builder.start(tag, attributes)] = line

    def end(tag: str) -> None:
        depth[0] -= 1
        builder.end(tag)

    def doctype(*_args) -> None:
        raise markup_error(xml, where, parser.CurrentLineNumber, _(
            "the markup may not hold a DOCTYPE"))

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.buffer_text = True
    try:
        parser.Parse(xml, True)
    except expat.ExpatError as err:
        raise markup_error(xml, where, err.lineno, _(
            "the template produced malformed markup ({reason})").format(
            reason=expat.ErrorString(err.code))) from None
    return builder.close(), lines


def _check_element(element: ET.Element, xml: str, where: str, lines: dict) -> None:
    """One element of the markup: known, with its own attributes in range, holding only what it
    may hold."""
    def fail(message: str) -> UserError:
        return markup_error(xml, where, lines.get(element, 0), message)

    checks = ATTRIBUTES.get(element.tag)
    if checks is None:
        raise fail(_("unknown element <{tag}> in the markup").format(tag=element.tag))
    for name, value in element.attrib.items():
        if name not in checks:
            known = ", ".join(checks) or _("none")
            raise fail(_("<{tag}> has no attribute '{name}' (it has: {known})").format(
                tag=element.tag, name=name, known=known))
        problem = checks[name](value)
        if problem:
            raise fail(_("<{tag} {name}=\"{value}\">: {name} {problem}").format(
                tag=element.tag, name=name, value=value[:30], problem=problem))
    for name in REQUIRED.get(element.tag, ()):
        if name not in element.attrib:
            raise fail(_("<{tag}> needs {name}=\"...\"").format(tag=element.tag, name=name))
    allowed = CHILDREN.get(element.tag, ())
    for child in element:
        if child.tag not in allowed and child.tag in ATTRIBUTES:  # unknown ones: named on their turn
            inside = ", ".join(f"<{tag}>" for tag in allowed) or _("nothing")
            raise markup_error(xml, where, lines.get(child, 0), _(
                "<{child}> cannot stand inside <{tag}>, which holds {inside}").format(
                child=child.tag, tag=element.tag, inside=inside))
    if not allowed and (element.text or "").strip():
        raise fail(_("<{tag}> holds no text").format(tag=element.tag))
    if element.tag == "dot" and "ring" in element.attrib:    # the order _DOT expects
        element.set("ring", element.attrib.pop("ring"))


def markup_error(xml: str, where: str, line: int, message: str) -> UserError:
    """A mistake at a line of the markup: a ContentError naming the template file and line
    when the markup remembers its template (see forge/render/sandbox.py), else a UserError."""
    locate = getattr(xml, "locate", None)
    if locate is not None:
        path, template_line = locate(line)
        if path is not None:
            return ContentError([Problem(path, template_line, "", f"{where}: {message}")])
    return UserError(_("{where}: {problem} (line {line} of the markup)").format(
        where=where, line=line, problem=message))


def _fault(look: Look, element: ET.Element, message: str) -> UserError:
    return markup_error(look.markup, look.where, look.lines.get(element, 0), message)


# --- block elements -----------------------------------------------------------------------------

def build(xml: str, *, where: str, min_size: float = 0.0, lang: str | None = None,
          hyphenate: bool = False) -> list[Flowable]:
    """The flowables of a sheet written in the markup above.

    `where` names the sheet in error messages ("summary sheet 'galerius' (es, a4)"); every text
    style must be at least `min_size` points; `lang`: the text's language (by default the
    markup's own), whose rules hyphenate a word too wide for its column, and every paragraph
    when `hyphenate`.
    """
    fonts.register_fonts()
    root, lines = parse(xml, where)
    if root.tag != "sheet":
        raise markup_error(xml, where, 1, _(
            "the markup must start with <sheet>, not <{tag}>").format(tag=root.tag))
    for element in root.iter():
        _check_element(element, xml, where, lines)
    code = textfit.hyphenation_language(getattr(xml, "lang", "") if lang is None else lang)
    look = _look(root, where, min_size, xml, lines, code, hyphenate)
    return _blocks(root, look)


def _blocks(parent: ET.Element, look: Look) -> list[Flowable]:
    if (parent.text or "").strip():
        raise _fault(look, parent, _("stray text in <{tag}>: '{text}'").format(
            tag=parent.tag, text=parent.text.strip()[:40]))
    flowables: list[Flowable] = []
    for element in parent:
        handler = _BLOCKS.get(element.tag)
        if handler is None:
            raise _fault(look, element, _("<{tag}> cannot stand here: only blocks ({blocks}) "
                                          "can").format(tag=element.tag,
                                                        blocks=", ".join(_BLOCKS)))
        flowables += handler(element, look)
        if (element.tail or "").strip():
            raise _fault(look, element, _("stray text after <{tag}>: '{text}'").format(
                tag=element.tag, text=element.tail.strip()[:40]))
    return flowables


def _heading(level: int):
    def make(element: ET.Element, look: Look) -> list[Flowable]:
        style = _heading_style(look, level)
        if element.get("align"):
            style.alignment = ALIGN[element.get("align")]
        return [_paragraph(_inline(element, caps=element.get("caps") == "1"), style, look)]
    return make


def _p(element: ET.Element, look: Look) -> list[Flowable]:
    family = {"sans": fonts.SANS, "serif": fonts.SERIF}[element.get("font", "")] \
        if element.get("font") else look.body
    changes = {"fontName": family}
    if element.get("style") == "note":
        italic = fonts.SANS_ITALIC if family == fonts.SANS else fonts.SERIF_ITALIC
        changes.update(fontName=italic, textColor=colors.HexColor(look.muted))
    if element.get("size"):
        size = float(element.get("size"))
        changes.update(fontSize=size, leading=size * look.leading / look.size)
    if element.get("align"):
        changes["alignment"] = ALIGN[element.get("align")]
    if element.get("indent"):
        changes["leftIndent"] = float(element.get("indent")) * MM
    if element.get("space"):
        changes["spaceAfter"] = float(element.get("space")) * MM
    return [_paragraph(_inline(element), _style(look, "p", **changes), look)]


def _list(element: ET.Element, look: Look) -> list[Flowable]:
    ordered = element.tag == "ol"
    number = int(element.get("start", "1"))
    indent = look.size * (1.5 if ordered else 1.1)
    bullet_font = look.bold if ordered else look.body
    bullet = dict(leftIndent=indent, bulletIndent=0, bulletFontName=bullet_font,
                  bulletFontSize=look.size)
    inner = _style(look, element.tag, spaceAfter=look.size * 0.2, **bullet)
    last = _style(look, element.tag + "-last", **bullet)
    entries = list(element)
    items = []
    for i, li in enumerate(entries):
        if li.tag != "li":
            raise _fault(look, li, _("<{tag}> holds <li> items, not <{child}>").format(
                tag=element.tag, child=li.tag))
        label = li.get("label") or (f"{number}." if ordered else "\u2022")
        number += 1
        style = last if i == len(entries) - 1 else inner
        items.append(_paragraph(_inline(li), style, look, bulletText=label))
    return items


def _check_table(element: ET.Element, look: Look) -> None:
    """A table's rows all span the same columns, as many as its widths; its header rows exist."""
    spans = [sum(int(td.get("span", "1")) for td in tr) for tr in element]
    widths = element.get("widths")
    columns = len(widths.split(",")) if widths else (spans[0] if spans else 0)
    if not spans or any(span != columns or span == 0 for span in spans):
        raise _fault(look, element, _(
            "a table needs rows that all have the same number of cells ({columns}, with "
            "spans; rows here: {rows})").format(columns=columns,
                                                rows=", ".join(map(str, spans)) or "0"))
    if int(element.get("header", "0")) > len(spans):
        raise _fault(look, element, _("header=\"{header}\" but the table has {rows} rows")
                     .format(header=element.get("header"), rows=len(spans)))


def _table(element: ET.Element, look: Look) -> list[Flowable]:
    _check_table(element, look)
    cell = _style(look, "td", spaceAfter=0)
    head = _style(look, "th", fontName=look.bold, spaceAfter=0)
    rows, spans = [], []
    for r, tr in enumerate(element):
        row, c = [], 0
        for td in tr:
            style = head if td.tag == "th" else cell
            if td.get("align"):
                style = _style(look, f"{td.tag}-{td.get('align')}", fontName=style.fontName,
                               spaceAfter=0, alignment=ALIGN[td.get("align")])
            row.append(_paragraph(_inline(td), style, look))
            span = int(td.get("span", "1"))
            if span > 1:
                spans.append(("SPAN", (c, r), (c + span - 1, r)))
                row += [""] * (span - 1)
            c += span
        rows.append(row)
    widths = element.get("widths")
    col_widths = [_width(w.strip()) for w in widths.split(",")] if widths else None
    header = int(element.get("header", "0"))
    grid = colors.HexColor(element.get("grid", look.tint))
    commands = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), look.size * 0.3),
                ("RIGHTPADDING", (0, 0), (-1, -1), look.size * 0.3),
                ("TOPPADDING", (0, 0), (-1, -1), look.size * 0.12),
                ("BOTTOMPADDING", (0, 0), (-1, -1), look.size * 0.22),
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, grid),
                ("FONTNAME", (0, 0), (-1, -1), look.body)] + spans   # never reportlab's Helvetica
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, header - 1), colors.HexColor(look.tint)))
    if element.get("stripe"):
        commands.append(("ROWBACKGROUNDS", (0, header), (-1, -1),
                         [colors.white, colors.HexColor(element.get("stripe"))]))
    table = Table(rows, colWidths=col_widths, repeatRows=header, style=TableStyle(commands),
                  hAlign="LEFT", spaceAfter=look.size * 0.45)
    return [table]


def _width(text: str):
    """A column width: '*' or '2*' (shares), '30%' (of the width), '12mm', or points."""
    if text.endswith(("*", "%")):
        return text
    if text.endswith("mm"):
        return float(text[:-2]) * MM
    return float(text)


def _box(element: ET.Element, look: Look) -> list[Flowable]:
    pad = float(element.get("pad", "2")) * MM
    inner = _blocks(element, look)
    fill = colors.HexColor(element.get("fill", look.tint))
    commands = [("BACKGROUND", (0, 0), (-1, -1), fill),
                ("FONTNAME", (0, 0), (-1, -1), look.body),   # never reportlab's Helvetica
                ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad * 0.7),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.4)]
    if element.get("stroke"):
        commands.append(("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor(element.get("stroke"))))
    return [Table([[inner]], colWidths=["100%"], style=TableStyle(commands), hAlign="LEFT",
                  spaceAfter=look.size * 0.5)]


def _columns(element: ET.Element, look: Look) -> list[Flowable]:
    rule = element.get("rule")
    return [Columns(_blocks(element, look), int(element.get("n", "2")),
                    float(element.get("gap", "5")) * MM, rule)]


def _keep(element: ET.Element, look: Look) -> list[Flowable]:
    return [Keep(_blocks(element, look))]


def _space(element: ET.Element, look: Look) -> list[Flowable]:
    return [Spacer(1, float(element.get("mm", "2")) * MM)]


def _hr(element: ET.Element, look: Look) -> list[Flowable]:
    return [Rule(colors.HexColor(element.get("color", look.accent)), look.size * 0.4)]


def _ruler(element: ET.Element, look: Look) -> list[Flowable]:
    if element.get("mm"):
        ruler = Ruler(float(element.get("mm")) * MM, "mm", element.get("label", ""), look)
    elif element.get("in"):
        ruler = Ruler(float(element.get("in")) * 72.0, "in", element.get("label", ""), look)
    else:
        raise _fault(look, element, _("<ruler> needs mm=\"...\" or in=\"...\""))
    return [ruler]


_BLOCKS = {"h1": _heading(1), "h2": _heading(2), "h3": _heading(3), "p": _p, "ul": _list,
           "ol": _list, "table": _table, "box": _box, "columns": _columns, "keep": _keep,
           "space": _space, "hr": _hr, "ruler": _ruler}


# --- flowables of our own -----------------------------------------------------------------------

class Rule(Flowable):
    """A thin horizontal line across the available width."""

    def __init__(self, color, space: float):
        super().__init__()
        self.color, self.spaceBefore, self.spaceAfter = color, space, space

    def wrap(self, available_width, available_height):
        self.width = available_width
        return available_width, 0.6

    def draw(self):
        self.canv.setStrokeColor(self.color)
        self.canv.setLineWidth(0.6)
        self.canv.line(0, 0.3, self.width, 0.3)


class Ruler(Flowable):
    """A scale bar exactly `length` points long, with ticks, for checking the print scale.

    After drawing, `drawn_at` holds the bar's two ends in the page's default coordinates
    (points), so tests can measure the printed length through every transformation.
    """

    def __init__(self, length: float, unit: str, label: str, look: Look):
        super().__init__()
        self.length, self.unit, self.label, self.look = length, unit, label, look
        self.height = 5.5 * MM
        self.drawn_at: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.spaceAfter = look.size * 0.5

    def wrap(self, available_width, available_height):
        label = fonts.text_width(self.label, self.look.body, self.look.size) if self.label else 0
        if self.length + label + 3 * MM > available_width + EPS:
            raise UserError(f"{self.look.where}: a {self.length * PT:.1f} mm ruler does not fit "
                            f"a {available_width * PT:.1f} mm wide box")
        self.width = available_width
        return available_width, self.height

    def _ticks(self):
        """(position, tick length) along the bar, in points."""
        if self.unit == "mm":
            count, step = round(self.length / MM), MM
            return [(i * step, 2.6 * MM if i % 10 == 0 else 1.8 * MM if i % 5 == 0 else 1.0 * MM)
                    for i in range(count + 1)]
        count, step = round(self.length / 72.0 * 8), 72.0 / 8
        return [(i * step, 2.6 * MM if i % 8 == 0 else 1.8 * MM if i % 4 == 0 else 1.0 * MM)
                for i in range(count + 1)]

    def draw(self):
        c, ink = self.canv, colors.HexColor(self.look.ink)
        base = 1.2 * MM
        c.setStrokeColor(ink)
        c.setLineWidth(0.5)
        c.line(0, base, self.length, base)
        for x, tick in self._ticks():
            c.line(x, base, x, base + tick)
        if self.label:
            c.setFillColor(ink)
            c.setFont(self.look.body, self.look.size)
            c.drawString(self.length + 3 * MM, base + 0.6 * MM, self.label)
        self.drawn_at = (c.absolutePosition(0, base), c.absolutePosition(self.length, base))


class Keep(Flowable):
    """Blocks that stay together: they move whole to the next column or page."""

    def __init__(self, content: list[Flowable]):
        super().__init__()
        self.content = content
        if content:
            self.spaceBefore = content[0].getSpaceBefore()
            self.spaceAfter = content[-1].getSpaceAfter()

    def wrap(self, available_width, available_height):
        self.width = available_width
        self.height = _stack_height(self.content, available_width)
        return available_width, self.height

    def split(self, available_width, available_height):
        return []

    def draw(self):
        _draw_stack(self.canv, self.content, 0, self.height, self.width)


class Columns(Flowable):
    """Blocks flowed into `n` columns of equal width, balanced to the shortest height."""

    def __init__(self, content: list[Flowable], n: int, gap: float, rule: str | None = None,
                 filled: list[list[Flowable]] | None = None, full: float = 0.0):
        super().__init__()
        self.content, self.n, self.gap, self.rule = content, n, gap, rule
        self.filled = filled            # set for the part of a split that fills its box...
        self.full = full                # ...and the height of that box, which it takes whole
        self.columns: list[list[Flowable]] = []
        self._balanced: dict[float, tuple[float, list[list[Flowable]]]] = {}   # width -> result

    def _column_width(self, width: float) -> float:
        return (width - self.gap * (self.n - 1)) / self.n

    def _fill_columns(self, width: float, height: float):
        rest, columns = list(self.content), []
        for _ in range(self.n):
            placed, rest = fill(rest, self._column_width(width), height)
            columns.append(placed)
        return columns, rest

    def wrap(self, available_width, available_height):
        self.width = available_width
        if self.filled is not None:
            self.columns = self.filled
            self.height = max([self.full] + [_stack_height(c, self._column_width(available_width))
                                             for c in self.columns])
            return available_width, self.height
        known = self._balanced.get(available_width)
        if known and known[0] <= available_height + EPS:
            self.height, self.columns = known
            return available_width, self.height
        columns, rest = self._fill_columns(available_width, available_height)
        if rest:                        # too tall for the box: report the single-column height
            self.columns = columns
            self.height = _stack_height(self.content, self._column_width(available_width))
            return available_width, self.height
        low = 0.0
        single = _stack_height(self.content, self._column_width(available_width))
        high = min(available_height, single)
        while high - low > 0.05:        # the shortest height at which every block fits
            middle = (low + high) / 2
            if self._fill_columns(available_width, middle)[1]:
                low = middle
            else:
                high = middle
        self.columns = self._fill_columns(available_width, high)[0]
        self.height = high
        self._balanced[available_width] = (high, self.columns)
        return available_width, self.height

    def split(self, available_width, available_height):
        if self.filled is not None:
            return []
        columns, rest = self._fill_columns(available_width, available_height)
        if not any(columns):
            return []
        first = Columns([], self.n, self.gap, self.rule, filled=columns, full=available_height)
        return [first, Columns(rest, self.n, self.gap, self.rule)] if rest else [first]

    def draw(self):
        width = self._column_width(self.width)
        for i, column in enumerate(self.columns):
            _draw_stack(self.canv, column, i * (width + self.gap), self.height, width)
        if self.rule:
            self.canv.setStrokeColor(colors.HexColor(self.rule))
            self.canv.setLineWidth(0.4)
            for i in range(1, self.n):
                x = i * (width + self.gap) - self.gap / 2
                self.canv.line(x, 0, x, self.height)


# --- filling boxes ------------------------------------------------------------------------------

def fill(story: list[Flowable], width: float, height: float):
    """Take from `story` what fits a box width x height (points): (placed, rest).

    Flowables are split where they allow it; a heading (keepWithNext) never ends a box alone.
    """
    placed: list[Flowable] = []
    rest = list(story)
    used = 0.0
    while rest:
        item = rest[0]
        space = item.getSpaceBefore() if placed else 0.0
        room = height - used - space
        _w, h = item.wrap(width, room)
        if h <= room + EPS and (not placed or _room_after_heading(item, rest, width, room - h)):
            placed.append(item)
            used += space + h + item.getSpaceAfter()
            rest.pop(0)
            continue
        if h > room + EPS and room > 0:
            parts = item.split(width, room)
            if len(parts) > 1 and parts[0].wrap(width, room)[1] <= room + EPS:
                rest[0:1] = parts
                continue
        break
    return placed, rest


def _room_after_heading(item: Flowable, rest: list[Flowable], width: float, room: float) -> bool:
    """Whether a heading leaves room for the start of the block it heads."""
    if not item.getKeepWithNext() or len(rest) < 2:
        return True
    follower = rest[1]
    room -= item.getSpaceAfter() + follower.getSpaceBefore()
    if follower.wrap(width, room)[1] <= room + EPS:
        return True
    parts = follower.split(width, room) if room > 0 else []
    return len(parts) > 1


def _stack_height(flowables: list[Flowable], width: float) -> float:
    total = 0.0
    for i, item in enumerate(flowables):
        if i:
            total += item.getSpaceBefore()
        total += item.wrap(width, HUGE)[1]
        if i < len(flowables) - 1:
            total += item.getSpaceAfter()
    return total


def _draw_stack(canv, flowables: list[Flowable], x: float, top: float, width: float) -> None:
    """Draw flowables downwards from `top`, the way `fill` measured them."""
    y = top
    for i, item in enumerate(flowables):
        if i:
            y -= item.getSpaceBefore()
        w, h = item.wrap(width, HUGE)
        offset = {"CENTER": (width - w) / 2, "CENTRE": (width - w) / 2,
                  "RIGHT": width - w}.get(str(getattr(item, "hAlign", "LEFT")).upper(), 0)
        item.drawOn(canv, x + offset, y - h)
        y -= h + item.getSpaceAfter()


def paginate(story: list[Flowable], width: float, height: float, *, where: str,
             max_pages: int = 1) -> list[list[Flowable]]:
    """Split `story` into boxes of width x height mm; raise Overflow past `max_pages` boxes."""
    w, h = width * MM, height * MM
    pages: list[list[Flowable]] = []
    rest = list(story)
    while rest:
        placed, rest = fill(rest, w, h)
        if not placed:
            raise Overflow(f"{where}: a block is taller than its {width:.0f} x {height:.0f} mm "
                           f"box: \"{_describe(rest[0])}\"")
        pages.append(placed)
        if len(pages) == max_pages and rest:
            raise _overflow(where, width, height, max_pages, rest, w)
    return pages


def _overflow(where, width, height, max_pages, rest, w) -> Overflow:
    extra = _stack_height(rest, w) * PT
    boxes = "box" if max_pages == 1 else f"{max_pages} pages"
    return Overflow(f"{where}: the text does not fit its {width:.0f} x {height:.0f} mm "
                    f"{boxes}; about {extra:.0f} mm more is needed, from \"{_first_words(rest)}\"")


def _first_words(items: list[Flowable]) -> str:
    """The first words among `items` (a spacer or an empty paragraph has none), else what the
    first item is."""
    for item in items:
        words = _describe(item)
        if isinstance(item, Paragraph) and words.strip():
            return words
        if not isinstance(item, Paragraph) and words != type(item).__name__ and words.strip():
            return words
    return _describe(items[0])


def _describe(item: Flowable) -> str:
    if isinstance(item, Paragraph):
        return item.getPlainText()[:60]
    for attr in ("content", "filled"):
        inner = getattr(item, attr, None)
        if inner:
            first = inner[0][0] if attr == "filled" and inner[0] else inner[0]
            return _describe(first)
    return type(item).__name__


def layout(xml: str, width: float, height: float, *, where: str, min_size: float = 0.0,
           max_pages: int = 1, lang: str | None = None,
           hyphenate_to_fit: bool = False) -> list[list[Flowable]]:
    """Build the markup and paginate it into boxes of width x height mm (see `paginate`); when
    it does not fit and `hyphenate_to_fit`, again with every paragraph hyphenated in `lang` (by
    default the markup's own)."""
    try:
        return paginate(build(xml, where=where, min_size=min_size, lang=lang), width, height,
                        where=where, max_pages=max_pages)
    except Overflow:
        code = textfit.hyphenation_language(getattr(xml, "lang", "") if lang is None else lang)
        if not (hyphenate_to_fit and code):
            raise
    return paginate(build(xml, where=where, min_size=min_size, lang=code, hyphenate=True),
                    width, height, where=where, max_pages=max_pages)


def draw_box(c, flowables: list[Flowable], x: float, y: float, width: float,
             height: float) -> None:
    """Draw one box's flowables on a millimetre canvas; (x, y) is the box's bottom-left in mm."""
    c.saveState()
    c.translate(x, y)
    c.scale(PT, PT)                     # platypus measures in points
    _draw_stack(c, flowables, 0, height * MM, width * MM)
    c.restoreState()
