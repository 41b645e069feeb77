#!/usr/bin/env python3
"""`make bench`: logoc's benchmark, its floor and its peers, in one run.

    python3 bench/run.py [--logoc .build/release/logoc] [--runs 3] [--quick] …

Generates the corpora (bench/make_corpus.py, fixed seed) into bench/.corpus/,
times every figure of issue 6 as the median of several whole-process runs
(time.perf_counter around each process, peak RSS from os.wait4's ru_maxrss),
reads logoc's per-stage timers (`--timings`, the last JSON line of standard
error), runs the floor (`logoc-bench-floor`, bench/floor, a program of its
own that this script builds unless --floor names it) and the peers (Pillow,
pycairo, ImageMagick) interleaved with logoc on the same avatars, times
`logoc check` against its C floor (bench/check_floor.c: read every spec and
run libyaml's event parser) on 10,000 and 100,000 specs, measures how long
`logoc watch` takes from a saved spec to its new PNG, and prints a table of
every goal with its measured value, met or not. The table and every raw run
go to bench/.results/latest.md and latest.json. docs/performance.md explains
each figure.
"""

import argparse
import filecmp
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, HERE)
from make_corpus import gi_avatar, hexc  # noqa: E402
import serve_bench  # noqa: E402

STAGES = ["discover", "parse", "validate", "resolve", "measure", "draw", "encodePNG", "writeSVG", "io"]
# The output formats (issue 18) and the stage that times each one's encoding.
FORMAT_STAGES = {"png": "encodePNG", "webp": "encodeWebP", "avif": "encodeAVIF", "jpeg": "encodeJPEG", "svg": "writeSVG", "pdf": "writePDF"}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --- running and measuring processes ---

def busy_seconds():
    """CPU seconds the whole machine has spent busy since boot (/proc/stat), or None."""
    try:
        with open("/proc/stat") as fh:
            fields = [int(x) for x in fh.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _measured(cmd, cwd, env, stdout, stderr):
    """Runs a whole process: seconds, CPU, peak RSS (MB), exit code, and the
    CPU other processes used meanwhile, as a share of all cores."""
    full_env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")
    if env:
        full_env.update(env)
    busy0 = busy_seconds()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, env=full_env)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    busy1 = busy_seconds()
    cpu = usage.ru_utime + usage.ru_stime
    foreign = None
    if busy0 is not None and busy1 is not None and seconds > 0:
        foreign = max(0.0, (busy1 - busy0 - cpu) / (seconds * (os.cpu_count() or 1)))
    return {"seconds": seconds, "rssMB": usage.ru_maxrss / 1024, "cpuSeconds": cpu, "foreignLoad": foreign,
            "rc": os.waitstatus_to_exitcode(status), "stderr": "", "stdout": ""}


def run_once(cmd, cwd, env=None):
    """Runs a whole process; returns seconds, CPU, peak RSS (MB), exit code,
    stderr, stdout, and how busy the rest of the machine was meanwhile."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        result = _measured(cmd, cwd, env, out, err)
        err.seek(0)
        out.seek(0)
        result["stderr"] = err.read().decode("utf-8", "replace")
        result["stdout"] = out.read().decode("utf-8", "replace")
        return result


def run_quiet(cmd, cwd):
    """Runs a whole process with its output to /dev/null (what a CI log
    costs is not the command's); returns what `run_once` does, without the
    output."""
    return _measured(cmd, cwd, None, subprocess.DEVNULL, subprocess.DEVNULL)


def timings_of(stderr):
    """The `--timings` object: the last line of standard error that is JSON with "stages"."""
    for line in reversed(stderr.strip().splitlines()):
        line = line.strip()
        if line.startswith("{") and '"stages"' in line:
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


class Figure:
    """Runs of one measured command, summarised as medians."""

    def __init__(self, key, label, scale=1.0, note=""):
        self.key, self.label, self.scale, self.note = key, label, scale, note
        self.runs = []

    def add(self, result):
        result = dict(result)
        result["timings"] = timings_of(result["stderr"])
        m = re.search(r"(\d+) built, (\d+) unchanged", result["stderr"])
        if m:
            result["built"], result["unchanged"] = int(m.group(1)), int(m.group(2))
        if result["rc"] != 0:
            log(f"  ! {self.label}: exit code {result['rc']}: {result['stderr'].strip()[-600:]}")
        result["stderr"] = result["stderr"][-2000:]
        result["stdout"] = result["stdout"][-2000:]
        self.runs.append(result)
        return result

    @property
    def ok(self):
        return bool(self.runs) and all(r["rc"] == 0 for r in self.runs)

    @property
    def seconds(self):
        """Median whole-process time, times `scale` (ImageMagick's subsample)."""
        if not self.ok:
            return None
        return statistics.median(r["seconds"] for r in self.runs) * self.scale

    @property
    def cpu(self):
        """Median user + system CPU time, times `scale`."""
        if not self.ok:
            return None
        return statistics.median(r["cpuSeconds"] for r in self.runs) * self.scale

    @property
    def foreign(self):
        """Median share of the machine other processes used during the runs."""
        values = [r["foreignLoad"] for r in self.runs if r.get("foreignLoad") is not None]
        return statistics.median(values) if values else None

    @property
    def rss(self):
        return max(r["rssMB"] for r in self.runs) if self.runs else None

    def stage_medians(self):
        with_t = [r["timings"] for r in self.runs if r.get("timings")]
        if not with_t:
            return None
        stages = {s: statistics.median(t["stages"].get(s, 0.0) for t in with_t) for s in STAGES + [x for x in FORMAT_STAGES.values() if x not in STAGES]}
        return {"stages": stages, "total": statistics.median(t.get("total", 0.0) for t in with_t)}

    def summary(self):
        secs = [r["seconds"] * self.scale for r in self.runs]
        return {
            "label": self.label, "median": self.seconds, "min": min(secs) if secs else None, "max": max(secs) if secs else None,
            "runs": len(self.runs), "peakRSSMB": self.rss, "cpuMedian": self.cpu, "foreignLoad": self.foreign, "ok": self.ok, "scale": self.scale, "note": self.note,
            "seconds": secs, "timings": self.stage_medians(),
            "built": [r.get("built") for r in self.runs],
        }


# --- helpers ---

def rmtree(path):
    shutil.rmtree(path, ignore_errors=True)


def png_stats(folder):
    """How many PNGs, their mean size, and how many are indexed (IHDR colour type 3)."""
    sizes, indexed = [], 0
    for dirpath, _, files in os.walk(folder):
        for f in files:
            if f.endswith(".png") and not dirpath.endswith("/cairo"):
                path = os.path.join(dirpath, f)
                sizes.append(os.path.getsize(path))
                with open(path, "rb") as fh:
                    indexed += fh.read(26)[25:26] == b"\x03"
    return len(sizes), (sum(sizes) / len(sizes) if sizes else 0), indexed


def find_convert():
    """ImageMagick's convert itself (a wrapper earlier on PATH would add its own start-up)."""
    for c in ["/usr/bin/convert", "/usr/bin/convert-im6.q16", "/usr/bin/magick", shutil.which("convert") or ""]:
        if c and os.path.exists(c):
            try:
                v = subprocess.run([c, "-version"], capture_output=True, text=True, timeout=20).stdout
            except (OSError, subprocess.SubprocessError):
                continue
            if "ImageMagick" in v:
                return os.path.realpath(c), v.splitlines()[0]
    return None, None


def python_has(module):
    return subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True).returncode == 0


def paired(a, b):
    """Median over rounds of a's time / b's time in the same round: runs next to
    each other share the machine's mood, so this drifts less than a ratio of medians."""
    if a is None or b is None or not a.ok or not b.ok:
        return None
    pairs = [ra["seconds"] * a.scale / (rb["seconds"] * b.scale) for ra, rb in zip(a.runs, b.runs) if rb["seconds"] > 0]
    return statistics.median(pairs) if pairs else None


def build_floor():
    """Builds the floor (bench/floor, only in the package when LOGOC_BENCH is
    set) as `make release` builds logoc; returns its path, or None."""
    env = dict(os.environ, LOGOC_BENCH="1")
    cmd = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "logoc-bench-floor"]
    log("bench: " + " ".join(["LOGOC_BENCH=1", *cmd]))
    try:
        built = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
        if built.returncode != 0:
            log(f"bench: building the floor failed:\n{built.stdout[-2000:]}{built.stderr[-2000:]}")
            return None
        where = subprocess.run(cmd[:4] + ["--show-bin-path"], cwd=REPO, env=env, capture_output=True, text=True).stdout.strip()
    except OSError as e:
        log(f"bench: cannot build the floor: {e}")
        return None
    # The render pool's scaling without HTTP (bench/render), next to the floor.
    render = subprocess.run(cmd[:-1] + ["logoc-bench-render"], cwd=REPO, env=env, capture_output=True, text=True)
    if render.returncode != 0:
        log(f"bench: building logoc-bench-render failed:\n{render.stdout[-2000:]}{render.stderr[-2000:]}")
    path = os.path.join(where, "logoc-bench-floor")
    return path if os.access(path, os.X_OK) else None


