#!/usr/bin/env python3
"""Extracts TalkBack's spoken words and description order into voices/talkback/LANG.json.

TalkBack (google/talkback, Apache-2.0) keeps its words in Android string resources and its
rules in Java and in `compositor.json`. This script reads them from a TalkBack snapshot (a
checkout, or the files below at their paths) and writes, for each language, the words Earshot
uses with a citation for each (repository, path, commit, key and line): nothing of TalkBack's
files is kept in Earshot's repository (docs/talkback.md, "Where the words come from").

Read from the snapshot:
  talkback/src/main/res/values*/strings_compositor.xml   words (roles, states, hints, positions)
  utils/src/main/res/values*/strings.xml                 a pager page's position
  utils/src/main/res/values*/strings_symbols.xml         the names of typed symbols
  utils/.../utils/Role.java                               role constants, the classes each role tests
  talkback/.../compositor/AccessibilityNodeFeedbackUtils.java   the string each role speaks
  talkback/.../compositor/CompositorUtils.java            the separator
  talkback/src/main/res/raw/compositor.json               the description orders
  talkback/src/main/res/values/donottranslate.xml         the default order, keyboard echo and
                                                          whether passwords are spoken
  utils/.../utils/output/SpeechCleanupUtils.java          which symbol name a typed character has
  utils/.../utils/input/TextEventFilter.java              what each keyboard echo value means
Earshot's own, beside the data:
  voices/talkback/android-class-parents.json              framework classes a dump names that
                                                          Role.java reaches by inheritance
Written:
  voices/talkback/{ko,en,ja,zh}.json                      the words, their citations, the licence
  voices/talkback/facts.json                              the facts read from TalkBack's code

Templates are filled as TalkBack fills them with its default settings (double-tap, not single
tap); numbered arguments become named placeholders, e.g. Korean `%2$d개 중 %1$d번째` becomes
`{count}개 중 {index}번째`.

The committed data names google/talkback at EXPECTED_COMMIT (below). A snapshot at another
commit may say other words: the script then says so and writes nothing unless --update is given,
so the words only change on purpose, with their diff reviewed.

Usage:
  scripts/extract-talkback-words.py --talkback PATH [--commit SHA --date YYYY-MM-DD]
      write voices/talkback/*.json from the snapshot at PATH (a git work tree gives its own
      commit and date; other snapshots need --commit and --date)
  ... --check       compare with the committed files instead; exit 1 on a difference
  ... --out DIR     write the files to DIR instead
  ... --update      accept a snapshot at another commit than the committed data names
"""

import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOICES = ROOT / "voices" / "talkback"
CLASS_PARENTS = VOICES / "android-class-parents.json"
FACTS = VOICES / "facts.json"

# Earshot's language -> TalkBack's resource folder (English is TalkBack's default folder).
LANGUAGES = {"ko": "values-ko", "en": "values", "ja": "values-ja", "zh": "values-zh-rCN"}

# The commit the committed data was read at (google/talkback, "Push to GitHub 2024-10-17").
EXPECTED_COMMIT = "26a27dc009d5b3605e744222541f045a3c24e038"
REPOSITORY = "google/talkback"
LICENCE = "Apache-2.0"

# Resource files in a TalkBack snapshot (with {folder}) -> a short name for the entries wanted.
RESOURCE_FILES = {
    "talkback/src/main/res/{folder}/strings_compositor.xml": "strings_compositor.xml",
    "utils/src/main/res/{folder}/strings.xml": "strings.xml",
    "utils/src/main/res/{folder}/strings_symbols.xml": "strings_symbols.xml",
}

