#!/usr/bin/env bash
# Makes the folder a test run keeps its temporary files in and prints its path: under /tmp, so
# that a test running a second user (EngineFailureTests) can reach it even when the checkout
# sits in a folder only root can enter (mktemp -d makes those 0700); short and lower case, so
# that eSpeak NG's private voice folder fits inside it (ESpeakLibrary, longestVoicePath).
# The caller removes it when the run ends.
set -euo pipefail
for _ in 1 2 3 4 5 6 7 8; do
  folder="/tmp/es-$(head -c 3 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  if mkdir -m 755 "$folder" 2>/dev/null; then echo "$folder"; exit 0; fi
done
echo "error: cannot make a temporary folder under /tmp" >&2
exit 74
