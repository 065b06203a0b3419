#!/usr/bin/env python3
"""Extracts NVDA's spoken words and reading facts into voices/nvda/LANG.json.

NVDA (nvaccess/nvda, GPL-2.0-or-later) keeps its English words in its Python sources, marked for
gettext, and each language's words in source/locale/LANG/LC_MESSAGES/nvda.po. This script reads
them from an NVDA snapshot (a checkout, or the files below at their paths) and writes, for each
language, the words Earshot uses with a citation for each (repository, path, commit, key, and
the line when the snapshot's files are whole): nothing of NVDA's files is kept in Earshot's
repository (docs/web.md, "Where NVDA's words come from"). Schema: docs/web.md.

Read from the snapshot:
  source/controlTypes/role.py       role words and the role sets the reader reads
  source/controlTypes/state.py      states (their order), state words, negative words
  source/controlTypes/isCurrent.py  aria-current words
  source/aria.py                    landmark words
  source/speech/speech.py           the spoken templates (blank, level, position, ...)
  source/browseMode.py              what quick navigation says when nothing is found
  source/documentBase.py            what table navigation says at a table's edge or outside one
  source/locale/ko/LC_MESSAGES/nvda.po   the Korean words of all of the above
Earshot's own, beside the data:
  voices/nvda/facts.json            Earshot's transcription of facts of NVDA's code (the keys
                                    the reader reads are copied, READER_FACTS), and the commit
                                    each file above was read at (nvda.files)
  voices/nvda/web-roles.json        Earshot's table: a web page's roles to NVDA's roles

English is NVDA's source language: its words are the msgids. Korean is the .po's msgstr for the
same msgid (and msgctxt); an entry that is missing, empty or marked fuzzy is untranslated for
NVDA, which then speaks English, so the Korean file says the English word too (each one is
reported on stderr). NVDA's %s / %d and {number} / {total} become named placeholders, e.g.
Korean `{total}개 중 {number}번째` becomes `{count}개 중 {index}번째`.

The committed data was read file by file, each file at the commit voices/nvda/facts.json names
(nvda.files; the .po at EXPECTED_COMMIT). A snapshot of one other commit may say other words: the
script then says so and writes nothing unless --update is given, so the words only change on
purpose, with their diff reviewed.

Usage:
  scripts/extract-nvda-words.py --nvda PATH [--commit SHA --date YYYY-MM-DD]
      write voices/nvda/{en,ko}.json from the snapshot at PATH (a git work tree gives its own
      commit and date)
  scripts/extract-nvda-words.py --nvda PATH --recorded-commits [--no-lines]
      the snapshot holds each file at the commit facts.json names (as the committed data was
      made); --no-lines when its files are parts of NVDA's, so their lines are not NVDA's
  ... --check       compare with the committed files instead; exit 1 on a difference
  ... --out DIR     write the files to DIR instead
  ... --update      accept a snapshot at another commit than the committed data names
"""

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOICES = ROOT / "voices" / "nvda"
FACTS = VOICES / "facts.json"
WEB_ROLES = VOICES / "web-roles.json"
REPOSITORY = "nvaccess/nvda"
LICENCE = "GPL-2.0-or-later"
# The commit of the Korean .po the committed data was read from: the reference point of the set.
EXPECTED_COMMIT = "ecee988ece4584fee48577320369c8bf08a5deff"

# The snapshot being read, and the commit of each of its files (set by main).
SNAPSHOT = None
COMMITS = {}
LINES = True

# Earshot's language -> the NVDA locale whose nvda.po holds its words (None: NVDA's own English).
LANGUAGES = {"en": None, "ko": "ko"}

# A short name -> the file's path in an NVDA snapshot.
NVDA_FILES = {
    "controlTypes/role.py": "source/controlTypes/role.py",
    "controlTypes/state.py": "source/controlTypes/state.py",
    "controlTypes/isCurrent.py": "source/controlTypes/isCurrent.py",
    "aria.py": "source/aria.py",
    "speech/speech.py": "source/speech/speech.py",
    "browseMode.py": "source/browseMode.py",
    "documentBase.py": "source/documentBase.py",
}
PO_FILE = "source/locale/{locale}/LC_MESSAGES/nvda.po"

# The role sets of role.py that NVDA's reader reads (Reading/NVDA).
ROLE_SETS = ("silentRolesOnFocus", "silentValuesForRoles")

