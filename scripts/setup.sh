#!/usr/bin/env bash
# Installs what Earshot needs on a Debian machine (only what is missing), then builds it.
# Usage: scripts/setup.sh [release]
set -euo pipefail
cd "$(dirname "$0")/.."

# python3 and python3-venv (peak-memory probe, the tests' Python packages), procps (pgrep/pkill),
# util-linux (setpriv, mount) and diffutils (the diff tests compare with diff -u) serve the tests.
# chromium and chromium-driver open the report pages headless (Tests/Browser/page_check.py);
# fonts-nanum draws their Hangul in screenshots (33 MB installed, against 91 MB for fonts-noto-cjk).
# unicode-cldr-core: CLDR's emoji and symbol names, read by scripts/extract-symbol-names.py and
# walked by the tests (the extracted names ship in voices/symbols; Earshot does not need it to run).
# man-db, groff-base, zsh and fish check the manual page and completions; lintian and dpkg-dev
# the Debian package (docs/install.md).
packages=(unicode-cldr-core libssl-dev libespeak-ng-dev espeak-ng-data espeak-ng libasound2-dev libasound2-plugins alsa-utils jackd2 tmux sox python3 python3-venv procps util-linux diffutils chromium chromium-driver fonts-nanum
  man-db groff-base zsh fish lintian dpkg-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  # jackd2 asks whether to enable real-time scheduling; answer no, tests run without it.
  echo "jackd2 jackd/tweak_rt_limits boolean false" | "${sudo_cmd[@]}" debconf-set-selections 2>/dev/null || true
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

command -v swift >/dev/null || { echo "error: the Swift toolchain (swift) is not on PATH" >&2; exit 69; }
if [ "${1:-}" = "release" ]; then
  swift build -c release
else
  swift build
fi
