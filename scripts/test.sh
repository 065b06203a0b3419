#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, including the paced audio tests on a JACK
# dummy backend (no sound card needed). Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/test-python.sh
bash scripts/jack-dummy.sh start
trap 'bash scripts/jack-dummy.sh stop' EXIT
swift test --parallel --num-workers 2 "$@"
