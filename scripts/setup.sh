#!/usr/bin/env bash
# Installs what Earshot needs on a Debian machine (only what is missing), then builds it.
# Usage: scripts/setup.sh [--tests] [--web] [--quiet] [release]
#   --tests   also install what only the tests need (scripts/packages/tests.txt, which has the browser too; scripts/test.sh)
#   --web     also install the browser that reads web pages (scripts/packages/web.txt; docs/web.md) and
#             axe-core, the rule engine run in them (scripts/install-axe.sh, from the Python registry, into .build/axe)
#   --quiet   one line for the build instead of the compiler's progress (its log in build.log beside apt-get.log)
# The main job's packages are in scripts/packages/main.txt. apt-get's output goes to
# apt-get.log in EARSHOT_SETUP_LOGS (default .build); one line says what is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

lists=(scripts/packages/main.txt)
quiet=0
web=0
configuration=debug
for argument in "$@"; do
  case "$argument" in
    --tests) lists+=(scripts/packages/tests.txt) ;;
    --web) lists+=(scripts/packages/web.txt); web=1 ;;
    --quiet) quiet=1 ;;
    release) configuration=release ;;
    *) echo "usage: scripts/setup.sh [--tests] [--web] [--quiet] [release]" >&2; exit 64 ;;
  esac
done

packages=()
for list in "${lists[@]}"; do
  while read -r package _; do
    case "$package" in ''|'#'*) ;; *) packages+=("$package") ;; esac
  done < "$list"
done
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
logs=${EARSHOT_SETUP_LOGS:-.build}
mkdir -p "$logs"
if [ ${#missing[@]} -gt 0 ]; then
  log=$logs/apt-get.log
  echo "Installing ${missing[*]} with apt-get (its output: $log)"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  {
    # jackd2 asks whether to enable real-time scheduling; answer no, tests run without it.
    echo "jackd2 jackd/tweak_rt_limits boolean false" | "${sudo_cmd[@]}" debconf-set-selections 2>/dev/null || true
    "${sudo_cmd[@]}" apt-get update -qq
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  } >"$log" 2>&1 || { echo "error: apt-get failed; the end of $log:" >&2; tail -n 20 "$log" >&2; exit 69; }
fi

# axe-core is no Debian package: pip installs it, pinned by its hash (scripts/install-axe.sh).
if [ "$web" = 1 ]; then scripts/install-axe.sh; fi

command -v swift >/dev/null || { echo "error: the Swift toolchain (swift) is not on PATH" >&2; exit 69; }
build=(swift build)
[ "$configuration" = debug ] || build+=(-c release)
if [ "$quiet" = 1 ]; then
  log=$logs/build.log
  echo "Building earshot (minutes the first time; its output: $log)"
  "${build[@]}" >"$log" 2>&1 || { echo "error: the build failed; the end of $log:" >&2; tail -n 30 "$log" >&2; exit 1; }
else
  "${build[@]}"
fi
