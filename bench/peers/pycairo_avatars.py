#!/usr/bin/env python3
"""Peer: the bench's gradient+initials avatars with pycairo, in one process.

    python3 bench/peers/pycairo_avatars.py --count 1000 --size 512 -o DIR

The same drawing as logoc's (circle clip, CSS 135° linear gradient, white
initials in Inter Bold at 160 px centred on their ink, filled as outlines,
no hinting, grey antialiasing) through Cairo's toy text API (fontconfig
finds Inter), written with Cairo's own PNG writer (`write_to_png`).
Avatar i is bench/make_corpus.py's gi_avatar(i).
"""

import argparse
import math
import os
import sys

import cairo

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from make_corpus import GI_ANGLE, GI_TEXT_FRACTION, gi_avatar, peer_arguments  # noqa: E402


def main():
    args = peer_arguments()
    size = float(args.size)
    rad = math.radians(GI_ANGLE)
    dx, dy = math.sin(rad), -math.cos(rad)
    half = (abs(size * dx) + abs(size * dy)) / 2
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)

    for i in range(args.start, args.start + args.count):
        name, c1, c2, initials = gi_avatar(i)
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, args.size, args.size)
        cr = cairo.Context(surface)
        cr.arc(size / 2, size / 2, size / 2, 0, 2 * math.pi)
        cr.clip()
        g = cairo.LinearGradient(size / 2 - dx * half, size / 2 - dy * half, size / 2 + dx * half, size / 2 + dy * half)
        g.add_color_stop_rgb(0, *(c / 255 for c in c1))
        g.add_color_stop_rgb(1, *(c / 255 for c in c2))
        cr.set_source(g)
        cr.paint()
        cr.reset_clip()
        cr.select_font_face("Inter", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
        cr.set_font_size(size * GI_TEXT_FRACTION)
        cr.set_font_options(options)
        xb, yb, w, h, _, _ = cr.text_extents(initials)
        cr.move_to(size / 2 - (xb + w / 2), size / 2 - (yb + h / 2))
        cr.text_path(initials)
        cr.set_source_rgb(1, 1, 1)
        cr.fill()
        surface.write_to_png(os.path.join(args.output, name + ".png"))


if __name__ == "__main__":
    main()
