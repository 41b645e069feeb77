#!/usr/bin/env python3
"""Peer: the bench's gradient+initials avatars with Pillow, in one process.

    python3 bench/peers/pillow_avatars.py --count 1000 --size 512 -o DIR

What a careful user script would do: the gradient's per-pixel position is
computed once with numpy (CSS angle 135°, sampled at pixel centres, as Cairo
does) and each avatar is two numpy operations; the circle mask is drawn once
(Pillow's ellipse, not antialiased: cheaper than logoc's antialiased edge);
the initials (Inter Bold, 160 px at 512) are centred on their ink box;
`Image.save` writes the PNG (zlib level 6, Pillow's default). Avatar i is
bench/make_corpus.py's gi_avatar(i), the same as logoc's spec i.
"""

import argparse
import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from make_corpus import GI_ANGLE, GI_TEXT_FRACTION, gi_avatar, peer_arguments  # noqa: E402

FONT = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"


def main():
    args = peer_arguments()
    size = args.size

    # The gradient line of CSS linear-gradient(135deg): through the centre,
    # long enough that the corners get the end colours.
    rad = math.radians(GI_ANGLE)
    dx, dy = math.sin(rad), -math.cos(rad)
    half = (abs(size * dx) + abs(size * dy)) / 2
    x0, y0 = size / 2 - dx * half, size / 2 - dy * half
    y, x = np.mgrid[0:size, 0:size].astype(np.float32) + 0.5
    t = np.clip(((x - x0) * dx + (y - y0) * dy) / (2 * half), 0, 1)[..., None]

    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, size - 1, size - 1), fill=255)
    font = ImageFont.truetype(FONT, round(size * GI_TEXT_FRACTION))

    for i in range(args.start, args.start + args.count):
        name, c1, c2, initials = gi_avatar(i)
        a = np.array(c1, np.float32)
        b = np.array(c2, np.float32)
        rgb = (a + (b - a) * t + 0.5).astype(np.uint8)
        img = Image.fromarray(rgb, "RGB")
        draw = ImageDraw.Draw(img)
        left, top, right, bottom = draw.textbbox((0, 0), initials, font=font)
        draw.text(((size - (right - left)) / 2 - left, (size - (bottom - top)) / 2 - top), initials, font=font, fill=(255, 255, 255))
        img.putalpha(mask)
        img.save(os.path.join(args.output, name + ".png"))


if __name__ == "__main__":
    main()
