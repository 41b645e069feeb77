#!/usr/bin/env bash
# Runs one libFuzzer target of `make fuzz`: seeds its corpus, fuzzes for a
# set time, and keeps the log. Usage: Fuzz/run.sh TARGET BINARY SECONDS
# The corpus (.build-fuzz/corpus/TARGET) grows from run to run; crashes go
# to .build-fuzz/artifacts/TARGET-crash-*, the log to .build-fuzz/TARGET.log.
set -euo pipefail
target=$1 bin=$2 seconds=$3
cd "$(dirname "$0")/.."
corpus=.build-fuzz/corpus/$target
mkdir -p "$corpus" .build-fuzz/artifacts
# Seconds one input may take before it counts as a hang.
timeout=20
case $target in
  fuzz-spec)
    # Specs, partials, the conformance fixtures and the hostile corpus.
    max_len=16384
    for f in $(find Specs Tests/Fixtures -name '*.yaml' -size -16k); do cp "$f" "$corpus/seed-$(echo "$f" | tr / _)"; done ;;
  fuzz-image)
    max_len=262144
    for f in $(find Specs Tests/Fixtures \( -name '*.png' -o -name '*.jpg' \) -size -256k); do cp "$f" "$corpus/seed-$(echo "$f" | tr / _)"; done ;;
  fuzz-font)
    # Small fonts of the bundled set (fonts-noto-core, installed by `make deps`).
    max_len=65536
    for f in $(find /usr/share/fonts/truetype/noto -name 'NotoSans*-Regular.ttf' -size -40k | sort | head -8); do cp "$f" "$corpus/"; done ;;
  fuzz-extends)
    # The graph is decoded from the first bytes (Fuzz/fuzz-extends): a few
    # shapes to start from, strict (even first byte) and raw (odd). A project
    # of 25 small files is checked twice well within a second.
    max_len=4096 timeout=10
    printf '\x00\x02\x00\x01\x01\x00\x01\x01\x02\x00\x02\x01\x01\x02\x02\x08\x00\x01\x02\x01\x05' > "$corpus/seed-cycle"
    printf '\x00\x03\x00\x02\x01\x00\x02\x01\x01\x01\x03\x02\x03\x01\x03\x03\x02\x00\x01\x09\x01\x03\x01\x05\x01\x00' > "$corpus/seed-diamond"
    printf '\x00\x00\x00\x01\x00\x00\x01\x0a' > "$corpus/seed-self"
    printf '\x00\x01\x00\xf5' > "$corpus/seed-65-entries"
    printf '\x01\x01\x00\x01\x01\x00\x01\x00text: AB\n\xffsize: [1\n' > "$corpus/seed-raw"
    # A chain through all 25 files, two keys each: libFuzzer grows inputs
    # from the longest seed, and the short ones alone kept it under 30 bytes.
    { printf '\x00\x18'
      for i in $(seq 0 23); do printf "\\x0$((i % 4))\\x01\\x$(printf %02x $((i + 1)))\\x0$((i % 5))"; done
      printf '\x00\x00'
      for i in $(seq 0 24); do printf "\\x02\\x$(printf %02x $((i % 17)))\\x$(printf %02x $(((i + 5) % 17)))"; done
    } > "$corpus/seed-chain-25" ;;
  fuzz-cache)
    # Real cache, manifest and intent files of a build of a few specs, made
    # by the target itself (its baseline) so that their stamps are its own.
    max_len=65536
    LOGOC_FUZZ_WRITE_SEEDS="$corpus" ASAN_OPTIONS=detect_leaks=0 "$bin" ;;
  *) echo "unknown fuzz target $target" >&2; exit 2 ;;
esac
echo "== $target: $seconds s, corpus $(ls "$corpus" | wc -l) files"
# Leaks are checked by `make leaks` on whole builds, not per input here:
# fontconfig and Pango keep process-wide caches that LeakSanitizer reports.
# Swift's own backtracer is off: after a `fatalError` (a property a target
# checks) it ran under ASan and was itself reported, hiding the message.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
  "$bin" -max_total_time="$seconds" -timeout=$timeout -rss_limit_mb=3072 -max_len=$max_len \
  -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/"$target"- "$corpus" 2>&1 | tee .build-fuzz/"$target".log | grep -v '^#[0-9]*.*\(NEW\|REDUCE\|pulse\)' || true
# libFuzzer exits non-zero on a finding; tee hides that, so look at the log.
if grep -q 'ERROR: libFuzzer\|ERROR: AddressSanitizer\|Fatal error\|SUMMARY: libFuzzer\|deadly signal' .build-fuzz/"$target".log; then
  echo "$target: FINDING, see .build-fuzz/$target.log and .build-fuzz/artifacts/" >&2
  exit 1
fi
grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^Done' .build-fuzz/"$target".log || true
