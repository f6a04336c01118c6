"""A game's own art files: SVG pictures drawn through cairosvg, and PNG or JPEG images.

Content names an art file by its path relative to the game's folder (`art/bridge.svg`). Such a
path is confined to the folder: no absolute path, no `..`, no link leading out, and a size limit.
An SVG is converted once per build by cairosvg into a one-page PDF, whose page is copied into the
kit's PDF as a form XObject: it stays vector, and every card that shows it places the same form,
so a deck of a hundred cards sharing ten pictures stores ten. A raster image is stored once too.

An SVG drawn with `currentColor` takes the colour of where it is printed (a pictogram dark on a
light panel, light on a dark band): `tinted(picture, colour)` gives that picture in one colour,
each such pair a form of its own. In grayscale kits every colour of a picture becomes its gray.

Faces that show pictures list them in their piece (`Piece.pictures`); the writer defines their
forms (`define`) before the page that uses them, so a face replayed from the render cache only
places a form by name, which the replay allows only when the document has it. Defining a form
draws nothing on the canvas (the objects go straight into the document), so a face drawn live
defines what it needs itself and a recording of it holds only the placing.
"""
from __future__ import annotations

import hashlib
import io
import os
import re
import warnings
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path, PurePosixPath

from forge.errors import ForgeWarning, UserError
from forge.safefs import UnsafeFile, read_inside

SVG_SUFFIXES = (".svg",)
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
MAX_SVG_BYTES = 2 * 1024 * 1024
MAX_RASTER_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000           # a 300 dpi A3 page is 17.4 million
MAX_PATH = 240                    # characters of an art file's path
MIN_DPI = 300                     # a raster printed coarser than this is reported
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_SVG_ELEMENTS = 20_000         # drawn, references followed (a pictogram draws under 100)
MAX_SVG_DEPTH = 64                # nested elements (drawing programs nest a dozen or so)
MAX_SVG_POINTS = 14_400           # natural width or height: 200 inches, PDF's largest page


class PictureError(UserError):
    """An art file forge will not draw: outside the folder, missing, broken or too large."""


class LowResolution(ForgeWarning):
    """A raster picture prints below MIN_DPI at the size it is drawn."""


@dataclass(frozen=True)
class Picture:
    """One art file as loaded: what it is, its size, and the form it becomes in a PDF."""

    path: str                     # as written in content, relative to the game's folder
    kind: str                     # 'svg' or 'raster'
    digest: str                   # sha256 of the file's bytes
    width: float                  # natural size: points for SVG, pixels for raster
    height: float
    data: bytes = b""             # the file's bytes (not part of equality)
    color: str = ""               # '#rrggbb' that `currentColor` becomes; '' leaves it black
    gray: bool = False            # every colour turned to its gray (grayscale kits)

    def __eq__(self, other):
        return isinstance(other, Picture) and self.form_name == other.form_name

    def __hash__(self):
        return hash(self.form_name)

    @property
    def form_name(self) -> str:
        """The name of its form XObject: the same file in the same colours, the same form."""
        tag = f"{self.digest}:{self.color}:{int(self.gray)}"
        return "art" + hashlib.sha256(tag.encode()).hexdigest()[:24]

    def key(self) -> dict:
        """What a face that shows it depends on (for the render cache)."""
        return {"path": self.path, "digest": self.digest, "color": self.color,
                "gray": self.gray}


def is_picture(value) -> bool:
    """Whether a content value names an art file rather than a built-in icon."""
    return isinstance(value, str) and value.lower().endswith(SVG_SUFFIXES + RASTER_SUFFIXES)


def tinted(picture: Picture, color: str, gray: bool = False) -> Picture:
    """The picture with `currentColor` drawn in `color` (and grays only, when `gray`)."""
    return replace(picture, color=color, gray=gray)


def load_picture(folder: Path | None, value: str, where: str) -> Picture:
    """The art file `value` of the game in `folder`; PictureError saying what is wrong."""
    if folder is None:
        raise PictureError(f"{where}: '{value}' names an art file, but the game has no folder")
    relative = checked_relative(value, where)
    path = Path(folder) / relative
    limit = MAX_SVG_BYTES if path.suffix.lower() in SVG_SUFFIXES else MAX_RASTER_BYTES
    if not os.path.lexists(path):
        raise PictureError(f"{where}: art file '{value}' not found in {folder}")
    try:
        data = read_inside(path, Path(folder), limit)
    except UnsafeFile as err:
        raise PictureError(f"{where}: art file '{value}' {err.reason}") from None
    return _parsed(value, data, where)