def build_check_floor(dest):
    """Compiles bench/check_floor.c (cc -O2, libyaml; the Swift toolchain's
    clang where there is no cc); returns its path, or None."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        log("bench: no C compiler (cc, clang) for check_floor.c")
        return None
    cmd = [compiler, "-O2", "-o", dest, os.path.join(HERE, "check_floor.c"), "-lyaml"]
    try:
        built = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        log(f"bench: cannot compile check_floor.c: {e}")
        return None
    if built.returncode != 0:
        log(f"bench: compiling check_floor.c failed:\n{built.stderr[-2000:]}")
        return None
    return dest


def percentile(values, p):
    """The p-th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(-(-p * len(ordered) // 100)) - 1))]


def fmt_s(x):
    if x is None:
        return "n/a"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def fmt_ratio(x):
    return "n/a" if x is None else f"{x:.2f}"


def div(a, b):
    return a / b if a is not None and b else None


# --- the benchmark ---

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--logoc", default=os.environ.get("LOGOC", os.path.join(REPO, ".build/release/logoc")))
    ap.add_argument("--runs", type=int, default=3, help="runs per figure (median); at least 3")
    ap.add_argument("--check-one-runs", type=int, default=20, help="runs of the one-spec check (median)")
    ap.add_argument("--rebuild-runs", type=int, default=5, help="runs of the no-op and one-spec rebuilds")
    ap.add_argument("--gi-runs", type=int, default=5, help="runs of logoc and the floor on the avatars (peers: --runs)")
    ap.add_argument("--im-sample", type=int, default=200, help="avatars ImageMagick draws per run (time scaled to 1,000)")
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--sizes-10k", default="64,128,256", help="sizes of the 10,000-spec corpus")
    ap.add_argument("--corpus", default=os.path.join(HERE, ".corpus"))
    ap.add_argument("--results", default=os.path.join(HERE, ".results"))
    ap.add_argument("--quick", action="store_true", help="smoke test: 200/1,000 specs, 3 runs, no ImageMagick")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--no-serve", action="store_true", help="skip `logoc serve` under wrk (bench/serve_bench.py)")
    ap.add_argument("--formats-runs", type=int, default=1, help="runs of the all-formats build of the avatars (0: skip it)")
    ap.add_argument("--keep-outputs", action="store_true", help="keep what the runs wrote (bench/.corpus/out, about 0.8 GB)")
    ap.add_argument("--floor", default=os.environ.get("LOGOC_BENCH_FLOOR"),
                    help="the floor's binary (logoc-bench-floor); default: build it (LOGOC_BENCH=1 swift build -c release --product logoc-bench-floor)")
    ap.add_argument("--check-sizes", default=None, help="spec counts of the check / C floor figure (default 10000,100000; --quick: 10000)")
    ap.add_argument("--watch-edits", type=int, default=20, help="saved specs the watch latency is the median of (0: skip it)")
    ap.add_argument("--only-issue21", action="store_true",
                    help="only check against its C floor and the watch latency (results in latest-issue21.md and .json)")
    ap.add_argument("--callgrind", type=int, default=0, metavar="N",
                    help="also count instructions (valgrind's callgrind) of logoc and the floor on N avatars: a ratio the noise cannot move (N=100: about a minute)")
    args = ap.parse_args()
    if args.runs < 3:
        ap.error("--runs must be at least 3 (every figure is a median)")

    began = time.perf_counter()
    logoc = os.path.abspath(args.logoc)
    if not os.access(logoc, os.X_OK):
        sys.exit(f"bench: no logoc binary at {logoc} (make release, or --logoc PATH)")
    n_mixed, n_big, n_gi = (200, 1000, 200) if args.quick else (1000, 10000, 1000)
    # check against its C floor, and the watch, on projects of these sizes.
    n_checks = [int(x) for x in (args.check_sizes or ("10000" if args.quick else "10000,100000")).split(",") if x]
    n_watch = 10000
    corpus = args.corpus
    out = os.path.join(corpus, "out")
    env_info = {
        "logoc": logoc,
        "logocVersion": subprocess.run([logoc, "--version"], capture_output=True, text=True).stdout.strip(),
        "cores": os.cpu_count(),
        "loadBefore": os.getloadavg(),
        "machine": platform.platform(),
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "runs": args.runs,
    }

    # 1. Corpora, kept between runs (--reuse: only what is missing or
    # was made otherwise is written; the 100,000 specs take minutes).
    log(f"bench: corpora (seed {args.seed}) in {corpus}")
    extra_mixed = []
    for n in sorted(set(n_checks + ([n_watch] if args.watch_edits > 0 else []))):
        if n not in (n_mixed, n_big):
            extra_mixed += ["--mixed", f"{n}:{args.sizes_10k}"]
    gen = subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), corpus, "--seed", str(args.seed), "--reuse",
                          "--mixed", f"{n_mixed}:512", "--mixed", f"{n_big}:{args.sizes_10k}", *extra_mixed, "--gi", str(n_gi)],
                         capture_output=True, text=True)
    if gen.returncode != 0:
        sys.exit("bench: make_corpus.py failed:\n" + gen.stderr)
    meta = json.loads(gen.stdout)
    mixed_root = os.path.join(corpus, f"mixed-{n_mixed}")
    big_root = os.path.join(corpus, f"mixed-{n_big}")
    gi_root = os.path.join(corpus, f"gi-{n_gi}")
    big_meta = meta["mixed"][f"mixed-{n_big}"]
    os.makedirs(out, exist_ok=True)

    # 2. What this logoc offers.
    probe = run_once([logoc, "check", "--timings", "Specs/gi00000.yaml"], gi_root)
    has_timings = probe["rc"] == 0 and timings_of(probe["stderr"]) is not None
    probe_out = os.path.join(out, "probe-floor")
    floor = os.path.abspath(args.floor) if args.floor else build_floor()
    has_floor = False
    if floor:
        floor_probe = run_once([floor, "--count", "1", "--size", "64", "--jobs", "1", "-o", probe_out], REPO)
        has_floor = floor_probe["rc"] == 0 and '"count": 1' in floor_probe["stdout"]
        rmtree(probe_out)
    env_info["floor"] = floor
    T = ["--timings"] if has_timings else []
    log(f"bench: --timings {'available' if has_timings else 'unavailable'}; floor {floor if has_floor else 'unavailable'}")

    figures = {}

    def fig(key, label, **kw):
        figures[key] = Figure(key, label, **kw)
        return figures[key]

    def step(f, cmd, cwd, setup=None, env=None):
        if setup:
            setup()
        r = f.add(run_once(cmd, cwd, env))
        log(f"  {f.label}: {fmt_s(r['seconds'] * f.scale)}, {r['rssMB']:.0f} MB" + ("" if r["rc"] == 0 else f", exit {r['rc']}"))

    def issue21_parts():
        """Sections 8 and 9 (issue 21): check against its C floor, and the watch."""
        # 8. check against its floor (issue 21): the C program that only reads
        # every spec and runs libyaml's event parser over it, interleaved run by
        # run with `logoc check` (default --jobs, as CI runs it; human output,
        # to /dev/null) on the same project: a full check (`--no-cache`: what
        # every check was before the check cache), a repeat check with the
        # cache warm and nothing changed, and (at 10,000) a check after one
        # spec was edited, the pre-commit case (docs/check.md).
        check_floor = build_check_floor(os.path.join(corpus, "check_floor"))
        check_vs = {}
        if check_floor:
            for n in n_checks:
                root = os.path.join(corpus, f"mixed-{n}")
                log(f"bench: check of {n:,} specs against its C floor")
                lc = fig(f"checkvs{n}", f"check of {n:,} specs, --no-cache (human output to /dev/null), against the C floor")
                lw = fig(f"checkwarm{n}", f"check of {n:,} specs, cache warm, nothing changed")
                le = fig(f"checkedit{n}", f"check of {n:,} specs, cache warm, one spec edited") if n == n_big else None
                fc = fig(f"checkfloor{n}", f"C floor of check (read + libyaml events) of {n:,} specs")
                rmtree(os.path.join(root, ".logoc-check-cache"))
                warmup = run_quiet([logoc, "check", "--cache", "Specs"], root)
                log(f"  first check (writes the cache): {fmt_s(warmup['seconds'])}, {warmup['rssMB']:.0f} MB")
                touch = os.path.join(root, meta["mixed"][f"mixed-{n}"]["touch"])
                original = open(touch, encoding="utf-8").read()
                colours = iter(["#20%02X50" % (k * 11 % 256) for k in range(1, 1000)])

                def edit_one():
                    text = open(touch, encoding="utf-8").read()
                    with open(touch, "w", encoding="utf-8") as fh:
                        fh.write(re.sub(r'^background: "#[0-9A-Fa-f]{6}"', f'background: "{next(colours)}"', text, count=1, flags=re.M))

                for _ in range(args.runs):
                    # The project's files read once, untimed, before each
                    # round: between rounds the machine may drop them from
                    # its page cache, and whichever command came first would
                    # time the disk, not itself (a full check of 100,000
                    # specs spent 14 % of its samples in `read` so).
                    run_quiet([check_floor, "Specs"], root)
                    order = [(lc, [logoc, "check", "--no-cache", "Specs"], None), (lw, [logoc, "check", "--cache", "Specs"], None)]
                    if le is not None:
                        order.append((le, [logoc, "check", "--cache", "Specs"], edit_one))
                    order.append((fc, [check_floor, "Specs"], None))
                    for f, cmd, setup in order:
                        if setup:
                            setup()
                        r = f.add(run_quiet(cmd, root))
                        log(f"  {f.label}: {fmt_s(r['seconds'])}, {r['rssMB']:.0f} MB" + ("" if r["rc"] == 0 else f", exit {r['rc']}"))
                with open(touch, "w", encoding="utf-8") as fh:
                    fh.write(original)
                check_vs[n] = {"cold": lc, "warm": lw, "edit": le, "floor": fc}

        # 9. Watch latency (issue 21): `logoc watch` of a 10,000-spec project;
        # after its first build, one spec saved at a time (a new colour, written
        # whole to a hidden file and renamed over it, as editors and git do) and
        # the time until that spec's PNG is replaced in the output folder.
        watch = None
        if args.watch_edits > 0:
            watch_root = os.path.join(corpus, f"mixed-{n_watch}")
            log(f"bench: watch of {n_watch:,} specs, {args.watch_edits} saves")
            watch = watch_latency(logoc, watch_root, png_spec(watch_root), os.path.join(out, "watch"), args.watch_edits)
            if watch.get("latencies"):
                log(f"  watch: first build {fmt_s(watch['firstBuild'])}; save → PNG median {fmt_s(statistics.median(watch['latencies']))}, "
                    f"p90 {fmt_s(percentile(watch['latencies'], 90))}")
            else:
                log(f"  watch: {watch.get('error')}")

        return check_vs, watch

    if args.only_issue21:
        check_vs, watch = issue21_parts()
        if not args.keep_outputs:
            rmtree(out)
        goals = issue21_goals(check_vs, watch, n_watch, args.watch_edits)
        env_info["loadAfter"] = os.getloadavg()
        env_info["benchSeconds"] = time.perf_counter() - began
        L = ["# logoc benchmark results (issue 21 parts only)", "",
             f"{env_info['date']} · {env_info['logocVersion']} · {env_info['cores']} cores · load {env_info['loadBefore'][0]:.2f} before, "
             f"{env_info['loadAfter'][0]:.2f} after · medians of {args.runs} runs · bench took {env_info['benchSeconds']:.0f} s", "",
             "| goal | target | measured | met |", "|---|---|---|---|"]
        L += [f"| {g['goal']} | {g['target']} | {g['measured']} | " + ("n/a" if g["met"] is None else ("met" if g["met"] else "**not met**")) + " |" for g in goals]
        L += ["", "| figure | median | CPU (median) | runs | range | peak RSS | other load |", "|---|---:|---:|---:|---|---:|---:|"]
        for f in figures.values():
            L.append(f"| {f.label} | {fmt_s(f.seconds)} | {fmt_s(f.cpu)} | {len(f.runs)} | {fmt_s(min(r['seconds'] for r in f.runs))} – {fmt_s(max(r['seconds'] for r in f.runs))} | "
                     f"{f.rss:.0f} MB | " + (f"{f.foreign * 100:.0f} %" if f.foreign is not None else "") + " |")
        md = "\n".join(L) + "\n"
        os.makedirs(args.results, exist_ok=True)
        with open(os.path.join(args.results, "latest-issue21.md"), "w", encoding="utf-8") as fh:
            fh.write(md)
        with open(os.path.join(args.results, "latest-issue21.json"), "w", encoding="utf-8") as fh:
            json.dump({"environment": env_info, "goals": goals, "figures": {k: f.summary() for k, f in figures.items()}, "watch": watch},
                      fh, indent=1, ensure_ascii=False)
        print(md)
        return

    # 3. check: one spec (pre-commit), all 10,000; in full (`--no-cache`), as
    # these figures always were: the check cache is measured in section 8.
    log("bench: check")
    one = big_meta["checkOne"]
    f = fig("checkOne", f"check of one spec ({one})", note=f"median of {args.check_one_runs}")
    for _ in range(args.check_one_runs):
        step(f, [logoc, "check", "--no-cache", *T, one], big_root)
    f = fig("check10k", f"check of {n_big:,} specs")
    for _ in range(args.runs):
        step(f, [logoc, "check", "--no-cache", *T, "Specs"], big_root)

    # 4. The 10,000-spec build: cold once (it sets up the rebuilds), no-op, one spec changed.
    log(f"bench: build of {n_big:,} specs")
    big_out = os.path.join(out, "big")
    f = fig("cold10k", f"cold build of {n_big:,} specs (sizes {args.sizes_10k})", note="one run: it prepares the rebuilds")
    step(f, [logoc, "build", *T, "-v", "Specs", "-o", big_out], big_root, setup=lambda: rmtree(big_out))
    f = fig("noop10k", f"no-op rebuild of {n_big:,} specs")
    for _ in range(args.rebuild_runs):
        step(f, [logoc, "build", *T, "-v", "Specs", "-o", big_out], big_root)
    touch = os.path.join(big_root, big_meta["touch"])
    original = open(touch, encoding="utf-8").read()
    colours = iter(["#10%02X40" % (k * 7 % 256) for k in range(1, 1000)])

    def change_one():
        text = open(touch, encoding="utf-8").read()
        new = re.sub(r'^background: "#[0-9A-Fa-f]{6}"', f'background: "{next(colours)}"', text, count=1, flags=re.M)
        assert new != text, "the one-spec rebuild needs a solid background line"
        with open(touch, "w", encoding="utf-8") as fh:
            fh.write(new)

    f = fig("one10k", f"one-spec rebuild of {n_big:,} specs ({big_meta['touch']}, colour changed)")
    for _ in range(args.rebuild_runs):
        step(f, [logoc, "build", *T, "-v", "Specs", "-o", big_out], big_root, setup=change_one)
    with open(touch, "w", encoding="utf-8") as fh:
        fh.write(original)

    # 5. Cold build of the mixed 1,000 at 512 px, --jobs 1 and the default, interleaved.
    log(f"bench: cold build of {n_mixed:,} mixed specs at 512 px")
    mixed_out = os.path.join(out, "mixed")
    fj1 = fig("mixed1k_j1", f"cold build of {n_mixed:,} mixed specs, --jobs 1")
    fjd = fig("mixed1k_jd", f"cold build of {n_mixed:,} mixed specs, default --jobs ({os.cpu_count()})")
    for _ in range(args.runs):
        step(fj1, [logoc, "build", *T, "-v", "--jobs", "1", "Specs", "-o", mixed_out], mixed_root, setup=lambda: rmtree(mixed_out))
        step(fjd, [logoc, "build", *T, "-v", "Specs", "-o", mixed_out], mixed_root, setup=lambda: rmtree(mixed_out))
    mixed_pngs, mixed_mean, mixed_indexed = png_stats(mixed_out)
    mixed_svgs = sum(1 for _, _, fs in os.walk(mixed_out) for x in fs if x.endswith(".svg"))

    # 6. The gradient+initials set: logoc, its floor and the peers, interleaved run by run.
    log(f"bench: {n_gi:,} gradient+initials avatars: logoc, floor, peers")
    gi_out = os.path.join(out, "gi-logoc")
    floor_out = os.path.join(out, "gi-floor")
    gl1 = fig("gi_logoc_j1", f"logoc build of the {n_gi:,} avatars, --jobs 1")
    gl2 = fig("gi_logoc_j2", f"logoc build of the {n_gi:,} avatars, --jobs 2")
    fl1 = fig("gi_floor_j1", f"floor (logoc-bench-floor) of the {n_gi:,} avatars, --jobs 1") if has_floor else None
    fl2 = fig("gi_floor_j2", f"floor (logoc-bench-floor) of the {n_gi:,} avatars, --jobs 2") if has_floor else None
    peers = {}
    if not args.no_peers:
        if python_has("PIL") and python_has("numpy"):
            peers["pillow"] = fig("peer_pillow", f"Pillow, one process, {n_gi:,} avatars")
        if python_has("cairo"):
            peers["pycairo"] = fig("peer_pycairo", f"pycairo, one process, {n_gi:,} avatars")
        convert, convert_version = find_convert()
        env_info["imagemagick"] = convert_version
        if convert and not args.quick:
            k = max(1, n_gi // max(1, args.im_sample))
            sample = list(range(0, n_gi, k))[: args.im_sample]
            listing = os.path.join(out, "im-list.txt")
            with open(listing, "w") as fh:
                for i in sample:
                    name, c1, c2, initials = gi_avatar(i)
                    fh.write(f"{name} {hexc(c1)} {hexc(c2)} {initials}\n")
            peers["imagemagick"] = fig("peer_imagemagick", f"ImageMagick convert, one process per file ({len(sample)} of {n_gi:,}, time × {n_gi / len(sample):g})",
                                       scale=n_gi / len(sample), note=f"{len(sample)} files a run, every {k}th avatar, scaled to {n_gi:,}")
    env_info["peers"] = sorted(peers)
    # The same avatars with `targets: {web: favicon}` (nine more files a spec), interleaved with the plain set.
    gi_web_root = os.path.join(corpus, meta["giWeb"]["dir"]) if meta.get("giWeb") else None
    gi_web_out = os.path.join(out, "gi-web")
    gw2 = fig("gi_web_j2", f"logoc build of the {n_gi:,} avatars with targets: {{web: favicon}}, --jobs 2") if gi_web_root else None
    for r in range(max(args.runs, args.gi_runs)):
        if gw2:
            step(gw2, [logoc, "build", *T, "-v", "--jobs", "2", "Specs", "-o", gi_web_out], gi_web_root, setup=lambda: rmtree(gi_web_out))
        step(gl1, [logoc, "build", *T, "-v", "--jobs", "1", "Specs", "-o", gi_out], gi_root, setup=lambda: rmtree(gi_out))
        if fl1:
            step(fl1, [floor, "--count", str(n_gi), "--size", "512", "--jobs", "1", "-o", floor_out], REPO, setup=lambda: rmtree(floor_out))
        step(gl2, [logoc, "build", *T, "-v", "--jobs", "2", "Specs", "-o", gi_out], gi_root, setup=lambda: rmtree(gi_out))
        if fl2:
            step(fl2, [floor, "--count", str(n_gi), "--size", "512", "--jobs", "2", "-o", floor_out], REPO, setup=lambda: rmtree(floor_out))
        for name, f in peers.items():
            if r >= args.runs:
                break
            peer_out = os.path.join(out, "gi-" + name)
            if name == "imagemagick":
                cmd = ["bash", os.path.join(HERE, "peers/imagemagick.sh"), convert, listing, peer_out]
                step(f, cmd, REPO, setup=lambda p=peer_out: rmtree(p), env={"MAGICK_THREAD_LIMIT": "1", "OMP_NUM_THREADS": "1"})
            else:
                cmd = [sys.executable, os.path.join(HERE, f"peers/{name}_avatars.py"), "--count", str(n_gi), "--size", "512", "-o", peer_out]
                step(f, cmd, REPO, setup=lambda p=peer_out: rmtree(p))
    gi_pngs, gi_mean, gi_indexed = png_stats(gi_out)
    # Bytes of the favicon set's files, by file name, over every spec.
    web_bytes = {}
    if gw2:
        for folder, _, files in os.walk(os.path.join(gi_web_out, "web")):
            for x in files:
                web_bytes.setdefault(x, []).append(os.path.getsize(os.path.join(folder, x)))

    # 6b. Every format (issue 18): the same avatars written as png, svg, webp
    # (lossless), avif (quality 80), jpeg (90) and pdf in one build, --jobs 1;
    # each format's encoding time from its stage timer, its bytes from the files.
    formats = {}
    if args.formats_runs > 0 and has_timings:
        log(f"bench: {n_gi:,} avatars in every format")
        formats_root = os.path.join(out, f"gi-formats-{n_gi}")
        formats_out = os.path.join(out, "gi-formats")
        every_format(gi_root, formats_root)
        ff = fig("gi_formats_j1", f"logoc build of the {n_gi:,} avatars in all six formats, --jobs 1")
        for _ in range(args.formats_runs):
            step(ff, [logoc, "build", *T, "-v", "--jobs", "1", "Specs", "-o", formats_out], formats_root, setup=lambda: rmtree(formats_out))
        formats = format_stats(formats_out, ff.stage_medians())
        rmtree(formats_root)

    # 7. Same pixels as the floor; PNG size against Cairo's writer on the same surfaces.
    identical = None
    cairo = {}
    if has_floor:
        names = sorted(x for x in os.listdir(gi_out) if x.endswith(".png"))
        identical = sum(1 for x in names if os.path.exists(os.path.join(floor_out, x)) and filecmp.cmp(os.path.join(gi_out, x), os.path.join(floor_out, x), shallow=False))
        cmp_out = os.path.join(out, "gi-floor-cairo")
        rmtree(cmp_out)
        log("bench: Cairo's PNG writer on the floor's surfaces (logoc-bench-floor --compare-cairo)")
        r = run_once([floor, "--count", str(n_gi), "--size", "512", "--jobs", "1", "--compare-cairo", "-o", cmp_out], REPO)
        try:
            cairo = json.loads(r["stdout"].strip().splitlines()[-1])
        except (ValueError, IndexError):
            cairo = {}
        if cairo.get("cairoPNGBytes") and python_has("PIL") and python_has("numpy"):
            check = subprocess.run([sys.executable, "-c", LOSSLESS, cmp_out, os.path.join(cmp_out, "cairo")], capture_output=True, text=True)
            cairo["losslessSample"] = check.stdout.strip()

    # 7b. Optional: instructions, which the machine's noise cannot move.
    instructions = {}
    if args.callgrind and has_floor and shutil.which("valgrind"):
        log(f"bench: callgrind of logoc and the floor on {args.callgrind} avatars")
        n = min(args.callgrind, n_gi)

        # callgrind_count.sh runs valgrind on a copy without debug info:
        # valgrind 3.19 cannot read the release binary's (swift-crypto's DWARF 5).
        def counted(cmd, cwd):
            r = run_once([os.path.join(HERE, "callgrind_count.sh"), *cmd], cwd)
            if r["rc"] != 0 or not r["stdout"].strip().isdigit():
                log(f"bench: callgrind failed: {r['stderr'].strip()}")
                return None
            return int(r["stdout"].strip())

        cg_out = os.path.join(out, "callgrind")
        rmtree(cg_out)
        specs = [f"Specs/gi{i:05d}.yaml" for i in range(n)]
        instructions["logoc"] = counted([logoc, "build", "--jobs", "1", *specs, "-o", cg_out + "/logoc"], gi_root)
        instructions["floor"] = counted([floor, "--count", str(n), "--size", "512", "--jobs", "1", "-o", cg_out + "/floor"], REPO)
        instructions["avatars"] = n
        rmtree(cg_out)

    check_vs, watch = issue21_parts()

    if not args.keep_outputs:
        rmtree(out)
    env_info["loadAfter"] = os.getloadavg()
    # Time-weighted: long runs count for what they last, not one vote each.
    weighted = [(r["foreignLoad"], r["seconds"]) for f in figures.values() for r in f.runs if r.get("foreignLoad") is not None]
    total = sum(w for _, w in weighted)
    env_info["foreignLoad"] = sum(x * w for x, w in weighted) / total if total else None
    env_info["busyFigures"] = [f.label for f in figures.values() if f.foreign is not None and f.foreign > 0.10]
    env_info["benchSeconds"] = time.perf_counter() - began

    # 8. Goals and the table.
    F = figures
    floor_ratio = paired(F["gi_logoc_j1"], fl1)
    speedup_gi = paired(F["gi_logoc_j1"], F["gi_logoc_j2"])
    speedup_mixed = paired(F["mixed1k_j1"], F["mixed1k_jd"])
    logoc_gi = F["gi_logoc_j1"].seconds
    peer_ratio = {name: paired(f, F["gi_logoc_j1"]) for name, f in peers.items()}
    size_ratio = div(cairo.get("pngBytes"), cairo.get("cairoPNGBytes"))
    encode_ratio = div(cairo.get("encodeMs"), cairo.get("cairoEncodeMs"))

    goals = [
        goal(f"cold build of {n_gi:,} avatars: logoc / floor, --jobs 1", "≤ 1.2", floor_ratio,
             "floor unavailable" if floor_ratio is None else
             f"{floor_ratio:.2f} (medians {fmt_s(logoc_gi)} / {fmt_s(fl1.seconds)} = {fmt_ratio(div(logoc_gi, fl1.seconds))}; CPU {fmt_ratio(div(F['gi_logoc_j1'].cpu, fl1.cpu))})",
             floor_ratio is not None and floor_ratio <= 1.2),
        goal(f"cold build of {n_gi:,} avatars: --jobs 1 / --jobs 2", "≥ 1.8", speedup_gi,
             f"{fmt_ratio(speedup_gi)} (medians: {fmt_ratio(div(F['gi_logoc_j1'].seconds, F['gi_logoc_j2'].seconds))}; mixed {n_mixed:,}: {fmt_ratio(speedup_mixed)})",
             speedup_gi is not None and speedup_gi >= 1.8),
        goal(f"Pillow / logoc (same {n_gi:,} avatars, logoc --jobs 1)", "≥ 3", peer_ratio.get("pillow"),
             fmt_ratio(peer_ratio.get("pillow")) if "pillow" in peers else "Pillow not run (--no-peers, or not installed: make benchdeps)",
             peer_ratio.get("pillow") is not None and peer_ratio["pillow"] >= 3),
        goal("ImageMagick per file / logoc", "≥ 20", peer_ratio.get("imagemagick"),
             fmt_ratio(peer_ratio.get("imagemagick")) + (" (subsampled, scaled)" if "imagemagick" in peers else " (ImageMagick not run)"),
             peer_ratio.get("imagemagick") is not None and peer_ratio["imagemagick"] >= 20),
        goal(f"check of {n_big:,} specs", "≤ 1 s", F["check10k"].seconds, fmt_s(F["check10k"].seconds),
             F["check10k"].ok and F["check10k"].seconds <= 1.0),
        goal("check of one spec, whole process", "≤ 30 ms", F["checkOne"].seconds, fmt_s(F["checkOne"].seconds),
             F["checkOne"].ok and F["checkOne"].seconds <= 0.030),
        goal(f"no-op rebuild of {n_big:,} specs", "≤ 0.5 s", F["noop10k"].seconds, fmt_s(F["noop10k"].seconds),
             F["noop10k"].ok and F["noop10k"].seconds <= 0.5),
        goal("mean PNG size / Cairo's writer, same surfaces", "≤ 0.85", size_ratio,
             "n/a" if size_ratio is None else f"{size_ratio:.3f} ({cairo['pngBytes'] / cairo['count']:,.0f} B vs {cairo['cairoPNGBytes'] / cairo['count']:,.0f} B)",
             size_ratio is not None and size_ratio <= 0.85),
        goal("… at no loss of speed: encode time / Cairo's writer", "≤ 1", encode_ratio,
             "n/a" if encode_ratio is None else f"{encode_ratio:.2f} ({cairo['encodeMs'] / cairo['count']:.2f} ms vs {cairo['cairoEncodeMs'] / cairo['count']:.2f} ms per avatar)",
             encode_ratio is not None and encode_ratio <= 1),
        goal("… PNGs stay lossless (decoded pixels equal Cairo's)", "all equal", cairo.get("losslessSample"),
             cairo.get("losslessSample") or "n/a", bool(cairo.get("losslessSample")) and cairo["losslessSample"].startswith("equal")),
        goal(f"peak RSS of the {n_big:,}-spec build (cold)", "≤ 150 MB", F["cold10k"].rss, f"{F['cold10k'].rss:.0f} MB",
             F["cold10k"].rss <= 150),
    ]
    goals += issue21_goals(check_vs, watch, n_watch, args.watch_edits)

    rows = []
    for key, f in figures.items():
        rows.append((f.label, fmt_s(f.seconds), fmt_s(f.cpu), f"{len(f.runs)}" + (f" × {f.scale:g}" if f.scale != 1 else ""),
                     f"{fmt_s(min(r['seconds'] for r in f.runs) * f.scale)} – {fmt_s(max(r['seconds'] for r in f.runs) * f.scale)}" if f.runs else "",
                     f"{f.rss:.0f} MB" if f.rss is not None else "",
                     f"{f.foreign * 100:.0f} %" if f.foreign is not None else "", "" if f.ok else "FAILED"))
    extra = [
        (f"mean bytes per PNG, mixed {n_mixed:,} build", f"{mixed_mean:,.0f} B over {mixed_pngs} PNGs, {mixed_indexed} of them indexed (+ {mixed_svgs} SVGs)"),
        (f"mean bytes per PNG, {n_gi:,} avatars", f"{gi_mean:,.0f} B over {gi_pngs} PNGs, {gi_indexed} of them indexed"),
        *([(f"time per spec with targets: {{web: favicon}}, --jobs 2", f"{gw2.seconds / n_gi * 1000:.2f} ms (without: {F['gi_logoc_j2'].seconds / n_gi * 1000:.2f} ms)"),
           ("mean bytes per file of the favicon set", ", ".join(f"{k} {statistics.mean(v):,.0f} B" for k, v in sorted(web_bytes.items())))]
          if gw2 and gw2.runs else []),
        ("logoc / floor, --jobs 1, CPU time (user + system)", fmt_ratio(div(F["gi_logoc_j1"].cpu, fl1.cpu) if fl1 else None)),
        ("logoc / floor, --jobs 2 (paired)", fmt_ratio(paired(F["gi_logoc_j2"], fl2))),
        ("floor --jobs 1 / --jobs 2 (paired)", fmt_ratio(paired(fl1, fl2))),
        (f"mixed {n_mixed:,}: --jobs 1 / default (paired)", fmt_ratio(speedup_mixed)),
        ("logoc's PNGs byte-identical to the floor's", "n/a" if identical is None else f"{identical} of {gi_pngs}"),
    ] + [(f"{name} / logoc (--jobs 1, paired)", fmt_ratio(v)) for name, v in peer_ratio.items()] + [
        (f"{name} / logoc (--jobs 1), CPU time", fmt_ratio(div(f.cpu, F["gi_logoc_j1"].cpu))) for name, f in peers.items()] + [
        # The most any logoc could reach against each peer: the floor in its place.
        (f"{name} / floor (--jobs 1, paired): the ceiling of {name} / logoc", fmt_ratio(paired(f, fl1))) for name, f in peers.items() if fl1]
    if instructions.get("logoc") and instructions.get("floor"):
        extra.append((f"logoc / floor, instructions (callgrind, {instructions['avatars']} avatars, --jobs 1)",
                      f"{instructions['logoc'] / instructions['floor']:.2f} ({instructions['logoc'] / 1e9:.2f} G / {instructions['floor'] / 1e9:.2f} G)"))
    for name, s in formats.items():
        per = f", encoding {s['encodeMs']:.2f} ms per file ({FORMAT_STAGES[name]})" if s.get("encodeMs") is not None else ""
        extra.append((f"{name}: mean bytes per file, {n_gi:,} avatars at 512 px", f"{s['meanBytes']:,.0f} B over {s['files']} files{per}"))
    if cairo.get("count"):
        c = cairo["count"]
        extra.append(("floor in-process, per avatar (--compare-cairo run)",
                      f"draw {cairo['drawMs'] / c:.2f} ms, encode {cairo['encodeMs'] / c:.2f} ms, write {cairo['writeMs'] / c:.2f} ms; Cairo's writer {cairo['cairoEncodeMs'] / c:.2f} ms"))

    # `logoc serve` under wrk (issue 20): its own ratios, same machine, same run.
    # logoc-bench-render is built next to the floor (build_floor, make bench-floor).
    render_bench = os.path.join(os.path.dirname(floor), "logoc-bench-render") if floor else None
    serve = {} if args.no_serve else serve_bench.run(logoc, quick=args.quick, render_bench=render_bench)
    if serve:
        extra += serve_bench.rows(serve)

    md = render_markdown(env_info, goals, rows, extra, figures, has_timings)
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, "latest.md"), "w", encoding="utf-8") as fh:
        fh.write(md)
    with open(os.path.join(args.results, "latest.json"), "w", encoding="utf-8") as fh:
        json.dump({"environment": env_info, "corpus": meta, "goals": goals, "figures": {k: f.summary() for k, f in figures.items()},
                   "extra": dict(extra), "cairo": cairo, "instructions": instructions, "floorIdentical": identical, "watch": watch,
                   "meanPNGBytes": {"mixed1k": mixed_mean, "gi1k": gi_mean}, "formats": formats,
                   "indexedPNGs": {"mixed1k": mixed_indexed, "gi1k": gi_indexed}, "serve": serve}, fh, indent=1, ensure_ascii=False)
    print(md)
    print(f"(written to {os.path.relpath(os.path.join(args.results, 'latest.md'), os.getcwd())} and latest.json)")


