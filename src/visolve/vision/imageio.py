"""Reading and writing pictures.

:func:`load_image` turns any common picture file (PNG, JPEG, BMP, TIFF, WebP,
GIF ...) into the one format the rest of visolve uses: a ``(h, w, 3)`` numpy
``uint8`` array in OpenCV's BGR order.  Alpha is composited over black, grey
is expanded to three channels, 16-bit and float samples are brought to 8 bit,
and a JPEG's EXIF orientation tag is applied so phone photos come out upright.

Every failure raises :class:`~visolve.errors.ImageLoadError` with a one-line
reason: missing file, empty file, a file that is not a picture (for example a
text file named ``.png``) and a truncated picture.  What is not a regular file
(a FIFO, a device such as ``/dev/zero``) or is over
:data:`~visolve.safefile.PICTURE_FILE_LIMIT` bytes is refused before a byte is
read, and every decoder learns the picture's size from its header before it
decodes: over :data:`MAX_PIXELS` (a JPEG, decoded reduced) or
:data:`MAX_FULL_PIXELS` (every other format, decoded whole) it is refused, so
a few bytes claiming a huge picture (a decompression bomb) cost nothing.  Truncation is an error on
purpose -- both OpenCV and Pillow will otherwise happily return a picture whose
lower part is grey, which would then be "read" as garbage.

:func:`save_image` writes atomically (temporary file in the same folder, then
``os.replace``), so a crash never leaves half a picture behind.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageFile, ImageOps

from visolve.errors import ImageLoadError
from visolve.safefile import PICTURE_FILE_LIMIT, UnreadableFile, atomic_write_bytes, read_limited

# Pillow must never fill a truncated file with grey on our behalf.
ImageFile.LOAD_TRUNCATED_IMAGES = False
#: refuse absurd pictures (decompression bombs) rather than eat all memory; phones
#: take photos of up to 200 megapixels, so the limit sits well above that
MAX_PIXELS = 400_000_000
#: pictures larger than this are decoded reduced (JPEG: at 1/2, 1/4 or 1/8 scale while
#: decoding) or shrunk right after decoding; a board is found and read long before this
WORK_PIXELS = 24_000_000
#: the limit for pictures that are decoded whole (every format but JPEG); at 100 MP a load
#: peaks at 0.6 GB (RGB PNG), 1.2 GB (RGBA PNG), 1.6 GB (WebP, Pillow's decoder); screenshots
#: and scans are far smaller (8K: 33 MP)
MAX_FULL_PIXELS = 100_000_000
#: Pillow formats decoded reduced when large (JPEG's draft mode; MPO is a phone's JPEG)
_REDUCIBLE = frozenset({"JPEG", "MPO"})
# Pillow's own bomb check would refuse phone photos over 89 MP; ours is MAX_PIXELS
Image.MAX_IMAGE_PIXELS = MAX_PIXELS

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8"
#: PNG: rows stored as they are (no filter) and deflated at the fastest level.  Drawn
#: pictures (flat colours, boards repeating) find their repeats without a filter: a circuit500
#: solution sheet is 57 KB in 4.2 ms against 67 KB in 5.3 ms with the UP filter, and both far
#: under OpenCV's default (SUB filter, run-length deflate: 129 KB in 23 ms)
_ENCODE_PARAMS = {".png": [cv2.IMWRITE_PNG_FILTER, cv2.IMWRITE_PNG_FILTER_NONE, cv2.IMWRITE_PNG_COMPRESSION, 1]}


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Load a picture file as a BGR ``uint8`` array of shape ``(h, w, 3)``.

    Raises :class:`ImageLoadError` with a one-line reason when the file is
    missing, empty, not a picture, truncated or otherwise undecodable.
    """
    p = Path(path)
    if not p.exists():
        raise ImageLoadError(f"{p}: no such file")
    if p.is_dir():
        raise ImageLoadError(f"{p}: is a folder, not a picture")
    try:
        data = read_limited(p, PICTURE_FILE_LIMIT)
    except UnreadableFile as exc:
        raise ImageLoadError(f"{p}: {exc}") from None
    except OSError as exc:
        raise ImageLoadError(f"{p}: cannot read file ({exc.strerror or exc})") from None
    if not data:
        raise ImageLoadError(f"{p}: empty file (0 bytes)")
    _check_complete(p, data)
    img = _decode_fast(data)
    if img is None:
        img = _decode_pil(p, data)
    if img is None:
        img = _decode_cv2(p, data)
    if img.ndim != 3 or img.shape[2] != 3 or img.shape[0] < 1 or img.shape[1] < 1:
        raise ImageLoadError(f"{p}: unexpected picture shape {img.shape}")
    return np.ascontiguousarray(img)


