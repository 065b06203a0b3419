#!/usr/bin/env python3
"""Extracts NVDA's spoken words and reading facts into voices/nvda/LANG.json.

NVDA (nvaccess/nvda, GPL-2.0-or-later) keeps its English words in its Python sources, marked for
gettext, and each language's words in source/locale/LANG/LC_MESSAGES/nvda.po. Earshot keeps
excerpts of them under `voices/nvda/source/` (only the lines and entries it uses, with the licence
and SOURCES.md) and this script turns those excerpts into one JSON file per language (schema:
docs/web.md):

  voices/nvda/source/controlTypes/role.py       role words and the role sets
  voices/nvda/source/controlTypes/state.py      states (their order), state words, negative words
  voices/nvda/source/controlTypes/isCurrent.py  aria-current words
  voices/nvda/source/aria.py                    landmark words
  voices/nvda/source/speech/speech.py           the spoken templates (blank, level, position, ...)
  voices/nvda/source/browseMode.py              what quick navigation says when nothing is found
  voices/nvda/source/ko/nvda.po                 the Korean words of all of the above
  voices/nvda/source/facts.json                 Earshot's transcription of facts of NVDA's code
  voices/nvda/source/web-roles.json             Earshot's table: a web page's roles to NVDA's roles

English is NVDA's source language: its words are the msgids. Korean is the .po's msgstr for the
same msgid (and msgctxt); an entry that is missing, empty or marked fuzzy is untranslated for
NVDA, which then speaks English, so the Korean file says the English word too (each one is
reported on stderr). NVDA's %s / %d and {number} / {total} become named placeholders, e.g.
Korean `{total}개 중 {number}번째` becomes `{count}개 중 {index}번째`.

Usage:
  scripts/extract-nvda-words.py                 write voices/nvda/{en,ko}.json
  scripts/extract-nvda-words.py --check         exit 1 if either differs from the output
  scripts/extract-nvda-words.py --out DIR       write the JSON files to DIR instead
  scripts/extract-nvda-words.py --nvda DIR [--commit SHA --date YYYY-MM-DD]
      refresh the excerpts and the LICENSE from a full NVDA checkout first (a git work tree gives
      its own commit and date), then write the JSON files. facts.json and web-roles.json are
      Earshot's own and are not rewritten: read the functions they name again after a refresh.
"""

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOICES = ROOT / "voices" / "nvda"
SOURCE = VOICES / "source"

# Earshot's language -> the NVDA locale whose nvda.po holds its words (None: NVDA's own English).
LANGUAGES = {"en": None, "ko": "ko"}

# Excerpt file here -> its path in an NVDA checkout.
EXCERPTS = {
    "controlTypes/role.py": "source/controlTypes/role.py",
    "controlTypes/state.py": "source/controlTypes/state.py",
    "controlTypes/isCurrent.py": "source/controlTypes/isCurrent.py",
    "aria.py": "source/aria.py",
    "speech/speech.py": "source/speech/speech.py",
    "browseMode.py": "source/browseMode.py",
}
PO_FILE = "source/locale/{locale}/LC_MESSAGES/nvda.po"
LICENCE_FILE = "copying.txt"

# The spoken templates: key -> (excerpt, msgid or (singular, plural), NVDA's arguments in order ->
# Earshot's placeholders). Each comment names the function of speech.py or browseMode.py that
# speaks it.
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
    # State.negativeDisplayString (state.py): a negative state without a word of its own.
    "notState": ("controlTypes/state.py", "not %s", ["{name}"]),
    # getPropertiesSpeech, current: aria-current (IsCurrent labels, isCurrent.py).
    "current": ("controlTypes/isCurrent.py", "current", []),
    "currentPage": ("controlTypes/isCurrent.py", "current page", []),
    "currentStep": ("controlTypes/isCurrent.py", "current step", []),
    "currentLocation": ("controlTypes/isCurrent.py", "current location", []),
    "currentDate": ("controlTypes/isCurrent.py", "current date", []),
    "currentTime": ("controlTypes/isCurrent.py", "current time", []),
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
}

# getControlFieldSpeech speaks a landmark as f"{aria.landmarkRoles[landmark]} {Role.LANDMARK.displayString}":
# this line of the speech.py excerpt must still say so.
LANDMARK_PHRASE = 'f"{aria.landmarkRoles[landmark]} {controlTypes.Role.LANDMARK.displayString}"'