# The entries Earshot takes, by resource file.
NEEDED = {
    "strings_compositor.xml": sorted([
        # Role words (AccessibilityNodeFeedbackUtils.getNodeRoleName).
        "value_button", "value_checkbox", "value_spinner", "value_edit_box", "value_gridview",
        "value_image", "value_listview", "value_pager", "value_pager_page", "value_progress_bar",
        "value_radio_button", "value_seek_bar", "value_switch", "value_tabwidget", "value_webview",
        # Headings.
        "heading_template", "row_heading_template", "column_heading_template",
        # States.
        "value_checked", "value_not_checked", "value_on", "value_off", "value_selected",
        "value_disabled", "value_enabled", "value_expanded", "value_collapsed",
        "value_unlabelled", "value_edit_box_editing",
        # Hints and the gesture word they are filled with.
        "value_double_tap", "template_hint_clickable", "template_hint_long_clickable",
        "template_hint_checkable", "template_hint_edit_text", "template_hint_spinner",
        "template_hint_single_selection_item", "template_custom_hint_for_actions",
        "template_custom_hint_for_long_clickable_actions",
        # Positions and collection transitions.
        "list_index_template", "row_index_template", "column_index_template",
        "template_collection_level", "template_list_total_count", "template_list_row_count",
        "template_list_column_count", "in_list", "in_list_with_name",
        "out_of_list", "out_of_list_with_name", "in_grid", "in_grid_with_name", "out_of_grid",
        "out_of_grid_with_name", "in_window_with_name",
        # A collection with a role description (a web table's "table": Chrome gives one).
        "in_collection_role_description", "in_collection_role_description_with_name",
        "out_of_role_description", "out_of_role_description_with_name",
        # Pagers (CollectionStateFeedbackUtils.getCollectionTransitionDescription, ROLE_PAGER).
        # TalkBack has no out_of_horizontal_pager_with_name: it says the unnamed word for both.
        "in_pager", "in_pager_with_name", "out_of_pager", "out_of_pager_with_name",
        "in_vertical_pager", "in_vertical_pager_with_name", "out_of_vertical_pager",
        "out_of_vertical_pager_with_name", "in_horizontal_pager", "in_horizontal_pager_with_name",
        "out_of_horizontal_pager", "in_grid_pager", "in_grid_pager_with_name", "out_of_grid_pager",
        "out_of_grid_pager_with_name",
        # Password fields.
        "value_password", "template_password_character_count",
        "summaryOff_pref_speak_passwords_without_headphones",
    ]),
    "strings.xml": ["template_viewpager_index_count"],
    # Filled in by read_facts from SpeechCleanupUtils: the names of TYPED_CHARACTERS.
    "strings_symbols.xml": [],
}

# The typed characters whose names Earshot takes (TalkBack names many more): the space, ASCII's
# punctuation that TalkBack names, and the bullet a password field shows.
TYPED_CHARACTERS = " !\"#$%&'()*,-./:;?@_•"

# Code files the facts are read from, in a TalkBack snapshot.
ROLE_JAVA = "utils/src/main/java/com/google/android/accessibility/utils/Role.java"
FEEDBACK_UTILS_JAVA = ("talkback/src/main/java/com/google/android/accessibility/talkback/"
                       "compositor/AccessibilityNodeFeedbackUtils.java")
COMPOSITOR_UTILS_JAVA = ("talkback/src/main/java/com/google/android/accessibility/talkback/"
                         "compositor/CompositorUtils.java")
COMPOSITOR_JSON = "talkback/src/main/res/raw/compositor.json"
DEFAULTS_XML = "talkback/src/main/res/values/donottranslate.xml"
CLEANUP_JAVA = "utils/src/main/java/com/google/android/accessibility/utils/output/SpeechCleanupUtils.java"
TEXT_FILTER_JAVA = "utils/src/main/java/com/google/android/accessibility/utils/input/TextEventFilter.java"
FACT_FILES = [ROLE_JAVA, FEEDBACK_UTILS_JAVA, COMPOSITOR_UTILS_JAVA, COMPOSITOR_JSON, DEFAULTS_XML, CLEANUP_JAVA,
              TEXT_FILTER_JAVA]

# compositor.json's node variables -> Earshot's names for the parts of a description.
PARTS = {
    "$node.notifySelected": "selected",
    "$node.notifyDisabled": "disabled",
    "$node.notifyCollapsedOrExpanded": "expansion",
    "$node.errorText": "error",
    "$node.hintDescription": "hintText",
    "$node.uniqueTooltipText": "tooltip",
    "$node.stateDescription": "state",
    "$node.textOrLabel": "label",
    "%get_role_description_or_default": "role",
}


class UsageParser(argparse.ArgumentParser):
    """argparse, with a usage error exiting 64 as Earshot's commands do."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        sys.exit(64)


class ExtractionError(Exception):
    """A source file lacks what the script expects; the message names the file and the entry."""


def line_of(text, offset):
    """The 1-based line of an offset in a file's text."""
    return text.count("\n", 0, offset) + 1


def lower_camel(constant):
    """ROLE_CHECK_BOX -> checkBox."""
    words = constant.removeprefix("ROLE_").lower().split("_")
    return words[0] + "".join(word.capitalize() for word in words[1:])


# ---------------------------------------------------------------------------------------------
# Reading the facts from TalkBack's code.

