#!/usr/bin/env python3
"""Regenerates the image fixtures of LogocImageIOTests (run once; the
outputs are committed). Needs Pillow (`pip install pillow`) and
libturbojpeg0. PNGs are written by hand with zlib so every byte is known;
JPEGs come from Pillow, except the YCCK one, which only libjpeg-turbo can
write (through TurboJPEG via ctypes). The expected colours are asserted in
Tests/LogocImageIOTests/DecoderFixtureTests.swift."""
import ctypes, os, struct, zlib
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))

def out(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)

# --- PNG, by hand -----------------------------------------------------------

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

def png(width, height, depth, colour, rows, interlace=False, extra=b""):
    """rows(x0, y0, dx, dy, w, h) -> list of packed sample rows for that (sub)image."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 1 if interlace else 0)
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] \
        if interlace else [(0, 0, 1, 1)]
    raw = b""
    for x0, y0, dx, dy in passes:
        w = (width - x0 + dx - 1) // dx if width > x0 else 0
        h = (height - y0 + dy - 1) // dy if height > y0 else 0
        if w == 0 or h == 0:
            continue
        for row in rows(x0, y0, dx, dy, w, h):
            raw += b"\x00" + row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def quadrant(x, y, size, colours):
    return colours[(1 if x >= size // 2 else 0) + (2 if y >= size // 2 else 0)]

# 16-bit RGBA, 4x4: row 0 = (0x8080, 0xFFFF, 0, opaque), half-transparent red,
# fully transparent, opaque white; other rows repeat row 0.
def rows16(x0, y0, dx, dy, w, h):
    px = [(0x8080, 0xFFFF, 0x0000, 0xFFFF), (0xFFFF, 0, 0, 0x8000), (0x1234, 0x5678, 0x9ABC, 0), (0xFFFF,) * 4]
    row = b"".join(struct.pack(">HHHH", *p) for p in px)
    return [row] * h
out("rgba16.png", png(4, 4, 16, 6, rows16))

# Interlaced (Adam7) 8-bit RGB, 16x16 quadrants: red, green / blue, white,
# with one yellow pixel at (5, 3), which Adam7 stores in pass 6.
Q = [(220, 30, 30), (30, 180, 60), (40, 60, 200), (255, 255, 255)]
def rows_interlaced(x0, y0, dx, dy, w, h):
    result = []
    for j in range(h):
        y = y0 + j * dy
        row = b""
        for i in range(w):
            x = x0 + i * dx
            row += bytes((255, 255, 0) if (x, y) == (5, 3) else quadrant(x, y, 16, Q))
        result.append(row)
    return result
out("interlaced.png", png(16, 16, 8, 2, rows_interlaced, interlace=True))

# Palette at 2 bits per pixel with tRNS, 8x8: columns 0-2 index 0 (opaque red),
# 3-5 index 1 (blue, alpha 128), 6-7 index 2 (green, alpha 0).
plte = chunk(b"PLTE", bytes((255, 0, 0, 0, 0, 255, 0, 255, 0)))
trns = chunk(b"tRNS", bytes((255, 128, 0)))
def rows_palette(x0, y0, dx, dy, w, h):
    idx = [0, 0, 0, 1, 1, 1, 2, 2]
    packed = bytes(idx[i] << 6 | idx[i + 1] << 4 | idx[i + 2] << 2 | idx[i + 3] for i in (0, 4))
    return [packed] * h
out("palette-trns.png", png(8, 8, 2, 3, rows_palette, extra=plte + trns))

# 8-bit grey, 16x16: value 16*x + y.
def rows_grey(x0, y0, dx, dy, w, h):
    return [bytes(16 * x + y for x in range(w)) for y in range(h)]
grey = png(16, 16, 8, 0, rows_grey)
out("grey.png", grey)

# The grey PNG with four IDAT data bytes flipped (its CRC no longer matches).
idat = grey.index(b"IDAT") + 4
corrupt = bytearray(grey)
for k in range(4, 8):
    corrupt[idat + k] ^= 0xFF
out("corrupt-idat.png", bytes(corrupt))

# A valid-looking PNG whose header claims 60000x60000 RGBA pixels.
huge = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
out("huge-header.png", huge)

# --- JPEG -------------------------------------------------------------------

def quadrant_image(mode, size, colours):
    im = Image.new(mode, (size, size))
    for y in range(size):
        for x in range(size):
            im.putpixel((x, y), quadrant(x, y, size, colours))
    return im

def save(im, name, **options):
    path = os.path.join(HERE, name)
    im.save(path, "JPEG", **options)
    return open(path, "rb").read()

# Baseline and progressive, 32x32 quadrants: red, green / blue, white.
rgb = quadrant_image("RGB", 32, Q)
save(rgb, "baseline.jpg", quality=95, subsampling=0)
save(rgb, "progressive.jpg", quality=95, progressive=True)  # 4:2:0

# CMYK (Adobe, inverted samples, as Pillow writes them), 32x32 quadrants:
# cyan, magenta / yellow, 50% black.
CMYK = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 128)]
save(quadrant_image("CMYK", 32, CMYK), "cmyk.jpg", quality=95)

# YCCK (Adobe transform 2), same colours, written by libjpeg-turbo, which
# stores CMYK inverted like Adobe; TurboJPEG takes samples as stored.
tj = ctypes.CDLL("libturbojpeg.so.0")
tj.tjInitCompress.restype = ctypes.c_void_p
tj.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                           ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_ulong),
                           ctypes.c_int, ctypes.c_int, ctypes.c_int]
tj.tjFree.argtypes = [ctypes.c_void_p]
tj.tjDestroy.argtypes = [ctypes.c_void_p]
samples = b"".join(bytes(255 - v for v in quadrant(x, y, 32, CMYK)) for y in range(32) for x in range(32))
handle = tj.tjInitCompress()
buf, size = ctypes.c_void_p(), ctypes.c_ulong(0)
TJPF_CMYK, TJSAMP_444 = 11, 0
assert tj.tjCompress2(handle, samples, 32, 0, 32, TJPF_CMYK, ctypes.byref(buf), ctypes.byref(size), TJSAMP_444, 95, 0) == 0
out("ycck.jpg", ctypes.string_at(buf, size.value))
tj.tjFree(buf)
tj.tjDestroy(handle)

# A 64x64 gradient with texture, cut in half inside the entropy-coded data.
im = Image.new("RGB", (64, 64))
for y in range(64):
    for x in range(64):
        im.putpixel((x, y), (4 * x, 4 * y, (x * y) % 256))
whole = save(im, "truncated.jpg", quality=90)
out("truncated.jpg", whole[: len(whole) // 2])