def save_image(path: str | os.PathLike, img: np.ndarray, durable: bool = True) -> None:
    """Write ``img`` (BGR or grey ``uint8``) to ``path``; the format follows the suffix.

    The file appears atomically (:func:`visolve.safefile.atomic_write_bytes`:
    temporary file in the same folder, then rename; folders are created), and
    with ``durable`` on the disk before it is renamed.  Raises ``ValueError``
    for an unknown suffix or a picture OpenCV cannot encode, ``OSError`` when
    the folder is not writable.
    """
    p = Path(path)
    ext = p.suffix.lower() or ".png"
    if img.dtype != np.uint8:
        raise ValueError(f"save_image wants uint8 pixels, got {img.dtype}")
    try:
        ok, buf = cv2.imencode(ext, img, _ENCODE_PARAMS.get(ext, []))
    except cv2.error:
        ok = False
    if not ok:
        raise ValueError(f"cannot encode a picture as {ext!r}")
    atomic_write_bytes(p, buf.tobytes(), durable)


# --------------------------------------------------------------------------
# internals


def _check_complete(p: Path, data: bytes) -> None:
    """Cheap structural checks that catch truncated PNG and JPEG files early."""
    if data.startswith(_PNG_MAGIC):
        if b"IEND" not in data[-64:]:
            raise ImageLoadError(f"{p}: truncated PNG (no IEND chunk at the end, {len(data)} bytes)")
    elif data.startswith(_JPEG_MAGIC):
        # A complete JPEG ends with the EOI marker (some writers append padding
        # or trailers, so look near the end rather than at the last 2 bytes).
        if b"\xff\xd9" not in data[-4096:]:
            raise ImageLoadError(f"{p}: truncated JPEG (no end-of-image marker, {len(data)} bytes)")


def _decode_fast(data: bytes) -> np.ndarray | None:
    """PNG and JPEG straight through OpenCV (several times faster than through Pillow).

    A JPEG is decoded with its EXIF orientation applied (``IMREAD_COLOR``
    does that) and, when large, at a reduced scale; a PNG keeps its alpha and
    16-bit samples for :func:`_to_bgr8`.  Returns None for any other format,
    for a picture over its limit (:func:`_too_large`) and whenever OpenCV
    fails, so that Pillow decodes it or explains what is wrong.
    """
    size = _header_size(data)
    is_png = data.startswith(_PNG_MAGIC)
    if size is None or _too_large(size[0], size[1], reducible=not is_png):
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    if is_png:
        img = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED)
        return None if img is None else _shrink(_to_bgr8(img))
    img = cv2.imdecode(buf, _jpeg_flag(size[0] * size[1]))
    return None if img is None else _shrink(img)


#: OpenCV's reduced JPEG decodes, by scale
_REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}


def _jpeg_flag(pixels: int) -> int:
    scale = 1
    while scale < 8 and pixels / (scale * scale) > WORK_PIXELS:
        scale *= 2
    return _REDUCED[scale]