def balanced(text, start, opening, closing):
    """The text between the bracket at `start` and its match, and the index after the match."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return text[start + 1:index], index + 1
    raise ExtractionError(f"unbalanced {opening} at offset {start}")


def java_class_name(expression, imports, constants):
    """A checkInstanceOf argument as the class name Android reports (nested classes with $)."""
    expression = expression.strip()
    if expression.startswith('"'):
        return expression.strip('"')
    if expression in constants:
        return constants[expression]
    if expression.endswith(".class"):
        dotted = expression[: -len(".class")]
        if "." not in dotted:
            dotted = imports.get(dotted, dotted)
        parts = dotted.split(".")
        first_class = next(i for i, part in enumerate(parts) if part[:1].isupper())
        return ".".join(parts[: first_class + 1]) + "".join("$" + p for p in parts[first_class + 1:])
    raise ExtractionError(f"{ROLE_JAVA}: cannot read the class in checkInstanceOf(…, {expression})")


def read_role_java(path):
    """Role.java's role constants and, in its checking order, each class it names and its roles.

    A class's roles are the constants its `if` block returns; the last is the one returned
    when the block's inner conditions (clickable, editable, ...) do not hold.
    """
    text = path.read_text(encoding="utf-8")
    constants = re.findall(r"public static final int (ROLE_\w+) = (\d+);", text)
    constant_lines = {lower_camel(m.group(1)): line_of(text, m.start())
                      for m in re.finditer(r"public static final int (ROLE_\w+) = \d+;", text)}
    if not constants:
        raise ExtractionError(f"{path}: no ROLE_ constants")
    strings = dict(re.findall(r'public static final String (\w+) =\s*"([^"]+)";', text))
    imports = {name.rsplit(".", 1)[-1]: name for name in re.findall(r"^import ([\w.]+);", text, re.M)}
    node_method = text.find("public static int getRole(@Nullable AccessibilityNodeInfoCompat node)")
    event_method = text.find("private static int sourceClassNameToRole(")
    if node_method < 0 or event_method < 0:
        raise ExtractionError(f"{path}: no getRole(AccessibilityNodeInfoCompat) or sourceClassNameToRole")
    classes = []
    for match in re.finditer(r"\bif\s*\(", text):
        condition, after = balanced(text, match.end() - 1, "(", ")")
        arguments = re.findall(r"checkInstanceOf\(\s*(?:className|eventClassName)\s*,\s*([^()]+?)\)",
                               condition)
        if not arguments:
            continue
        brace = text.index("{", after)
        body, _ = balanced(text, brace, "{", "}")
        roles = re.findall(r"\b(ROLE_\w+)\b", body)
        if not roles:
            raise ExtractionError(f"{path}: the block for {arguments} returns no role")
        for argument in arguments:
            name = java_class_name(argument, imports, strings)
            if any(entry["class"] == name for entry in classes):
                continue
            # Which method tests the class: a node's class, or only an event's class.
            tested = max((start, kind) for start, kind in [(node_method, "node"), (event_method, "event")]
                         if start < match.start())[1]
            classes.append({
                "class": name,
                "line": line_of(text, match.start()),
                "tests": tested,
                "role": lower_camel(roles[-1]),
                "otherRoles": [lower_camel(role) for role in roles[:-1]],
            })
    return [lower_camel(name) for name, _ in sorted(constants, key=lambda c: int(c[1]))], classes, constant_lines


def read_role_words(path):
    """getNodeRoleName's switch: each role constant to the string resource it speaks."""
    text = path.read_text(encoding="utf-8")
    start = text.find("public static CharSequence getNodeRoleName(")
    if start < 0:
        raise ExtractionError(f"{path}: no getNodeRoleName method")
    opening = text.index("{", start)
    body, _ = balanced(text, opening, "{", "}")
    words, lines, pending = {}, {}, []
    first_line = line_of(text, opening + 1)
    for offset, line in enumerate(body.splitlines()):
        case = re.search(r"case Role\.(ROLE_\w+):", line)
        if case:
            pending.append((lower_camel(case.group(1)), first_line + offset))
        word = re.search(r"getString\(R\.string\.(\w+)\)", line)
        if word and pending:
            for role, number in pending:
                words[role], lines[role] = word.group(1), number
            pending = []
    if not words:
        raise ExtractionError(f"{path}: getNodeRoleName names no string")
    return words, lines


def read_separator(path):
    text = path.read_text(encoding="utf-8")
    chosen = re.search(r"private static String separator = (\w+);", text)
    if not chosen:
        raise ExtractionError(f"{path}: no default separator")
    value = re.search(r'%s = "([^"]*)";' % chosen.group(1), text)
    if not value:
        raise ExtractionError(f"{path}: no value for {chosen.group(1)}")
    return value.group(1), chosen.group(1), line_of(text, value.start())


