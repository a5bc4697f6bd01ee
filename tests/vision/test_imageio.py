"""load_image / save_image: every format comes out BGR uint8, every bad file is a clear error."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from visolve.errors import ImageLoadError
from visolve.vision.imageio import load_image, save_image


def _picture(h=40, w=30) -> np.ndarray:
    rng = np.random.default_rng(1)
    img = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    img[:10, :10] = (255, 0, 0)  # a blue corner to check channel order
    return img


def test_png_round_trip_is_exact(tmp_path):
    img = _picture()
    path = tmp_path / "a.png"
    save_image(path, img)
    out = load_image(path)
    assert out.dtype == np.uint8 and out.shape == img.shape
    assert np.array_equal(out, img)


def test_jpeg_is_bgr(tmp_path):
    img = np.zeros((32, 32, 3), np.uint8)
    img[:] = (255, 0, 0)  # blue in BGR
    path = tmp_path / "a.jpg"
    save_image(path, img)
    out = load_image(path)
    assert out.shape == (32, 32, 3)
    b, g, r = out[16, 16].astype(int)
    assert b > 200 and g < 50 and r < 50


def test_rgba_grey_and_16bit_become_bgr8(tmp_path):
    rgba = np.zeros((8, 8, 4), np.uint8)
    rgba[..., 0] = 200  # R
    rgba[..., 3] = 255
    rgba[0, 0, 3] = 0  # one transparent pixel -> black
    Image.fromarray(rgba, "RGBA").save(tmp_path / "rgba.png")
    out = load_image(tmp_path / "rgba.png")
    assert out.shape == (8, 8, 3)
    assert tuple(out[1, 1]) == (0, 0, 200)
    assert tuple(out[0, 0]) == (0, 0, 0)

    grey = np.full((5, 7), 99, np.uint8)
    Image.fromarray(grey, "L").save(tmp_path / "grey.png")
    out = load_image(tmp_path / "grey.png")
    assert out.shape == (5, 7, 3) and (out == 99).all()

    deep = np.full((6, 6), 65535, np.uint16)
    deep[0, 0] = 0
    cv2.imwrite(str(tmp_path / "deep.png"), deep)
    out = load_image(tmp_path / "deep.png")
    assert out.dtype == np.uint8 and out.shape == (6, 6, 3)
    assert out[1, 1, 0] == 255 and out[0, 0, 0] == 0


def test_exif_orientation_is_applied(tmp_path):
    img = np.zeros((20, 40, 3), np.uint8)  # wide picture, left half white
    img[:, :20] = 255
    pil = Image.fromarray(img[:, :, ::-1])
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 CW to view"
    pil.save(tmp_path / "rot.jpg", exif=exif.tobytes(), quality=95)
    out = load_image(tmp_path / "rot.jpg")
    assert out.shape[:2] == (40, 20)  # now tall
    assert out[5, 10].mean() > 200 and out[35, 10].mean() < 50  # white half on top


def test_missing_file(tmp_path):
    with pytest.raises(ImageLoadError, match="no such file"):
        load_image(tmp_path / "nope.png")


def test_folder_is_not_a_picture(tmp_path):
    with pytest.raises(ImageLoadError, match="folder"):
        load_image(tmp_path)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.png"
    path.write_bytes(b"")
    with pytest.raises(ImageLoadError, match="empty"):
        load_image(path)


def test_text_file_named_png(tmp_path):
    path = tmp_path / "notes.png"
    path.write_text("this is not a picture\n")
    with pytest.raises(ImageLoadError, match="not a picture"):
        load_image(path)


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_truncated_png_is_an_error(tmp_path, keep):
    buf = io.BytesIO()
    Image.fromarray(_picture(200, 150)).save(buf, "PNG")
    data = buf.getvalue()
    path = tmp_path / "cut.png"
    path.write_bytes(data[: int(len(data) * keep)])
    with pytest.raises(ImageLoadError, match="truncated"):
        load_image(path)


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_truncated_jpeg_is_an_error(tmp_path, keep):
    buf = io.BytesIO()
    Image.fromarray(_picture(200, 150)).save(buf, "JPEG", quality=90)
    data = buf.getvalue()
    path = tmp_path / "cut.jpg"
    path.write_bytes(data[: int(len(data) * keep)])
    with pytest.raises(ImageLoadError, match="truncated"):
        load_image(path)


def test_corrupt_png_body_is_an_error(tmp_path):
    buf = io.BytesIO()
    Image.fromarray(_picture(100, 100)).save(buf, "PNG")
    data = bytearray(buf.getvalue())
    mid = len(data) // 2
    data[mid : mid + 200] = b"\x00" * 200  # IEND still there, pixels damaged
    path = tmp_path / "bad.png"
    path.write_bytes(bytes(data))
    with pytest.raises(ImageLoadError):
        load_image(path)


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "out.png"
    save_image(path, _picture())
    save_image(path, _picture(10, 10))  # replace
    assert load_image(path).shape == (10, 10, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.png"]


def test_save_unknown_suffix(tmp_path):
    with pytest.raises(ValueError):
        save_image(tmp_path / "x.notaformat", _picture())
    assert list(tmp_path.iterdir()) == []


# -- size first: a few bytes claiming a huge picture are refused before anything is decoded ----------
#: width and height the crafted headers claim: 144 megapixels, over the whole-decode limit
#: (100 MP) and under the reduced-decode one (400 MP), where the old code decoded them whole
HUGE = 12_000


def _small(fmt: str, **kw) -> bytearray:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 200, 30)).save(buf, fmt, **kw)
    return bytearray(buf.getvalue())


def _webp_bomb() -> bytes:
    """A lossless WebP whose VP8L header claims 16384 x 16384 (the largest it can say)."""
    data = _small("WEBP", lossless=True)
    at = data.index(b"VP8L") + 9  # chunk tag, chunk size, signature byte: then 14+14 bits of size-1
    bits = int.from_bytes(data[at:at + 4], "little")
    bits = (bits & ~((1 << 28) - 1)) | 0x3FFF | (0x3FFF << 14)
    data[at:at + 4] = bits.to_bytes(4, "little")
    return bytes(data)


def _png_bomb() -> bytes:
    import zlib

    data = _small("PNG")
    data[16:24] = HUGE.to_bytes(4, "big") * 2
    data[29:33] = zlib.crc32(bytes(data[12:29])).to_bytes(4, "big")  # the IHDR chunk's CRC
    return bytes(data)


def _gif_bomb() -> bytes:
    data = _small("GIF")
    data[6:10] = HUGE.to_bytes(2, "little") * 2  # the logical screen
    at = data.index(b"\x2c")  # the image descriptor: left, top, width, height
    data[at + 5:at + 9] = HUGE.to_bytes(2, "little") * 2
    return bytes(data)


def _bmp_bomb() -> bytes:
    data = _small("BMP")
    data[18:26] = HUGE.to_bytes(4, "little") * 2
    return bytes(data)


def _tiff_bomb() -> bytes:
    data = _small("TIFF")
    assert data[:2] == b"II"
    ifd = int.from_bytes(data[4:8], "little")
    for i in range(int.from_bytes(data[ifd:ifd + 2], "little")):
        entry = ifd + 2 + 12 * i
        tag, kind = int.from_bytes(data[entry:entry + 2], "little"), int.from_bytes(data[entry + 2:entry + 4], "little")
        if tag in (256, 257):  # ImageWidth, ImageLength: SHORT (3) or LONG (4)
            size = 2 if kind == 3 else 4
            data[entry + 8:entry + 8 + size] = HUGE.to_bytes(size, "little")
    return bytes(data)


def _pam_bomb() -> bytes:  # a format only OpenCV reads
    return b"P7\nWIDTH %d\nHEIGHT %d\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n" % (HUGE, HUGE) + b"\0" * 192


def _hdr_bomb() -> bytes:
    return b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n" % (HUGE, HUGE) + b"\0" * 64


@pytest.mark.parametrize("make", [_webp_bomb, _png_bomb, _gif_bomb, _bmp_bomb, _tiff_bomb, _pam_bomb, _hdr_bomb],
                         ids=["webp", "png", "gif", "bmp", "tiff", "pam", "hdr"])
def test_a_header_claiming_a_huge_picture_is_refused_before_decoding(tmp_path, monkeypatch, make):
    data = make()
    assert len(data) < 1000
    path = tmp_path / "bomb.img"
    path.write_bytes(data)

    def no_decoding(*_args, **_kw):
        raise AssertionError("a decoder ran on a picture whose header is over the limit")

    # Pillow imports all its plugins the first time it meets a format it does
    # not know, and one of them (Palm) builds and loads a small picture as it
    # is imported: import them now, before `load` is made to fail, or the
    # result would hang on which test a worker ran first.
    Image.init()
    monkeypatch.setattr(Image.Image, "load", no_decoding)
    monkeypatch.setattr(cv2, "imdecode", no_decoding)
    with pytest.raises(ImageLoadError, match="too large"):
        load_image(path)


def test_the_header_check_lets_ordinary_pictures_through(tmp_path):
    """The same crafted formats at their honest small size load (the checks read the right fields)."""
    for fmt, kw in (("WEBP", {"lossless": True}), ("PNG", {}), ("GIF", {}), ("BMP", {}), ("TIFF", {})):
        path = tmp_path / f"small.{fmt.lower()}"
        path.write_bytes(bytes(_small(fmt, **kw)))
        assert load_image(path).shape == (8, 8, 3), fmt
    pam = tmp_path / "small.pam"
    pam.write_bytes(b"P7\nWIDTH 2\nHEIGHT 3\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n" + bytes(range(18)))
    assert load_image(pam).shape == (3, 2, 3)


def test_a_large_jpeg_is_still_decoded_reduced(tmp_path):
    """JPEG keeps the higher limit: it is decoded at 1/8 scale, so its header may claim more."""
    from visolve.vision import imageio

    path = tmp_path / "big.jpg"
    Image.new("RGB", (400, 300), (200, 100, 50)).save(path, quality=80)
    assert imageio._too_large(12_000, 12_000, reducible=True) is False
    assert imageio._too_large(12_000, 12_000, reducible=False) is True
    assert load_image(path).shape == (300, 400, 3)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs on this system")
def test_fifos_and_devices_are_refused_without_being_read(tmp_path):
    import os
    import threading

    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.png"
    zero.symlink_to("/dev/zero")
    errors = {}

    def load(path):
        try:
            load_image(path)
        except ImageLoadError as exc:
            errors[path.name] = str(exc)

    for path in (fifo, zero):
        # hang guard: before, the FIFO's open waited for a writer and /dev/zero was read until memory ran out
        thread = threading.Thread(target=load, args=(path,), daemon=True)
        thread.start()
        thread.join(20)
        assert not thread.is_alive(), f"{path.name} is being read"
    assert "not a regular file (a FIFO)" in errors["pipe.png"]
    assert "not a regular file (a device)" in errors["zero.png"]


@pytest.mark.parametrize("fmt", ["PNG", "WEBP"])  # OpenCV's decode, and Pillow's
def test_alpha_goes_over_black_exactly_for_every_value_and_alpha(tmp_path, fmt):
    value, alpha = np.meshgrid(np.arange(256, dtype=np.uint8), np.arange(256, dtype=np.uint8))
    rgba = np.dstack([value, value[:, ::-1], value // 2, alpha])
    path = tmp_path / f"all.{fmt.lower()}"
    Image.fromarray(rgba, "RGBA").save(path, fmt, **({"lossless": True, "exact": True} if fmt == "WEBP" else {}))
    want = (rgba[:, :, [2, 1, 0]].astype(np.uint32) * alpha[:, :, None] + 127) // 255
    assert np.array_equal(load_image(path), want.astype(np.uint8))