def png_spec(root):
    """The first spec file (in byte order) of the project at `root` with one
    spec of a solid background colour, no dark variant, and a PNG output:
    the one the watch figure saves."""
    for folder, dirs, files in sorted(os.walk(os.path.join(root, "Specs"))):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".yaml") or name.startswith(("_", ".")):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding="utf-8").read()
            formats = re.search(r"^output: \{formats: \[([^\]]*)\]", text, re.M)
            if (re.search(r'^background: "#[0-9A-Fa-f]{6}"', text, re.M) and "dark:" not in text
                    and "\n---" not in text and formats and "png" in formats.group(1).split(", ")):
                return os.path.relpath(path, root)
    return None


def goal(name, target, value, shown, met):
    return {"goal": name, "target": target, "measured": shown, "value": value,
            "met": None if value is None else bool(met)}


def issue21_goals(check_vs, watch, n_watch, edits):
    """The goals of issue 21: check / its C floor ≤ 3 at each size, watch ≤ 100 ms."""
    goals = []
    for n, figs in check_vs.items():
        fc = figs["floor"]
        for kind, what in (("cold", "--no-cache"), ("warm", "cache warm, nothing changed"), ("edit", "cache warm, one spec edited")):
            lc = figs.get(kind)
            if lc is None:
                continue
            ratio = paired(lc, fc)
            goals.append(goal(f"check of {n:,} specs ({what}) / its C floor (issue 21)", "≤ 3", ratio,
                              "n/a" if ratio is None else
                              f"{ratio:.2f} (medians {fmt_s(lc.seconds)} / {fmt_s(fc.seconds)}; CPU {fmt_ratio(div(lc.cpu, fc.cpu))}; "
                              f"peak RSS {lc.rss:.0f} MB / {fc.rss:.0f} MB)",
                              ratio is not None and ratio <= 3))
    if watch is not None:
        lat = watch.get("latencies") or []
        med = statistics.median(lat) if len(lat) == edits else None
        goals.append(goal(f"watch of {n_watch:,} specs: save → PNG replaced, median of {edits} (issue 21)", "≤ 100 ms", med,
                          watch.get("error") or f"{fmt_s(med)} (p90 {fmt_s(percentile(lat, 90))}, range {fmt_s(min(lat))} – {fmt_s(max(lat))}; "
                          f"first build {fmt_s(watch['firstBuild'])})",
                          med is not None and med <= 0.100))
    return goals