def strip_comments(text):
    """compositor.json is JSON with // comments; drop them outside strings."""
    lines = []
    for line in text.splitlines():
        inside, cut = False, len(line)
        for index, char in enumerate(line):
            if char == '"' and (index == 0 or line[index - 1] != "\\"):
                inside = not inside
            elif not inside and line.startswith("//", index):
                cut = index
                break
        lines.append(line[:cut])
    return "\n".join(lines)


def call_arguments(expression, function):
    """`f(a, b)` -> [a, b], checking the function's name."""
    match = re.fullmatch(r"(\w+)\((.*)\)", expression.strip())
    if not match or match.group(1) != function:
        raise ExtractionError(f"{COMPOSITOR_JSON}: expected {function}(…), found {expression}")
    return [argument.strip() for argument in match.group(2).split(",")]


def part(variable):
    if variable not in PARTS:
        raise ExtractionError(f"{COMPOSITOR_JSON}: no part name for {variable}")
    return PARTS[variable]


def read_orders(path):
    """Each description order of compositor.json, as the list of parts it speaks in turn.

    Follows get_description_for_tree -> tree_description_with_label -> append_description_for_tree
    -> (description_for_tree_status, description_for_tree_nodes -> rule_default, children), then
    the focus event's own additions (TYPE_VIEW_ACCESSIBILITY_FOCUSED).
    """
    compositor = json.loads(strip_comments(path.read_text(encoding="utf-8")))
    nodes = compositor["named_nodes"]
    status = []
    for item in nodes["description_for_tree_status"]["join"]:
        status.append(part(item) if isinstance(item, str) else "checked")
    appended = nodes["append_description_for_tree"]["join"]
    focused = compositor["events"]["TYPE_VIEW_ACCESSIBILITY_FOCUSED"]["ttsOutput"]["join"]
    tail_source = json.dumps(focused[1:])
    tail = []
    for variable, name in [("$collection.itemTransition", "position"), ("@string/heading_template", "heading"),
                           ("$collection.transition", "collectionTransition"),
                           ("%window_transition", "windowTransition")]:
        if variable not in tail_source:
            raise ExtractionError(f"{path}: TYPE_VIEW_ACCESSIBILITY_FOCUSED no longer says {variable}")
        tail.append(name)
    orders, node_orders = {}, {}
    for case, tree in nodes["get_description_for_tree"]["cases"].items():
        node_order = [part(argument) for argument in
                      call_arguments(nodes["rule_default"]["cases"][case], "dedupJoin")]
        description_nodes = node_order + ["children"]
        combine = appended[0]["cases"][case]
        if combine.startswith("conditionalPrepend"):
            own = status + description_nodes
        else:
            call_arguments(combine, "conditionalAppend")
            own = description_nodes + status
        own += [part(item) for item in appended[1:]]
        full = []
        for item in tree["join"]:
            full += own if item == "%tree_description_with_label" else [part(item)]
        key = case[0].lower() + case[1:]
        orders[key] = full + tail
        node_orders[key] = node_order
    return orders, node_orders


def read_default_order(path):
    text = path.read_text(encoding="utf-8")
    match = re.search(r'<string name="pref_node_desc_order_default">pref_node_desc_order_value_(\w+)</string>',
                      text)
    if not match:
        raise ExtractionError(f"{path}: no pref_node_desc_order_default")
    words = match.group(1).split("_")  # state_name_role_pos
    return words[0] + "".join(w.capitalize() for w in words[1:]).replace("Pos", "Position"), line_of(text, match.start())


# ---------------------------------------------------------------------------------------------
# Reading the words from the snapshot's string resources.

def android_text(element):
    """An Android string resource's text as getString returns it, before formatting."""
    text = "".join(element.itertext()).strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_symbol_names(path):
    """SpeechCleanupUtils' TALKBACK_PUNCTUATION_AND_SYMBOL: each of TYPED_CHARACTERS -> (string name, line)."""
    text = path.read_text(encoding="utf-8")
    found = {}
    for match in re.finditer(r"\.put\('((?:\\.|[^'\\])+)', new Pair<>\(R\.string\.(\w+), \w+\)\)", text):
        raw = match.group(1)
        character = (raw.encode("ascii", "backslashreplace").decode("unicode_escape")
                     if raw.startswith("\\") else raw)
        if character in TYPED_CHARACTERS and character not in found:
            found[character] = (match.group(2), line_of(text, match.start()))
    missing = [c for c in TYPED_CHARACTERS if c not in found]
    if missing:
        raise ExtractionError(f"{path}: no symbol name for {missing!r}")
    return found