# What NVDA's reader reads of each group of facts.json (NVDAVocabulary.load): only these keys
# are copied into LANG.json; the rest of facts.json is Earshot's transcription of NVDA's code,
# which docs/web.md follows and the words files cite, and no code reads.
READER_FACTS = {
    "alerts": ["from", "cancelsSpeech"],
    "controlField": ["from", "namedGroupingRoles", "statesBeforeRole"],
    "liveRegions": ["from", "priority"],
    "presentationCategories": ["from", "container", "containerOnlyWhenNamed", "containerWhenReadOnly", "marker",
                               "markerWhenNested"],
    "quickNavigation": ["from", "keys"],
    "states": ["from", "negativeOn", "spokenOnlyOn"],
    "typing": ["from", "speakTypedCharacters", "speakTypedWords", "speechInterruptForCharacters", "protectedCharacter"],
}
# What the reader reads of each quick navigation key.
READER_QUICK_NAVIGATION_KEY = ["finds", "itemType", "minLength", "notFound"]


def reader_facts(groups):
    """The groups of facts.json as the words files carry them: the keys the reader reads."""
    for letter, entry in groups["quickNavigation"]["keys"].items():
        unknown = [name for name in entry.get("notFound", []) if name not in TEMPLATES]
        if unknown:
            raise ExtractionError(f"{FACTS}: the quick navigation key {letter} says {', '.join(unknown)} when "
                                  "nothing is found, which are not among the script's TEMPLATES")
    kept = {}
    for name, keys in READER_FACTS.items():
        group = groups[name]
        missing = [key for key in keys if key not in group]
        if missing:
            raise ExtractionError(f"{FACTS}: facts.{name} has no {', '.join(missing)}, which NVDA's reader reads")
        kept[name] = {key: group[key] for key in keys}
    kept["quickNavigation"]["keys"] = {
        letter: {key: entry[key] for key in READER_QUICK_NAVIGATION_KEY if key in entry}
        for letter, entry in kept["quickNavigation"]["keys"].items()}
    return kept

