#!/usr/bin/env python3
"""Reproducible spec corpora for `make bench` (docs/performance.md).

    python3 bench/make_corpus.py OUT [--seed 6] [--mixed 1000:512 --mixed 10000:64,128,256,512] [--gi 1000] [--small N] [--reuse]

writes, below OUT:

  mixed-N/         a project root: logoc.yaml (palette, contrast, output
                   defaults), Specs/gNNN/… (100 spec files a folder, each
                   folder with a _person.yaml partial), Specs/images/ (photos
                   made here with Pillow, JPEG and PNG). The specs mix solid,
                   linear and radial gradient and photo backgrounds; initials
                   in Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari and
                   CJK, colour emoji and literal text, some specs without
                   text; circle, square and roundRect; borders, dark
                   variants, palette colours, partials, multi-document files;
                   PNG with and without SVG, scales [1] and [1, 2]. Sizes are
                   drawn from the list given after the colon.
  gi-N/            the floor's and the peers' set: N gradient+initials
                   avatars at 512 px, PNG only, one file each
                   (Specs/giNNNNN.yaml): circle, two-stop linear gradient at
                   135°, two white initials in Inter Bold at 160 px. Spec i
                   is Floor.avatar(i) in bench/floor/Floor.swift (the
                   same splitmix64 formula), so `logoc-bench-floor` and the
                   peer scripts draw the same avatars.
  small-N/         (with --small N) a project of N small specs for the
                   memory bounds of issue 21 (a million is meant): 32 px
                   circles, a solid colour and two initials, PNG only, one
                   spec a file, 1,000 files a folder (Specs/fNNNN/sNNNNNNN.yaml),
                   no partials, images or palette. Written with plain
                   writes, about a minute per 100,000 here.
  corpus.json      what was generated: seed, counts, and for each mixed
                   corpus the spec the bench edits for the one-spec rebuild
                   and the spec it checks alone.

Everything is a function of the seed: two runs write identical files.
With --reuse, a corpus already in OUT that this same generator made with
the same seed and parameters (its hidden .stamp.json says so) is kept as it
is, and only the others are written: the bench's 100,000-spec corpus takes
minutes to write. Without it, OUT is emptied first.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import sys

# --- the gradient+initials set (shared with Floor.swift and the peers) ---

MASK64 = (1 << 64) - 1
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
GI_ANGLE = 135
GI_TEXT_FRACTION = 0.3125  # 160 px at 512


def splitmix64(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def gi_avatar(i):
    """(name, (r, g, b) from, (r, g, b) to, initials) of avatar i, as Floor.avatar(i)."""
    h = splitmix64((i * 2 + 1) & MASK64)
    ch = lambda s: (h >> s) & 0x7F
    c1 = (ch(0), ch(8), ch(16))
    c2 = (ch(24), ch(32), ch(40))
    if c1 == c2:
        c2 = (c2[0], c2[1], c2[2] ^ 1)
    initials = LETTERS[(h >> 48) % 26] + LETTERS[(h >> 56) % 26]
    return "gi%05d" % i, c1, c2, initials


def hexc(c):
    return "#%02X%02X%02X" % tuple(c)


def write_gi(root, count, size=512, targets=None):
    """`targets`: a `targets` value every spec gets (the web-target variant of the set)."""
    specs = os.path.join(root, "Specs")
    os.makedirs(specs)
    for i in range(count):
        name, c1, c2, initials = gi_avatar(i)
        text_px = size * GI_TEXT_FRACTION
        with open(os.path.join(specs, name + ".yaml"), "w", encoding="utf-8") as f:
            f.write(
                f"# gradient+initials avatar {i} (bench floor set)\n"
                f"size: {size}\n"
                "shape: circle\n"
                "background:\n"
                "  gradient:\n"
                f'    colors: ["{hexc(c1)}", "{hexc(c2)}"]\n'
                f"    angle: {GI_ANGLE}\n"
                "text:\n"
                f'  initials: "{initials[0]}. {initials[1]}."\n'
                "  color: white\n"
                f"  size: {text_px:g}\n"
                "  font: {family: Inter, weight: bold}\n"
                "output: {formats: [png], scales: [1]}\n"
                + (f"targets: {targets}\n" if targets else "")
            )


# --- the mixed corpora ---

NAMES = {
    "latin": (["Jane", "Zoë", "Mateus", "Siobhán", "Kit", "Ludwig", "Ada", "Conan", "Noor", "Émile", "Åsa", "Jean-Luc"],
              ["Doe", "Lefèvre", "Gonçalves", "O'Brien", "Nakamura", "van Beethoven", "Lovelace", "Ørsted", "Picard", "Müller"]),
    "cyrillic": (["Дмитрий", "Анна", "Сергей", "Ольга", "Юрий", "Ёлка"], ["Иванов", "Петрова", "Смирнов", "Кузнецова", "Жуков"]),
    "greek": (["Ελένη", "Γιώργος", "Νίκος", "Ξανθή", "Ωρίων"], ["Παπαδοπούλου", "Οικονόμου", "Δημητρίου", "Λαμπράκης"]),
    "arabic": (["ليلى", "محمد", "فاطمة", "يوسف"], ["حداد", "الخوري", "منصور", "عيسى"]),
    "hebrew": (["נועה", "דוד", "מיכל", "יונתן"], ["כהן", "לוי", "מזרחי", "פרץ"]),
    "devanagari": (["प्रिया", "अर्जुन", "राहुल", "सीता"], ["शर्मा", "वर्मा", "गुप्ता", "पटेल"]),
    "cjk": (["李小龍", "山田花子", "王芳", "김민준", "陳大文", "さくら"], [""]),
}
SCRIPTS = [("latin", 40), ("cyrillic", 10), ("greek", 10), ("arabic", 10), ("hebrew", 10), ("devanagari", 10), ("cjk", 10)]
EMOJI = ["🦊", "🚀", "🎨", "👍🏽", "🇳🇴", "❤️", "🌈", "🐙", "☕", "👩‍💻"]
WORDS = ["acme", "Nimbus", "R2", "Ω", "velo", "sol", "007", "QA", "Δ", "Łódź"]
PALETTE = {"brand": "#5B2EFF", "brandDark": "#1B0F4D", "ink": "#111827", "night": "#0B1220", "coral": "#C2410C", "sky": "#0369A1"}
PHOTOS = [("dusk.jpg", 1200, 800, "dark"), ("forest.jpg", 900, 1200, "dark"), ("sand.png", 800, 800, "light"),
          ("sky.jpg", 1024, 683, "light"), ("night.png", 640, 640, "dark")]


def weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.uniform(0, total)
    for value, w in pairs:
        x -= w
        if x <= 0:
            return value
    return pairs[-1][0]


def colour(rng, band):
    """A colour in a lightness band: 'dark' (white text passes), 'light' (black passes) or 'any'."""
    if band == "any":
        band = rng.choice(["dark", "light"])
    lo, hi = (0, 110) if band == "dark" else (170, 255)
    return hexc((rng.randint(lo, hi), rng.randint(lo, hi), rng.randint(lo, hi)))


def q(s):
    return json.dumps(s, ensure_ascii=False)


def make_photos(folder, seed):
    """Photo-like images (smooth colour fields × value noise × grain) with Pillow and numpy."""
    import numpy as np
    from PIL import Image

    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(seed)
    for name, w, h, band in PHOTOS:
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        img = np.zeros((h, w, 3), np.float32)
        for c in range(3):
            fx, fy, ph = rng.uniform(0.5, 3, 3)
            img[..., c] = 0.5 + 0.5 * np.sin(fx * x / w * np.pi + ph) * np.cos(fy * y / h * np.pi)
        noise = np.zeros((h, w), np.float32)
        for octave in range(5):
            cells = 4 * 2 ** octave
            grid = rng.random((cells + 1, cells + 1)).astype(np.float32)
            small = Image.fromarray((grid * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
            noise += np.asarray(small, np.float32) / 255 / 2 ** (octave + 1)
        img = img * (0.55 + 0.45 * noise[..., None]) + rng.normal(0, 0.02, (h, w, 1)).astype(np.float32)
        lo, hi = (0.0, 0.38) if band == "dark" else (0.68, 1.0)
        img = lo + (hi - lo) * np.clip(img, 0, 1)
        pixels = Image.fromarray((img * 255).astype(np.uint8), "RGB")
        path = os.path.join(folder, name)
        if name.endswith(".jpg"):
            pixels.save(path, quality=85)
        else:
            pixels.save(path, optimize=False)


def background(rng, lines, photos):
    """Appends a background; returns the band text must contrast with, or None for a photo."""
    kind = weighted(rng, [("solid", 40), ("palette", 8), ("linear", 27), ("radial", 8), ("image", 17)])
    band = rng.choice(["dark", "dark", "light"])
    if kind == "solid":
        lines.append(f"background: {q(colour(rng, band))}")
    elif kind == "palette":
        lines.append("background: $" + rng.choice(["brand", "brandDark", "ink", "night", "coral", "sky"]))
        band = "dark"
    elif kind in ("linear", "radial"):
        stops = [colour(rng, band) for _ in range(weighted(rng, [(2, 70), (3, 25), (5, 5)]))]
        lines += ["background:", "  gradient:", "    colors: [" + ", ".join(q(s) for s in stops) + "]"]
        if kind == "radial":
            lines.append("    type: radial")
        else:
            lines.append(f"    angle: {rng.choice([0, 45, 90, 135, 180, 225, 300])}")
    else:
        name, _, _, band = rng.choice(PHOTOS)
        fit = weighted(rng, [("cover", 80), ("contain", 20)])
        lines += ["background:", "  image:", f"    path: {photos}/{name}", f"    fit: {fit}"]
        if fit == "contain":
            lines.append(f"    color: {q(colour(rng, band))}")
        else:
            lines.append(f"    focus: [{rng.choice([0.3, 0.5, 0.7])}, {rng.choice([0.3, 0.5])}]")
    return kind, band


def text(rng, lines):
    kind = weighted(rng, [("initials", 72), ("emoji", 10), ("word", 8), ("none", 10)])
    script = None
    if kind == "initials":
        script = weighted(rng, SCRIPTS)
        first, last = NAMES[script]
        name = (rng.choice(first) + " " + rng.choice(last)).strip()
        lines += ["text:", f"  initials: {q(name)}"]
    elif kind == "emoji":
        lines += ["text:", f"  content: {q(rng.choice(EMOJI))}"]
    elif kind == "word":
        lines += ["text:", f"  content: {q(rng.choice(WORDS))}"]
    return kind, script


def mixed_spec(rng, size, photos, name=None, partial=True):
    """One spec's lines and a description of it."""
    lines = []
    if name:
        lines.append(f"name: {name}")
    extends = partial and rng.random() < 0.5
    if extends:
        lines.append("extends: _person.yaml")
    lines.append(f"size: {size}")
    shape = weighted(rng, [("circle", 60), ("roundRect", 25), ("square", 15)])
    if not extends or shape != "circle":
        lines.append(f"shape: {shape}")
    if shape == "roundRect":
        lines.append(f"cornerRadius: {q(rng.choice(['12%', '20%', '30%']))}")
    bg, band = background(rng, lines, photos)
    tk, script = text(rng, lines)
    if tk == "none" and extends:
        # The partial's text has only a font: a spec extending it needs text of its own.
        lines.remove("extends: _person.yaml")
        extends = False
        if not any(line.startswith("shape:") for line in lines):
            lines.insert(lines.index(f"size: {size}") + 1, "shape: circle")
    if tk != "none":
        if bg in ("solid", "palette", "linear", "radial") and rng.random() < 0.3:
            lines.append("  color: " + ("white" if band == "dark" else "black"))
        if rng.random() < 0.15:
            lines.append("  size: " + q(rng.choice(["30%", "35%", "40%"])))
        if rng.random() < 0.15 and script in ("latin", "cyrillic", "greek"):
            lines.append("  font: {family: Inter, weight: " + rng.choice(["semiBold", "800", "black"]) + "}")
    if rng.random() < 0.15:
        lines += ["border:", f"  width: {q(rng.choice(['2%', '3%', '6px']))}", f"  color: {q(rng.choice(['#FFFFFF40', '#00000033', '#FFFFFF']))}"]
    if rng.random() < 0.10:
        lines += ["dark:", f"  background: {q(colour(rng, 'dark'))}"]
        if tk != "none":
            lines += ["  text: {color: auto}"]
    formats = weighted(rng, [("[png]", 50), ("[png, svg]", 45), ("[svg]", 5)])
    scales = weighted(rng, [("[1]", 70), ("[1, 2]", 30)]) if formats != "[svg]" else "[1]"
    lines.append(f"output: {{formats: {formats}, scales: {scales}}}")
    return lines, {"background": bg, "text": tk, "script": script, "shape": shape, "extends": extends}