# The lines of speech.py kept in its excerpt: the function they come from, and the text that marks
# the line that speaks a word (the excerpt keeps the comment lines above it, and for the landmark
# phrase the statement around it).
SPEECH_LINES = [
    ("getTextInfoSpeech (the last words of a line that has nothing else to say)",
     ['speechSequence.append(_("blank"))']),
    ("getPropertiesSpeech (table cells)", ['_("row %s")', '_("column %s")']),
    ("getPropertiesSpeech (position in a group, level)", ['_("{number} of {total}")', '_("level %s")']),
    ("getControlFieldSpeech (a landmark's role text, a list's item count, leaving a container)",
     [LANDMARK_PHRASE, 'ngettext("with %s item", "with %s items"', '_("out of %s")']),
    ("getFormatFieldSpeech (a heading reported as a text format, not as a control)", ['_("heading level %d")']),
]
QUICK_NAV_TYPES = ["heading", "link", "formField", "button", "checkBox", "landmark"]


class ExtractionError(Exception):
    """A source file lacks what the script expects; the message names the file and the entry."""


# ---------------------------------------------------------------------------------------------
# Reading the Python excerpts.

def read_text(relative):
    path = SOURCE / relative
    if not path.exists():
        raise ExtractionError(f"{path}: missing (run with --nvda DIR to refresh the excerpts)")
    return path.read_text(encoding="utf-8")


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


def words(block_text, key_pattern):
    """`KEY: _("word")` and `KEY: pgettext("context", "word")` lines -> {key: (context, msgid)}."""
    found = {}
    for match in re.finditer(key_pattern + r':\s*(?:_\("([^"]*)"\)|pgettext\("([^"]*)",\s*"([^"]*)"\))',
                             block_text):
        key = match.group(1)
        found[key] = (None, match.group(2)) if match.group(2) is not None else (match.group(3), match.group(4))
    return found


def read_roles():
    path = SOURCE / "controlTypes/role.py"
    text = read_text("controlTypes/role.py")
    labels = words(block(text, r"^_roleLabels\b", path), r"Role\.(\w+)")
    if not labels:
        raise ExtractionError(f"{path}: _roleLabels has no words")
    sets = {}
    for name in ("silentRolesOnFocus", "silentValuesForRoles", "clickableRoles"):
        members = re.findall(r"Role\.(\w+)", block(text, r"^%s\b" % name, path))
        unknown = [role for role in members if role not in labels]
        if unknown:
            raise ExtractionError(f"{path}: {name} names roles without a word: {', '.join(unknown)}")
        sets[name] = members
    return labels, sets


def read_states():
    path = SOURCE / "controlTypes/state.py"
    text = read_text("controlTypes/state.py")
    values = {name: int(bit) for name, bit in re.findall(r"^\t(\w+) = setBit\((\d+)\)", text, re.M)}
    if not values:
        raise ExtractionError(f"{path}: no State = setBit(n) members")
    labels = words(block(text, r"^_stateLabels\b", path), r"State\.(\w+)")
    negative = words(block(text, r"^_negativeStateLabels\b", path), r"State\.(\w+)")
    for name in list(labels) + list(negative):
        if name not in values:
            raise ExtractionError(f"{path}: State.{name} has a word but no value")
    if '_("not %s")' not in text:
        raise ExtractionError(f'{path}: no _("not %s") in State.negativeDisplayString')
    order = sorted(values, key=values.get)
    return labels, negative, order


def read_landmarks():
    path = SOURCE / "aria.py"
    found = {}
    for role, context, msgid in re.findall(r'"(\w+)":\s*pgettext\("([^"]*)",\s*"([^"]*)"\)',
                                           block(read_text("aria.py"), r"^landmarkRoles\b", path)):
        found[role] = (context, msgid)
    if not found:
        raise ExtractionError(f"{path}: landmarkRoles has no words")
    return found


