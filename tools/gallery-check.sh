#!/usr/bin/env bash
# Opens DIST/index.html in headless Chromium, checks that every image in it
# loaded, and saves a screenshot (DIST/../gallery.png by default).
# Usage: tools/gallery-check.sh DIST [SCREENSHOT]
set -euo pipefail
dist=$(cd "$1" && pwd)
shot=${2:-$(dirname "$dist")/gallery.png}
browser=$(command -v chromium || command -v chromium-browser)
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files --virtual-time-budget=5000)
dom=$("$browser" "${flags[@]}" --dump-dom "file://$dist/index.html" 2>/dev/null)
loaded=$(printf '%s' "$dom" | grep -o 'data-loaded="[0-9]*/[0-9]*"' | head -1 | tr -dc '0-9/')
"$browser" "${flags[@]}" --window-size=1400,1000 --screenshot="$shot" "file://$dist/index.html" >/dev/null 2>&1
shown=${loaded%/*}; total=${loaded#*/}
if [ -z "$loaded" ] || [ "$total" = 0 ] || [ "$shown" != "$total" ]; then
  echo "gallery: ${loaded:-no count} images loaded"; echo "0 passed, 1 failed"; exit 1
fi
echo "gallery: $shown/$total images loaded; screenshot $shot"
echo "1 passed, 0 failed"
