#!/usr/bin/env bash
# Builds earshot_VERSION_ARCH.deb with dpkg-deb: the release binary (Swift runtime linked in
# statically, so the package needs no toolchain), the voices, the manual page and completions,
# installed under /usr (docs/install.md, "Debian package").
#
#   scripts/package-deb.sh [OUTPUT-FOLDER]      default: the current folder
#
# EARSHOT_DEB_BINARY=PATH packages that binary instead of building one; it must not need the
# Swift toolchain's libraries (build it with --static-swift-stdlib), which the script checks.
# EARSHOT_BUILD_PATH=DIR builds in DIR instead of .build (the package test builds beside `swift test`).
# EARSHOT_DEB_CONFIGURATION=debug builds without optimization: the package test's choice, which
# checks the packaging (files, dependencies, lintian, install, removal), not the binary's speed,
# in a fraction of a release build's time. Packages to ship are release builds (the default).
# EARSHOT_DEB_MAINTAINER="Name <address>" sets the Maintainer field (default: the last commit's author).
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
output=$(cd "${1:-.}" && pwd)

if [ -n "${EARSHOT_DEB_BINARY:-}" ]; then
  binary=$EARSHOT_DEB_BINARY
else
  configuration=${EARSHOT_DEB_CONFIGURATION:-release}
  case "$configuration" in release|debug) ;; *) echo "error: EARSHOT_DEB_CONFIGURATION is release or debug, not \"$configuration\"" >&2; exit 64 ;; esac
  build=(swift build -c "$configuration" --static-swift-stdlib --scratch-path "${EARSHOT_BUILD_PATH:-$repository/.build}")
  (cd "$repository" && "${build[@]}" --product earshot >&2)
  binary="$(cd "$repository" && "${build[@]}" --show-bin-path)/earshot"
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 66; }

# The package may depend only on what Debian ships: a binary that loads the toolchain's Swift
# libraries would break as soon as the toolchain is not where it was built.
if ldd "$binary" | grep -q 'libswiftCore\|libFoundation'; then
  echo "error: $binary needs the Swift toolchain's libraries; build it with --static-swift-stdlib" >&2
  exit 65
fi

version=$("$binary" --version | sed -n '1s/^earshot //p')
architecture=$(dpkg --print-architecture)
maintainer=${EARSHOT_DEB_MAINTAINER:-$(git -C "$repository" log -1 --format='%an <%ae>' 2>/dev/null || true)}
[ -n "$maintainer" ] || { echo "error: set EARSHOT_DEB_MAINTAINER=\"Name <address>\"" >&2; exit 64; }

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
root="$staging/earshot_${version}_$architecture"
umask 022
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/earshot" "$root/usr/share/man/man1" \
  "$root/usr/share/doc/earshot" "$root/usr/share/bash-completion/completions" \
  "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d"

install -m 0755 "$binary" "$root/usr/bin/earshot"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/earshot"
cp -R "$repository/voices" "$root/usr/share/earshot/voices"
find "$root/usr/share/earshot" -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +
"$binary" manual | gzip -9n > "$root/usr/share/man/man1/earshot.1.gz"
"$binary" completions bash > "$root/usr/share/bash-completion/completions/earshot"
"$binary" completions zsh > "$root/usr/share/zsh/vendor-completions/_earshot"
"$binary" completions fish > "$root/usr/share/fish/vendor_completions.d/earshot.fish"

date=$(git -C "$repository" log -1 --format=%aD 2>/dev/null || date -R)
cat > "$staging/changelog" <<CHANGELOG
earshot ($version) unstable; urgency=medium

  * Package built from the Earshot repository by scripts/package-deb.sh.

 -- $maintainer  $date
CHANGELOG
gzip -9n < "$staging/changelog" > "$root/usr/share/doc/earshot/changelog.gz"
# The licence of Earshot (Apache-2.0) and of each data file it ships, in Debian's format.
install -m 0644 "$repository/COPYRIGHT" "$root/usr/share/doc/earshot/copyright"

# Runtime dependencies: the Debian package of each shared library the binary itself names
# (NEEDED; their own dependencies are their packages' business), found where ldd resolves it.
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
depends=$(for name in $needed; do
    library=$(ldd "$binary" | awk -v name="$name" '
      $1 == name && $3 ~ /^\// { print $3 }
      $1 ~ "/" name "$" { print $1 }')
    [ -n "$library" ] || { echo "error: $name not found" >&2; exit 65; }
    dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library"
  done | cut -d: -f1 | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
# eSpeak NG's voices are data the library loads, not a library ldd can see.
depends="$depends, espeak-ng-data"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: earshot
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Description: hear what iOS VoiceOver would say for a screen
 Earshot speaks every focus stop, announcement and earcon of a described
 iOS screen or scenario the way VoiceOver would, in Korean or English,
 through eSpeak NG and ALSA, or renders it to WAV files with transcripts.
 It reads accessibility dumps of real apps, desk-checks scenarios against
 golden transcripts and writes findings, CI reports and report pages.
CONTROL
(cd "$root" && find usr -type f -exec md5sum {} + | LC_ALL=C sort -k2) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

package="$output/earshot_${version}_$architecture.deb"
dpkg-deb --root-owner-group --build "$root" "$package" >/dev/null
echo "$package"
