#!/usr/bin/env python3
"""Extracts TalkBack's spoken words and description order into voices/talkback/LANG.json.

TalkBack (google/talkback, Apache-2.0) keeps its words in Android string resources and its
rules in Java and in `compositor.json`. Earshot keeps excerpts of them under
`voices/talkback/source/` (only the entries it uses, with the licence and SOURCES.md) and this
script turns those excerpts into one JSON file per language (schema: docs/talkback.md):

  voices/talkback/source/values*/strings_compositor.xml   words (roles, states, hints, positions)
  voices/talkback/source/values*/strings.xml              words from TalkBack's utils module
  voices/talkback/source/facts.json                       facts read from TalkBack's code: the
                                                          separator, the description orders,
                                                          Role.java's classes and role words
  voices/talkback/source/android-class-parents.json       Earshot's own: framework classes a dump
                                                          names that Role.java reaches by
                                                          inheritance (not TalkBack's file)

Templates are filled as TalkBack fills them with its default settings (double-tap, not single
tap); numbered arguments become named placeholders, e.g. Korean `%2$d개 중 %1$d번째` becomes
`{count}개 중 {index}번째`.

Usage:
  scripts/extract-talkback-words.py                 write voices/talkback/{ko,en,ja,zh}.json
  scripts/extract-talkback-words.py --check         exit 1 if any of them differs from the output
  scripts/extract-talkback-words.py --out DIR       write the JSON files to DIR instead
  scripts/extract-talkback-words.py --talkback DIR [--commit SHA --date YYYY-MM-DD]
      refresh the excerpts and facts.json from a full TalkBack checkout first (a git work tree
      gives its own commit and date), then write the JSON files.
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
SOURCE = VOICES / "source"

# Earshot's language -> TalkBack's resource folder (English is TalkBack's default folder).
LANGUAGES = {"ko": "values-ko", "en": "values", "ja": "values-ja", "zh": "values-zh-rCN"}

# Resource file in a TalkBack checkout (with {folder}) -> the file name in source/{folder}/.
RESOURCE_FILES = {
    "talkback/src/main/res/{folder}/strings_compositor.xml": "strings_compositor.xml",
    "utils/src/main/res/{folder}/strings.xml": "strings.xml",
}

# The entries Earshot takes, by excerpt file name.
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
}

# Code files facts.json is read from, in a TalkBack checkout.
ROLE_JAVA = "utils/src/main/java/com/google/android/accessibility/utils/Role.java"
FEEDBACK_UTILS_JAVA = ("talkback/src/main/java/com/google/android/accessibility/talkback/"
                       "compositor/AccessibilityNodeFeedbackUtils.java")
COMPOSITOR_UTILS_JAVA = ("talkback/src/main/java/com/google/android/accessibility/talkback/"
                         "compositor/CompositorUtils.java")
COMPOSITOR_JSON = "talkback/src/main/res/raw/compositor.json"
DEFAULTS_XML = "talkback/src/main/res/values/donottranslate.xml"
FACT_FILES = [ROLE_JAVA, FEEDBACK_UTILS_JAVA, COMPOSITOR_UTILS_JAVA, COMPOSITOR_JSON, DEFAULTS_XML]

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


class ExtractionError(Exception):
    """A source file lacks what the script expects; the message names the file and the entry."""


def lower_camel(constant):
    """ROLE_CHECK_BOX -> checkBox."""
    words = constant.removeprefix("ROLE_").lower().split("_")
    return words[0] + "".join(word.capitalize() for word in words[1:])


# ---------------------------------------------------------------------------------------------
# Refreshing the excerpts and facts from a TalkBack checkout.

def excerpt_entries(text, names, path):
    """The raw XML of each named <string> or <plurals> element of a resource file, by name."""
    found = {}
    for name in names:
        match = re.search(r'[ \t]*<(string|plurals) name="%s"[^>]*>.*?</\1>' % re.escape(name),
                          text, re.S)
        if match:
            found[name] = match.group(0).strip()
    return found


def write_excerpt(checkout, relative, folder, file_name, names, commit):
    path = checkout / relative.format(folder=folder)
    if not path.exists():
        raise ExtractionError(f"{path}: no such file in the TalkBack checkout")
    entries = excerpt_entries(path.read_text(encoding="utf-8"), names, path)
    missing = [name for name in names if name not in entries]
    if missing and folder == "values":
        raise ExtractionError(f"{path}: no entry named {', '.join(missing)}")
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f"<!-- Excerpt of {relative.format(folder=folder)} in google/talkback at {commit}:",
        "     only the entries Earshot uses, unchanged. Apache License 2.0, see ../LICENSE. -->",
        '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">',
    ]
    lines += ["  " + entries[name] for name in names if name in entries]
    lines.append("</resources>")
    target = SOURCE / folder / file_name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


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
                "tests": tested,
                "role": lower_camel(roles[-1]),
                "otherRoles": [lower_camel(role) for role in roles[:-1]],
            })
    return [lower_camel(name) for name, _ in sorted(constants, key=lambda c: int(c[1]))], classes


def read_role_words(path):
    """getNodeRoleName's switch: each role constant to the string resource it speaks."""
    text = path.read_text(encoding="utf-8")
    start = text.find("public static CharSequence getNodeRoleName(")
    if start < 0:
        raise ExtractionError(f"{path}: no getNodeRoleName method")
    body, _ = balanced(text, text.index("{", start), "{", "}")
    words, pending = {}, []
    for line in body.splitlines():
        case = re.search(r"case Role\.(ROLE_\w+):", line)
        if case:
            pending.append(lower_camel(case.group(1)))
        word = re.search(r"getString\(R\.string\.(\w+)\)", line)
        if word and pending:
            for role in pending:
                words[role] = word.group(1)
            pending = []
    if not words:
        raise ExtractionError(f"{path}: getNodeRoleName names no string")
    return words


