#!/usr/bin/env bash
# Peer: the bench's gradient+initials avatars with ImageMagick, one `convert`
# process per file, as a shell loop over a list would do it.
#
#   bench/peers/imagemagick.sh CONVERT LIST OUTDIR
#
# CONVERT is ImageMagick's convert (bench/run.py passes /usr/bin/convert, not
# a wrapper that may come first on PATH); LIST has one avatar a line:
# "NAME FROM TO INITIALS" (colours as #RRGGBB), written by bench/run.py from
# make_corpus.gi_avatar. Gradient at 135° (gradient:angle), circle mask
# (DstIn), Inter Bold 160 px centred with -gravity center, 8-bit PNG.
# Run with MAGICK_THREAD_LIMIT=1 for one core.
set -euo pipefail
CONVERT=$1 LIST=$2 OUT=$3
FONT=/usr/share/fonts/opentype/inter/Inter-Bold.otf
mkdir -p "$OUT"
while read -r name from to initials; do
  "$CONVERT" -size 512x512 -define gradient:angle=135 "gradient:$from-$to" \
    \( -size 512x512 xc:none -fill white -draw "circle 255.5,255.5 255.5,0" \) \
    -compose DstIn -composite -compose Over \
    -font "$FONT" -pointsize 160 -fill white -gravity center -annotate +0+0 "$initials" \
    -depth 8 "$OUT/$name.png"
done < "$LIST"
