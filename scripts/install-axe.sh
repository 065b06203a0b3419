#!/usr/bin/env bash
# Installs axe-core, the rule engine Earshot runs in the page it reads (docs/web.md, "axe-core
# in the page"), from the Python registry: the wheel axe-playwright-python 0.1.8 ships
# axe_playwright_python/axe.min.js, axe-core 4.12.1 (MPL-2.0; COPYRIGHT). The npm registry, where
# axe-core itself is published, is not one the setup uses. Pinned by version and by the wheel's
# sha256, installed with pip --no-deps --require-hashes --target into a folder of its own:
#   scripts/install-axe.sh            into .build/axe (where a checkout's earshot looks)
#   scripts/install-axe.sh FOLDER     into FOLDER (install.sh: PREFIX/share/earshot/axe)
# Installs only when FOLDER lacks the script; prints nothing then. Never copied into the repository.
# pip is the one of $EARSHOT_AXE_PYTHON (default python3: Debian's python3-pip, scripts/packages/web.txt;
# scripts/test-python.sh gives its virtual environment's).
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:-.build/axe}
script=$folder/axe_playwright_python/axe.min.js
[ -s "$script" ] && exit 0
requirements=$(mktemp)
trap 'rm -f "$requirements"' EXIT
cat > "$requirements" <<'PINNED'
axe-playwright-python==0.1.8 --hash=sha256:fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8
PINNED
echo "Installing axe-core 4.12.1 (axe-playwright-python 0.1.8) into $folder"
"${EARSHOT_AXE_PYTHON:-python3}" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes --target "$folder" -r "$requirements"
[ -s "$script" ] || { echo "install-axe.sh: the wheel holds no $script" >&2; exit 69; }
