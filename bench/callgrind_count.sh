#!/bin/sh
# The instructions (valgrind's callgrind, all threads) one logoc command
# executes, printed as a bare number on standard output; the command runs in
# the current directory. Used by `make bench --callgrind N` (bench/run.py)
# and bench/check_scan.sh.
#
#   bench/callgrind_count.sh [--profile FILE] LOGOC ARGS...
#
# --profile keeps callgrind's profile (for callgrind_annotate) in FILE.
#
# Why a copy: valgrind 3.19 (Debian 12) gives up on logoc's release binary
# ("debuginfo reader: Possibly corrupted debuginfo file. I can't recover"),
# since swift-crypto compiles BoringSSL into it with DWARF 5 forms its reader
# does not know ("unhandled dwarf2 abbrev form code 0x25", DW_FORM_strx1).
# --read-var-info=no and --read-inline-info=no do not help: the line tables
# are read anyway. valgrind runs instead on a copy without the debug
# sections (objcopy --strip-debug): the code and the symbol table are the
# same bytes, so the count is the same program's and callgrind_annotate
# still names every function (only file:line is gone).
set -eu
profile=/dev/null
if [ "${1:-}" = --profile ]; then profile=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [--profile FILE] LOGOC ARGS..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
command -v objcopy >/dev/null || { echo "$0: objcopy is not installed (apt-get install binutils)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
objcopy --strip-debug "$1" "$tmp/logoc"
shift
valgrind --tool=callgrind --callgrind-out-file="$profile" "$tmp/logoc" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || {
  tail -n 20 "$tmp/stderr" >&2
  exit 1
}
count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/stderr")
[ -n "$count" ] || { tail -n 20 "$tmp/stderr" >&2; exit 1; }
echo "$count"
