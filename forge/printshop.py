"""The print-shop variant of a kit: one piece face per page, CMYK, PDF/X-1a:2003.

Copy shops and print-on-demand services impose pages themselves: they want each piece alone on
a page the size of the piece plus its bleed (MediaBox = BleedBox), its trim in the TrimBox, in
the printer's inks. `build_print_shop` writes `print-shop/<component>.pdf` beside a kit: each
piece's front, then its back when it has one; boards and full-page sheets one per page too.

The pages are drawn by the kit's writer (forge/write.py, so the render cache serves them), then
converted: every colour of every content stream, shading and image becomes DeviceCMYK
(`cmyk`), and the file gets the PDF/X-1a:2003 keys and output intent (`make_pdfx`).

Why PDF/X-1a:2003: it is CMYK-only and transparency-free, which is what forge's art is (the
conversion refuses a piece that uses transparency rather than flattening it badly), every shop
accepts it, it is based on PDF 1.4 (the files declare that version), and it may name a registered
printing condition (FOGRA39) without embedding an ICC profile, of which none with a licence
that allows shipping it is at hand. X-3 and X-4 need device-independent colour or a profile.
"""
from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from forge.errors import UserError
from forge.model import Page, Placement

FOLDER = "print-shop"
PDFX_VERSION = "PDF/X-1a:2003"
CONDITION = "FOGRA39"           # registered: offset, coated paper (ISO 12647-2:2004/Amd 1)
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"
REGISTRY = "http://www.color.org"

DARK = 0.2          # an RGB colour no component of which exceeds this, and
DARK_SPREAD = 0.1   # whose components differ by at most this, prints as black ink alone (K 100)
NEUTRAL = 0.03      # components within this of each other: a gray, in black ink alone


class ShopError(UserError):
    """What the print-shop variant cannot carry (transparency, colour it cannot convert)."""


# --- colour -------------------------------------------------------------------------------------

def cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An sRGB colour (0-1) as CMYK inks (0-1): full gray component replacement.

    Black and near-black (text ink) become K 100 alone, grays K alone, so that text and lines
    print in one ink and cannot show colour fringes when the plates are out of register; other
    colours take their darkness from K and the rest from C, M and Y (total ink at most 300 %)."""
    r, g, b = (min(1.0, max(0.0, v)) for v in (r, g, b))
    high, low = max(r, g, b), min(r, g, b)
    if high <= DARK and high - low <= DARK_SPREAD:
        return 0.0, 0.0, 0.0, 1.0
    if high - low <= NEUTRAL:
        from forge.ink import WEIGHTS
        return 0.0, 0.0, 0.0, 1.0 - sum(w * v for w, v in zip(WEIGHTS, (r, g, b)))
    k = 1.0 - high
    return tuple((1.0 - v - k) / (1.0 - k) for v in (r, g, b)) + (k,)


def _number(value: float) -> bytes:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return (text if text not in ("", "-0") else "0").encode()


def _cmyk_bytes(values, operator: bytes) -> bytes:
    return b" ".join([_number(v) for v in values] + [operator])


_TOKEN = re.compile(rb"""
    (?P<space>\s+) | (?P<comment>%[^\r\n]*)
  | (?P<string>\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\))
  | (?P<hex><[0-9A-Fa-f\s]*>) | (?P<delim><<|>>|[\[\]{}])
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[^\s/\[\]()<>{}%]+)
""", re.DOTALL | re.VERBOSE)

_SET = {b"rg": b"k", b"RG": b"K", b"g": b"k", b"G": b"K"}
_SPACE = {b"cs": 0, b"CS": 1}
_COMPONENTS = {b"sc": 0, b"scn": 0, b"SC": 1, b"SCN": 1}


def cmyk_operators(content: bytes) -> bytes:
    """A content stream with every RGB and gray colour set as CMYK (`k`, `K`, DeviceCMYK)."""
    out, operands, last = [], [], 0
    spaces, saved = [b"", b""], []
    for match in _TOKEN.finditer(content):
        kind = match.lastgroup
        if kind in ("space", "comment"):
            continue
        if kind != "op":
            operands.append(match)
            continue
        op = match.group()
        new = _converted(op, operands, spaces, saved)
        if new is not None:
            start = operands[0].start() if operands else match.start()
            out += [content[last:start], new]
            last = match.end()
        operands = []
    out.append(content[last:])
    return b"".join(out)


def _converted(op: bytes, operands: list, spaces: list, saved: list) -> bytes | None:
    """The CMYK form of one operator with its operands; None to keep it as it is.

    `spaces`: the fill and stroke colour spaces as the original stream set them (b"" for the
    initial DeviceGray, which the stream never named), so that `sc` knows its operands."""
    numbers = [float(m.group()) for m in operands if m.lastgroup == "number"]
    if op == b"q":
        saved.append(list(spaces))
    elif op == b"Q" and saved:
        spaces[:] = saved.pop()
    elif op == b"BI":
        raise ShopError("an inline image (BI) cannot be converted to CMYK")
    elif op in _SET and len(numbers) == (3 if op in (b"rg", b"RG") else 1):
        spaces[op.isupper()] = b"/DeviceCMYK"
        return _cmyk_bytes(_to_cmyk(numbers), _SET[op])
    elif op in (b"k", b"K"):
        spaces[op == b"K"] = b"/DeviceCMYK"
    elif op in _SPACE and operands:
        name = operands[-1].group()
        spaces[_SPACE[op]] = name
        if name in (b"/DeviceRGB", b"/DeviceGray"):
            return b"/DeviceCMYK " + op
    elif op in _COMPONENTS and len(numbers) == len(operands):
        return _components(op, numbers, spaces)
    return None


def _to_cmyk(numbers: list[float]) -> tuple[float, ...]:
    """RGB (three numbers) or gray (one) as CMYK."""
    return cmyk(*numbers) if len(numbers) == 3 else (0.0, 0.0, 0.0, 1.0 - numbers[0])


def _components(op: bytes, numbers: list[float], spaces: list) -> bytes | None:
    """`sc`/`scn` (fill) or `SC`/`SCN` (stroke) in an RGB or gray space, as CMYK."""
    stroke = _COMPONENTS[op]
    space = spaces[stroke]
    if (space, len(numbers)) not in ((b"/DeviceRGB", 3), (b"/DeviceGray", 1), (b"", 1)):
        return None
    values = _cmyk_bytes(_to_cmyk(numbers), op)
    if space == b"":            # the initial DeviceGray: set the CMYK space first
        spaces[stroke] = b"/DeviceGray"
        return (b"/DeviceCMYK CS " if stroke else b"/DeviceCMYK cs ") + values
    return values


def cmyk_image(image):
    """A Pillow image as CMYK pixels by `cmyk`'s gray component replacement (no alpha)."""
    from PIL import Image, ImageChops, ImageMath

    rgb = image.convert("RGB")
    red, green, blue = rgb.split()
    high = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    k = high.point(lambda v: 255 - v)
    planes = []
    for band in (red, green, blue):
        if hasattr(ImageMath, "lambda_eval"):       # Pillow 10.3 and later
            plane = ImageMath.lambda_eval(
                lambda e: (e["high"] - e["band"]) * 255 / (e["high"] + (e["high"] == 0)),
                band=band, high=high)
        else:
            plane = ImageMath.eval("(high - band) * 255 / (high + (high == 0))",
                                   band=band, high=high)
        planes.append(plane.convert("L"))
    return Image.merge("CMYK", planes + [k])


# --- the document -------------------------------------------------------------------------------

