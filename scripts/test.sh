#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, including the paced audio tests on a JACK
# dummy backend (no sound card needed). Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/test-python.sh
bash scripts/jack-dummy.sh start
# Every temporary folder the tests make goes under .build/test-tmp, removed at the end: the run
# leaves nothing outside .build (about 60 folders, 90 MB in /tmp, before).
export TMPDIR="$PWD/.build/test-tmp"
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
# What a test still writes elsewhere (speech in /dev/shm) is found by its age and removed.
marker="$TMPDIR/.started"
touch "$marker"
cleanup() {
  bash scripts/jack-dummy.sh stop
  find /tmp /dev/shm -maxdepth 1 -name 'earshot-*' -newer "$marker" ! -name 'earshot-jack*' -exec rm -rf {} + 2>/dev/null || true
  rm -rf "$TMPDIR"
}
trap cleanup EXIT
swift test --parallel --num-workers 2 "$@"