def read_separator(path):
    text = path.read_text(encoding="utf-8")
    chosen = re.search(r"private static String separator = (\w+);", text)
    if not chosen:
        raise ExtractionError(f"{path}: no default separator")
    value = re.search(r'%s = "([^"]*)";' % chosen.group(1), text)
    if not value:
        raise ExtractionError(f"{path}: no value for {chosen.group(1)}")
    return value.group(1)


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
    return words[0] + "".join(w.capitalize() for w in words[1:]).replace("Pos", "Position")


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
    for relative, file_name in RESOURCE_FILES.items():
        for folder in LANGUAGES.values():
            write_excerpt(checkout, relative, folder, file_name, NEEDED[file_name], commit)
    licence = checkout / "LICENSE"
    if not licence.exists():
        raise ExtractionError(f"{licence}: no licence file in the TalkBack checkout")
    (SOURCE / "LICENSE").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")
    roles, classes = read_role_java(checkout / ROLE_JAVA)
    orders, node_orders = read_orders(checkout / COMPOSITOR_JSON)
    facts = {
        "talkback": {"repository": "google/talkback", "commit": commit, "date": date},
        "separator": read_separator(checkout / COMPOSITOR_UTILS_JAVA),
        "defaultOrder": read_default_order(checkout / DEFAULTS_XML),
        "orders": orders,
        "nodeOrders": node_orders,
        "roles": roles,
        "classes": classes,
        "roleWords": read_role_words(checkout / FEEDBACK_UTILS_JAVA),
    }
    if facts["defaultOrder"] not in orders:
        raise ExtractionError(f"{DEFAULTS_XML}: default order {facts['defaultOrder']} is not in compositor.json")
    write_json(SOURCE / "facts.json", facts)


# ---------------------------------------------------------------------------------------------
# Building the JSON files from the excerpts.

