#!/usr/bin/env bash
# LeakSanitizer over a whole build (make leaks): LOGOC (built with
# --sanitize=address) builds COUNT specs with --jobs 2 — solid and gradient
# backgrounds, images, borders, emoji, CJK and project fonts, so every kind of
# Cairo, Pango and fontconfig object is made — and must exit 0 with no leak
# outside the library caches named in lsan.supp. Usage: leaks.sh LOGOC COUNT
set -euo pipefail
logoc=$1 count=${2:-1000}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Specs/a" "$work/Specs/b" "$work/fonts"
cp "$repo/Tests/Fixtures/images/progressive.jpg" "$repo/Tests/Fixtures/images/palette-trns.png" "$work/Specs/"
inter=$(ls /usr/share/fonts/opentype/inter/Inter-Regular.otf /usr/share/fonts/truetype/inter/Inter-Regular.ttf 2>/dev/null | head -1 || true)
[ -n "$inter" ] && cp "$inter" "$work/fonts/Custom.otf" && printf 'fonts: [fonts]\n' > "$work/logoc.yaml"
for i in $(seq 1 "$count"); do
  folder=$([ $((i % 2)) -eq 0 ] && echo a || echo b)
  case $((i % 6)) in
    0) body="text: {initials: \"Person $i\"}\nbackground: \"#$(printf '%06X' $((i * 7919 % 16777215)))\"" ;;
    1) body="text: \"L$i\"\nbackground: {gradient: {colors: [\"#102030\", \"#$(printf '%06X' $((i * 104729 % 16777215)))\"], type: radial}}\nshape: circle" ;;
    2) body="text: \"🦊$((i % 10))\"\nbackground: {image: ../progressive.jpg}" ;;
    3) body="text: \"字$((i % 10))\"\nbackground: \"#FFFFFF\"\nborder: {width: 4, color: black}" ;;
    4) body="text: {content: \"F$i\", font: {file: ../../fonts/Custom.otf}}\nbackground: {image: ../palette-trns.png}" ;;
    5) body="text: \"D$i\"\nbackground: \"#202020\"\ndark: {background: \"#FFFFFF\"}\noutput: {scales: [1, 2]}" ;;
  esac
  printf "$body\nsize: 96\ncontrast: off\n" > "$work/Specs/$folder/s$i.yaml"
done
[ -n "$inter" ] || sed -i 's|font: {file: ../../fonts/Custom.otf}|font: Inter|' "$work"/Specs/*/*.yaml
cd "$work"
log="$work/lsan.log"
status=0
LOGOC_RELEASE_CACHES_AT_EXIT=1 ASAN_OPTIONS="detect_leaks=1:suppressions=$here/asan.supp" LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=1" \
  "$logoc" build Specs -o out --jobs 2 2> "$log" || status=$?
outputs=$(find out -name '*.png' -o -name '*.svg' | wc -l)
echo "leaks: $count specs, $outputs outputs, exit $status"
# What the suppressions hid (library caches), then any real report.
sed -n '/Suppressions used:/,$p' "$log"
if [ "$status" -ne 0 ] || grep -q 'ERROR: LeakSanitizer\|ERROR: AddressSanitizer' "$log"; then
  grep -E "error|Leak|SUMMARY|ERROR|leak" "$log" | head -40; cp "$log" /tmp/lsan-full.log
  exit 1
fi
