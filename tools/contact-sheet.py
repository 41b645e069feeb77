#!/usr/bin/env python3
"""Makes docs/showcase.png, the contact sheet in the README, from a build of Specs/.

Usage: make run && python3 tools/contact-sheet.py dist docs/showcase.png
Needs Pillow (pip install pillow); only for refreshing the README picture.
"""
import glob
import os
import sys

from PIL import Image, ImageDraw

dist, out = sys.argv[1], sys.argv[2]
# The specs' own 1x pictures; a target's files (dist/web/..., dist/ios/..., dist/android/...) repeat them.
files = sorted(f for f in glob.glob(os.path.join(dist, "**", "*.png"), recursive=True)
               if "@" not in os.path.basename(f) and not os.path.relpath(f, dist).startswith(("web/", "ios/", "android/")))
cell, pad, columns = 128, 16, 8
rows = (len(files) + columns - 1) // columns
sheet = Image.new("RGBA", (columns * (cell + pad) + pad, rows * (cell + pad) + pad), (246, 246, 248, 255))
draw = ImageDraw.Draw(sheet)
for i, path in enumerate(files):
    x, y = pad + (i % columns) * (cell + pad), pad + (i // columns) * (cell + pad)
    if path.endswith("-dark.png"):
        draw.rounded_rectangle((x - 6, y - 6, x + cell + 6, y + cell + 6), radius=10, fill=(32, 33, 36, 255))
    image = Image.open(path).convert("RGBA").resize((cell, cell), Image.LANCZOS)
    sheet.alpha_composite(image, (x, y))
sheet.save(out, optimize=True)
print(f"{len(files)} images → {out}")
