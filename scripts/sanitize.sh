#!/usr/bin/env bash
# Runs the test suite built with a sanitizer: `address` (AddressSanitizer with LeakSanitizer,
# every suite) or `thread` (ThreadSanitizer, every suite that does not open JACK: libjack aborts
# under TSan). Separate build folders keep the normal build untouched.
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
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# TSan cannot see Synchronization.Mutex on Linux (it reports false races on state it guards);
# halt_on_error=0 keeps the run going so every report is seen, and the exit code still fails.
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan.supp"
start=$(date +%s)
swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
skip=()
if [ "$kind" = thread ]; then
  # Suites that play through the JACK dummy backend (libjack aborts under TSan), and the
  # command-line suites that run, in a spawned `earshot`, the library code the library suites
  # already run in-process under TSan (reading, linting, pages, messages, installs): there each
  # spawn costs seconds and finds nothing new, and the plain and AddressSanitizer runs keep them.
  # Kept: every library suite, and the command-line suites whose binary runs threads or
  # processes together (the worker pool of test and render, stalled workers, stop signals, the
  # browser's pipe and a live page).
  concurrent='TestWorkerPoolTests|RenderCommandTests|RenderFailureTests|SignalTemporaryTests|WebPageTests|WebLiveRegionTests|PageBoxTests'
  skip=(--skip "AlsaSinkJackTests|LiveSpeechDeviceTests|CheckLiveTests|DeviceStopTests|ExploreTests|SpeakerTests|EarshotCLITests\.(?!($concurrent)\b)")
else
  # The README's examples (ReadmeCommandTests) run whole test suites twice in spawned binaries:
  # minutes under AddressSanitizer for code the other suites already run; the plain run keeps them.
  skip=(--skip "ReadmeCommandTests")
  bash scripts/jack-dummy.sh start
fi
TMPDIR=$(bash scripts/test-tmpdir.sh)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --parallel --num-workers 2 "${skip[@]}"
echo "sanitize: $kind: the test suite passed in $(( $(date +%s) - start )) s (build included)"