def msgids_in(relative):
    """Every msgid an excerpt marks for translation: _("…"), and ngettext("…", "…", n) as a pair."""
    text = read_text(relative)
    found = set(re.findall(r'(?<![\w.])_\("([^"]*)"\)', text))
    found |= set(re.findall(r'ngettext\("([^"]*)",\s*"([^"]*)"', text))
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
    """The .po's entries: (msgctxt or None, msgid) -> {"msgstr": [forms], "fuzzy": bool, "plural": str}."""
    if not path.exists():
        raise ExtractionError(f"{path}: missing (run with --nvda DIR to refresh the excerpts)")
    entries, current, field, header = {}, None, None, None

    def finish():
        nonlocal current
        if current and "msgid" in current:
            key = (current.get("msgctxt"), current["msgid"])
            forms = [current.get(f"msgstr[{n}]") for n in range(len(current))
                     if f"msgstr[{n}]" in current] or [current.get("msgstr", "")]
            entries[key] = {"msgstr": forms, "fuzzy": current["fuzzy"], "plural": current.get("msgid_plural")}
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
            self.path = SOURCE / locale / "nvda.po"
            self.entries, self.plurals = read_po(self.path)

    def word(self, context, msgid, plural=None):
        """The word, or (one, other) for a plural msgid."""
        english = (msgid, plural) if plural else msgid
        if not self.locale:
            return english
        entry = self.entries.get((context, msgid))
        reason = None
        if entry is None:
            reason = "no entry"
        elif entry["fuzzy"]:
            reason = "fuzzy"
        elif not all(entry["msgstr"]):
            reason = "untranslated"
        elif plural and entry["plural"] != plural:
            reason = f"its plural is {entry['plural']!r}, not {plural!r}"
        if reason:
            label = f"{context}|{msgid}" if context else msgid
            self.fallbacks.append(f"{self.path.relative_to(ROOT)}: {label!r}: {reason}; English is used, as NVDA does")
            return english
        forms = entry["msgstr"]
        if plural:
            # With one plural form (Korean), it serves both; else form 0 is "one" and form 1 "other".
            return (forms[0], forms[0]) if self.plurals == 1 else (forms[0], forms[1])
        return forms[0]


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

def read_facts():
    path = SOURCE / "facts.json"
    if not path.exists():
        raise ExtractionError(f"{path}: missing")
    return json.loads(path.read_text(encoding="utf-8"))


def read_web_roles(labels):
    path = SOURCE / "web-roles.json"
    if not path.exists():
        raise ExtractionError(f"{path}: missing")
    table = json.loads(path.read_text(encoding="utf-8"))
    mapping = {}
    for aria, entry in table["roles"].items():
        if entry["nvda"] not in labels:
            raise ExtractionError(f"{path}: {aria} maps to {entry['nvda']}, which has no word in role.py")
        unknown = [key for key in entry["sources"] if key not in table["sources"]]
        if unknown:
            raise ExtractionError(f"{path}: {aria} cites unknown sources {', '.join(unknown)}")
        mapping[aria] = entry["nvda"]
    return mapping


def build(language, facts):
    words_of = Words(LANGUAGES[language])
    role_labels, role_sets = read_roles()
    state_labels, negative_labels, state_order = read_states()
    landmark_labels = read_landmarks()
    excerpt_msgids = {}

    def template(key):
        relative, msgid, arguments = TEMPLATES[key]
        if relative not in excerpt_msgids:
            excerpt_msgids[relative] = msgids_in(relative)[0]
        if msgid not in excerpt_msgids[relative]:
            raise ExtractionError(f"{SOURCE / relative}: no msgid {msgid!r} for the template {key}")
        where = f"{language}.json templates.{key}"
        if isinstance(msgid, tuple):
            one, other = words_of.word(None, msgid[0], msgid[1])
            return placeholders(one, arguments, where), placeholders(other, arguments, where)
        return placeholders(words_of.word(None, msgid), arguments, where)

    _, speech_text = msgids_in("speech/speech.py")
    if LANDMARK_PHRASE not in speech_text:
        raise ExtractionError(f"{SOURCE / 'speech/speech.py'}: the landmark phrase is no longer {LANDMARK_PHRASE}")

    roles = {name: words_of.word(*key) for name, key in role_labels.items()}
    templates = {key: template(key) for key in TEMPLATES if key != "itemCount"}
    templates["itemCountOne"], templates["itemCount"] = template("itemCount")
    templates["landmark"] = "{name} " + roles["LANDMARK"]

    nvda = facts["nvda"]
    files = [path for path in EXCERPTS.values()]
    if LANGUAGES[language]:
        files.append(PO_FILE.format(locale=LANGUAGES[language]))
    result = {
        "language": language,
        "source": (f"{nvda['repository']} {nvda['commit']} ({nvda['date']}): {', '.join(files)} "
                   "(each file's own commit in voices/nvda/source/SOURCES.md); GPL-2.0-or-later "
                   "(voices/nvda/source/LICENSE)"),
        "roles": roles,
        "states": {name: words_of.word(*key) for name, key in state_labels.items()},
        "negativeStates": {name: words_of.word(*key) for name, key in negative_labels.items()},
        "landmarks": {role: words_of.word(*key) for role, key in landmark_labels.items()},
        "templates": templates,
        "facts": {
            **facts["facts"],
            **role_sets,
            "stateOrder": state_order,
            "webRoles": read_web_roles(role_labels),
        },
    }
    return result, words_of.fallbacks


