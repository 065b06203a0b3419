#!/usr/bin/env bash
# Sets everything up, then runs Earshot's main job on a bundled sample, writing under out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p out
earshot=.build/debug/earshot
"$earshot" read --no-audio samples/screens/product-list.json
"$earshot" read -o out/product-list samples/screens/product-list.json
echo "Done: WAV files in out/product-list/"