def android_text(element):
    """An Android string resource's text as getString returns it, before formatting."""
    text = "".join(element.itertext()).strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_strings(folder):
    """Every string of one language's excerpts; plurals as NAME#one and NAME#other."""
    strings = {}
    for file_name in NEEDED:
        path = SOURCE / folder / file_name
        if not path.exists():
            raise ExtractionError(f"{path}: missing (run with --talkback DIR to refresh the excerpts)")
        for element in ET.parse(path).getroot():
            name = element.get("name")
            if element.tag == "string":
                strings[name] = android_text(element)
            elif element.tag == "plurals":
                for item in element.findall("item"):
                    strings[f"{name}#{item.get('quantity')}"] = android_text(item)
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


def build(language, facts):
    folder = LANGUAGES[language]
    path = SOURCE / folder
    own = read_strings(folder)
    english = read_strings("values")
    # Android falls back to the default folder for an entry a language lacks.
    strings = {**english, **own}

    def word(name, **arguments):
        if name not in strings:
            raise ExtractionError(f"{path}: no entry {name} in this language or in values/")
        numbered = {int(k[1:]): v for k, v in arguments.items()}
        return fill(strings[name], numbered, path, name)

    def plural(name, **arguments):
        return word(f"{name}#other", **arguments), word(f"{name}#one", **arguments)

    tap = word("value_double_tap")
    roles = {role: (word(facts["roleWords"][role]) if role in facts["roleWords"] else "")
             for role in facts["roles"]}
    item_count, item_count_one = plural("template_list_total_count", a1="{count}")
    row_count, row_count_one = plural("template_list_row_count", a1="{count}")
    column_count, column_count_one = plural("template_list_column_count", a1="{count}")
    characters, characters_one = plural("template_password_character_count", a1="{count}")
    talkback = facts["talkback"]
    files = ", ".join(relative.format(folder=folder) for relative in RESOURCE_FILES)
    default = facts["defaultOrder"]
    return {
        "language": language,
        "source": (f"{talkback['repository']} {talkback['commit']} ({talkback['date']}): {files}; "
                   f"facts from {', '.join(Path(p).name for p in FACT_FILES)}; Apache-2.0 "
                   "(voices/talkback/source/LICENSE)"),
        "separator": facts["separator"],
        "order": facts["nodeOrders"][default],
        "orders": {"default": facts["orders"][default], **facts["orders"]},
        "classRoles": {entry["class"]: entry["role"] for entry in facts["classes"]}
        | android_subclass_roles(facts),
        "roles": roles,
        "heading": word("heading_template"),
        "states": {
            "checked": word("value_checked"),
            "notChecked": word("value_not_checked"),
            "on": word("value_on"),
            "off": word("value_off"),
            "selected": word("value_selected"),
            "disabled": word("value_disabled"),
            "enabled": word("value_enabled"),
            "expanded": word("value_expanded"),
            "collapsed": word("value_collapsed"),
            "unlabelled": word("value_unlabelled"),
            "editing": word("value_edit_box_editing"),
        },
        "hints": {
            "activate": word("template_hint_clickable", a1=tap),
            "toggle": word("template_hint_checkable", a1=tap),
            "longPress": word("template_hint_long_clickable", a1=tap),
            "editText": word("template_hint_edit_text", a1=tap),
            "dropDownList": word("template_hint_spinner", a1=tap),
            "select": word("template_hint_single_selection_item", a1=tap),
            "customAction": word("template_custom_hint_for_actions", a1=tap, a2="{action}"),
            "customLongPressAction": word("template_custom_hint_for_long_clickable_actions",
                                          a1=tap, a2="{action}"),
        },
        "position": {
            "inCollection": word("list_index_template", a1="{index}", a2="{count}"),
            "row": word("row_index_template", a1="{index}"),
            "column": word("column_index_template", a1="{index}"),
            "rowHeading": word("row_heading_template"),
            "columnHeading": word("column_heading_template"),
            "level": word("template_collection_level", a1="{level}"),
            "itemCount": item_count,
            "itemCountOne": item_count_one,
            "rowCount": row_count,
            "rowCountOne": row_count_one,
            "columnCount": column_count,
            "columnCountOne": column_count_one,
            "inList": word("in_list"),
            "inListNamed": word("in_list_with_name", a1="{name}"),
            "outOfList": word("out_of_list"),
            "outOfListNamed": word("out_of_list_with_name", a1="{name}"),
            "inGrid": word("in_grid"),
            "inGridNamed": word("in_grid_with_name", a1="{name}"),
            "outOfGrid": word("out_of_grid"),
            "outOfGridNamed": word("out_of_grid_with_name", a1="{name}"),
            "inPager": word("in_pager"),
            "inPagerNamed": word("in_pager_with_name", a1="{name}"),
            "outOfPager": word("out_of_pager"),
            "outOfPagerNamed": word("out_of_pager_with_name", a1="{name}"),
            "inVerticalPager": word("in_vertical_pager"),
            "inVerticalPagerNamed": word("in_vertical_pager_with_name", a1="{name}"),
            "outOfVerticalPager": word("out_of_vertical_pager"),
            "outOfVerticalPagerNamed": word("out_of_vertical_pager_with_name", a1="{name}"),
            "inHorizontalPager": word("in_horizontal_pager"),
            "inHorizontalPagerNamed": word("in_horizontal_pager_with_name", a1="{name}"),
            "outOfHorizontalPager": word("out_of_horizontal_pager"),
            "inGridPager": word("in_grid_pager"),
            "inGridPagerNamed": word("in_grid_pager_with_name", a1="{name}"),
            "outOfGridPager": word("out_of_grid_pager"),
            "outOfGridPagerNamed": word("out_of_grid_pager_with_name", a1="{name}"),
            "pagerPage": word("template_viewpager_index_count", a1="{index}", a2="{count}"),
            "pagerPageRole": word("value_pager_page"),
            "inWindow": word("in_window_with_name", a1="{title}"),
        },
        "password": {
            "field": word("value_password"),
            "characters": characters,
            "charactersOne": characters_one,
            "withoutHeadphones": word("summaryOff_pref_speak_passwords_without_headphones"),
        },
    }