# ---------------------------------------------------------------------------------------------
# Refreshing the excerpts from an NVDA checkout.

def header(relative, commit, what):
    """The comment at the top of an excerpt: where it was cut from, what it keeps, its licence."""
    depth = "../" * relative.count("/")
    return (f"# Excerpt of {EXCERPTS[relative]} in nvaccess/nvda at {commit}:\n"
            f"# {what}.\n# GNU General Public License version 2 or later, see {depth}../LICENSE.\n\n")


def open_brackets(code):
    """How many brackets a piece of code leaves open, strings aside."""
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    return sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")


def comment_lines_above(lines, index):
    """The index of the first of the comment lines directly above lines[index]."""
    while index > 0 and lines[index - 1].lstrip().startswith("#") and not lines[index - 1].startswith("# Earshot:"):
        index -= 1
    return index


def speech_excerpt(text, path, commit):
    """The speech.py lines with the words, each group under an `# Earshot:` line naming its function."""
    lines = text.splitlines()
    out = [header("speech/speech.py", commit,
                  "only the lines Earshot takes words from, unchanged and in their original order; a line\n"
                  "# that starts with \"# Earshot:\" is Earshot's own and names the function of the lines below it")]
    for function, markers in SPEECH_LINES:
        out.append(f"# Earshot: {function}\n")
        for marker in markers:
            index = next((i for i, line in enumerate(lines) if marker in line), None)
            if index is None:
                raise ExtractionError(f"{path}: no line with {marker}")
            first, last = comment_lines_above(lines, index), index
            if marker == LANDMARK_PHRASE:
                first, last = index - 2, index + 1
            # A call that goes on over the next lines is kept whole.
            while open_brackets("\n".join(lines[index:last + 1])) > 0 and last + 1 < len(lines):
                last += 1
            out.append("\n".join(lines[first:last + 1]) + "\n")
        out.append("\n")
    return "".join(out).rstrip("\n") + "\n"


def browse_mode_excerpt(text, path, commit):
    blocks = []
    for item in QUICK_NAV_TYPES:
        blocks.append(block(text, r'^qn\(\s*"%s"' % item, path))
    return (header("browseMode.py", commit,
                   "only the quick navigation definitions whose words Earshot uses (H, K, F, B, X, D), unchanged")
            + "# Add quick navigation scripts.\nqn = BrowseModeTreeInterceptor.addQuickNav\n"
            + "\n".join(blocks) + "\n")


def po_excerpt(text, path, relative, commit, needed):
    """The header entry and the entries whose (msgctxt, msgid) is needed, unchanged, in order."""
    chunks = re.split(r"\n\s*\n", text.strip("\n"))
    kept, found = [], set()
    for chunk in chunks:
        context = re.search(r'^msgctxt "((?:[^"\\]|\\.)*)"', chunk, re.M)
        msgid = re.search(r'^msgid "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)', chunk, re.M)
        if not msgid:
            continue
        full = msgid.group(1) + "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', msgid.group(2)))
        key = (context.group(1) if context else None, full)
        if full == "" or key in needed:
            kept.append(chunk)
            found.add(key)
    missing = [f"{c}|{m}" if c else m for c, m in needed if (c, m) not in found]
    for label in missing:
        print(f"warning: {path}: no entry {label!r}; the language falls back to English for it", file=sys.stderr)
    return (f"# Excerpt of {relative} in nvaccess/nvda at {commit}:\n"
            "# the header entry and only the entries Earshot uses, unchanged and in their original order.\n"
            "# GNU General Public License version 2 or later, see ../LICENSE.\n" + "\n\n".join(kept) + "\n")


def git_commit_and_date(checkout):
    try:
        out = subprocess.run(["git", "-C", str(checkout), "log", "-1", "--format=%H %cs"],
                             capture_output=True, text=True, check=True).stdout.split()
        return out[0], out[1]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return None, None


