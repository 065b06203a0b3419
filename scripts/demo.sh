#!/usr/bin/env bash
# The main job on a bundled sample: desk-check a scenario with real speech (eSpeak NG), print what
# VoiceOver says with each utterance's fate, and write the whole timeline as WAV plus WebVTT
# captions (and JSON Lines) and a report page (out/NAME.html, open it in a browser) into out/.
# Usage: scripts/demo.sh [SCENARIO.json]   (default: samples/scenarios/cart-walkthrough.json)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --quiet
scenario="${1:-samples/scenarios/cart-walkthrough.json}"
name="$(basename "$scenario" .json)"
mkdir -p out
# Exit 1 means the desk check ran and reported a failed expectation or an unexpected error
# finding (the walkthrough's dropped announcement is expected, so it exits 0); anything else is
# a real failure.
status=0
.build/debug/earshot check "$scenario" -o "out/$name.wav" --transcript "out/$name.vtt" --transcript "out/$name.jsonl" \
  --findings "out/$name.findings.json" --report "out/$name.html" || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
echo "Listen: aplay out/$name.wav   Captions: out/$name.vtt   Report: open out/$name.html in a browser"