def to_print_shop(path: Path, title: str) -> None:
    """Rewrite the PDF at `path` (written by forge.write) as PDF/X-1a:2003 in CMYK.

    ShopError when a page uses what PDF/X-1a forbids (transparency) or a colour space this
    conversion does not know."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(str(path)))
    seen: set[int] = set()
    for number, page in enumerate(writer.pages, 1):
        try:
            _convert_page(page, seen)
        except ShopError as err:
            raise ShopError(f"{path.name}, page {number}: {err}") from None
    make_pdfx(writer, title)
    leftover = _rgb_left(writer)
    if leftover:
        raise ShopError(f"{path.name}: colour left in RGB after conversion ({leftover})")
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())


def _convert_page(page, seen: set[int]) -> None:
    if "/Group" in page:
        raise ShopError("a transparency group (PDF/X-1a allows no transparency)")
    contents = page.get("/Contents")
    if contents is not None:
        contents = contents.get_object()
        for stream in (contents if isinstance(contents, list) else [contents]):
            _convert_content(stream.get_object(), seen)
    _convert_resources(page.get("/Resources"), seen)


def _once(obj, seen: set[int]) -> bool:
    """Whether an object is met for the first time (shared forms are converted once)."""
    key = id(obj)
    if key in seen:
        return False
    seen.add(key)
    return True


def _convert_content(stream, seen: set[int]) -> None:
    if _once(stream, seen):
        _set_flate(stream, cmyk_operators(stream.get_data()))


def _set_flate(stream, data: bytes) -> None:
    from pypdf.generic import NameObject

    for key in ("/Filter", "/DecodeParms"):
        if key in stream:
            del stream[key]
    stream._data = zlib.compress(data, 9)
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    if hasattr(stream, "decoded_self"):
        stream.decoded_self = None


def _convert_resources(resources, seen: set[int]) -> None:
    if resources is None:
        return
    resources = resources.get_object()
    if not _once(resources, seen):
        return
    for state in (resources.get("/ExtGState") or {}).values():
        _check_state(state.get_object())
    for space in (resources.get("/ColorSpace") or {}).values():
        _check_space(space.get_object())
    for shading in (resources.get("/Shading") or {}).values():
        _convert_shading(shading.get_object(), seen)
    for pattern in (resources.get("/Pattern") or {}).values():
        _convert_pattern(pattern.get_object(), seen)
    for xobject in (resources.get("/XObject") or {}).values():
        _convert_xobject(xobject.get_object(), seen)


def _convert_xobject(xobject, seen: set[int]) -> None:
    subtype = xobject.get("/Subtype")
    if "/Group" in xobject:
        raise ShopError("a transparency group (PDF/X-1a allows no transparency)")
    if subtype == "/Form":
        _convert_content(xobject, seen)
        _convert_resources(xobject.get("/Resources"), seen)
    elif subtype == "/Image" and _once(xobject, seen):
        _convert_image(xobject)


def _convert_image(image) -> None:
    from PIL import Image
    from pypdf.generic import NameObject

    if "/SMask" in image or "/Mask" in image:
        raise ShopError("an image with transparency (PDF/X-1a allows none); flatten it")
    space = image.get("/ColorSpace")
    if space in ("/DeviceCMYK", "/DeviceGray") or image.get("/ImageMask"):
        return
    if space != "/DeviceRGB" or image.get("/BitsPerComponent") != 8:
        raise ShopError(f"an image in colour space {space} cannot be converted to CMYK")
    size = (int(image["/Width"]), int(image["/Height"]))
    filters = image.get("/Filter")
    data = image.get_data() if filters != "/DCTDecode" else image._data
    pixels = (Image.open(io.BytesIO(data)) if filters == "/DCTDecode"
              else Image.frombytes("RGB", size, data))
    image[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")
    if "/Decode" in image:
        del image["/Decode"]
    _set_flate(image, cmyk_image(pixels).tobytes())


def _convert_pattern(pattern, seen: set[int]) -> None:
    if not _once(pattern, seen):
        return
    if pattern.get("/PatternType") == 2:
        _convert_shading(pattern["/Shading"].get_object(), seen)
        if "/ExtGState" in pattern:
            _check_state(pattern["/ExtGState"].get_object())
    else:
        _convert_content(pattern, seen)
        _convert_resources(pattern.get("/Resources"), seen)


def _convert_shading(shading, seen: set[int]) -> None:
    from pypdf.generic import NameObject

    if not _once(shading, seen):
        return
    if shading.get("/ColorSpace") != "/DeviceRGB" or "/Function" not in shading:
        _check_space(shading.get("/ColorSpace"))
        return
    shading[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")
    for name in ("/Background",):
        if name in shading:
            shading[NameObject(name)] = _cmyk_array(shading[name])
    function = shading["/Function"].get_object()
    for part in (function if isinstance(function, list) else [function]):
        _convert_function(part.get_object())


def _convert_function(function) -> None:
    """A gradient's colour function from RGB to CMYK: exponential (C0, C1) or stitching."""
    from pypdf.generic import NameObject

    kind = function.get("/FunctionType")
    if kind == 3:
        for part in function["/Functions"]:
            _convert_function(part.get_object())
    elif kind == 2:
        for end, default in (("/C0", [0, 0, 0]), ("/C1", [1, 1, 1])):
            function[NameObject(end)] = _cmyk_array(function.get(end, default))
        if "/Range" in function:
            del function["/Range"]
    else:
        raise ShopError(f"a gradient with a type {kind} colour function cannot be converted")


def _cmyk_array(values):
    from pypdf.generic import ArrayObject, FloatObject

    return ArrayObject([FloatObject(round(v, 4)) for v in cmyk(*[float(v) for v in values])])