def watch_latency(logoc, root, touch, out, edits):
    """Starts `logoc watch -v Specs -o OUT` in `root` (-v: the summary of each build, kept), waits for its first build
    (the "watching …" line it prints after every build), then saves `touch`
    `edits` times with a new background colour and times each save until
    the spec's PNG in OUT is replaced (its inode or mtime changes, polled
    every 0.5 ms), waiting for the build's "watching" line before the next
    save. Puts the spec back as it was. Returns the first build's seconds and
    every latency in seconds, or an error."""
    import queue
    import signal
    import threading

    if touch is None:
        return {"error": "no spec with a solid background and a PNG output to save", "latencies": []}
    rmtree(out)
    spec = os.path.join(root, touch)
    png = os.path.join(out, os.path.relpath(os.path.splitext(spec)[0] + ".png", os.path.join(root, "Specs")))
    original = open(spec, encoding="utf-8").read()
    hidden = os.path.join(os.path.dirname(spec), "." + os.path.basename(spec) + ".saving")

    def save(text):
        with open(hidden, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(hidden, spec)

    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")
    proc = subprocess.Popen([logoc, "watch", "-v", "Specs", "-o", out], cwd=root, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    lines = queue.Queue()

    def reader():
        for raw in proc.stderr:
            lines.put(raw.decode("utf-8", "replace"))
        lines.put(None)

    threading.Thread(target=reader, daemon=True).start()

    def built(timeout):
        """Waits for the next "watching" line; False on timeout or exit."""
        end = time.perf_counter() + timeout
        while True:
            try:
                line = lines.get(timeout=max(0.0, end - time.perf_counter()))
            except queue.Empty:
                return False
            if line is None:
                return False
            if line.startswith("watching "):
                return True
            if " built, " in line:
                result.setdefault("summaries", []).append(line.strip())

    def stamp():
        try:
            info = os.stat(png)
            return info.st_ino, info.st_mtime_ns
        except OSError:
            return None

    result = {"spec": touch, "edits": edits, "latencies": []}
    try:
        start = time.perf_counter()
        if not built(1800):
            result["error"] = "the watch's first build did not finish"
            return result
        result["firstBuild"] = time.perf_counter() - start
        if stamp() is None:
            result["error"] = f"no PNG at {png} after the first build"
            return result
        for k in range(edits):
            text = re.sub(r'^background: "#[0-9A-Fa-f]{6}"', f'background: "#{0x20 + k:02X}3A5F"', original, count=1, flags=re.M)
            if text == original:
                result["error"] = f"{touch} has no solid background line to change"
                return result
            before = stamp()
            t0 = time.perf_counter()
            save(text)
            deadline = t0 + 60
            while stamp() == before and time.perf_counter() < deadline:
                time.sleep(0.0005)
            if stamp() == before:
                result["error"] = f"save {k + 1}: the PNG was not replaced within 60 s"
                return result
            result["latencies"].append(time.perf_counter() - t0)
            if not built(60):
                result["error"] = f"save {k + 1}: no build finished within 60 s"
                return result
    finally:
        save(original)
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        rmtree(out)
    return result


def every_format(gi_root, dest):
    """A copy of the avatars' project whose specs write all six formats."""
    rmtree(dest)
    shutil.copytree(gi_root, dest)
    specs = os.path.join(dest, "Specs")
    for name in os.listdir(specs):
        path = os.path.join(specs, name)
        text = open(path, encoding="utf-8").read()
        new = text.replace("output: {formats: [png], scales: [1]}", "output: {formats: [png, svg, webp, avif, jpeg, pdf], scales: [1]}")
        assert new != text, f"{name}: no output line to widen"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new)


def format_stats(folder, timings):
    """Per format: files, mean bytes per file and, from the stage timers, ms of encoding per file."""
    sizes = {}
    for root, _, files in os.walk(folder):
        for x in files:
            ext = x.rsplit(".", 1)[-1]
            if ext in FORMAT_STAGES:
                sizes.setdefault(ext, []).append(os.path.getsize(os.path.join(root, x)))
    stats = {}
    for name in FORMAT_STAGES:
        got = sizes.get(name, [])
        if not got:
            continue
        ms = timings["stages"].get(FORMAT_STAGES[name]) if timings else None
        stats[name] = {"files": len(got), "meanBytes": sum(got) / len(got), "encodeMs": ms / len(got) if ms is not None else None}
    return stats


LOSSLESS = r"""
import os, sys
import numpy as np
from PIL import Image
a, b = sys.argv[1], sys.argv[2]
names = sorted(x for x in os.listdir(b) if x.endswith(".png"))[::20]
bad = [n for n in names if not np.array_equal(np.asarray(Image.open(os.path.join(a, n)).convert("RGBA")), np.asarray(Image.open(os.path.join(b, n)).convert("RGBA")))]
print(("equal in %d of %d sampled files" % (len(names) - len(bad), len(names))) if not bad else ("DIFFERENT in %d of %d: %s" % (len(bad), len(names), bad[:3])))
"""


def render_markdown(env, goals, rows, extra, figures, has_timings):
    L = []
    L.append("# logoc benchmark results")
    L.append("")
    L.append(f"{env['date']} · {env['logocVersion']} · {env['cores']} cores · load {env['loadBefore'][0]:.2f} before, "
             f"{env['loadAfter'][0]:.2f} after · medians of {env['runs']} runs unless stated · bench took {env['benchSeconds']:.0f} s")
    if env.get("foreignLoad") is not None:
        L.append("")
        L.append(f"Other processes used {env['foreignLoad'] * 100:.0f} % of the machine on average (time-weighted) while logoc, the floor and the peers ran "
                 "(column \"other load\": /proc/stat's busy time minus the measured process's own CPU, as a share of all cores).")
        if env["busyFigures"]:
            L.append("")
            L.append(f"**Warning: the machine was busy (other load above 10 %) during {len(env['busyFigures'])} of {len(figures)} figures; "
                     "their wall times, and `--jobs 2` speed-ups above all, are unreliable. CPU times suffer less. Run again when it is quiet.**")
    L.append("")
    L.append("## Goals (issue 6)")
    L.append("")
    L.append("| goal | target | measured | met |")
    L.append("|---|---|---|---|")
    for g in goals:
        met = "n/a" if g["met"] is None else ("met" if g["met"] else "**not met**")
        L.append(f"| {g['goal']} | {g['target']} | {g['measured']} | {met} |")
    L.append("")
    L.append("## Every figure (whole process: wall time and peak RSS)")
    L.append("")
    L.append("| figure | median | CPU (median) | runs | range | peak RSS | other load | |")
    L.append("|---|---:|---:|---:|---|---:|---:|---|")
    for r in rows:
        L.append("| " + " | ".join(r) + " |")
    L.append("")
    L.append("| more | value |")
    L.append("|---|---|")
    for k, v in extra:
        L.append(f"| {k} | {v} |")
    L.append("")
    L.append("## Stages inside logoc (`--timings`, ms, medians; summed over threads, so they can exceed the total)")
    L.append("")
    if not has_timings:
        L.append("timings unavailable (this logoc has no `--timings` flag)")
    else:
        L.append("| run | " + " | ".join(STAGES) + " | total |")
        L.append("|---|" + "---:|" * (len(STAGES) + 1))
        for f in figures.values():
            t = f.stage_medians()
            if t:
                L.append(f"| {f.label} | " + " | ".join(f"{t['stages'][s]:.0f}" for s in STAGES) + f" | {t['total']:.0f} |")
    L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    main()