def android_subclass_roles(facts):
    """Framework classes Role.java reaches by inheritance (Earshot's table of parents), by role.

    Role.java asks `instanceof` in its own order, so a class takes the role of the first class
    in that order that it is or extends.
    """
    path = SOURCE / "android-class-parents.json"
    parents = json.loads(path.read_text(encoding="utf-8"))["parents"]
    ordered = [entry for entry in facts["classes"] if entry["tests"] == "node"]
    roles = {}
    for name in parents:
        chain, current = [], name
        while current:
            if current in chain:
                raise ExtractionError(f"{path}: {name} is its own ancestor")
            chain.append(current)
            current = parents.get(current)
        match = next((entry for entry in ordered if entry["class"] in chain), None)
        roles[name] = match["role"] if match else "none"
    return roles


def write_json(path, value):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(value), encoding="utf-8")


def render(value):
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    parser.add_argument("--out", type=Path, help="write the JSON files here instead of voices/talkback")
    parser.add_argument("--talkback", type=Path, help="a TalkBack checkout to refresh the excerpts from")
    parser.add_argument("--commit", help="the checkout's commit, when it is not a git work tree")
    parser.add_argument("--date", help="the commit's date (YYYY-MM-DD), likewise")
    options = parser.parse_args()
    try:
        if options.talkback:
            refresh(options.talkback, options.commit, options.date)
        facts = json.loads((SOURCE / "facts.json").read_text(encoding="utf-8"))
        outputs = {f"{language}.json": render(build(language, facts)) for language in LANGUAGES}
    except (ExtractionError, OSError, ET.ParseError, KeyError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65
    if options.check:
        differing = [name for name, text in outputs.items()
                     if not (VOICES / name).exists() or (VOICES / name).read_text(encoding="utf-8") != text]
        for name in differing:
            print(f"voices/talkback/{name} differs from the script's output; run scripts/extract-talkback-words.py",
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
