#!/bin/sh
# Two logoc binaries and the C floor, run in turn on one project, ROUNDS
# times: the way to compare two builds on a noisy machine (docs/performance.md).
# Prints one line a round: the wall milliseconds of OLD, NEW and the floor,
# each running `check --no-cache Specs` (the floor: `check_floor Specs`) in DIR.
#
#   bench/alternate.sh OLD NEW CHECK_FLOOR DIR ROUNDS
#
# bench/alternate_pairs.py does the same for two binaries without the floor,
# their order swapped each round, and prints the median of the paired
# ratios of wall and CPU time.
set -eu
[ $# -eq 5 ] || { echo "usage: $0 OLD NEW CHECK_FLOOR DIR ROUNDS" >&2; exit 2; }
old=$1 new=$2 floor=$3 rounds=$5
cd "$4"
ms() {
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
i=0
while [ "$i" -lt "$rounds" ]; do
    echo "$(ms "$old" check --no-cache Specs) $(ms "$new" check --no-cache Specs) $(ms "$floor" Specs)"
    i=$((i + 1))
done