def checked_relative(value: str, where: str) -> PurePosixPath:
    """`value` as a relative path inside a folder; PictureError for one that could leave it."""
    if any(ord(ch) < 32 for ch in value) or len(value) > MAX_PATH:
        raise PictureError(f"{where}: art file {value[:60]!r} is not a usable path (control "
                           f"characters, or longer than {MAX_PATH} characters)")
    if "\\" in value or value.startswith("/") or re.match(r"^[A-Za-z]:", value):
        raise PictureError(f"{where}: art file '{value}' must be a path relative to the game's "
                           f"folder, with '/' between folders (like art/bridge.svg)")
    relative = PurePosixPath(value)
    if ".." in relative.parts:
        raise PictureError(f"{where}: art file '{value}' may not use '..': art files must be "
                           f"inside the game's folder")
    if not is_picture(value):
        raise PictureError(f"{where}: art file '{value}' is not .svg, .png, .jpg or .jpeg")
    return relative


def _parsed(value: str, data: bytes, where: str) -> Picture:
    digest = hashlib.sha256(data).hexdigest()
    if value.lower().endswith(SVG_SUFFIXES):
        width, height = _svg_size(data, value, where)
        return Picture(value, "svg", digest, width, height, data)
    width, height = _raster_size(data, value, where)
    return Picture(value, "raster", digest, width, height, data)


# --- SVG ----------------------------------------------------------------------------------------

def _svg_size(data: bytes, value: str, where: str) -> tuple[float, float]:
    """Its size in points, from converting it once (which also proves it can be drawn)."""
    box = _svg_page_of(data, "", value, where).mediabox
    return float(box.width), float(box.height)


def _svg_page_of(data: bytes, color: str, value: str, where: str):
    """The converted page of an SVG; PictureError naming the file when it cannot be drawn."""
    try:
        return _svg_page(data, color)
    except _Broken as err:
        raise PictureError(f"{where}: art file '{value}' {err}") from None


class _Broken(Exception):
    """Why an SVG cannot be drawn (the caller adds which file and where it is used)."""


class _OutsideReference(Exception):
    pass


def _svg_source(data: bytes, color: str) -> bytes:
    """The SVG's bytes checked as XML, with `color` set on its root for `currentColor`."""
    from xml.etree import ElementTree

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    if data[:2] == b"\x1f\x8b":
        raise _Broken("is compressed (.svgz); save it as plain SVG")
    try:
        root = fromstring(data, forbid_dtd=True)
    except ElementTree.ParseError as err:
        line, column = err.position
        raise _Broken(f"is not valid SVG: line {line}, column {column}: "
                      f"{str(err).split(':')[0]}") from None
    except DefusedXmlException:
        raise _Broken("declares a DTD or entities, which forge does not read; remove the "
                      "<!DOCTYPE ...>") from None
    if root.tag != f"{{{SVG_NS}}}svg":
        raise _Broken(f"is XML but not SVG (its root is <{root.tag.split('}')[-1]}>, not an "
                      f"<svg> of the SVG namespace)")
    if _depth(root) > MAX_SVG_DEPTH:
        raise _Broken(f"nests its elements more than {MAX_SVG_DEPTH} levels deep; a picture "
                      f"needs far fewer")
    if _expanded_size(root) > MAX_SVG_ELEMENTS:
        raise _Broken(f"draws more than {MAX_SVG_ELEMENTS:,} elements once its <use> "
                      f"references are followed (or they refer to themselves in a loop); a "
                      f"picture needs far fewer")
    if not color:
        return data
    root.set("color", color)
    ElementTree.register_namespace("", SVG_NS)
    ElementTree.register_namespace("xlink", XLINK_NS)
    return ElementTree.tostring(root)


