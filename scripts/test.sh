#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, including the paced audio tests on a JACK
# dummy backend (no sound card needed), and ends with one summary: each phase's count and time,
# and every skipped test with its reason. Usage: scripts/test.sh [extra swift test arguments]
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
logs=$(mktemp -d)
cleanup() {
  bash scripts/jack-dummy.sh stop
  rm -rf "$TMPDIR" "$logs" ${EARSHOT_TEST_SHM:+"$EARSHOT_TEST_SHM"}
}
trap cleanup EXIT

status=0
phases=()
# Runs one phase of `swift test`, its output shown as it comes and kept for the summary.
phase() {
  local name=$1
  shift
  local started=$SECONDS
  swift test "$@" 2>&1 | tee "$logs/$name.log" || status=1
  phases+=("$name:$((SECONDS - started))")
  # A phase whose filter matches no test is a mistake of this script, not a pass.
  if grep -aqE 'Test run with 0 tests' "$logs/$name.log"; then
    echo "tests: phase $name ran no test: its filter matches none" >&2
    status=1
  fi
}

# One line a phase (Swift Testing's count, and XCTest's when it ran any), then the skipped
# tests with their reasons: the last lines of the run say what it came to.
summary() {
  echo
  echo "tests: summary"
  for entry in "${phases[@]}"; do
    local name=${entry%%:*} seconds=${entry##*:}
    local result
    result=$(grep -aE '(✔|✘|􁁛|􀢄) Test run with' "$logs/$name.log" | tail -1 | sed -E 's/^[^T]*Test run with //; s/\.$//' || true)
    local xctest
    xctest=$(grep -aE 'Executed [1-9][0-9]* tests?' "$logs/$name.log" | tail -1 | sed -E 's/^ *//' || true)
    echo "  $name: ${result:-no Swift Testing result (see above)}${xctest:+; XCTest: $xctest}; ${seconds} s with building"
  done
  local skipped
  # A skipped test's line: `Test "NAME" skipped: "REASON"` (a name may hold the word itself).
  skipped=$(grep -ahE '^[^ ]+ Test ".*" skipped(: |\.?$)' "$logs"/*.log | sed -E 's/^[^T]*Test /  skipped: /' | sort -u || true)
  if [ -n "$skipped" ]; then echo "$skipped"; else echo "  skipped: none"; fi
  if [ "$status" -eq 0 ]; then echo "tests: every phase passed"; else echo "tests: a phase failed (its failures are above, marked ✘)"; fi
}

# The paced tests (real time on the JACK dummy backend, judged to the millisecond) run after the
# rest, alone: run beside hundreds of syntheses on two cores, their player falls behind and
# jack_rec drops periods, which says nothing about Earshot. The test that JACK leaves nothing
# behind starts and stops a server of its own, so it runs last, once this run's server is
# stopped. With arguments (a --filter), one run.
paced='AlsaSinkJackTests|LiveSpeechDeviceTests|CheckLiveTests'
jackless='TestScriptCleanupTests/jackLeavesNoSharedMemory'
if [ $# -gt 0 ]; then
  phase filtered --parallel --num-workers 2 "$@"
else
  phase main --parallel --num-workers 2 --skip "$paced|$jackless"
  phase paced --skip-build --filter "$paced"
  bash scripts/jack-dummy.sh stop
  phase without-jack --skip-build --filter "$jackless"
fi
summary
exit "$status"