# The spoken templates: key -> (file, msgid or (singular, plural), NVDA's arguments in order ->
# Earshot's placeholders). Each comment names the function of speech.py, browseMode.py or
# documentBase.py that speaks it. A plural msgid (ngettext) gives two templates: KEY, its other
# form, and KEYOne, its form for one.
TEMPLATES = {
    # getTextInfoSpeech: a line with nothing else to say; _getSpeakMessageSpeech: an empty message.
    "blank": ("speech/speech.py", "blank", []),
    # getPropertiesSpeech, positionInfo_level: a tree or list item's level, a heading's level.
    "level": ("speech/speech.py", "level %s", ["{level}"]),
    # getFormatFieldSpeech: a heading that is a text format (word processors), not a control field.
    "headingLevel": ("speech/speech.py", "heading level %d", ["{level}"]),
    # getPropertiesSpeech, positionInfo_indexInGroup and positionInfo_similarItemsInGroup.
    "position": ("speech/speech.py", "{number} of {total}", {"number": "{index}", "total": "{count}"}),
    # getControlFieldSpeech: a document list's item count when it is entered (ngettext, other form).
    "itemCount": ("speech/speech.py", ("with %s item", "with %s items"), ["{count}"]),
    # getControlFieldSpeech: leaving a container field while moving by line; {role} is its role text.
    "outOf": ("speech/speech.py", "out of %s", ["{role}"]),
    # getPropertiesSpeech: a table cell's row and column.
    "row": ("speech/speech.py", "row %s", ["{index}"]),
    "column": ("speech/speech.py", "column %s", ["{index}"]),
    # getPropertiesSpeech: a cell spanning rows (its last row), columns (its last column), or both.
    "throughRow": ("speech/speech.py", "through {endRow}", {"endRow": "{row}"}),
    "throughColumn": ("speech/speech.py", "through {endCol}", {"endCol": "{column}"}),
    "throughRowColumn": ("speech/speech.py", "through row {row} column {column}", {"row": "{row}", "column": "{column}"}),
    # _rowAndColumnCountText: a table's size when it is entered, "with 3 rows and 4 columns"; {rows}
    # and {columns} are the two templates after it (_rowCountText, _columnCountText, ngettext).
    "tableDimensions": ("speech/speech.py", "with {rowCountTranslation} and {colCountTranslation}",
                        {"rowCountTranslation": "{rows}", "colCountTranslation": "{columns}"}),
    "rowCount": ("speech/speech.py", ("{rowCount} row", "{rowCount} rows"), {"rowCount": "{count}"}),
    "columnCount": ("speech/speech.py", ("{columnCount} column", "{columnCount} columns"), {"columnCount": "{count}"}),
    # DocumentWithTableNavigation._tableFindNewCell: control+alt+arrows with no cell that way, or
    # outside a table cell.
    "edgeOfTable": ("documentBase.py", "Edge of table", []),
    "notInTableCell": ("documentBase.py", "Not in a table cell", []),
    # State.negativeDisplayString (state.py): a negative state without a word of its own.
    "notState": ("controlTypes/state.py", "not %s", ["{name}"]),
    # getPropertiesSpeech, current: aria-current (IsCurrent labels, isCurrent.py).
    "current": ("controlTypes/isCurrent.py", "current", []),
    "currentPage": ("controlTypes/isCurrent.py", "current page", []),
    "currentStep": ("controlTypes/isCurrent.py", "current step", []),
    "currentLocation": ("controlTypes/isCurrent.py", "current location", []),
    "currentDate": ("controlTypes/isCurrent.py", "current date", []),
    "currentTime": ("controlTypes/isCurrent.py", "current time", []),
    # reportPassThrough: a switch of mode said with passThroughAudioIndication off.
    "focusMode": ("browseMode.py", "Focus mode", []),
    "browseMode": ("browseMode.py", "Browse mode", []),
    # getPreselectedTextSpeech: a focused field whose text is selected ("selected %s").
    "preselectedText": ("speech/speech.py", "selected %s", ["{text}"]),
    # addQuickNav nextError / prevError, said by BrowseModeTreeInterceptor._quickNavScript.
    "noNextHeading": ("browseMode.py", "no next heading", []),
    "noPreviousHeading": ("browseMode.py", "no previous heading", []),
    "noNextLink": ("browseMode.py", "no next link", []),
    "noPreviousLink": ("browseMode.py", "no previous link", []),
    "noNextFormField": ("browseMode.py", "no next form field", []),
    "noPreviousFormField": ("browseMode.py", "no previous form field", []),
    "noNextButton": ("browseMode.py", "no next button", []),
    "noPreviousButton": ("browseMode.py", "no previous button", []),
    "noNextCheckBox": ("browseMode.py", "no next check box", []),
    "noPreviousCheckBox": ("browseMode.py", "no previous check box", []),
    "noNextLandmark": ("browseMode.py", "no next landmark", []),
    "noPreviousLandmark": ("browseMode.py", "no previous landmark", []),
    # qn("table", key="t", …) nextError / prevError.
    "noNextTable": ("browseMode.py", "no next table", []),
    "noPreviousTable": ("browseMode.py", "no previous table", []),
    # qn("edit", key="e", …), qn("list", key="l", …) and the other keys' nextError / prevError.
    "noNextEdit": ("browseMode.py", "no next edit field", []),
    "noPreviousEdit": ("browseMode.py", "no previous edit field", []),
    "noNextList": ("browseMode.py", "no next list", []),
    "noPreviousList": ("browseMode.py", "no previous list", []),
    "noNextListItem": ("browseMode.py", "no next list item", []),
    "noPreviousListItem": ("browseMode.py", "no previous list item", []),
    "noNextFrame": ("browseMode.py", "no next frame", []),
    "noPreviousFrame": ("browseMode.py", "no previous frame", []),
    "noNextSeparator": ("browseMode.py", "no next separator", []),
    "noPreviousSeparator": ("browseMode.py", "no previous separator", []),
    "noNextRadioButton": ("browseMode.py", "no next radio button", []),
    "noPreviousRadioButton": ("browseMode.py", "no previous radio button", []),
    "noNextComboBox": ("browseMode.py", "no next combo box", []),
    "noPreviousComboBox": ("browseMode.py", "no previous combo box", []),
    "noNextGraphic": ("browseMode.py", "no next graphic", []),
    "noPreviousGraphic": ("browseMode.py", "no previous graphic", []),
    "noNextBlockQuote": ("browseMode.py", "no next block quote", []),
    "noPreviousBlockQuote": ("browseMode.py", "no previous block quote", []),
    # qn("notLinkBlock", key="n", …): text after (or before) a block of links.
    "noNextNotLinkBlock": ("browseMode.py", "no more text after a block of links", []),
    "noPreviousNotLinkBlock": ("browseMode.py", "no more text before a block of links", []),
}