def write_mixed(root, count, sizes, seed):
    rng = random.Random(f"{seed}:{count}")
    specs = os.path.join(root, "Specs")
    make_photos(os.path.join(specs, "images"), seed)
    with open(os.path.join(root, "logoc.yaml"), "w", encoding="utf-8") as f:
        f.write("# bench corpus configuration\ncontrast: AA-large\npalette:\n")
        for k, v in PALETTE.items():
            f.write(f'  {k}: "{v}"\n')
        f.write("output:\n  formats: [png]\n  scales: [1]\n")
    per_folder = 100
    written = 0
    stats = {}
    touch = check_one = None
    folder_index = 0
    while written < count:
        folder = os.path.join(specs, "g%03d" % folder_index)
        os.makedirs(folder)
        with open(os.path.join(folder, "_person.yaml"), "w", encoding="utf-8") as f:
            f.write("# partial: people are circles with bold Inter initials\nshape: circle\ntext:\n  font: {family: Inter, weight: bold}\n")
        in_folder = 0
        while in_folder < per_folder and written < count:
            size = rng.choice(sizes)
            base = "s%05d" % written
            if rng.random() < 0.02 and count - written >= 3 and per_folder - in_folder >= 3:
                docs = []
                for k in range(3):
                    lines, info = mixed_spec(rng, size, "../images", name=f"{base}-{k}")
                    docs.append("\n".join(lines))
                    stats[info["background"]] = stats.get(info["background"], 0) + 1
                text_ = "# three specs in one file\n" + "\n---\n".join(docs) + "\n"
                written += 3
                in_folder += 3
            else:
                lines, info = mixed_spec(rng, size, "../images")
                stats[info["background"]] = stats.get(info["background"], 0) + 1
                if info["script"]:
                    stats["script:" + info["script"]] = stats.get("script:" + info["script"], 0) + 1
                if info["text"] in ("emoji", "none"):
                    stats["text:" + info["text"]] = stats.get("text:" + info["text"], 0) + 1
                text_ = "\n".join(lines) + "\n"
                rel = os.path.relpath(os.path.join(folder, base + ".yaml"), root)
                # The watch bench gives it new dark backgrounds: a spec with a text colour of its own fails E011 with some.
                if touch is None and info["background"] == "solid" and "dark:" not in text_ and "  color:" not in text_:
                    touch = rel
                if check_one is None and info["background"] == "linear" and info["extends"] and info["text"] == "initials":
                    check_one = rel
                written += 1
                in_folder += 1
            with open(os.path.join(folder, base + ".yaml"), "w", encoding="utf-8") as f:
                f.write(text_)
        folder_index += 1
    return {"count": count, "sizes": sizes, "touch": touch, "checkOne": check_one, "mix": dict(sorted(stats.items()))}


