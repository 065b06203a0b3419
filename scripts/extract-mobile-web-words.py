#!/usr/bin/env python3
"""Extracts the browsers' accessibility words for the mobile web into voices/chromium-android and voices/webkit-ios.

On a phone the role words of a web page come from the browser, not only from the screen reader:
Chrome on Android hands TalkBack a role description and a state description made of Chromium's
IDS_AX_* strings (content/browser/accessibility/browser_accessibility_android.cc), and WebKit
hands VoiceOver on iOS the role words of its LocalizedStrings.cpp (a landmark's word is added to
its label, WebAccessibilityObjectWrapperIOS.mm). This script reads those words from snapshots
given by path and writes them as data, each with its citation (repository, path, commit, key and,
for Chromium's translations, the message id): nothing of the browsers' files is kept in Earshot's
repository (docs/mobile-web.md, "The word files").

Read from a Chromium snapshot (--chromium):
  ui/strings/ax_strings.grd                     the English messages, their <if> conditions
                                                evaluated for Android
  ui/strings/translations/ax_strings_ko.xtb     the Korean translations, by message id (grit's
                                                fingerprint of the English text and placeholder names)
Read from a WebKit snapshot (--webkit):
  Source/WebCore/platform/LocalizedStrings.cpp  the AX...Text() role words, the ARIA groups' words
                                                (AXARIAContentGroupText) and the action verbs
Written:
  voices/chromium-android/{en,ko}.json          Chromium's role and state words (BSD-3-Clause)
  voices/webkit-ios/{en,ko}.json                WebKit's role and landmark words (BSD-2-Clause);
                                                no open source has Apple's Korean for them, so the
                                                Korean file lists them as missing, with the reason

A Korean word the .xtb lacks is English, as Chromium falls back (fallback_to_english), and is
cited as untranslated; the script says so on stderr. The committed data names the commits below;
a snapshot at another commit may say other words: the script then says so and writes nothing
unless --update is given, so the words only change on purpose, with their diff reviewed.

Usage:
  scripts/extract-mobile-web-words.py --chromium PATH --webkit PATH
      [--chromium-commit SHA] [--webkit-commit SHA]   (a git work tree gives its own commit)
  ... --check       compare with the committed files instead; exit 1 on a difference
  ... --out DIR     write the two folders under DIR instead of voices/
  ... --update      accept snapshots at other commits than the committed data names
"""

import argparse
import hashlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOICES = ROOT / "voices"

CHROMIUM = "chromium/chromium"
CHROMIUM_COMMIT = "78b09571f08d096c023632b14b810ac1cabeb769"
GRD = "ui/strings/ax_strings.grd"
XTB = "ui/strings/translations/ax_strings_ko.xtb"

WEBKIT = "WebKit/WebKit"
WEBKIT_COMMIT = "00fd8cdc72fdbc2816499b862cb6853ec57587e0"
STRINGS = "Source/WebCore/platform/LocalizedStrings.cpp"

# grit's <if expr="..."> names, as a Chrome for Android build sets them.
PLATFORM = {"is_android": True, "is_win": False, "is_macosx": False, "is_mac": False, "is_ios": False,
            "is_linux": False, "is_chromeos": False, "is_fuchsia": False, "is_posix": True}

# Chromium's placeholder names -> Earshot's template placeholders.
PLACEHOLDERS = {"HEADING_LEVEL": "level", "SELECTED": "selected", "COUNT": "count", "INDEX": "index"}