# ngettext("one", "other", n), its arguments on the call's line or on lines of their own after
# comments (as _rowCountText has them).
NGETTEXT = r'ngettext\(\s*(?:#[^\n]*\n\s*)*"([^"]*)",\s*"([^"]*)"'


# getControlFieldSpeech speaks a landmark as f"{aria.landmarkRoles[landmark]} {Role.LANDMARK.displayString}":
# this line of speech.py must still say so.
LANDMARK_PHRASE = 'f"{aria.landmarkRoles[landmark]} {controlTypes.Role.LANDMARK.displayString}"'

class UsageParser(argparse.ArgumentParser):
    """argparse, with a usage error exiting 64 as Earshot's commands do."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        sys.exit(64)


class ExtractionError(Exception):
    """A source file lacks what the script expects; the message names the file and the entry."""


# ---------------------------------------------------------------------------------------------
# Reading NVDA's Python files.

def read_text(relative):
    path = SNAPSHOT / NVDA_FILES[relative]
    if not path.exists():
        raise ExtractionError(f"{path}: no such file in the NVDA snapshot")
    return path.read_text(encoding="utf-8")


def line_of(text, offset):
    """The 1-based line of an offset in a file's text."""
    return text.count("\n", 0, offset) + 1


def citation(relative_or_path, key, text=None, offset=None, **more):
    """Where an entry comes from: NVDA's file, its commit, the entry's key and (whole files) its line."""
    path = NVDA_FILES.get(relative_or_path, relative_or_path)
    found = {"repository": REPOSITORY, "path": path, "commit": COMMITS[path], "key": key}
    if LINES and text is not None and offset is not None and offset >= 0:
        found["line"] = line_of(text, offset)
    return found | more


def block(text, start_pattern, path):
    """The lines from the first line matching start_pattern to the line that closes its bracket."""
    match = re.search(start_pattern, text, re.M)
    if not match:
        raise ExtractionError(f"{path}: no line matching {start_pattern}")
    start = text.rfind("\n", 0, match.start()) + 1
    line_end = text.find("\n", match.start())
    assignment = text.find(" = ", match.start(), line_end if line_end >= 0 else len(text))
    # `name: Dict[A, B] = {`: the block is the value after " = ", not the type's brackets.
    depth, index = 0, assignment + 3 if assignment >= 0 else match.start()
    opened = False
    while index < len(text):
        char = text[index]
        if char in "{([":
            depth, opened = depth + 1, True
        elif char in "})]":
            depth -= 1
            if opened and depth == 0:
                end = text.find("\n", index)
                return text[start:end if end >= 0 else len(text)]
        elif char == '"':
            index = text.index('"', index + 1)
        elif char == "#":
            index = text.find("\n", index)
            if index < 0:
                break
        index += 1
    raise ExtractionError(f"{path}: the block at {start_pattern} is not closed")


def words(block_text, key_pattern, offsets=None, base=0):
    """`KEY: _("word")` and `KEY: pgettext("context", "word")` lines -> {key: (context, msgid)};
    each key's offset in the file (the block's own offset is `base`) goes into `offsets`."""
    found = {}
    for match in re.finditer(key_pattern + r':\s*(?:_\("([^"]*)"\)|pgettext\("([^"]*)",\s*"([^"]*)"\))',
                             block_text):
        key = match.group(1)
        found[key] = (None, match.group(2)) if match.group(2) is not None else (match.group(3), match.group(4))
        if offsets is not None:
            offsets[key] = base + match.start()
    return found


def read_roles(cited=None):
    path = SNAPSHOT / NVDA_FILES["controlTypes/role.py"]
    text = read_text("controlTypes/role.py")
    offsets = {}
    labels_block = block(text, r"^_roleLabels\b", path)
    labels = words(labels_block, r"Role\.(\w+)", offsets, text.index(labels_block))
    if not labels:
        raise ExtractionError(f"{path}: _roleLabels has no words")
    sets = {}
    for name in ROLE_SETS:
        members_block = block(text, r"^%s\b" % name, path)
        members = re.findall(r"Role\.(\w+)", members_block)
        unknown = [role for role in members if role not in labels]
        if unknown:
            raise ExtractionError(f"{path}: {name} names roles without a word: {', '.join(unknown)}")
        sets[name] = members
        if cited is not None:
            cited[name] = citation("controlTypes/role.py", name, text, text.index(members_block))
    if cited is not None:
        cited["roles"] = {role: citation("controlTypes/role.py", f"_roleLabels[Role.{role}]", text, offset)
                          for role, offset in offsets.items()}
    return labels, sets