def write_small(root, count, seed):
    rng = random.Random(f"{seed}:small:{count}")
    specs = os.path.join(root, "Specs")
    os.makedirs(specs)
    with open(os.path.join(root, "logoc.yaml"), "w", encoding="utf-8") as f:
        # Random colours and two letters: thousands of pairs look alike (W003), which is not what these specs measure.
        f.write("# bench corpus configuration (small specs)\nlookAlike: off\noutput:\n  formats: [png]\n  scales: [1]\n")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    per_folder = 1000
    for start in range(0, count, per_folder):
        folder = os.path.join(specs, "f%04d" % (start // per_folder))
        os.makedirs(folder)
        for i in range(start, min(count, start + per_folder)):
            colour = "#%06X" % rng.randrange(0x1000000)
            name = rng.choice(letters) + " " + rng.choice(letters)
            with open(os.path.join(folder, "s%07d.yaml" % i), "w", encoding="utf-8") as f:
                f.write(f'size: 32\nbackground: "{colour}"\ntext: {{initials: "{name}", color: auto}}\n')
    return {"count": count, "touch": "Specs/f0000/s0000000.yaml"}


def cached(root, key, reuse, write):
    """`write(root)`'s result, from `root/.stamp.json` when `reuse` and the
    stamp was made with the same `key` (generator, seed, parameters); else
    `root` is written anew and stamped last, so a corpus cut short is never
    taken for whole."""
    stamp = os.path.join(root, ".stamp.json")
    if reuse:
        try:
            with open(stamp, encoding="utf-8") as f:
                saved = json.load(f)
            if saved.get("key") == key:
                return saved.get("meta")
        except (OSError, ValueError):
            pass
    if os.path.exists(root):
        shutil.rmtree(root)
    result = write(root)
    with open(stamp, "w", encoding="utf-8") as f:
        json.dump({"key": key, "meta": result}, f, ensure_ascii=False)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--mixed", action="append", default=None, help="COUNT:SIZE,SIZE… (repeatable)")
    ap.add_argument("--gi", type=int, default=1000, help="gradient+initials specs (0: none)")
    ap.add_argument("--small", type=int, default=0, help="small specs for the memory bounds (0: none)")
    ap.add_argument("--reuse", action="store_true", help="keep a corpus of OUT made with the same seed and parameters (.stamp.json)")
    args = ap.parse_args()
    # With --small alone, only the small specs (and --gi's set unless --gi 0).
    mixed = args.mixed if args.mixed is not None else ([] if args.small else ["1000:512", "10000:64,128,256,512"])
    if os.path.exists(args.out) and not args.reuse:
        shutil.rmtree(args.out)
    os.makedirs(args.out, exist_ok=True)
    generator = hashlib.sha256(open(os.path.abspath(__file__), "rb").read()).hexdigest()
    meta = {"seed": args.seed, "mixed": {}, "gi": None}
    for m in mixed:
        count, sizes = m.split(":")
        name = f"mixed-{count}"
        meta["mixed"][name] = cached(os.path.join(args.out, name), [generator, args.seed, m], args.reuse,
                                     lambda root: write_mixed(root, int(count), [int(s) for s in sizes.split(",")], args.seed))
    if args.gi:
        cached(os.path.join(args.out, f"gi-{args.gi}"), [generator, args.gi], args.reuse, lambda root: write_gi(root, args.gi))
        meta["gi"] = {"dir": f"gi-{args.gi}", "count": args.gi, "size": 512, "angle": GI_ANGLE, "textPx": 512 * GI_TEXT_FRACTION}
        # The same avatars with the web favicon set (docs/targets.md).
        cached(os.path.join(args.out, f"gi-{args.gi}-web"), [generator, args.gi, "web"], args.reuse,
               lambda root: write_gi(root, args.gi, targets="{web: favicon}"))
        meta["giWeb"] = {"dir": f"gi-{args.gi}-web", "count": args.gi, "targets": "{web: favicon}"}
    if args.small:
        meta["small"] = cached(os.path.join(args.out, f"small-{args.small}"), [generator, args.seed, "small", args.small], args.reuse,
                               lambda root: write_small(root, args.small, args.seed))
    with open(os.path.join(args.out, "corpus.json"), "w") as f:
        json.dump(meta, f, indent=1, ensure_ascii=False)
    print(json.dumps(meta, ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())


def peer_arguments():
    """The command line every peer script takes: which avatars, how big, where."""
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--size", type=int, default=512)
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    os.makedirs(args.output, exist_ok=True)
    return args
