#!/usr/bin/env bash
# Installs earshot into PREFIX (default /usr/local): the binary, its voices, the manual page and
# completions for bash, zsh and fish; or removes exactly what an earlier install put there.
#
#   scripts/install.sh [PREFIX]               build release (Swift runtime linked in) and install
#   scripts/install.sh --uninstall [PREFIX]   remove what PREFIX/share/earshot/installed-files lists
#
# EARSHOT_INSTALL_BINARY=PATH installs that binary instead of building one (the tests install
# the debug build this way). The layout and the voice lookup order are in docs/install.md.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)

mode=install
if [ "${1:-}" = "--uninstall" ]; then
  mode=uninstall
  shift
fi
[ $# -le 1 ] || { echo "usage: scripts/install.sh [--uninstall] [PREFIX]" >&2; exit 64; }
prefix=${1:-/usr/local}
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
manifest="$prefix/share/earshot/installed-files"

# Removes the files the manifest lists, then the folders it lists (those the install created),
# deepest first, each only if empty.
uninstall() {
  [ -f "$manifest" ] || { echo "error: $manifest not found: nothing was installed in $prefix" >&2; exit 66; }
  local folders=()
  mapfile -t folders < <(grep '/$' "$manifest" | LC_ALL=C sort -r)
  while IFS= read -r entry; do
    case "$entry" in */) ;; *) rm -f "$prefix/$entry" ;; esac
  done < "$manifest"
  rm -f "$manifest"
  for folder in "${folders[@]}"; do
    if [ "$folder" = "./" ]; then rmdir "$prefix" 2>/dev/null || true; else rmdir "$prefix/$folder" 2>/dev/null || true; fi
  done
  echo "removed earshot from $prefix"
}

if [ "$mode" = uninstall ]; then
  uninstall
  exit 0
fi

if [ -n "${EARSHOT_INSTALL_BINARY:-}" ]; then
  binary=$EARSHOT_INSTALL_BINARY
else
  cd "$repository"
  # A build folder of its own: the static runtime's flags would otherwise make a later plain
  # `swift build -c release` rebuild everything in .build/release.
  swift build -c release --static-swift-stdlib --scratch-path .build/install --product earshot
  binary="$(swift build -c release --static-swift-stdlib --scratch-path .build/install --show-bin-path)/earshot"
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 66; }

# A second install replaces the first exactly.
[ -f "$manifest" ] && uninstall

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
root="$staging/root"
mkdir -p "$root/bin" "$root/share/earshot" "$root/share/doc/earshot" "$root/share/man/man1" \
  "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
  "$root/share/fish/vendor_completions.d"
cp "$binary" "$root/bin/earshot"
# Installed stripped (symbols are for debugging the build, not for running it); a sanitizer
# build keeps them, as its leak suppressions match symbol names.
if [ -z "${EARSHOT_SANITIZER:-}" ] && command -v strip >/dev/null; then strip "$root/bin/earshot"; fi
cp -R "$repository/voices" "$root/share/earshot/voices"
# Earshot's licence, and each shipped data file's own (COPYRIGHT, in Debian's format).
cp "$repository/LICENSE" "$root/share/doc/earshot/LICENSE"
cp "$repository/COPYRIGHT" "$root/share/doc/earshot/copyright"
"$binary" manual > "$root/share/man/man1/earshot.1"
"$binary" completions bash > "$root/share/bash-completion/completions/earshot"
"$binary" completions zsh > "$root/share/zsh/site-functions/_earshot"
"$binary" completions fish > "$root/share/fish/vendor_completions.d/earshot.fish"

# The manifest: every file, then every folder this install creates (uninstall removes those
# folders and no others).
manifest_lines="$staging/manifest"
(cd "$staging/root" && find bin share -type f | LC_ALL=C sort) > "$manifest_lines"
echo "share/earshot/installed-files" >> "$manifest_lines"
while IFS= read -r folder; do
  [ -d "$prefix/$folder" ] || echo "$folder/" >> "$manifest_lines"
done < <(cd "$staging/root" && find bin share -type d | LC_ALL=C sort)
# PREFIX itself, when this install makes it ("./" sorts last, so it is removed last).
[ -d "$prefix" ] || echo "./" >> "$manifest_lines"

mkdir -p "$prefix"
(cd "$staging/root" && tar -cf - bin share) | (cd "$prefix" && tar -xf - --no-same-owner)
cp "$manifest_lines" "$manifest"
echo "installed earshot in $prefix ($(wc -l < "$manifest") files; list in $manifest)"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH" ;; esac
