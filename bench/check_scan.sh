#!/bin/sh
# What `logoc check ONE-SPEC` pays for the rest of the project
# (docs/performance.md, "Issue 16"): makes three projects under OUT — the
# showcase (Specs/, logoc.yaml), the showcase plus 10,000 specs in 100
# folders, the showcase plus 10,000 specs in team/ (the checked spec's
# folder) — and prints the instructions (callgrind, all threads) of
# `check Specs/team/jane-doe.yaml` in each, for each binary
# (bench/callgrind_count.sh: valgrind runs on a copy without debug info).
#
#   bench/check_scan.sh OUT LOGOC...      (OUT is replaced; about 120 MB)
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OUT LOGOC..." >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$1
shift
rm -rf "$out"
for p in p55 p10k-folders p10k-flat; do
  mkdir -p "$out/$p" && cp -r "$repo/Specs" "$repo/logoc.yaml" "$out/$p/"
done
python3 - "$out" <<'PY'
import os, sys
out = sys.argv[1]
def spec(i):
    if i % 3:
        return f'background: "#1565C0"\ntext: {{initials: Person {i:05d}}}\n'
    return f'name: member-{i:05d}\nbackground: "#2E7D32"\ntext: PM\n'
for i in range(10000):
    folder = f"{out}/p10k-folders/Specs/gen/g{i // 100:03d}"
    os.makedirs(folder, exist_ok=True)
    for path in (f"{folder}/p{i:05d}.yaml", f"{out}/p10k-flat/Specs/team/p{i:05d}.yaml"):
        with open(path, "w") as f:
            f.write(spec(i))
PY
for bin in "$@"; do
  bin=$(readlink -f "$bin")
  for p in p55 p10k-folders p10k-flat; do
    n=$(cd "$out/$p" && "$repo/bench/callgrind_count.sh" "$bin" check Specs/team/jane-doe.yaml)
    echo "$bin $p $n"
  done
done