# The state and utterance messages BrowserAccessibilityAndroid reads (GetStateDescription,
# GetRoleDescription, GetComboboxExpandedText, GetDialogModalMessageText, GetSubstringTextContentUTF16),
# beside every IDS_AX_ROLE_* message.
STATE_MESSAGES = [
    "IDS_AX_ARIA_CURRENT_DATE", "IDS_AX_ARIA_CURRENT_LOCATION", "IDS_AX_ARIA_CURRENT_PAGE",
    "IDS_AX_ARIA_CURRENT_STEP", "IDS_AX_ARIA_CURRENT_TIME", "IDS_AX_ARIA_CURRENT_TRUE",
    "IDS_AX_ARIA_REQUIRED_STATE_DESCRIPTION", "IDS_AX_CHECKBOX_PARTIALLY_CHECKED",
    "IDS_AX_COMBOBOX_EXPANDED", "IDS_AX_COMBOBOX_EXPANDED_AUTOCOMPLETE_DEFAULT",
    "IDS_AX_COMBOBOX_EXPANDED_AUTOCOMPLETE_X_OPTIONS_AVAILABLE", "IDS_AX_COMBOBOX_EXPANDED_DIALOG",
    "IDS_AX_DIALOG_MODAL_OPENED", "IDS_AX_INDETERMINATE_VALUE", "IDS_AX_MEDIA_VIDEO_ELEMENT",
    "IDS_AX_MULTISELECTABLE_STATE_DESCRIPTION", "IDS_AX_MULTISELECTABLE_STATE_DESCRIPTION_NONE",
    "IDS_AX_RADIO_BUTTON_STATE_DESCRIPTION_CHECKED", "IDS_AX_RADIO_BUTTON_STATE_DESCRIPTION_UNCHECKED",
    "IDS_AX_STATE_LINK_VISITED", "IDS_AX_TOGGLE_BUTTON_OFF", "IDS_AX_TOGGLE_BUTTON_ON",
]

WEBKIT_KOREAN_MISSING = (
    "WebKit's open source has the English words only (WEB_UI_STRING in LocalizedStrings.cpp); the "
    "Korean VoiceOver hears comes from Apple's localization of WebCore, which is not published: "
    "no Korean word is given rather than a guess (docs/mobile-web.md, 'VoiceOver's Korean on a page')")


class ExtractionError(Exception):
    pass


class UsageParser(argparse.ArgumentParser):
    """argparse, with a usage error exiting 64 as Earshot's commands do."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        sys.exit(64)


def fingerprint(text):
    """grit's FP.FingerPrint: the first 64 bits of the MD5 of the UTF-8 text, signed."""
    value = int(hashlib.md5(text.encode("utf-8")).hexdigest()[:16], 16)
    return value - (1 << 64) if value & (1 << 63) else value


def message_id(presentable, meaning=""):
    """grit's tclib.GenerateMessageId: the id an .xtb names a translation by."""
    value = fingerprint(presentable)
    if meaning:
        second = fingerprint(meaning)
        value = second + (value << 1) + (1 if value < 0 else 0)
    return str(value & 0x7FFFFFFFFFFFFFFF)


def condition(expression, path):
    try:
        return bool(eval(expression, {"__builtins__": {}}, dict(PLATFORM)))  # grit's own expression syntax
    except Exception as error:  # noqa: BLE001 - any failure is a data error naming the place
        raise ExtractionError(f"{path}: <if expr={expression!r}>: {error}") from None


def message_parts(element):
    """The message's text with placeholders, as (text for the id, Earshot's template)."""
    for_id, template = [element.text or ""], [element.text or ""]
    for child in element:
        if child.tag != "ph":
            raise ExtractionError(f"{GRD}: {element.get('name')}: unexpected <{child.tag}>")
        name = child.get("name")
        for_id.append(name)
        template.append("{" + PLACEHOLDERS.get(name, name.lower()) + "}")
        for_id.append(child.tail or "")
        template.append(child.tail or "")
    return "".join(for_id).strip(), "".join(template).strip()


def read_grd(snapshot):
    path = snapshot / GRD
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        raise ExtractionError(f"{path}: {error}") from None
    messages = {}

    def walk(element):
        for child in element:
            if child.tag == "if":
                if condition(child.get("expr", ""), path):
                    walk(child)
            elif child.tag == "message":
                name = child.get("name")
                for_id, template = message_parts(child)
                messages[name] = {"id": message_id(for_id, child.get("meaning", "")), "en": template}
            else:
                walk(child)

    for block in root.iter("messages"):
        walk(block)
    if not messages:
        raise ExtractionError(f"{path}: no <message> found")
    return messages