def _header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG or baseline/progressive JPEG from its header, else None."""
    if data.startswith(_PNG_MAGIC) and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if not data.startswith(_JPEG_MAGIC):
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # start of frame
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
        i += 2 + length
    return None


def _decode_pil(p: Path, data: bytes) -> np.ndarray | None:
    """Decode with Pillow (handles EXIF orientation, palettes, 16 bit).

    Returns None when Pillow does not recognise the format at all, so OpenCV can
    have a go; raises ImageLoadError when Pillow recognises it but fails.
    """
    import io

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data))
    except Image.UnidentifiedImageError:
        return None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageLoadError(f"{p}: picture too large to load safely") from None
    except Exception as exc:  # noqa: BLE001 - any decoder failure is a bad file
        raise ImageLoadError(f"{p}: not a readable picture ({_short(exc)})") from None
    try:
        if _too_large(im.width, im.height, reducible=im.format in _REDUCIBLE):
            raise ImageLoadError(_too_large_message(p, im.width, im.height, im.format in _REDUCIBLE))
        _reduce_while_decoding(im)
        im.load()
        if getattr(im, "is_animated", False):
            im.seek(0)
        im = ImageOps.exif_transpose(im) or im
        return _shrink(_pil_to_bgr(im))
    except ImageLoadError:
        raise
    except Exception as exc:  # noqa: BLE001
        kind = im.format or "picture"
        msg = _short(exc)
        if "truncat" in msg.lower() or isinstance(exc, (EOFError, SyntaxError)):
            raise ImageLoadError(f"{p}: truncated or corrupt {kind} ({msg})") from None
        raise ImageLoadError(f"{p}: cannot decode {kind} ({msg})") from None


def _too_large(width: int, height: int, reducible: bool) -> bool:
    """Whether a picture of this size is refused: decoded reduced, or whole (the lower limit)."""
    return width * height > (MAX_PIXELS if reducible else MAX_FULL_PIXELS)


def _too_large_message(p: Path, width: int, height: int, reducible: bool) -> str:
    limit = MAX_PIXELS if reducible else MAX_FULL_PIXELS
    how = "" if reducible else " for a picture that is not a JPEG"
    return f"{p}: picture too large ({width}x{height}, over {limit // 1_000_000} megapixels{how})"


def _reduce_while_decoding(im: Image.Image) -> None:
    """Ask a JPEG decoder for 1/2, 1/4 or 1/8 scale when the picture is over WORK_PIXELS."""
    if im.format != "JPEG" or im.width * im.height <= WORK_PIXELS:
        return
    scale = 1
    while scale < 8 and im.width * im.height / (scale * scale) > WORK_PIXELS:
        scale *= 2
    im.draft("RGB", (im.width // scale, im.height // scale))


def _shrink(img: np.ndarray) -> np.ndarray:
    """The picture scaled down to at most WORK_PIXELS (area averaging), else as it is."""
    h, w = img.shape[:2]
    if h * w <= WORK_PIXELS:
        return img
    f = (WORK_PIXELS / (h * w)) ** 0.5
    return cv2.resize(img, (max(1, int(w * f)), max(1, int(h * f))), interpolation=cv2.INTER_AREA)


def _pil_to_bgr(im: Image.Image) -> np.ndarray:
    mode = im.mode
    if mode in ("I;16", "I;16B", "I;16L", "I"):
        arr = np.asarray(im).astype(np.float64)
        top = 65535.0 if mode.startswith("I;16") or arr.max() > 255 else 255.0
        grey = np.clip(arr * (255.0 / top) + 0.5, 0, 255).astype(np.uint8)
        return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    if mode == "F":
        arr = np.asarray(im).astype(np.float64)
        top = 1.0 if arr.max() <= 1.0 else 255.0
        grey = np.clip(arr * (255.0 / top) + 0.5, 0, 255).astype(np.uint8)
        return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    if mode in ("RGBA", "LA", "PA") or (mode == "P" and "transparency" in im.info):
        r, g, b, alpha = cv2.split(np.asarray(im if mode == "RGBA" else im.convert("RGBA")))
        return _over_black([b, g, r], alpha)
    if mode == "L":
        return cv2.cvtColor(np.asarray(im), cv2.COLOR_GRAY2BGR)
    if mode == "1":
        return cv2.cvtColor(np.asarray(im.convert("L")), cv2.COLOR_GRAY2BGR)
    rgb = np.array(im if mode == "RGB" else im.convert("RGB"))  # a copy of its own: turned in place
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR, dst=rgb)


def _decode_cv2(p: Path, data: bytes) -> np.ndarray:
    """What Pillow does not know, through OpenCV: only formats whose size their header tells."""
    size = _other_header_size(data)
    if size is not None and _too_large(size[0], size[1], reducible=False):
        raise ImageLoadError(_too_large_message(p, size[0], size[1], reducible=False))
    img = None
    if size is not None:
        img = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None:
        head = data[:16]
        if all(32 <= b < 127 or b in (9, 10, 13) for b in head) and size is None:
            # never echo the content: raw/ may hold a link to a private file
            raise ImageLoadError(f"{p}: not a picture (it holds text)")
        raise ImageLoadError(f"{p}: not a picture in any format we can decode")
    return _shrink(_to_bgr8(img))


def _other_header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from the header of a format OpenCV reads and Pillow does not, else None.

    Radiance HDR (``#?RADIANCE``), PAM (``P7``) and PFM (``PF``/``Pf``); a
    header that does not parse is None (and the file is not decoded).
    """
    head = data[:4096]
    try:
        if head.startswith((b"#?RADIANCE", b"#?RGBE")):
            _info, _blank, rest = head.partition(b"\n\n")
            tokens = rest.split(b"\n", 1)[0].split()
            if len(tokens) == 4 and tokens[0] in (b"-Y", b"+Y", b"-X", b"+X"):
                first, second = int(tokens[1]), int(tokens[3])
                return (second, first) if tokens[0].endswith(b"Y") else (first, second)
        elif head.startswith(b"P7"):
            fields = dict(line.split(None, 1) for line in head.split(b"ENDHDR")[0].splitlines()[1:]
                          if line.strip() and not line.startswith(b"#"))
            return int(fields[b"WIDTH"]), int(fields[b"HEIGHT"])
        elif head[:2] in (b"PF", b"Pf"):
            width, height = head[2:].split(None, 2)[:2]
            return int(width), int(height)
    except (ValueError, KeyError):
        return None
    return None


def _to_bgr8(img: np.ndarray) -> np.ndarray:
    """Any OpenCV decode (grey, BGR, BGRA; 8 or 16 bit) as BGR ``uint8``, alpha over black."""
    if img.dtype == np.uint16:
        img = (img.astype(np.uint32) * 255 // 65535).astype(np.uint8)
    elif img.dtype != np.uint8:
        img = cv2.normalize(img, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    elif img.shape[2] == 4:
        b, g, r, alpha = cv2.split(img)
        img = _over_black([b, g, r], alpha)
    elif img.shape[2] == 1:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    return img


def _over_black(planes: list[np.ndarray], alpha: np.ndarray) -> np.ndarray:
    """B, G, R ``uint8`` planes composited over black by ``alpha``: round(v * a / 255), in place.

    The same numbers as ``(v * a + 127) // 255`` (``v * a / 255`` is never
    halfway between two integers), without the 16-bit copies of the picture.
    """
    for plane in planes:
        cv2.multiply(plane, alpha, dst=plane, scale=1 / 255)
    return cv2.merge(planes)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:160]
