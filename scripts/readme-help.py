#!/usr/bin/env python3
"""Writes each command's synopsis in README.md from the command registry.

Usage: scripts/readme-help.py [EARSHOT]   (default .build/debug/earshot)

Between `<!-- help: COMMAND -->` and `<!-- /help -->` the README holds the USAGE and OPTIONS
lines that `earshot COMMAND --help` prints, as an indented block, so the synopses cannot lag
`--help`: ReadmeHelpTests fails when a block differs or a command has none.
"""
import re
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
earshot = sys.argv[1] if len(sys.argv) > 1 else str(root / ".build/debug/earshot")


def synopsis(command):
    text = subprocess.run([earshot, command, "--help"], capture_output=True, text=True, check=True).stdout
    lines = text.split("\n")
    start = lines.index("USAGE:")
    end = next((i for i in range(start, len(lines)) if lines[i] == "" and i > lines.index("OPTIONS:")), len(lines))
    kept = [line for line in lines[start:end] if line.strip() != "" or True]
    return "\n".join(("    " + line).rstrip() for line in kept).rstrip() + "\n"


readme = root / "README.md"
text = readme.read_text(encoding="utf-8")
pattern = re.compile(r"(<!-- help: ([a-z-]+) -->\n)(.*?)(<!-- /help -->)", re.S)
text = pattern.sub(lambda m: m.group(1) + "\n" + synopsis(m.group(2)) + "\n" + m.group(4), text)
readme.write_text(text, encoding="utf-8")
print(f"wrote the synopses in {readme}")