def read_xtb(snapshot):
    path = snapshot / XTB
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        raise ExtractionError(f"{path}: {error}") from None
    translations = {}
    for element in root.iter("translation"):
        parts = [element.text or ""]
        for child in element:
            name = child.get("name")
            parts.append("{" + PLACEHOLDERS.get(name, name.lower()) + "}")
            parts.append(child.tail or "")
        translations[element.get("id")] = "".join(parts).strip()
    return translations


def chromium_words(snapshot, commit):
    messages = read_grd(snapshot)
    translations = read_xtb(snapshot)
    wanted = sorted(name for name in messages if name.startswith("IDS_AX_ROLE_"))
    for name in STATE_MESSAGES:
        if name not in messages:
            raise ExtractionError(f"{snapshot / GRD}: {name} is not an Android message there")
    outputs, notes = {}, []
    for language in ("en", "ko"):
        groups = {"roles": {}, "states": {}}
        cites = {"roles": {}, "states": {}}
        for group, names in (("roles", wanted), ("states", STATE_MESSAGES)):
            for name in names:
                message = messages[name]
                cite = {"repository": CHROMIUM, "path": GRD, "commit": commit, "key": name}
                word = message["en"]
                if language == "ko":
                    translated = translations.get(message["id"])
                    cite = {"repository": CHROMIUM, "path": XTB, "commit": commit, "key": name,
                            "messageId": message["id"]}
                    if translated is None:
                        cite["untranslated"] = True
                        notes.append(f"{name} ({message['id']}) has no Korean in {XTB}: English, as Chromium falls back")
                    else:
                        word = translated
                groups[group][name] = word
                cites[group][name] = cite
        files = [GRD] if language == "en" else [GRD, XTB]
        outputs[language] = {
            "language": language,
            "source": f"{CHROMIUM} {commit}: {', '.join(files)}; the messages a Chrome for Android build "
                      "keeps (<if> evaluated for Android); each entry's file, commit and message in citations",
            "licence": "BSD-3-Clause",
            **groups,
            "citations": cites,
        }
    return outputs, notes


SIMPLE = re.compile(r'String (AX\w+)\(\)\s*\{\s*return WEB_UI_STRING\("((?:[^"\\]|\\.)*)"')
GROUP_BLOCK = re.compile(r"String AXARIAContentGroupText\(const String& ariaType\)\s*\{(.*?)\n\}", re.S)
GROUP_CASE = re.compile(r'if \(ariaType == "(\w+)"\)\s*return WEB_UI_STRING\("((?:[^"\\]|\\.)*)"')


def webkit_words(snapshot, commit):
    path = snapshot / STRINGS
    text = path.read_text(encoding="utf-8")
    roles, verbs = {}, {}
    for match in SIMPLE.finditer(text):
        name, word = match.group(1), match.group(2)
        if name.startswith("AXApplePay") or name.startswith("AXAutoFill"):
            continue
        (verbs if name.endswith("ActionVerb") else roles)[name] = word
    block = GROUP_BLOCK.search(text)
    if not block:
        raise ExtractionError(f"{path}: AXARIAContentGroupText not found")
    groups = {match.group(1): match.group(2) for match in GROUP_CASE.finditer(block.group(1))}
    for needed in ("AXLinkText", "AXHeadingText", "AXFooterRoleDescriptionText"):
        if needed not in roles:
            raise ExtractionError(f"{path}: {needed} not found")
    if "ARIALandmarkNavigation" not in groups:
        raise ExtractionError(f"{path}: AXARIAContentGroupText has no ARIALandmarkNavigation")

    def cite(key):
        return {"repository": WEBKIT, "path": STRINGS, "commit": commit, "key": key}

    english = {
        "language": "en",
        "source": f"{WEBKIT} {commit}: {STRINGS} (WEB_UI_STRING, the English of Apple's WebCore); "
                  "each entry's function and commit in citations",
        "licence": "BSD-2-Clause",
        "roleDescriptions": roles,
        "contentGroups": groups,
        "actionVerbs": verbs,
        "citations": {
            "roleDescriptions": {key: cite(f"{key}()") for key in roles},
            "contentGroups": {key: cite(f'AXARIAContentGroupText("{key}")') for key in groups},
            "actionVerbs": {key: cite(f"{key}()") for key in verbs},
        },
    }
    missing = sorted([f"roleDescriptions.{key}" for key in roles] + [f"contentGroups.{key}" for key in groups]
                     + [f"actionVerbs.{key}" for key in verbs])
    korean = {
        "language": "ko",
        "source": f"{WEBKIT} {commit}: {STRINGS} has no Korean; the keys are those of en.json",
        "licence": "BSD-2-Clause",
        "roleDescriptions": {},
        "contentGroups": {},
        "actionVerbs": {},
        "missing": missing,
        "citations": {"missing": {"repository": WEBKIT, "path": STRINGS, "commit": commit,
                                  "key": "WEB_UI_STRING", "reason": WEBKIT_KOREAN_MISSING}},
    }
    return {"en": english, "ko": korean}