def _depth(root) -> int:
    """How deep the SVG's elements nest (counted without recursion: the file may be hostile)."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        element, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_SVG_DEPTH:
            break
        stack.extend((child, level + 1) for child in element)
    return deepest


def _expanded_size(root) -> int:
    """How many elements the SVG draws with every <use> replaced by what it refers to (a few
    kilobytes of nested references can stand for billions); a reference cycle counts as huge."""
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    sizes: dict[int, int] = {}

    def size(element, visiting: frozenset) -> int:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in visiting:
            return MAX_SVG_ELEMENTS + 1
        visiting = visiting | {key}
        total = 1 + sum(size(child, visiting) for child in element)
        if element.tag.endswith("}use") or element.tag == "use":
            href = element.get(f"{{{XLINK_NS}}}href") or element.get("href") or ""
            target = by_id.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                total += size(target, visiting)
        sizes[key] = total = min(total, MAX_SVG_ELEMENTS + 1)
        return total

    return size(root, frozenset())


def _refuse_outside(url: str, resource_type: str) -> bytes:
    """cairosvg's fetcher: only PNG, JPEG or GIF images embedded in the SVG itself as data: URLs
    (never a file, the network, or an SVG that would escape the checks above)."""
    from cairosvg.url import fetch

    if url.startswith(("data:image/png", "data:image/jpeg", "data:image/gif")):
        return fetch(url, resource_type)
    raise _OutsideReference(url[:80])


@lru_cache(maxsize=1)
def cairo_problem() -> str | None:
    """Why cairosvg cannot draw here (its cairo library missing), or None when it can."""
    try:
        import cairosvg.surface  # noqa: F401 - loading it loads the cairo library
    except (ImportError, OSError) as err:
        return str(err).splitlines()[0][:160]
    return None


@lru_cache(maxsize=512)
def _svg_page(data: bytes, color: str):
    """The SVG drawn by cairosvg into a one-page PDF: that page (pypdf), converted once."""
    problem = cairo_problem()
    if problem is not None:
        raise _Broken(f"cannot be drawn: SVG art needs the cairo library ({problem}); install "
                      f"it (Debian: apt-get install libcairo2; macOS: brew install cairo), or "
                      f"see 'forge doctor'")
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface
    from pypdf import PdfReader

    source = _svg_source(data, color)
    output = io.BytesIO()
    try:
        tree = Tree(bytestring=source, unsafe=False, url_fetcher=_refuse_outside)
        PDFSurface(tree, output, 96).finish()
    except _OutsideReference as err:
        raise _Broken(f"refers to '{str(err)[:80]}'; an SVG may only use what it holds itself "
                      f"(embed PNG or JPEG images as data: URLs)") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError,
            RecursionError, MemoryError, OSError) as err:
        raise _Broken(f"cannot be drawn by cairosvg ({type(err).__name__}: "
                      f"{str(err)[:120]})") from None
    page = PdfReader(io.BytesIO(output.getvalue())).pages[0]
    if float(page.mediabox.width) <= 0 or float(page.mediabox.height) <= 0:
        raise _Broken("has no size (give the <svg> a width and height, or a viewBox)")
    if max(float(page.mediabox.width), float(page.mediabox.height)) > MAX_SVG_POINTS:
        raise _Broken(f"is {float(page.mediabox.width):.4g} x {float(page.mediabox.height):.4g} "
                      f"points, larger than any page ({MAX_SVG_POINTS:,} points at most); "
                      f"give the <svg> its real width and height")
    return page


# --- raster -------------------------------------------------------------------------------------

def _raster_size(data: bytes, value: str, where: str) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise PictureError(f"{where}: art file '{value}' has {width}x{height} "
                                       f"pixels, more than a kit needs (at most "
                                       f"{MAX_PIXELS // 1_000_000} million)")
                image.verify()
    except PictureError:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError,
            Image.DecompressionBombWarning, Image.DecompressionBombError) as err:
        raise PictureError(f"{where}: art file '{value}' is not a readable PNG or JPEG image "
                           f"({str(err)[:100]})") from None
    return width, height


def print_dpi(picture: Picture, width_mm: float, height_mm: float) -> float:
    """The resolution a raster picture prints at when fitted in a box of that size."""
    scale = _fit_scale(picture, width_mm, height_mm)
    return 25.4 / scale


def check_resolution(picture: Picture, width_mm: float, height_mm: float, where: str) -> None:
    """Warn (LowResolution) when a raster picture would print below MIN_DPI in this box."""
    if picture.kind != "raster":
        return
    dpi = print_dpi(picture, width_mm, height_mm)
    if dpi < MIN_DPI - 0.5:
        warnings.warn(LowResolution(
            f"{where}: art file '{picture.path}' prints at {dpi:.0f} dpi at "
            f"{width_mm:.1f} x {height_mm:.1f} mm (below {MIN_DPI} dpi it looks soft; give it "
            f"at least {_pixels_for(width_mm)} pixels across)"), stacklevel=2)


def _pixels_for(width_mm: float) -> int:
    return int(width_mm / 25.4 * MIN_DPI + 0.999)


# --- placing ------------------------------------------------------------------------------------

def _fit_scale(picture: Picture, width: float, height: float) -> float:
    """Units of the picture per unit of the box, fitting it whole inside (aspect kept)."""
    return min(width / picture.width, height / picture.height)


def draw_picture(canvas, picture: Picture, x: float, y: float, width: float,
                 height: float) -> None:
    """Place the picture's form fitted inside the box (x, y, width, height), centred.

    The writer defines the forms of every picture of `Piece.pictures` before the page
    (`define`); one drawn live is defined here when it is not yet."""
    define(canvas, picture)
    scale = _fit_scale(picture, width, height)
    drawn_w, drawn_h = picture.width * scale, picture.height * scale
    canvas.saveState()
    canvas.translate(x + (width - drawn_w) / 2, y + (height - drawn_h) / 2)
    canvas.scale(scale, scale)
    canvas.doForm(picture.form_name)
    canvas.restoreState()


def draw_picture_stretched(canvas, picture: Picture, x: float, y: float, width: float,
                           height: float) -> None:
    """Place the picture's form filling the box exactly (its aspect not kept)."""
    define(canvas, picture)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width / picture.width, height / picture.height)
    canvas.doForm(picture.form_name)
    canvas.restoreState()


