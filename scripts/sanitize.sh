#!/usr/bin/env bash
# Runs the test suite built with a sanitizer: `address` (AddressSanitizer with LeakSanitizer) or
# `thread` (ThreadSanitizer, without the suites that open JACK: libjack aborts under TSan), over
# the scope below. Separate build folders keep the normal build untouched.
# Usage: scripts/sanitize.sh address|thread
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-}"
case "$kind" in
  address) scratch=.build/asan ;;
  thread) scratch=.build/tsan ;;
  *) echo "usage: scripts/sanitize.sh address|thread" >&2; exit 64 ;;
esac
export EARSHOT_SANITIZER="$kind"
# Every report, of the test process and of each `earshot` it spawns, goes to a file of its own
# in $reports (log_path), and all are printed again at the end: a CI log that keeps only its
# tail still shows them. halt_on_error=0 keeps a ThreadSanitizer run going so every report is
# seen; any report fails the run.
reports="$PWD/.build/$kind-reports"
rm -rf "$reports" && mkdir -p "$reports"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="log_path=$reports/report"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:log_path=$reports/report"
start=$(date +%s)
swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
# The scope, both sanitizers alike (README, "Testing"): every library suite, in process, and of
# the command-line suites (which run the library code again in a spawned `earshot`, each spawn
# seconds under a sanitizer and nothing new found) those whose binary runs threads or processes
# together: the worker pool of test and render, stalled and killed workers, stop signals, the
# browser's pipe, a live page; under AddressSanitizer also hostile pages read by the binary. The
# package's own checks (EarshotLibraryTests) are left out: they read the sources, or build and
# run a consumer package with a compiler of its own, so no instrumented code of Earshot runs in
# them (the consumer's build alone took minutes of both cores). The plain run keeps every
# suite; the fuzz run keeps every reader under AddressSanitizer.
concurrent='TestWorkerPoolTests|RenderCommandTests|RenderFailureTests|SignalTemporaryTests|WebPageTests|WebLiveRegionTests|PageBoxTests'
if [ "$kind" = thread ]; then
  # And not the suites that play through the JACK dummy backend: libjack aborts under TSan.
  skip=(--skip "AlsaSinkJackTests|LiveSpeechDeviceTests|SpeakerTests|EarshotLibraryTests\.|EarshotCLITests\.(?!($concurrent)\b)")
else
  # The paced suites (real time on the JACK dummy backend, judged to the sample) run after the
  # rest, on their own, as scripts/test.sh runs them: beside the parallel run's load the player
  # falls behind and jack_rec drops or repeats a period, the machine's glitch, not Earshot's.
  paced='AlsaSinkJackTests|LiveSpeechDeviceTests'
  skip=(--skip "$paced|EarshotLibraryTests\.|EarshotCLITests\.(?!($concurrent|HostilePageTests)\b)")
  bash scripts/jack-dummy.sh start
fi
TMPDIR=$(bash scripts/test-tmpdir.sh)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
status=0
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --parallel --num-workers 2 "${skip[@]}" || status=$?
if [ -n "${paced:-}" ]; then
  swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --filter "$paced" || status=$?
fi
found=("$reports"/report.*)
if [ -e "${found[0]}" ]; then
  echo "sanitize: $kind: ${#found[@]} process(es) reported (kept in $reports); each report in full:" >&2
  for report in "${found[@]}"; do echo "--- $report" >&2; cat "$report" >&2; done
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize: $kind: failed after $(( $(date +%s) - start )) s (build included)" >&2
  exit "$status"
fi
echo "sanitize: $kind: the test suite passed in $(( $(date +%s) - start )) s (build included)"