def render(value):
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def git_commit(snapshot):
    try:
        return subprocess.run(["git", "-C", str(snapshot), "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main():
    parser = UsageParser(
        description=__doc__.split("\n\n")[0],
        epilog=f"The committed data was read at {CHROMIUM} {CHROMIUM_COMMIT} and {WEBKIT} {WEBKIT_COMMIT}.")
    parser.add_argument("--chromium", type=Path, required=True, metavar="PATH",
                        help=f"a Chromium snapshot holding {GRD} and {XTB} (expected at {CHROMIUM_COMMIT})")
    parser.add_argument("--webkit", type=Path, required=True, metavar="PATH",
                        help=f"a WebKit snapshot holding {STRINGS} (expected at {WEBKIT_COMMIT})")
    parser.add_argument("--chromium-commit", help="the Chromium snapshot's commit, when it is not a git work tree")
    parser.add_argument("--webkit-commit", help="the WebKit snapshot's commit, likewise")
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    parser.add_argument("--out", type=Path, help="write chromium-android/ and webkit-ios/ here instead of voices/")
    parser.add_argument("--update", action="store_true",
                        help="write even when a snapshot's commit is not the one the committed data names")
    options = parser.parse_args()
    chromium_commit = options.chromium_commit or git_commit(options.chromium)
    webkit_commit = options.webkit_commit or git_commit(options.webkit)
    if not chromium_commit or not webkit_commit:
        print("error: a snapshot is not a git work tree; give --chromium-commit and --webkit-commit", file=sys.stderr)
        return 64
    for name, found, expected in (("Chromium", chromium_commit, CHROMIUM_COMMIT), ("WebKit", webkit_commit, WEBKIT_COMMIT)):
        if not re.fullmatch(r"[0-9a-f]{40}", found):
            print(f"error: {name} commit {found!r} is not 40 hex digits", file=sys.stderr)
            return 64
        if found != expected and not options.update and not options.check:
            print(f"error: the {name} snapshot is at {found}; the committed data names {expected}: its words may "
                  "differ. Nothing was written; give --update to write them and review the diff of every word.",
                  file=sys.stderr)
            return 1
    try:
        chromium, notes = chromium_words(options.chromium, chromium_commit)
        webkit = webkit_words(options.webkit, webkit_commit)
    except (ExtractionError, OSError, UnicodeDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65
    for line in notes:
        print(f"note: {line}", file=sys.stderr)
    outputs = {f"chromium-android/{language}.json": render(words) for language, words in chromium.items()}
    outputs.update({f"webkit-ios/{language}.json": render(words) for language, words in webkit.items()})
    if options.check:
        differing = [name for name, text in outputs.items()
                     if not (VOICES / name).exists() or (VOICES / name).read_text(encoding="utf-8") != text]
        for name in differing:
            print(f"voices/{name} differs from the script's output", file=sys.stderr)
        return 1 if differing else 0
    target = options.out or VOICES
    for name, text in outputs.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(sorted(outputs))} to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