def read_states(cited=None):
    path = SNAPSHOT / NVDA_FILES["controlTypes/state.py"]
    text = read_text("controlTypes/state.py")
    values = {name: int(bit) for name, bit in re.findall(r"^\t(\w+) = setBit\((\d+)\)", text, re.M)}
    if not values:
        raise ExtractionError(f"{path}: no State = setBit(n) members")
    positive_offsets, negative_offsets = {}, {}
    labels_block = block(text, r"^_stateLabels\b", path)
    negative_block = block(text, r"^_negativeStateLabels\b", path)
    labels = words(labels_block, r"State\.(\w+)", positive_offsets, text.index(labels_block))
    negative = words(negative_block, r"State\.(\w+)", negative_offsets, text.index(negative_block))
    if cited is not None:
        cited["states"] = {name: citation("controlTypes/state.py", f"_stateLabels[State.{name}]", text, offset)
                           for name, offset in positive_offsets.items()}
        cited["negativeStates"] = {
            name: citation("controlTypes/state.py", f"_negativeStateLabels[State.{name}]", text, offset)
            for name, offset in negative_offsets.items()}
        first = re.search(r"^\t\w+ = setBit\(", text, re.M)
        cited["stateOrder"] = citation("controlTypes/state.py", "State (each member's setBit value)", text,
                                       first.start())
    for name in list(labels) + list(negative):
        if name not in values:
            raise ExtractionError(f"{path}: State.{name} has a word but no value")
    if '_("not %s")' not in text:
        raise ExtractionError(f'{path}: no _("not %s") in State.negativeDisplayString')
    order = sorted(values, key=values.get)
    return labels, negative, order


def read_landmarks(cited=None):
    path = SNAPSHOT / NVDA_FILES["aria.py"]
    text = read_text("aria.py")
    landmarks_block = block(text, r"^landmarkRoles\b", path)
    base = text.index(landmarks_block)
    found, places = {}, {}
    for match in re.finditer(r'"(\w+)":\s*pgettext\("([^"]*)",\s*"([^"]*)"\)', landmarks_block):
        found[match.group(1)] = (match.group(2), match.group(3))
        places[match.group(1)] = citation("aria.py", f'landmarkRoles["{match.group(1)}"]', text, base + match.start())
    if not found:
        raise ExtractionError(f"{path}: landmarkRoles has no words")
    if cited is not None:
        cited["landmarks"] = places
    return found


def msgids_in(relative):
    """Every msgid a file marks for translation: _("…"), and ngettext("…", "…", n) as a pair."""
    text = read_text(relative)
    found = set(re.findall(r'(?<![\w.])_\("([^"]*)"\)', text))
    found |= set(re.findall(NGETTEXT, text))
    return found, text


# ---------------------------------------------------------------------------------------------
# Reading a .po file.

def po_string(line, path, number):
    match = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', line.strip())
    if not match:
        raise ExtractionError(f"{path}:{number}: expected a quoted string, found {line.strip()}")
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), "\\" + m.group(1)), match.group(1))