def _check_state(state) -> None:
    """Refuse what PDF/X-1a forbids in a graphics state: transparency, transfer functions."""
    for key in ("/CA", "/ca"):
        if key in state and float(state[key]) < 1:
            raise ShopError("transparency (opacity below 1; PDF/X-1a allows none)")
    if state.get("/SMask", "/None") != "/None":
        raise ShopError("a soft mask (transparency; PDF/X-1a allows none)")
    if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
        raise ShopError("a blend mode (transparency; PDF/X-1a allows none)")
    for key in ("/TR", "/TR2", "/HT"):
        if key in state and state[key] != "/Default":
            raise ShopError("a transfer function or halftone (PDF/X-1a allows none)")


def _check_space(space) -> None:
    if space is None or space in ("/DeviceCMYK", "/DeviceGray"):
        return
    if isinstance(space, list) and space and space[0] == "/Pattern" and len(space) == 1:
        return
    raise ShopError(f"colour space {space} cannot be converted to CMYK")


def make_pdfx(writer, title: str) -> None:
    """The PDF/X-1a:2003 identification: version and trapping keys, the output intent."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer.pdf_header = "%PDF-1.4"     # the version PDF/X-1a:2003 is based on
    info = writer._info.get_object()
    info[NameObject("/GTS_PDFXVersion")] = TextStringObject(PDFX_VERSION)
    info[NameObject("/Trapped")] = NameObject("/False")
    info[NameObject("/Title")] = TextStringObject(title)
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(CONDITION_INFO),
    })
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject(
        [writer._add_object(intent)])


def _rgb_left(writer) -> str:
    """Names an RGB colour space still in the document, '' when none is."""
    for obj in writer._objects:
        found = _rgb_in(obj)
        if found:
            return found
    return ""


def _rgb_in(value, depth: int = 0) -> str:
    """An RGB colour space named in a value or the direct objects inside it."""
    from pypdf.generic import IndirectObject

    if isinstance(value, IndirectObject) or depth > 20:
        return ""       # an indirect object is checked as one of the document's own
    if isinstance(value, str) and value in ("/DeviceRGB", "/CalRGB", "/ICCBased"):
        return value
    if hasattr(value, "values"):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            found = _rgb_in(item, depth + 1)
            if found:
                return found
    return ""


# --- pages --------------------------------------------------------------------------------------

def piece_pages(pieces) -> list[Page]:
    """One page per piece face (front, then back when it has one), sized to trim plus bleed."""
    pages = []
    for piece in pieces:
        b = piece.bleed
        size = (piece.trim[0] + 2 * b, piece.trim[1] + 2 * b)
        for face in ("front", "back") if piece.back is not None else ("front",):
            pages.append(Page(size, [Placement(piece, b, b, face=face)], side=face))
    return pages


@dataclass(frozen=True)
class ShopResult:
    """What the print-shop variant wrote: its folder, files and page count."""

    folder: Path
    files: tuple[str, ...]
    pages: int


def build_print_shop(game, lang: str, paper: str, kit_dir: Path, options=None,
                     cache=None, strict: bool = True) -> ShopResult:
    """Write the print-shop variant of a kit into `kit_dir`/print-shop/, one PDF per component.

    `paper` matters only to pieces drawn to the paper's size (full-page sheets)."""
    import shutil
    import tempfile

    from forge import kit
    from forge.printing import PrintOptions

    ctx = kit.context_for(game, lang, paper, strict=strict,
                          options=options or PrintOptions())
    components = kit.make_components(ctx, skip=home_only())
    target = Path(kit_dir) / FOLDER
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{FOLDER}-", dir=target.parent))
    files, total = [], 0
    try:
        for component in components:
            files.append(write_component(ctx, component, staging, cache))
            total += len(piece_pages(component.pieces))
        staging.chmod(0o755)
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return ShopResult(target, tuple(files), total)


def home_only() -> set[str]:
    """Makers of pages only a home printer needs, left out: the cover and instructions (they
    read the kit's manifest) and the duplex test."""
    from forge.render import TWO_SIDED_ONLY, late_makers

    return late_makers() | TWO_SIDED_ONLY


def write_component(ctx, component, folder: Path, cache=None) -> str:
    """Write one component's print-shop file into `folder`; its file name."""
    from forge.write import DocInfo, write_pdf

    name = f"{component.id}.pdf"
    title = f"{ctx.game['title']}: {component.name}"
    from forge.kit import kit_author

    info = DocInfo(title, "Print-shop file (PDF/X-1a, CMYK)", kit_author(ctx),
                   f"game={ctx.game_id}; language={ctx.lang}; component={component.id}",
                   ctx.lang)
    write_pdf(folder / name, piece_pages(component.pieces), info, [(0, component.name, 0)],
              cache=cache)
    to_print_shop(folder / name, title)
    return name
