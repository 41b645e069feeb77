"""logoc against its floor on the 1,000 gradient avatars, `--jobs 1`, in alternated pairs (issue 21 part 6).

    python3 bench/floor_pairs.py --logoc .build/release/logoc --floor .build/release/logoc-bench-floor \
        [--baseline OTHER_LOGOC] [--rounds 4] [--corpus bench/.corpus]

Each round runs a cold `logoc build --jobs 1 Specs -o OUT` of the corpus's
gi-1000 (bench/make_corpus.py --gi 1000; written here if missing), then
`logoc-bench-floor --count 1000 --size 512 --jobs 1`, then, with
--baseline, the same build by another logoc binary (an older build, to
compare code versions in the same run). Prints each run's wall and CPU
seconds (user + system, from wait4), the ratio of each pair and their
median, the load average, and how many of logoc's PNGs are the floor's
byte for byte. A quicker, narrower cousin of `make bench`'s floor-set
rounds, for before/after measurements of the drawing code.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(cmd, cwd, out):
    """Wall and CPU seconds of one cold run writing into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(cmd)}")
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--logoc", default=os.path.join(HERE, "..", ".build/release/logoc"))
    ap.add_argument("--floor", default=os.path.join(HERE, "..", ".build/release/logoc-bench-floor"))
    ap.add_argument("--baseline", help="another logoc binary, run third in each round")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--corpus", default=os.path.join(HERE, ".corpus"))
    args = ap.parse_args()
    logoc, floor = os.path.abspath(args.logoc), os.path.abspath(args.floor)
    root = os.path.join(args.corpus, "gi-1000")
    if not os.path.isdir(os.path.join(root, "Specs")):
        subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"), args.corpus, "--gi", "1000", "--reuse"], check=True)
    work = tempfile.mkdtemp(prefix="logoc-floor-pairs-")
    try:
        runs = {"logoc": [], "floor": [], "baseline": []}
        for _ in range(args.rounds):
            runs["logoc"].append(timed([logoc, "build", "--jobs", "1", "Specs", "-o", f"{work}/logoc"], root, f"{work}/logoc"))
            runs["floor"].append(timed([floor, "--count", "1000", "--size", "512", "--jobs", "1", "-o", f"{work}/floor"], work, f"{work}/floor"))
            if args.baseline:
                runs["baseline"].append(timed([os.path.abspath(args.baseline), "build", "--jobs", "1", "Specs", "-o", f"{work}/baseline"],
                                              root, f"{work}/baseline"))
        for name in ("logoc", "baseline"):
            if not runs[name]:
                continue
            wall = [a[0] / b[0] for a, b in zip(runs[name], runs["floor"])]
            cpu = [a[1] / b[1] for a, b in zip(runs[name], runs["floor"])]
            print(f"{name}: wall {[round(r[0], 2) for r in runs[name]]} s, CPU {[round(r[1], 2) for r in runs[name]]} s")
            print(f"{name} / floor: wall pairs {[round(x, 3) for x in wall]} median {statistics.median(wall):.3f}; "
                  f"CPU pairs {[round(x, 3) for x in cpu]} median {statistics.median(cpu):.3f}")
        print(f"floor: wall {[round(r[0], 2) for r in runs['floor']]} s; load average {os.getloadavg()[0]:.1f}")
        pngs = [n for n in os.listdir(f"{work}/floor") if n.endswith(".png")]
        same = sum(1 for n in pngs if os.path.exists(f"{work}/logoc/{n}")
                   and open(f"{work}/floor/{n}", "rb").read() == open(f"{work}/logoc/{n}", "rb").read())
        print(f"logoc's PNGs byte-identical to the floor's: {same} of {len(pngs)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
