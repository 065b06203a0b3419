#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, including the paced audio tests on a JACK
# dummy backend (no sound card needed). Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
bash scripts/test-python.sh
bash scripts/jack-dummy.sh start
# Every temporary folder the tests make goes into one folder of the run's own, removed at the
# end: the run leaves nothing behind (about 60 folders, 90 MB in /tmp, before).
TMPDIR=$(bash scripts/test-tmpdir.sh)
export TMPDIR
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
