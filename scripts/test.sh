#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, including the paced audio tests on a JACK
# dummy backend (no sound card needed). Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
bash scripts/test-python.sh
bash scripts/jack-dummy.sh start
# Every temporary folder the tests make goes into one folder of the run's own, removed at the
# end: the run leaves nothing behind (about 60 folders, 90 MB in /tmp, before), and removes
# nothing another run or another user made.
TMPDIR=$(bash scripts/test-tmpdir.sh)
export TMPDIR
# Tests that write hundreds of megabytes (a long label's speech) write them into memory, in a
# folder of this run's own under /dev/shm (RunawayInputTests); without /dev/shm, under TMPDIR.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  EARSHOT_TEST_SHM=$(mktemp -d /dev/shm/earshot-test-XXXXXX)
  export EARSHOT_TEST_SHM
fi
cleanup() {
  bash scripts/jack-dummy.sh stop
  rm -rf "$TMPDIR" ${EARSHOT_TEST_SHM:+"$EARSHOT_TEST_SHM"}
}
trap cleanup EXIT
# The paced tests (real time on the JACK dummy backend, judged to the millisecond) run after the
# rest, alone: run beside hundreds of syntheses on two cores, their player falls behind and
# jack_rec drops periods, which says nothing about Earshot. With arguments (a --filter), one run.
paced='AlsaSinkJackTests|LiveSpeechDeviceTests|CheckLiveTests'
if [ $# -gt 0 ]; then
  swift test --parallel --num-workers 2 "$@"
else
  swift test --parallel --num-workers 2 --skip "$paced"
  swift test --skip-build --filter "$paced"
fi