def read_po(path):
    """The .po's entries: (msgctxt or None, msgid) -> {"msgstr": [forms], "fuzzy": bool, "plural": str,
    "line": the line of its msgctxt or msgid}."""
    if not path.exists():
        raise ExtractionError(f"{path}: no such file in the NVDA snapshot")
    entries, current, field, header = {}, None, None, None

    def finish():
        nonlocal current
        if current and "msgid" in current:
            key = (current.get("msgctxt"), current["msgid"])
            forms = [current.get(f"msgstr[{n}]") for n in range(len(current))
                     if f"msgstr[{n}]" in current] or [current.get("msgstr", "")]
            entries[key] = {"msgstr": forms, "fuzzy": current["fuzzy"], "plural": current.get("msgid_plural"),
                            "line": current.get("line")}
        current = None

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            finish()
            field = None
            continue
        if current is None:
            current = {"fuzzy": False}
        if stripped.startswith("#,"):
            current["fuzzy"] = current["fuzzy"] or "fuzzy" in [flag.strip() for flag in stripped[2:].split(",")]
        elif stripped.startswith("#"):
            continue
        elif stripped.startswith('"'):
            if field is None:
                raise ExtractionError(f"{path}:{number}: a continued string with nothing before it")
            current[field] += po_string(stripped, path, number)
        else:
            keyword, _, rest = stripped.partition(" ")
            if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?", keyword):
                raise ExtractionError(f"{path}:{number}: unknown keyword {keyword}")
            field = keyword
            current.setdefault("line", number)
            current[field] = po_string(rest, path, number)
    finish()
    header = entries.get((None, ""))
    if header is None:
        raise ExtractionError(f"{path}: no header entry")
    plural_forms = re.search(r"nplurals=(\d+)", header["msgstr"][0])
    return entries, int(plural_forms.group(1)) if plural_forms else 2


class Words:
    """A language's words by (msgctxt, msgid): the msgid itself for English, the .po's otherwise."""

    def __init__(self, locale):
        self.locale = locale
        self.fallbacks = []
        if locale:
            self.relative = PO_FILE.format(locale=locale)
            self.path = SNAPSHOT / self.relative
            self.entries, self.plurals = read_po(self.path)

    def untranslated(self, context, msgid, plural):
        """Why NVDA speaks English for this msgid in this language, or None."""
        entry = self.entries.get((context, msgid))
        if entry is None:
            return "no entry"
        if entry["fuzzy"]:
            return "fuzzy"
        if not all(entry["msgstr"]):
            return "untranslated"
        if plural and entry["plural"] != plural:
            return f"its plural is {entry['plural']!r}, not {plural!r}"
        return None

    def word(self, context, msgid, plural=None):
        """The word, or (one, other) for a plural msgid."""
        english = (msgid, plural) if plural else msgid
        if not self.locale:
            return english
        reason = self.untranslated(context, msgid, plural)
        if reason:
            label = f"{context}|{msgid}" if context else msgid
            self.fallbacks.append(f"{self.relative}: {label!r}: {reason}; English is used, as NVDA does")
            return english
        forms = self.entries[(context, msgid)]["msgstr"]
        if plural:
            # With one plural form (Korean), it serves both; else form 0 is "one" and form 1 "other".
            return (forms[0], forms[0]) if self.plurals == 1 else (forms[0], forms[1])
        return forms[0]

    def cite(self, context, msgid, english, plural=None):
        """The citation of a word: the .po's entry, or the English source when NVDA falls back to it."""
        if not self.locale:
            return english
        reason = self.untranslated(context, msgid, plural)
        if reason:
            return english | {"untranslated": f"{self.relative}: {reason}; NVDA speaks English"}
        key = (f'msgctxt "{context}" ' if context else "") + f'msgid "{msgid}"' + (f' msgid_plural "{plural}"' if plural else "")
        found = {"repository": REPOSITORY, "path": self.relative, "commit": COMMITS[self.relative], "key": key}
        if LINES and self.entries[(context, msgid)]["line"]:
            found["line"] = self.entries[(context, msgid)]["line"]
        return found


def placeholders(template, arguments, where):
    """NVDA's %s / %d in order, or {name} by name, -> Earshot's named placeholders."""
    if isinstance(arguments, dict):
        def rename(match):
            if match.group(1) not in arguments:
                raise ExtractionError(f"{where}: {{{match.group(1)}}} has no Earshot name")
            return arguments[match.group(1)]
        filled = re.sub(r"\{(\w+)\}", rename, template)
    else:
        remaining = list(arguments)

        def take(match):
            if not remaining:
                raise ExtractionError(f"{where}: more arguments than {len(arguments)} in {template!r}")
            return remaining.pop(0)
        filled = re.sub(r"%[sd]", take, template)
        if remaining:
            raise ExtractionError(f"{where}: {template!r} lacks arguments for {', '.join(remaining)}")
        filled = filled.replace("%%", "%")
    if "%" in filled:
        raise ExtractionError(f"{where}: {template!r} keeps a format argument")
    return filled


# ---------------------------------------------------------------------------------------------
# Building one language's file.

def read_json(path):
    if not path.exists():
        raise ExtractionError(f"{path}: missing")
    return json.loads(path.read_text(encoding="utf-8"))