def define(canvas, picture: Picture) -> None:
    """Define the picture's form in the canvas's document, once."""
    if canvas._doc.hasForm(picture.form_name):
        return
    if picture.kind == "svg":
        _define_svg(canvas, picture)
    else:
        _define_raster(canvas, picture)


def _define_raster(canvas, picture: Picture) -> None:
    """The image as an image XObject (with its alpha as a soft mask), inside a form of its size
    in pixels; made without drawing on the canvas, so a face being recorded records none of it."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase.pdfdoc import (PDFArray, PDFDictionary, PDFImageXObject, PDFStream,
                                          xObjectName)

    doc = canvas._doc
    image = Image.open(io.BytesIO(picture.data))
    if picture.gray:
        image = image.convert("LA") if "A" in image.getbands() else image.convert("L")
    name = picture.form_name + "i"
    pixels = PDFImageXObject(name, ImageReader(image), mask="auto")
    smask = getattr(pixels, "_smask", None)
    if smask is not None:
        pixels.smask = doc.Reference(smask, xObjectName(smask.name))
        del pixels._smask
    reference = doc.Reference(pixels, xObjectName(name))
    width, height = picture.width, picture.height
    form = PDFDictionary({
        "Type": "/XObject", "Subtype": "/Form", "FormType": 1,
        "BBox": PDFArray([0, 0, width, height]),
        "Resources": PDFDictionary({"XObject": PDFDictionary({"Im": reference})}),
    })
    content = f"q {width} 0 0 {height} 0 0 cm /Im Do Q"
    doc.Reference(PDFStream(form, content), xObjectName(picture.form_name))


def _define_svg(canvas, picture: Picture) -> None:
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFStream, xObjectName

    page = _svg_page_of(picture.data, picture.color, picture.path, picture.path)
    doc = canvas._doc
    copied: dict = {}
    content = page.get_contents().get_data() if page.get_contents() is not None else b""
    resources = page.get("/Resources")
    box = page.mediabox
    if picture.gray:
        content = gray_operators(content)
    form = PDFDictionary({
        "Type": "/XObject", "Subtype": "/Form", "FormType": 1,
        "BBox": PDFArray([float(box.left), float(box.bottom), float(box.right), float(box.top)]),
        "Resources": _copied(resources, doc, copied, picture.gray)
        if resources is not None else PDFDictionary({}),
    })
    doc.Reference(PDFStream(form, content), xObjectName(picture.form_name))


def _copied(value, doc, copied: dict, gray: bool):
    """A pypdf object of the converted page as reportlab's, indirect objects copied once."""
    from pypdf import generic
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFString

    if isinstance(value, generic.IndirectObject):
        if value.idnum not in copied:
            copied[value.idnum] = None          # a cycle ends here rather than recursing
            copied[value.idnum] = doc.Reference(_copied(value.get_object(), doc, copied, gray))
        return copied[value.idnum] if copied[value.idnum] is not None else "null"
    if isinstance(value, generic.StreamObject):
        return _copied_stream(value, doc, copied, gray)
    if isinstance(value, generic.DictionaryObject):
        fields = {key[1:]: _copied(item, doc, copied, gray) for key, item in value.items()}
        return PDFDictionary(_gray_function(fields) if gray else fields)
    if isinstance(value, generic.ArrayObject):
        return PDFArray([_copied(item, doc, copied, gray) for item in value])
    if isinstance(value, generic.NameObject):
        return str(value)
    if isinstance(value, generic.BooleanObject):
        return "true" if value else "false"
    if isinstance(value, generic.NullObject):
        return "null"
    if isinstance(value, (generic.TextStringObject, generic.ByteStringObject)):
        raw = value.original_bytes if hasattr(value, "original_bytes") else bytes(value)
        return PDFString(raw.decode("latin-1"), escape=1, enc="raw")
    if isinstance(value, (generic.FloatObject, generic.NumberObject)):
        return float(value) if isinstance(value, generic.FloatObject) else int(value)
    raise ValueError(f"unexpected PDF object {type(value).__name__}")


