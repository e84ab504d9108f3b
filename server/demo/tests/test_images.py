"""The hand-made JPEGs decode with a real decoder, at the promised size and colours."""

from __future__ import annotations

import random
from io import BytesIO

import pytest

from server.demo.images import document, jpeg_from_blocks, portrait

Image = pytest.importorskip("PIL.Image")


def test_flat_blocks_keep_their_colours() -> None:
    red, blue = (200, 30, 40), (20, 60, 200)
    picture = Image.open(BytesIO(jpeg_from_blocks([[red, blue], [blue, red]])))
    picture.load()
    assert picture.format == "JPEG" and picture.size == (16, 16)
    for (x, y), expected in (((3, 3), red), ((12, 3), blue), ((3, 12), blue), ((12, 12), red)):
        assert all(abs(a - b) <= 4 for a, b in zip(picture.getpixel((x, y)), expected, strict=True))


@pytest.mark.parametrize("seed", range(5))
def test_portraits_and_documents_decode(seed: int) -> None:
    rng = random.Random(seed)
    for content, size in ((portrait(rng, rows=20, columns=15), (120, 160)), (document(rng), (96, 128))):
        picture = Image.open(BytesIO(content))
        picture.load()
        assert picture.size == size