def read_web_roles(labels):
    table = read_json(WEB_ROLES)
    mapping = {}
    for aria, entry in table["roles"].items():
        if entry["nvda"] not in labels:
            raise ExtractionError(f"{WEB_ROLES}: {aria} maps to {entry['nvda']}, which has no word in role.py")
        unknown = [key for key in entry["sources"] if key not in table["sources"]]
        if unknown:
            raise ExtractionError(f"{WEB_ROLES}: {aria} cites unknown sources {', '.join(unknown)}")
        mapping[aria] = entry["nvda"]
    return mapping


def template_citation(relative, msgid):
    """Where a template's msgid is marked for translation in NVDA's English source."""
    text = read_text(relative)
    if isinstance(msgid, tuple):
        offset = next((match.start() for match in re.finditer(NGETTEXT, text) if match.groups() == msgid), -1)
        return citation(relative, f'msgid "{msgid[0]}" msgid_plural "{msgid[1]}"', text, offset)
    offset = text.find(f'_("{msgid}")')
    return citation(relative, f'msgid "{msgid}"', text, offset)


def build(language, facts):
    words_of = Words(LANGUAGES[language])
    english = {}
    role_labels, role_sets = read_roles(english)
    state_labels, negative_labels, state_order = read_states(english)
    landmark_labels = read_landmarks(english)
    file_msgids = {}
    cited_templates = {}

    def template(key, name=None):
        relative, msgid, arguments = TEMPLATES[key]
        if relative not in file_msgids:
            file_msgids[relative] = msgids_in(relative)[0]
        if msgid not in file_msgids[relative]:
            raise ExtractionError(f"{SNAPSHOT / NVDA_FILES[relative]}: no msgid {msgid!r} for the template {key}")
        where = f"{language}.json templates.{key}"
        source = template_citation(relative, msgid)
        if isinstance(msgid, tuple):
            one, other = words_of.word(None, msgid[0], msgid[1])
            cited = words_of.cite(None, msgid[0], source, msgid[1])
            cited_templates[key + "One"], cited_templates[key] = cited, cited
            return placeholders(one, arguments, where), placeholders(other, arguments, where)
        cited_templates[key] = words_of.cite(None, msgid, source)
        return placeholders(words_of.word(None, msgid), arguments, where)

    _, speech_text = msgids_in("speech/speech.py")
    if LANDMARK_PHRASE not in speech_text:
        raise ExtractionError(f"{SNAPSHOT / NVDA_FILES['speech/speech.py']}: the landmark phrase is no longer "
                              f"{LANDMARK_PHRASE}")

    def group(labels, cited):
        return ({name: words_of.word(*key) for name, key in labels.items()},
                {name: words_of.cite(*key, cited[name]) for name, key in labels.items()})

    roles, role_citations = group(role_labels, english["roles"])
    states, state_citations = group(state_labels, english["states"])
    negatives, negative_citations = group(negative_labels, english["negativeStates"])
    landmarks, landmark_citations = group(landmark_labels, english["landmarks"])
    templates = {}
    for key, (_, msgid, _) in TEMPLATES.items():
        if isinstance(msgid, tuple):
            templates[key + "One"], templates[key] = template(key)
        else:
            templates[key] = template(key)
    templates["landmark"] = "{name} " + roles["LANDMARK"]
    cited_templates["landmark"] = citation("speech/speech.py", "getControlFieldSpeech, the landmark's role text", speech_text,
                                           speech_text.find(LANDMARK_PHRASE),
                                           roleWord=role_citations["LANDMARK"])

    fact_citations = {name: {"table": "voices/nvda/facts.json", "key": f"facts.{name}"} for name in READER_FACTS}
    fact_citations.update({name: english[name] for name in role_sets})
    fact_citations["stateOrder"] = english["stateOrder"]
    fact_citations["webRoles"] = {"table": "voices/nvda/web-roles.json", "key": "roles"}

    nvda = facts["nvda"]
    files = list(NVDA_FILES.values())
    if LANGUAGES[language]:
        files.append(PO_FILE.format(locale=LANGUAGES[language]))
    result = {
        "language": language,
        "source": (f"{nvda['repository']} {nvda['commit']} ({nvda['date']}): {', '.join(files)}; "
                   "each entry's file, commit and key in citations"),
        "licence": LICENCE,
        "roles": roles,
        "states": states,
        "negativeStates": negatives,
        "landmarks": landmarks,
        "templates": templates,
        "facts": {
            **reader_facts(facts["facts"]),
            **role_sets,
            "stateOrder": state_order,
            "webRoles": read_web_roles(role_labels),
        },
        "citations": {
            "roles": role_citations,
            "states": state_citations,
            "negativeStates": negative_citations,
            "landmarks": landmark_citations,
            "templates": cited_templates,
            "facts": fact_citations,
        },
    }
    return result, words_of.fallbacks