def read_typing_defaults(defaults_path, filter_path):
    """The keyboard echo's default (donottranslate.xml, named by TextEventFilter's PREF_ECHO_*) and
    whether passwords are spoken without headphones by default; each with its line."""
    defaults = defaults_path.read_text(encoding="utf-8")
    echo = re.search(r'<string name="pref_keyboard_echo_default"[^>]*>(\d+)</string>', defaults)
    speak = re.search(r'<bool name="pref_speak_passwords_without_headphones_default">(\w+)</bool>', defaults)
    if not echo or not speak:
        raise ExtractionError(f"{defaults_path}: no keyboard echo or speak-passwords default")
    constants = filter_path.read_text(encoding="utf-8")
    names = {m.group(2): (m.group(1), line_of(constants, m.start()))
             for m in re.finditer(r"public static final int PREF_ECHO_(\w+) = (\d+);", constants)}
    if echo.group(1) not in names:
        raise ExtractionError(f"{filter_path}: no PREF_ECHO_ constant is {echo.group(1)}")
    name, name_line = names[echo.group(1)]
    return ({"keyboardEcho": lower_camel(name), "speakPasswords": speak.group(1) == "true"},
            {"keyboardEcho": (line_of(defaults, echo.start()), "PREF_ECHO_" + name, name_line),
             "speakPasswords": line_of(defaults, speak.start())})


def read_strings(snapshot, folder):
    """The wanted strings of one resource folder: name (plurals as NAME#one, NAME#other) -> (text, path, line)."""
    strings = {}
    for relative, names in RESOURCE_FILES.items():
        relative = relative.format(folder=folder)
        path = snapshot / relative
        if not path.exists():
            raise ExtractionError(f"{path}: no such file in the TalkBack snapshot")
        text = path.read_text(encoding="utf-8")
        for name in NEEDED[names]:
            match = re.search(r'<(string|plurals) name="%s"[^>]*>.*?</\1>' % re.escape(name), text, re.S)
            if not match:
                continue
            element = ET.fromstring('<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">'
                                    + match.group(0) + "</resources>")[0]
            line = line_of(text, match.start())
            if element.tag == "string":
                strings[name] = (android_text(element), relative, line)
            else:
                for item in element.findall("item"):
                    strings[f"{name}#{item.get('quantity')}"] = (android_text(item), relative, line)
    return strings


def fill(template, arguments, path, name):
    """Replaces %N$s / %N$d (and a lone %s / %d as argument 1) with arguments[N]."""
    def replace(match):
        number = int(match.group(1) or 1)
        if number not in arguments:
            raise ExtractionError(f"{path}: {name} has argument {number}, which the script does not fill")
        return arguments[number]
    filled = re.sub(r"%(?:(\d+)\$)?[sd]", replace, template)
    return filled.replace("%%", "%")


