#!/usr/bin/env python3
"""Write circuit500's reference templates for the reader.

Everything is drawn by ``visolve.puzzles.circuit500.painter`` (no pixels of the
game are copied), so running this again gives identical files.

Output (default ``data/reference/circuit500``)::

    tiles/<kind>-<arms>_<lit>.png   32x32 base-resolution tiles, lit in off/start/end
    tiles/gap_off.png, tiles/empty_off.png
    glyphs/<ch>.png                 9x8 glyph masks (white on black), 0-9 and l, e, v
    index.json                      every file with token, lit state, size, and the
                                    base geometry constants

Combinations that cannot occur are skipped: gap and empty are never lit; the
start is always green ("start"); the end is purple ("end"), or green ("start")
on a solved board.  In the game only cells connected to the start are lit;
purple "end" versions of corners, junctions and the cross are drawn for
completeness but flagged ``"in_game": false``, as is the green end.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.circuit500 import painter
from visolve.puzzles.circuit500.model import ARM_COUNT, Tile, is_corner_mask

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "data" / "reference" / "circuit500"


def all_tiles() -> list[Tile]:
    tiles = []
    for kind in ("gap", "empty", "cross", "corner", "junction", "start", "end"):
        for arms in range(16):
            t = Tile(kind, arms)
            if bin(arms).count("1") != ARM_COUNT[kind]:
                continue
            if kind == "corner" and not is_corner_mask(arms):
                continue
            tiles.append(t)
    return tiles


def lit_states(tile: Tile) -> list[tuple[str, bool]]:
    """(lit name, seen in the real game) pairs worth drawing for this tile."""
    if tile.kind in ("gap", "empty"):
        return [("off", True)]
    if tile.kind == "start":
        return [("start", True)]
    if tile.kind == "end":
        return [("end", True), ("start", False)]
    return [("off", True), ("start", True), ("end", False)]


def write_png(path: Path, img: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    ok, data = cv2.imencode(".png", img, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    if not ok:
        raise RuntimeError(f"could not encode {path}")
    path.write_bytes(data.tobytes())


def draw(out: Path) -> dict:
    entries = []
    for tile in all_tiles():
        for lit, in_game in lit_states(tile):
            img = painter.tile_image(tile, None if lit == "off" else lit)
            name = f"{tile.token('-')}_{lit}.png"
            write_png(out / "tiles" / name, img)
            entries.append({
                "file": f"tiles/{name}",
                "type": "tile",
                "token": tile.token("-"),
                "kind": tile.kind,
                "arms": tile.arms,
                "lit": lit,
                "in_game": in_game,
                "size": [img.shape[1], img.shape[0]],
            })
    for ch in "0123456789lev":
        mask = painter.glyph(ch)
        img = np.where(mask, 255, 0).astype(np.uint8)
        name = f"{ch}.png"
        write_png(out / "glyphs" / name, img)
        entries.append({
            "file": f"glyphs/{name}",
            "type": "glyph",
            "char": ch,
            "size": [img.shape[1], img.shape[0]],
        })
    index = {
        "game": "circuit500",
        "note": "drawn by visolve.puzzles.circuit500.painter (scripts/draw_reference.py); "
                "colours are BGR; base resolution = real screenshot / 4",
        "geometry": {
            "base_size": [painter.BASE_W, painter.BASE_H],
            "screenshot_scale": painter.BASE_SCALE,
            "board_origin": [painter.BOARD_X, painter.BOARD_Y],
            "tile": painter.TILE,
            "rows": 6,
            "cols": 4,
            "glyph_size": [painter.GLYPH_W, painter.GLYPH_H],
            "level_text": {"x": painter.LEVEL_TEXT_X, "y": painter.LEVEL_TEXT_Y},
            "level_digits": {"x": painter.LEVEL_DIGITS_X, "y": painter.LEVEL_TEXT_Y,
                             "step": painter.GLYPH_W},
            "counter_digits": {"x": painter.COUNTER_X, "y": painter.COUNTER_Y,
                               "step": painter.GLYPH_W},
            "gear": {"x": painter.GEAR_X, "y": painter.GEAR_Y, "size": [32, 32]},
        },
        "colours_bgr": {
            "background": list(painter.BLACK),
            "plate": list(painter.PLATE),
            "plate_light": list(painter.PLATE_LIGHT),
            "plate_dark": list(painter.PLATE_DARK),
            "text": list(painter.TEXT),
            "pipe_off": [list(c) for c in painter.PIPE_COLOURS[None]],
            "pipe_start": [list(c) for c in painter.PIPE_COLOURS["start"]],
            "pipe_end": [list(c) for c in painter.PIPE_COLOURS["end"]],
        },
        "lighting": "in the game only cells connected to the start are lit (green); "
                    "the end tile is always purple; entries with in_game=false never "
                    "appear in real screenshots",
        "files": entries,
    }
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    return index


def compare(game_dir: Path) -> dict:
    """Pixel agreement of the painter with real screenshots (development check).

    ``game_dir`` holds ``truth.jsonl`` and ``raw/``; nothing is copied.  Each
    screenshot is reduced to base resolution (INTER_AREA, 1/4) and compared
    with the painter's picture of the same grid: per tile, per board, and for
    the whole screen (the counter value is read back with the painter's font).
    """
    from visolve.puzzles.circuit500.model import Level, parse_token

    tiles, boards, screens = [], [], []
    for line in (game_dir / "truth.jsonl").read_text().splitlines():
        t = json.loads(line)
        shot = cv2.imread(str(game_dir / "raw" / t["file"]))
        base = cv2.resize(shot, (painter.BASE_W, painter.BASE_H), interpolation=cv2.INTER_AREA)
        grid = tuple(tuple(parse_token(tok) for tok in row) for row in t["grid"])
        digits = ""
        for k in range(6):
            x = painter.COUNTER_X + painter.GLYPH_W * k
            cell = base[painter.COUNTER_Y:painter.COUNTER_Y + painter.GLYPH_H,
                        x:x + painter.GLYPH_W].any(-1)
            hit = [d for d in "0123456789" if np.array_equal(painter.glyph(d), cell)]
            if not hit:
                break
            digits += hit[0]
        mine = painter.render_base(Level(t["level"], grid), counter=int(digits) if digits else None)
        same = (mine == base).all(-1)
        screens.append(same.mean())
        y0, x0, T = painter.BOARD_Y, painter.BOARD_X, painter.TILE
        boards.append(same[y0:y0 + 6 * T, x0:x0 + 4 * T].mean())
        for r in range(6):
            for c in range(4):
                tiles.append(same[y0 + r * T:y0 + (r + 1) * T, x0 + c * T:x0 + (c + 1) * T].mean())
    return {
        "screenshots": len(screens),
        "tile_mean": float(np.mean(tiles)), "tile_min": float(np.min(tiles)),
        "board_mean": float(np.mean(boards)), "board_min": float(np.min(boards)),
        "screen_mean": float(np.mean(screens)), "screen_min": float(np.min(screens)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--compare", type=Path, metavar="GAME_DIR", nargs="?",
                    const=ROOT.parent / "shared" / "circuit500",
                    help="only report pixel agreement with the real screenshots in GAME_DIR "
                         "(truth.jsonl + raw/; default ../shared/circuit500)")
    args = ap.parse_args(argv)
    if args.compare is not None:
        if not (args.compare / "truth.jsonl").exists():
            print(f"no truth.jsonl in {args.compare}", file=sys.stderr)
            return 2
        rep = compare(args.compare)
        print(f"{rep['screenshots']} screenshots, exact pixels at base resolution:")
        for what in ("tile", "board", "screen"):
            print(f"  per {what:6s} mean {100 * rep[what + '_mean']:.3f}%  "
                  f"min {100 * rep[what + '_min']:.3f}%")
        return 0
    index = draw(args.out)
    print(f"wrote {len(index['files'])} files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
