#!/usr/bin/env python3
"""Extracts the spoken names of emoji and symbols from Unicode CLDR into Earshot's voice data.

Reads CLDR's `common/annotations/LANG.xml` and `common/annotationsDerived/LANG.xml` (Debian's
package unicode-cldr-core installs them under /usr/share/unicode/cldr) and writes, for each
language, `voices/symbols/LANG.json`: every character or sequence that has a `type="tts"` name
(the name a screen reader speaks), keyed by the sequence as CLDR writes it. The derived file
adds skin tones, ZWJ sequences (families, professions), flags and keycaps.

Why extracted rather than read at run time: the package installs 230 MB for all of CLDR, of
which Earshot needs about 150 KB per language; an installed Earshot stays small and works
without it, and re-running this script after a CLDR update refreshes the names (the diff of
the JSON files shows what changed). The Unicode licence allows redistribution with its notice,
which is kept in voices/symbols/UNICODE-LICENSE.txt.

Usage: scripts/extract-symbol-names.py [CLDR_COMMON_DIR] [LANG...]
       (default /usr/share/unicode/cldr/common; ko en ja zh)
"""

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CLDR = Path("/usr/share/unicode/cldr/common")
DEFAULT_LANGUAGES = ["ko", "en", "ja", "zh"]


def names(path):
    """The tts names of one annotations file, by sequence."""
    if not path.exists():
        return {}
    root = ET.parse(path).getroot()
    version = root.find("identity/version")
    return {a.get("cp"): a.text.strip() for a in root.iter("annotation")
            if a.get("type") == "tts" and a.text and a.text.strip() and a.text.strip() != "↑↑↑"}


def cldr_version():
    """CLDR's version: Debian's package version (41-0.1 is CLDR 41)."""
    import subprocess
    try:
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"],
                                 capture_output=True, text=True, check=True).stdout
        return version.split("-")[0] or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_licence(out):
    """The Unicode licence's text, from the package's copyright file (its Files: * paragraph)."""
    copyright = Path("/usr/share/doc/unicode-cldr-core/copyright")
    if not copyright.exists():
        return
    lines, inside = [], False
    for line in copyright.read_text(encoding="utf-8").splitlines():
        if line.startswith("License:"):
            inside = not lines
            continue
        if inside:
            if not line.startswith(" "):
                break
            lines.append("" if line.strip() == "." else line[1:])
    text = ("Emoji and symbol names in this folder are extracted from the Unicode Common Locale Data\n"
            "Repository (CLDR), common/annotations and common/annotationsDerived, under this licence\n"
            "(SPDX: Unicode-DFS-2016):\n\n" + "\n".join(lines) + "\n")
    (out / "UNICODE-LICENSE.txt").write_text(text, encoding="utf-8")


def main(argv):
    common = Path(argv[1]) if len(argv) > 1 else DEFAULT_CLDR
    languages = argv[2:] or DEFAULT_LANGUAGES
    if not (common / "annotations").is_dir():
        print(f"error: {common}/annotations not found (apt-get install unicode-cldr-core)", file=sys.stderr)
        return 69
    out = ROOT / "voices" / "symbols"
    out.mkdir(parents=True, exist_ok=True)
    version = cldr_version()
    write_licence(out)
    for language in languages:
        table = names(common / "annotations" / f"{language}.xml")
        table.update(names(common / "annotationsDerived" / f"{language}.xml"))
        if not table:
            print(f"error: no tts names for {language} in {common}", file=sys.stderr)
            return 65
        document = {
            "source": f"Unicode CLDR {version}: common/annotations/{language}.xml and common/annotationsDerived/{language}.xml, type=\"tts\" (extracted by scripts/extract-symbol-names.py; licence: UNICODE-LICENSE.txt)",
            "language": language,
            "names": dict(sorted(table.items())),
        }
        path = out / f"{language}.json"
        text = json.dumps(document, ensure_ascii=False, indent=0, sort_keys=False)
        path.write_text(text + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(table)} names")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