# What each group's entries say: key -> (resource name, its arguments; "tap" is value_double_tap).
STATES = {
    "checked": "value_checked", "notChecked": "value_not_checked", "on": "value_on", "off": "value_off",
    "selected": "value_selected", "disabled": "value_disabled", "enabled": "value_enabled",
    "expanded": "value_expanded", "collapsed": "value_collapsed", "unlabelled": "value_unlabelled",
    "editing": "value_edit_box_editing",
}
HINTS = {
    "activate": ("template_hint_clickable", {1: "tap"}),
    "toggle": ("template_hint_checkable", {1: "tap"}),
    "longPress": ("template_hint_long_clickable", {1: "tap"}),
    "editText": ("template_hint_edit_text", {1: "tap"}),
    "dropDownList": ("template_hint_spinner", {1: "tap"}),
    "select": ("template_hint_single_selection_item", {1: "tap"}),
    "customAction": ("template_custom_hint_for_actions", {1: "tap", 2: "{action}"}),
    "customLongPressAction": ("template_custom_hint_for_long_clickable_actions", {1: "tap", 2: "{action}"}),
}
POSITION = {
    "inCollection": ("list_index_template", {1: "{index}", 2: "{count}"}),
    "row": ("row_index_template", {1: "{index}"}),
    "column": ("column_index_template", {1: "{index}"}),
    "rowHeading": ("row_heading_template", {}),
    "columnHeading": ("column_heading_template", {}),
    "level": ("template_collection_level", {1: "{level}"}),
    "itemCount": ("template_list_total_count#other", {1: "{count}"}),
    "itemCountOne": ("template_list_total_count#one", {1: "{count}"}),
    "rowCount": ("template_list_row_count#other", {1: "{count}"}),
    "rowCountOne": ("template_list_row_count#one", {1: "{count}"}),
    "columnCount": ("template_list_column_count#other", {1: "{count}"}),
    "columnCountOne": ("template_list_column_count#one", {1: "{count}"}),
    "inList": ("in_list", {}),
    "inListNamed": ("in_list_with_name", {1: "{name}"}),
    "outOfList": ("out_of_list", {}),
    "outOfListNamed": ("out_of_list_with_name", {1: "{name}"}),
    "inGrid": ("in_grid", {}),
    "inGridNamed": ("in_grid_with_name", {1: "{name}"}),
    "outOfGrid": ("out_of_grid", {}),
    "outOfGridNamed": ("out_of_grid_with_name", {1: "{name}"}),
    "inRoleDescription": ("in_collection_role_description", {1: "{role}"}),
    "inRoleDescriptionNamed": ("in_collection_role_description_with_name", {1: "{role}", 2: "{name}"}),
    "outOfRoleDescription": ("out_of_role_description", {1: "{role}"}),
    "outOfRoleDescriptionNamed": ("out_of_role_description_with_name", {1: "{role}", 2: "{name}"}),
    "inPager": ("in_pager", {}),
    "inPagerNamed": ("in_pager_with_name", {1: "{name}"}),
    "outOfPager": ("out_of_pager", {}),
    "outOfPagerNamed": ("out_of_pager_with_name", {1: "{name}"}),
    "inVerticalPager": ("in_vertical_pager", {}),
    "inVerticalPagerNamed": ("in_vertical_pager_with_name", {1: "{name}"}),
    "outOfVerticalPager": ("out_of_vertical_pager", {}),
    "outOfVerticalPagerNamed": ("out_of_vertical_pager_with_name", {1: "{name}"}),
    "inHorizontalPager": ("in_horizontal_pager", {}),
    "inHorizontalPagerNamed": ("in_horizontal_pager_with_name", {1: "{name}"}),
    "outOfHorizontalPager": ("out_of_horizontal_pager", {}),
    "inGridPager": ("in_grid_pager", {}),
    "inGridPagerNamed": ("in_grid_pager_with_name", {1: "{name}"}),
    "outOfGridPager": ("out_of_grid_pager", {}),
    "outOfGridPagerNamed": ("out_of_grid_pager_with_name", {1: "{name}"}),
    "pagerPage": ("template_viewpager_index_count", {1: "{index}", 2: "{count}"}),
    "pagerPageRole": ("value_pager_page", {}),
    "inWindow": ("in_window_with_name", {1: "{title}"}),
}
PASSWORD = {
    "field": ("value_password", {}),
    "characters": ("template_password_character_count#other", {1: "{count}"}),
    "charactersOne": ("template_password_character_count#one", {1: "{count}"}),
    "withoutHeadphones": ("summaryOff_pref_speak_passwords_without_headphones", {}),
}


def citation(commit, path, key, line=None, **more):
    """Where an entry comes from: the file of TalkBack's repository, its commit, the entry's key and line."""
    found = {"repository": REPOSITORY, "path": path, "commit": commit, "key": key}
    if line is not None:
        found["line"] = line
    return found | more