def _copied_stream(stream, doc, copied: dict, gray: bool):
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFStream

    fields = {key[1:]: _copied(item, doc, copied, gray) for key, item in stream.items()
              if key not in ("/Length", "/Filter", "/DecodeParms")}
    data = stream.get_data()
    if gray and fields.get("Subtype") == "/Form":
        data = gray_operators(data)
    if gray and fields.get("Subtype") == "/Image":
        return _gray_image(stream, fields, data)
    return PDFStream(PDFDictionary(fields), data)


def _gray_image(stream, fields: dict, data: bytes):
    """An image of the converted page, its pixels turned to gray."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFStream

    if fields.get("ColorSpace") != "/DeviceRGB" or fields.get("BitsPerComponent") != 8:
        return PDFStream(PDFDictionary(fields), data)
    from PIL import Image

    size = (int(fields["Width"]), int(fields["Height"]))
    image = Image.frombytes("RGB", size, data).convert("L")
    fields = {**fields, "ColorSpace": "/DeviceGray"}
    return PDFStream(PDFDictionary(fields), image.tobytes())


def _gray_function(fields: dict) -> dict:
    """A gradient's colour function (cairo writes C0 and C1 in RGB) with gray end colours."""
    from reportlab.pdfbase.pdfdoc import PDFArray

    for end in ("C0", "C1"):
        value = fields.get(end)
        if isinstance(value, PDFArray) and len(value.sequence) == 3:
            level = _luma(*value.sequence)
            fields[end] = PDFArray([level] * 3)
    return fields


def _luma(r: float, g: float, b: float) -> float:
    from forge.ink import WEIGHTS

    return round(WEIGHTS[0] * r + WEIGHTS[1] * g + WEIGHTS[2] * b, 4)


_RGB_OPERATOR = re.compile(rb"(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(rg|RG)\b")


def gray_operators(content: bytes) -> bytes:
    """Content-stream colour settings `r g b rg`/`RG` as the gray of their luminance."""
    def gray(match) -> bytes:
        level = _luma(*(float(match.group(i)) for i in (1, 2, 3)))
        return b"%g %g %g %s" % (level, level, level, match.group(4))

    return _RGB_OPERATOR.sub(gray, content)