def refresh(checkout, commit, date):
    found_commit, found_date = git_commit_and_date(checkout)
    commit, date = commit or found_commit, date or found_date
    if not commit or not date:
        raise ExtractionError(f"{checkout}: not a git work tree; give --commit and --date")

    def source(relative):
        path = checkout / relative
        if not path.exists():
            raise ExtractionError(f"{path}: no such file in the NVDA checkout")
        return path, path.read_text(encoding="utf-8")

    written = {}
    path, text = source(EXCERPTS["controlTypes/role.py"])
    written["controlTypes/role.py"] = header("controlTypes/role.py", commit, "only the role words and the role sets, unchanged") + "\n\n\n".join(
        block(text, r"^%s\b" % name, path)
        for name in ("_roleLabels", "silentRolesOnFocus", "silentValuesForRoles", "clickableRoles")) + "\n"
    path, text = source(EXCERPTS["controlTypes/state.py"])
    start = re.search(r"^(def setBit|@unique|class State)", text, re.M)
    end = block(text, r"^_negativeStateLabels\b", path)
    if not start:
        raise ExtractionError(f"{path}: no State class")
    written["controlTypes/state.py"] = (header("controlTypes/state.py", commit, "the states, their words and their negative words, unchanged")
                                        + text[start.start():text.index(end) + len(end)] + "\n")
    path, text = source(EXCERPTS["controlTypes/isCurrent.py"])
    written["controlTypes/isCurrent.py"] = (header("controlTypes/isCurrent.py", commit, "only the aria-current words, unchanged")
                                            + block(text, r"^_isCurrentLabels\b", path) + "\n")
    path, text = source(EXCERPTS["aria.py"])
    written["aria.py"] = header("aria.py", commit, "only the landmark words, unchanged") + block(text, r"^landmarkRoles\b", path) + "\n"
    path, text = source(EXCERPTS["speech/speech.py"])
    written["speech/speech.py"] = speech_excerpt(text, path, commit)
    path, text = source(EXCERPTS["browseMode.py"])
    written["browseMode.py"] = browse_mode_excerpt(text, path, commit)

    for relative, content in written.items():
        target = SOURCE / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")

    # The msgids the Python excerpts now hold, with their contexts, are the .po entries to keep.
    role_labels, _ = read_roles()
    state_labels, negative_labels, _ = read_states()
    needed = set(role_labels.values()) | set(state_labels.values()) | set(negative_labels.values())
    needed |= set(read_landmarks().values())
    needed.add((None, "not %s"))
    for relative, msgid, _ in TEMPLATES.values():
        needed.add((None, msgid[0] if isinstance(msgid, tuple) else msgid))
    for language, locale in LANGUAGES.items():
        if not locale:
            continue
        relative = PO_FILE.format(locale=locale)
        path, text = source(relative)
        target = SOURCE / locale / "nvda.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(po_excerpt(text, path, relative, commit, needed), encoding="utf-8")

    path, text = source(LICENCE_FILE)
    (SOURCE / "LICENSE").write_text(text, encoding="utf-8")
    facts = read_facts()
    facts["nvda"].update({"commit": commit, "date": date,
                          "files": {name: commit for name in facts["nvda"]["files"]}})
    facts["nvda"].pop("dateIs", None)
    (SOURCE / "facts.json").write_text(json.dumps(facts, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------

def render(value):
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    parser.add_argument("--out", type=Path, help="write the JSON files here instead of voices/nvda")
    parser.add_argument("--nvda", type=Path, help="an NVDA checkout to refresh the excerpts from")
    parser.add_argument("--commit", help="the checkout's commit, when it is not a git work tree")
    parser.add_argument("--date", help="the commit's date (YYYY-MM-DD), likewise")
    options = parser.parse_args()
    try:
        if options.nvda:
            refresh(options.nvda, options.commit, options.date)
        facts = read_facts()
        outputs, fallbacks = {}, []
        for language in LANGUAGES:
            result, missing = build(language, facts)
            outputs[f"{language}.json"] = render(result)
            fallbacks += missing
    except (ExtractionError, OSError, KeyError, ValueError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65
    for line in fallbacks:
        print(f"note: {line}", file=sys.stderr)
    if options.check:
        differing = [name for name, text in outputs.items()
                     if not (VOICES / name).exists() or (VOICES / name).read_text(encoding="utf-8") != text]
        for name in differing:
            print(f"voices/nvda/{name} differs from the script's output; run scripts/extract-nvda-words.py",
                  file=sys.stderr)
        return 1 if differing else 0
    target = options.out or VOICES
    target.mkdir(parents=True, exist_ok=True)
    for name, text in outputs.items():
        (target / name).write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(sorted(outputs))} to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
