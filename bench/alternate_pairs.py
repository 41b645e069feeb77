#!/usr/bin/env python3
"""Two logoc binaries, A and B, run `check --no-cache Specs` in turn in DIR,
ROUNDS times, the order swapped each round; prints the median of the paired
ratios B/A of wall time and of CPU time (user + system) with their
quartiles. On a noisy machine a pair's ratio is what drifts least: both
runs of a pair see the same hour (docs/performance.md, "Issue 21 part 2 —
the serial part of a check").

    python3 bench/alternate_pairs.py DIR ROUNDS A B
"""
import resource
import statistics
import subprocess
import sys
import time


def run(binary, folder):
    """Wall and CPU seconds of one check."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    subprocess.run([binary, "check", "--no-cache", "Specs"], cwd=folder,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    folder, rounds, a, b = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    if rounds < 2:
        sys.exit("ROUNDS must be at least 2")
    walls, cpus = [], []
    for i in range(rounds):
        if i % 2 == 0:
            first, second = run(a, folder), run(b, folder)
        else:
            second, first = run(b, folder), run(a, folder)
        walls.append(second[0] / first[0])
        cpus.append(second[1] / first[1])

    def show(values):
        q = statistics.quantiles(values, n=4)
        return f"{statistics.median(values):.3f} (quartiles {q[0]:.3f}–{q[2]:.3f})"

    print(f"{rounds} rounds, B/A: wall {show(walls)}, CPU {show(cpus)}")


if __name__ == "__main__":
    main()
