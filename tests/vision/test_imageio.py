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