def build(language, snapshot, commit, date, facts, lines):
    folder = LANGUAGES[language]
    own = read_strings(snapshot, folder)
    english = read_strings(snapshot, "values")
    # Android falls back to the default folder for an entry a language lacks.
    strings = {**english, **own}

    def word(name, arguments=None):
        """The filled word and its citation."""
        if name not in strings:
            raise ExtractionError(f"{snapshot}: no entry {name} in {folder} or in values/")
        text, path, line = strings[name]
        filled = {}
        for number, value in (arguments or {}).items():
            filled[number] = word("value_double_tap")[0] if value == "tap" else value
        more = {"filledWith": "value_double_tap"} if "tap" in (arguments or {}).values() else {}
        return fill(text, filled, path, name), citation(commit, path, name.split("#")[0], line, **more)

    def group(table):
        entries = {key: word(*spec) if isinstance(spec, tuple) else word(spec) for key, spec in table.items()}
        return {k: v[0] for k, v in entries.items()}, {k: v[1] for k, v in entries.items()}

    roles, role_citations = {}, {}
    for role in facts["roles"]:
        if role in facts["roleWords"]:
            roles[role], role_citations[role] = word(facts["roleWords"][role])
            role_citations[role]["spokenFor"] = citation(commit, FEEDBACK_UTILS_JAVA, "getNodeRoleName",
                                                         lines["roleWords"][role])
        else:
            # getNodeRoleName has no case for it: TalkBack says no role word.
            roles[role] = ""
            role_citations[role] = citation(commit, ROLE_JAVA, "ROLE_" + re.sub(r"([A-Z])", r"_\1", role).upper(),
                                            lines["roleConstants"][role])
    states, state_citations = group(STATES)
    hints, hint_citations = group(HINTS)
    position, position_citations = group(POSITION)
    password, password_citations = group(PASSWORD)
    heading, heading_citation = word("heading_template")
    symbols, symbol_citations = {}, {}
    for character, name in facts["typing"]["symbols"].items():
        symbols[character], symbol_citations[character] = word(name)
        symbol_citations[character]["namedBy"] = citation(commit, CLEANUP_JAVA, "TALKBACK_PUNCTUATION_AND_SYMBOL",
                                                          lines["symbols"][character])
    echo_line, echo_constant, echo_constant_line = lines["typing"]["keyboardEcho"]
    typing = {"keyboardEcho": facts["typing"]["keyboardEcho"], "speakPasswords": facts["typing"]["speakPasswords"],
              "symbols": symbols}
    typing_citations = {
        "keyboardEcho": citation(commit, DEFAULTS_XML, "pref_keyboard_echo_default", echo_line,
                                 means=citation(commit, TEXT_FILTER_JAVA, echo_constant, echo_constant_line)),
        "speakPasswords": citation(commit, DEFAULTS_XML, "pref_speak_passwords_without_headphones_default",
                                   lines["typing"]["speakPasswords"]),
        "symbols": symbol_citations,
    }

    class_roles, class_citations = {}, {}
    for entry in facts["classes"]:
        class_roles[entry["class"]] = entry["role"]
        class_citations[entry["class"]] = citation(commit, ROLE_JAVA, "checkInstanceOf " + entry["class"], entry["line"])
    inherited, ancestors = android_subclass_roles(facts)
    for name, role in inherited.items():
        class_roles[name] = role
        ancestor = ancestors.get(name)
        line = next((e["line"] for e in facts["classes"] if e["class"] == ancestor), None)
        class_citations[name] = citation(commit, ROLE_JAVA, "checkInstanceOf " + (ancestor or "(none)"), line,
                                         via="voices/talkback/android-class-parents.json")
    default = facts["defaultOrder"]
    order_citation = citation(commit, COMPOSITOR_JSON, "rule_default." + default[0].upper() + default[1:])
    orders = {"default": facts["orders"][default], **facts["orders"]}
    order_citations = {name: citation(commit, COMPOSITOR_JSON, "get_description_for_tree."
                                      + (default if name == "default" else name)[0].upper()
                                      + (default if name == "default" else name)[1:])
                       for name in orders}
    order_citations["default"]["chosenBy"] = citation(commit, DEFAULTS_XML, "pref_node_desc_order_default",
                                                      lines["defaultOrder"])
    files = ", ".join(relative.format(folder=folder) for relative in RESOURCE_FILES)
    return {
        "language": language,
        "source": (f"{REPOSITORY} {commit} ({date}): {files}; facts from "
                   f"{', '.join(Path(p).name for p in FACT_FILES)}; each entry's file, key and line in citations"),
        "licence": LICENCE,
        "separator": facts["separator"],
        "order": facts["nodeOrders"][default],
        "orders": orders,
        "classRoles": class_roles,
        "roles": roles,
        "heading": heading,
        "states": states,
        "hints": hints,
        "position": position,
        "password": password,
        "typing": typing,
        "citations": {
            "separator": citation(commit, COMPOSITOR_UTILS_JAVA, lines["separatorName"], lines["separator"]),
            "order": order_citation,
            "orders": order_citations,
            "classRoles": class_citations,
            "roles": role_citations,
            "heading": heading_citation,
            "states": state_citations,
            "hints": hint_citations,
            "position": position_citations,
            "password": password_citations,
            "typing": typing_citations,
        },
    }


