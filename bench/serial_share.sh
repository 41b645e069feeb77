#!/bin/sh
# How much of a `check --no-cache Specs` the main thread spends outside
# the parallel phases (docs/performance.md, "Issue 21 part 2 — the serial
# part of a check"): perf samples the process at 2 kHz with call graphs
# while uprobes mark each entry to and return from `dispatch_apply` (every
# `concurrentPerform`); the main thread's samples between two phases are
# work no other core shares. Prints the main thread's samples inside and
# outside the phases, the other threads' samples, then the commonest
# outside the phases by their first two logoc frames.
#
#   bench/serial_share.sh LOGOC DIR [TOP]     (root: perf probe needs it)
#
# Uprobes go on a copy without debug sections (perf probe, like valgrind,
# cannot read the DWARF 5 forms BoringSSL brings: bench/callgrind_count.sh).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 LOGOC DIR [TOP]" >&2; exit 2; }
command -v perf >/dev/null || { echo "$0: perf is not installed (apt-get install linux-perf)" >&2; exit 2; }
tmp=$(mktemp -d)
tag=serial$$
trap 'for e in $(perf probe -l 2>/dev/null | awk "/$tag/ {print \$1}"); do perf probe -q -d "$e"; done; rm -rf "$tmp"' EXIT INT TERM
objcopy --strip-debug "$1" "$tmp/logoc"
perf probe -q -x "$tmp/logoc" -a "${tag}in=dispatch_apply"
perf probe -q -x "$tmp/logoc" -a "${tag}out=dispatch_apply%return"
events=""
for e in $(perf probe -l 2>/dev/null | awk "/$tag/ {print \$1}"); do events="$events -e $e"; done
# shellcheck disable=SC2086 # one word per event
(cd "$2" && perf record -q -e cpu-clock -F 2000 -g $events -o "$tmp/perf.data" "$tmp/logoc" check --no-cache Specs >/dev/null 2>&1) || true
perf script -i "$tmp/perf.data" -F tid,time,event,ip,sym 2>/dev/null >"$tmp/samples.txt"
python3 - "$tmp/samples.txt" "$tag" "${3:-14}" <<'PY'
import collections, sys
path, tag, top = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = []
for block in open(path).read().split("\n\n"):
    lines = block.strip().split("\n")
    head = lines[0].split() if lines and lines[0].strip() else []
    if len(head) < 3:
        continue
    try:
        rows.append((int(head[0]), head[2].rstrip(":"), [" ".join(l.split()[1:]) for l in lines[1:]]))
    except ValueError:
        continue
marks = [r for r in rows if tag in r[1]]
if not marks:
    sys.exit("no dispatch_apply events: was perf probe refused?")
main = marks[0][0]
depth, inside, outside, others = 0, 0, 0, 0
where = collections.Counter()
for tid, event, frames in rows:
    if tid != main:
        others += tag not in event
        continue
    if event.endswith(tag + "in"):
        depth += 1
    elif event.endswith(tag + "out__return"):
        depth -= 1
    elif depth > 0:
        inside += 1
    else:
        outside += 1
        named = [f for f in frames if "Logoc" in f or "logoc" in f]
        leaf = frames[0][:40] if frames else ""
        where[leaf + " in " + (" < ".join(f[:60] for f in named[:2]) if named else "(no logoc frame) " + " < ".join(f[:40] for f in frames[1:3]))] += 1
print(f"main thread: {inside} samples inside the parallel phases, {outside} outside ({outside / max(1, inside + outside):.1%}); other threads {others}")
for frames, n in where.most_common(top):
    print(n, frames)
PY