# ---------------------------------------------------------------------------------------------

def render(value):
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def git_commit_and_date(snapshot):
    try:
        out = subprocess.run(["git", "-C", str(snapshot), "log", "-1", "--format=%H %cs"],
                             capture_output=True, text=True, check=True).stdout.split()
        return out[0], out[1]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return None, None


def main():
    global SNAPSHOT, LINES
    parser = UsageParser(
        description=__doc__.split("\n\n")[0],
        epilog=f"The committed data was read file by file, the Korean .po at {REPOSITORY} {EXPECTED_COMMIT} "
               "(2025-05-04) and each Python file at the commit voices/nvda/facts.json names (nvda.files).")
    parser.add_argument("--nvda", type=Path, required=True, metavar="PATH",
                        help=f"an NVDA snapshot (expected: {REPOSITORY} at {EXPECTED_COMMIT} for the .po, "
                             "each Python file at its commit in voices/nvda/facts.json)")
    parser.add_argument("--commit", help="the snapshot's commit, when it is not a git work tree")
    parser.add_argument("--date", help="the commit's date (YYYY-MM-DD), likewise")
    parser.add_argument("--recorded-commits", action="store_true",
                        help="the snapshot holds each file at the commit voices/nvda/facts.json names")
    parser.add_argument("--no-lines", action="store_true",
                        help="cite keys only: the snapshot's files are parts of NVDA's, so their lines are not NVDA's")
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    parser.add_argument("--out", type=Path, help="write the files here instead of voices/nvda")
    parser.add_argument("--update", action="store_true",
                        help="write even when the snapshot's commit is not the one the committed data names")
    options = parser.parse_args()
    SNAPSHOT, LINES = options.nvda, not options.no_lines
    try:
        facts = read_json(FACTS)
        recorded = dict(facts["nvda"]["files"])
        if options.recorded_commits:
            COMMITS.update(recorded)
            commit, date = facts["nvda"]["commit"], facts["nvda"]["date"]
        else:
            found_commit, found_date = git_commit_and_date(options.nvda)
            commit, date = options.commit or found_commit, options.date or found_date
            if not commit or not date:
                print(f"error: {options.nvda}: not a git work tree; give --commit and --date "
                      "(or --recorded-commits)", file=sys.stderr)
                return 64
            COMMITS.update({path: commit for path in recorded})
            differing = sorted(path for path, at in recorded.items() if at != commit)
            if differing and not options.update and not options.check:
                print(f"error: the snapshot is at {commit}; the committed data names other commits for "
                      f"{', '.join(differing)}: their words may differ. Nothing was written; give --update "
                      "to write them and review the diff of every word.", file=sys.stderr)
                return 1
            facts["nvda"].update({"commit": commit, "date": date, "files": dict(COMMITS)})
            facts["nvda"].pop("dateIs", None)
        outputs, fallbacks = {}, []
        for language in LANGUAGES:
            result, missing = build(language, facts)
            outputs[f"{language}.json"] = render(result)
            fallbacks += missing
        if not options.recorded_commits:
            outputs["facts.json"] = json.dumps(facts, ensure_ascii=False, indent=2) + "\n"
    except (ExtractionError, OSError, KeyError, ValueError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65
    for line in fallbacks:
        print(f"note: {line}", file=sys.stderr)
    if options.check:
        differing = [name for name, text in outputs.items()
                     if not (VOICES / name).exists() or (VOICES / name).read_text(encoding="utf-8") != text]
        for name in differing:
            print(f"voices/nvda/{name} differs from the script's output", file=sys.stderr)
        return 1 if differing else 0
    target = options.out or VOICES
    target.mkdir(parents=True, exist_ok=True)
    for name, text in outputs.items():
        (target / name).write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(sorted(outputs))} to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