def read_facts(snapshot, commit, date):
    """The facts of TalkBack's code the words files need, and the lines they were read at."""
    def path(relative):
        found = snapshot / relative
        if not found.exists():
            raise ExtractionError(f"{found}: no such file in the TalkBack snapshot")
        return found
    roles, classes, constant_lines = read_role_java(path(ROLE_JAVA))
    orders, node_orders = read_orders(path(COMPOSITOR_JSON))
    separator, separator_name, separator_line = read_separator(path(COMPOSITOR_UTILS_JAVA))
    default, default_line = read_default_order(path(DEFAULTS_XML))
    role_words, role_word_lines = read_role_words(path(FEEDBACK_UTILS_JAVA))
    symbol_names = read_symbol_names(path(CLEANUP_JAVA))
    NEEDED["strings_symbols.xml"] = sorted({name for name, _ in symbol_names.values()})
    typing, typing_lines = read_typing_defaults(path(DEFAULTS_XML), path(TEXT_FILTER_JAVA))
    facts = {
        "about": ("Facts read by scripts/extract-talkback-words.py from TalkBack's code (not words): "
                  "Role.java's role constants and the classes each role tests (with their lines), the string "
                  "each role speaks (getNodeRoleName), the separator, the description orders of compositor.json "
                  "and the default one, the keyboard echo's and spoken passwords' defaults and the symbol name of "
                  "each typed character Earshot names. Apache-2.0, as TalkBack."),
        "talkback": {"repository": REPOSITORY, "commit": commit, "date": date, "licence": LICENCE},
        "separator": separator,
        "defaultOrder": default,
        "orders": orders,
        "nodeOrders": node_orders,
        "roles": roles,
        "classes": classes,
        "roleWords": role_words,
        "typing": {**typing, "symbols": {character: name for character, (name, _) in symbol_names.items()}},
    }
    if default not in orders:
        raise ExtractionError(f"{DEFAULTS_XML}: default order {default} is not in compositor.json")
    lines = {"roleConstants": constant_lines, "roleWords": role_word_lines, "separator": separator_line,
             "separatorName": separator_name, "defaultOrder": default_line,
             "symbols": {character: line for character, (_, line) in symbol_names.items()}, "typing": typing_lines}
    return facts, lines


def committed_commit():
    """The commit the committed data names, or None when there is none yet."""
    try:
        return json.loads((VOICES / "facts.json").read_text(encoding="utf-8"))["talkback"]["commit"]
    except (OSError, KeyError, ValueError):
        return None

def android_subclass_roles(facts):
    """Framework classes Role.java reaches by inheritance (Earshot's table of parents): their
    roles, and the class of Role.java's each one is found as.

    Role.java asks `instanceof` in its own order, so a class takes the role of the first class
    in that order that it is or extends.
    """
    if not CLASS_PARENTS.exists():
        raise ExtractionError(f"{CLASS_PARENTS}: missing")
    parents = json.loads(CLASS_PARENTS.read_text(encoding="utf-8"))["parents"]
    ordered = [entry for entry in facts["classes"] if entry["tests"] == "node"]
    roles, ancestors = {}, {}
    for name in parents:
        chain, current = [], name
        while current:
            if current in chain:
                raise ExtractionError(f"{CLASS_PARENTS}: {name} is its own ancestor")
            chain.append(current)
            current = parents.get(current)
        match = next((entry for entry in ordered if entry["class"] in chain), None)
        roles[name] = match["role"] if match else "none"
        ancestors[name] = match["class"] if match else None
    return roles, ancestors


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
    parser = UsageParser(
        description=__doc__.split("\n\n")[0],
        epilog=f"The committed data was read at {REPOSITORY} {EXPECTED_COMMIT} (2024-10-17); a snapshot of "
               "that commit gives the same files byte for byte.")
    parser.add_argument("--talkback", type=Path, required=True, metavar="PATH",
                        help=f"a TalkBack snapshot (expected: {REPOSITORY} at {EXPECTED_COMMIT})")
    parser.add_argument("--commit", help="the snapshot's commit, when it is not a git work tree")
    parser.add_argument("--date", help="the commit's date (YYYY-MM-DD), likewise")
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    parser.add_argument("--out", type=Path, help="write the files here instead of voices/talkback")
    parser.add_argument("--update", action="store_true",
                        help="write even when the snapshot's commit is not the one the committed data names")
    options = parser.parse_args()
    found_commit, found_date = git_commit_and_date(options.talkback)
    commit, date = options.commit or found_commit, options.date or found_date
    if not commit or not date:
        print(f"error: {options.talkback}: not a git work tree; give --commit and --date", file=sys.stderr)
        return 64
    try:
        facts, lines = read_facts(options.talkback, commit, date)
        outputs = {f"{language}.json": render(build(language, options.talkback, commit, date, facts, lines))
                   for language in LANGUAGES}
        outputs["facts.json"] = render(facts)
    except (ExtractionError, OSError, ET.ParseError, KeyError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65
    recorded = committed_commit()
    if options.check:
        differing = [name for name, text in outputs.items()
                     if not (VOICES / name).exists() or (VOICES / name).read_text(encoding="utf-8") != text]
        for name in differing:
            print(f"voices/talkback/{name} differs from the script's output", file=sys.stderr)
        return 1 if differing else 0
    if recorded and commit != recorded and not options.update:
        print(f"error: the snapshot is at {commit}, the committed data names {recorded}: its words may differ. "
              "Nothing was written; give --update to write them and review the diff of every word.", file=sys.stderr)
        return 1
    target = options.out or VOICES
    target.mkdir(parents=True, exist_ok=True)
    for name, text in outputs.items():
        (target / name).write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(sorted(outputs))} to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
