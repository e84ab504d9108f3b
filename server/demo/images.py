"""Placeholder pictures without an imaging library: baseline JPEGs made of flat 8x8 blocks.

A block of one colour has only a DC coefficient, so the encoder needs no DCT: each block is its DC
difference and an end-of-block code. Good enough for avatars and selfie placeholders of a demo.
"""

from __future__ import annotations

import random
import struct
from pathlib import Path

Colour = tuple[int, int, int]

BLOCK = 8
_DC_LUMINANCE_BITS = (0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0)
_DC_CHROMINANCE_BITS = (0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0)
_DC_SYMBOLS = tuple(range(12))
# One AC symbol only: end of block, coded as the single bit 0.
_AC_BITS = (1,) + (0,) * 15
_AC_SYMBOLS = (0,)
_QUANT = 8  # a flat block's DC coefficient is 8 * (value - 128): quantised it is the value itself


def _codes(bits: tuple[int, ...], symbols: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    table: dict[int, tuple[int, int]] = {}
    code, index = 0, 0
    for length, count in enumerate(bits, start=1):
        for _ in range(count):
            table[symbols[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return table


_DC_TABLES = (_codes(_DC_LUMINANCE_BITS, _DC_SYMBOLS), _codes(_DC_CHROMINANCE_BITS, _DC_SYMBOLS))


class _BitWriter:
    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = 0
        self.count = 0

    def write(self, value: int, length: int) -> None:
        self.acc = (self.acc << length) | (value & ((1 << length) - 1))
        self.count += length
        while self.count >= 8:
            self.count -= 8
            byte = (self.acc >> self.count) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0)
        self.acc &= (1 << self.count) - 1

    def flush(self) -> bytes:
        if self.count:
            self.write((1 << (8 - self.count)) - 1, 8 - self.count)
        return bytes(self.out)


def _segment(marker: int, payload: bytes) -> bytes:
    return struct.pack(">HH", 0xFF00 | marker, len(payload) + 2) + payload


def _ycbcr(colour: Colour) -> tuple[int, int, int]:
    r, g, b = colour
    y = 0.299 * r + 0.587 * g + 0.114 * b
    cb = -0.168736 * r - 0.331264 * g + 0.5 * b + 128
    cr = 0.5 * r - 0.418688 * g - 0.081312 * b + 128
    return tuple(max(-128, min(127, round(v) - 128)) for v in (y, cb, cr))  # type: ignore[return-value]


def jpeg_from_blocks(blocks: list[list[Colour]]) -> bytes:
    """A JPEG whose picture is `blocks` (rows of colours), each drawn as an 8x8 pixel square."""
    rows, columns = len(blocks), len(blocks[0])
    header = b"\xff\xd8" + _segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    header += _segment(0xDB, b"\x00" + bytes([_QUANT] * 64))
    header += _segment(
        0xC0,
        struct.pack(">BHHB", 8, rows * BLOCK, columns * BLOCK, 3) + b"\x01\x11\x00\x02\x11\x00\x03\x11\x00",
    )
    for table_class_id, bits, symbols in (
        (0x00, _DC_LUMINANCE_BITS, _DC_SYMBOLS),
        (0x01, _DC_CHROMINANCE_BITS, _DC_SYMBOLS),
        (0x10, _AC_BITS, _AC_SYMBOLS),
    ):
        header += _segment(0xC4, bytes([table_class_id, *bits, *symbols]))
    header += _segment(0xDA, b"\x03\x01\x00\x02\x10\x03\x10\x00\x3f\x00")
    writer = _BitWriter()
    previous = [0, 0, 0]
    for row in blocks:
        for colour in row:
            for component, value in enumerate(_ycbcr(colour)):
                diff = value - previous[component]
                previous[component] = value
                size = abs(diff).bit_length()
                code, length = _DC_TABLES[min(component, 1)][size]
                writer.write(code, length)
                if size:
                    writer.write(diff if diff > 0 else diff + (1 << size) - 1, size)
                writer.write(0, 1)  # end of block
    return header + writer.flush() + b"\xff\xd9"


SKIN_TONES: tuple[Colour, ...] = ((241, 194, 155), (224, 172, 125), (198, 144, 100), (160, 110, 75))
HAIR_COLOURS: tuple[Colour, ...] = ((30, 24, 20), (45, 35, 30), (70, 50, 35))
BACKGROUNDS: tuple[Colour, ...] = (
    (52, 101, 164), (46, 139, 87), (178, 34, 52), (204, 121, 32), (111, 66, 193), (32, 133, 148),
)  # fmt: skip
UNIFORMS: tuple[Colour, ...] = ((0, 82, 155), (230, 120, 20), (40, 40, 40), (255, 200, 0), (240, 240, 240))


def portrait(
    rng: random.Random, *, columns: int = 12, rows: int = 12, background: Colour | None = None
) -> bytes:
    """A blocky head-and-shoulders picture in random colours: an avatar or a check-in selfie."""
    bg = background or rng.choice(BACKGROUNDS)
    skin, hair = rng.choice(SKIN_TONES), rng.choice(HAIR_COLOURS)
    shirt = rng.choice([u for u in UNIFORMS if sum(abs(a - b) for a, b in zip(u, bg, strict=True)) > 120])
    top = (255, 255, 255) if rng.random() < 0.4 else hair  # a safety helmet or hair
    mouth = tuple(max(0, c - 60) for c in skin)
    cx, cy = (columns - 1) / 2, rows * 0.42
    rx, ry = columns * 0.24, rows * 0.24
    eye_row, mouth_row = round(cy - ry * 0.1), round(cy + ry * 0.5)
    blocks: list[list[Colour]] = []
    for y in range(rows):
        line: list[Colour] = []
        for x in range(columns):
            dx, dy = x - cx, y - cy
            colour = bg
            if (dx / rx) ** 2 + (dy / ry) ** 2 <= 1.0:
                colour = skin
                if dy < -ry * 0.45:
                    colour = top
                elif y == eye_row and rx * 0.2 < abs(dx) < rx * 0.75:
                    colour = (35, 30, 30)
                elif y == mouth_row and abs(dx) < rx * 0.35:
                    colour = mouth  # type: ignore[assignment]
            elif y > cy + ry and abs(dx) <= columns * 0.3 + (y - cy - ry) * 0.6:
                colour = shirt
            line.append(colour)
        blocks.append(line)
    return jpeg_from_blocks(blocks)


def document(rng: random.Random, *, columns: int = 12, rows: int = 16) -> bytes:
    """A blocky scanned letter (a doctor's note, an invitation): header bar and lines of grey text."""
    paper, ink = (250, 250, 246), (120, 120, 128)
    header = rng.choice(BACKGROUNDS)
    blocks = [[paper] * columns for _ in range(rows)]
    blocks[1] = [paper] + [header] * (columns - 2) + [paper]
    for y in range(3, rows - 3, 2):
        length = rng.randint(columns // 2, columns - 2)
        blocks[y] = [paper] + [ink] * length + [paper] * (columns - 1 - length)
    blocks[rows - 2] = [paper] * (columns - 5) + [header] * 3 + [paper] * 2
    return jpeg_from_blocks(blocks)


def write_pictures(
    directory: Path, prefix: str, count: int, seed: int, *, rows: int, columns: int, kind: str = "portrait"
) -> list[Path]:
    """`count` pictures as <directory>/<prefix>-NN.jpg (written once; kept when already there)."""
    directory.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"{seed}:{prefix}")
    paths = []
    for index in range(count):
        if kind == "document":
            content = document(rng, rows=rows, columns=columns)
        else:
            content = portrait(rng, rows=rows, columns=columns)
        path = directory / f"{prefix}-{index + 1:02d}.jpg"
        if not path.exists():
            path.write_bytes(content)
        paths.append(path)
    return paths
