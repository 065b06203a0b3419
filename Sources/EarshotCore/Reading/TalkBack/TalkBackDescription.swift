/// How TalkBack describes a node (docs/talkback.md, "The order of a description" and "What a
/// focused node says"): its parts (selected, checked, state, label, role, children, disabled,
/// heading) in the order of TalkBack's default setting, which the words file gives, joined by its
/// separator; the usage hint after a pause as an utterance of its own, never on a disabled node.
///
/// - The label is the content description, else the text; an edit text's is its text, else its
///   content description, else its hint text (a field showing its hint); a password field's is
///   its description or the password word, then the count of its characters, never the text.
/// - The hint text of any other node (an edit box that shows text of its own included) comes
///   after the role and the children (`getHintDescription`).
/// - A focused node with nothing at all to say is `unlabelled` (`getUnlabelledNodeDescription`);
///   a focused edit box says `editing`.
/// - A switch or toggle button says its state description, else its text, else its on or off
///   word, and is named by its content description (`SwitchDescription`). Before Android 11 a
///   switch's text was its ON / OFF; since, the framework gives a state description, which
///   Appium does not write: a switch whose text is not an on or off word (`Wi‑Fi`) is read as
///   Android 11 and later present it, its text as its name and the on or off word as its state
///   (Earshot's choice).
/// - Another checkable node says its state description, else the checked words.
/// - An image or image button without a name says `unlabelled`.
/// - Repeated words inside the parts are said once (`CompositorUtils.dedupJoin`).
enum TalkBackDescription {
    /// The node's own label.
    static func label(of android: AndroidView, words: TalkBackVocabulary) -> String? {
        let role = role(of: android, words: words)
        if android.isPassword {
            // EditTextDescription.nameDescription: the description, else the password word; then
            // the count of the characters typed (a dump shows the dots, one per character).
            var pieces = [nonEmpty(android.contentDescription) ?? words.password].compactMap { $0 }
            if let count = passwordCount(of: android, words: words) { pieces.append(count) }
            return pieces.isEmpty ? nonEmpty(android.hint) : pieces.joined(separator: words.separator)
        }
        if role == .editText {
            // Text over description; a field showing its hint has the hint as its text on a device
            // (TextView.getTextForAccessibility), so an empty one is named by its hint.
            return nonEmpty(android.text) ?? nonEmpty(android.contentDescription) ?? nonEmpty(android.hint)
        }
        if isToggle(role), nonEmpty(android.contentDescription) == nil, nonEmpty(android.stateDescription) == nil {
            return textIsState(android, words: words) ? nil : nonEmpty(android.text)
        }
        return nonEmpty(android.contentDescription) ?? nonEmpty(android.text)
    }

    /// The node's role: its class's, with `Role.getRole`'s conditions that a clickable image is an
    /// image button, and that a view group (or a class TalkBack does not know) with collection
    /// info is a grid when it has more than one row and column, else a list.
    static func role(of android: AndroidView, words: TalkBackVocabulary) -> TalkBackRole? {
        let role = words.role(ofClass: android.className)
        if role == .image, android.isClickable { return .imageButton }
        if android.isCollection, role == nil || role == .viewGroup || role == TalkBackRole.none {
            let grid = (android.collectionRowCount ?? 1) > 1 && (android.collectionColumnCount ?? 1) > 1
            return grid ? .grid : .list
        }
        return role
    }

    /// The text as compared for repeats: lower-cased, without the cost of lower-casing text that
    /// has no case (Hangul, digits, spaces and punctuation stay as they are).
    static func caseFolded(_ text: String) -> String {
        let caseless = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII ? !(scalar.value >= 0x41 && scalar.value <= 0x5A)
                : (0xAC00...0xD7A3).contains(scalar.value) || (0x3000...0x303F).contains(scalar.value)
        }
        return caseless ? text : text.lowercased()
    }

    /// Whether an edit box shows its hint in place of text (`isShowingHintText`, which a dump does
    /// not write): its text is empty or is its hint (Earshot's choice).
    static func showsHint(_ android: AndroidView) -> Bool {
        guard let text = nonEmpty(android.text) else { return true }
        return text == android.hint
    }

    /// A password field's `{count} characters` (`template_password_character_count`), for a field
    /// that holds text; an EditText supports setting the selection, so TalkBack counts rather than
    /// reads. None for an empty field or one showing its hint.
    static func passwordCount(of android: AndroidView, words: TalkBackVocabulary) -> String? {
        guard !showsHint(android), let text = nonEmpty(android.text) else { return nil }
        let count = text.count
        return TalkBackCollection.fill(words.passwordCharacters[count == 1 ? "charactersOne" : "characters"]
            ?? words.passwordCharacters["characters"], ["count": count])
    }

    /// The node's hint text as TalkBack appends it after the role and the children
    /// (`AccessibilityNodeFeedbackUtils.getHintDescription`): none for an edit box showing it.
    /// A page's password field shows no hint as its text (Chrome's text is the field's value and
    /// no showing-hint flag was found in Chromium's code read), and its label is the password
    /// word, so its hint, the field's name, is said after the role even when it is empty
    /// (Earshot's reading, docs/mobile-web.md "Password fields").
    static func hintText(of android: AndroidView, role: TalkBackRole?) -> String? {
        guard let hint = nonEmpty(android.hint) else { return nil }
        if android.isPassword, android.isWebContent { return hint }
        return role == .editText && showsHint(android) ? nil : hint
    }

    /// Whether TalkBack says `unlabelled` in place of the whole description
    /// (`AccessibilityNodeFeedbackUtils.getUnlabelledNodeDescription` with
    /// `TalkBackLabelManager.needsLabel`): an enabled node that is clickable or long-clickable (or
    /// focusable with a resource id, which a label can be given to: `canAddLabel`), has no
    /// children, and has nothing to say, no text, description, state description, hint or role
    /// word, and is not checkable, a seek control or a progress bar.
    static func needsLabel(_ android: AndroidView, role: TalkBackRole?, hasChildren: Bool, words: TalkBackVocabulary) -> Bool {
        guard android.isEnabled, !hasChildren, !android.isCheckable,
              android.isClickable || android.isLongClickable
                || (android.isFocusable && android.resourceID?.contains(":id/") == true) else { return false }
        if role == .seekControl || role == .progressBar { return false }
        return nonEmpty(android.text) == nil && nonEmpty(android.contentDescription) == nil
            && nonEmpty(android.stateDescription) == nil && nonEmpty(android.hint) == nil
            && words.word(forRole: role).isEmpty && nonEmpty(android.roleDescription) == nil
    }

    static func isToggle(_ role: TalkBackRole?) -> Bool { role == .switchControl || role == .toggleButton }

    /// A switch's text that says its state: `ON` / `OFF` as switches showed before Android 11, or
    /// the words file's on and off words.
    static func textIsState(_ android: AndroidView, words: TalkBackVocabulary) -> Bool {
        guard let text = nonEmpty(android.text)?.lowercased() else { return false }
        return ["on", "off", words.states["on"]?.lowercased(), words.states["off"]?.lowercased()].contains(text)
    }

    /// The node's own parts in TalkBack's order, without its children and hint. `focused` false:
    /// said as a child of the focused node, where an unnamed image says nothing at all.
    /// `position` and `collectionTransition`: what `TalkBackCollection` says for the focus move; a
    /// heading's word then comes with the position, which it leads (`heading` is its fallback).
    static func parts(of android: AndroidView, label: String?, labelAttributes: SpeechAttributes = .none,
                      children: String? = nil, hasChildren: Bool = false, focused: Bool = true, position: [String] = [],
                      collectionTransition: String? = nil, words: TalkBackVocabulary) -> [SpokenPart] {
        let role = role(of: android, words: words)
        // Each part with its name, in the order added.
        var added: [(name: TalkBackPart, part: SpokenPart)] = []
        func add(_ name: TalkBackPart, _ text: String?, _ attributes: SpeechAttributes = .none) {
            guard let text = nonEmpty(text) else { return }
            added.append((name, SpokenPart(slot: name.rawValue, text: text, attributes: attributes)))
        }
        // A focused node with nothing to say is `unlabelled`, in place of its whole description
        // (EventTypeViewAccessibilityFocusedFeedbackRule.viewAccessibilityFocusedDescription).
        if focused, needsLabel(android, role: role, hasChildren: hasChildren, words: words) {
            return [SpokenPart(slot: TalkBackPart.state.rawValue, text: words.states["unlabelled"] ?? "")]
                .filter { !$0.text.isEmpty }
                + position.map { SpokenPart(slot: "position", text: $0) }
                + [nonEmpty(collectionTransition)].compactMap { $0 }.map { SpokenPart(slot: "collectionTransition", text: $0) }
        }
        if android.isSelected { add(.selected, words.states["selected"]) }
        // A node offering expand is collapsed, one offering collapse expanded
        // (`getCollapsedOrExpandedStateText`; recorded on a page: "collapsed, show more, button").
        if let expanded = android.expansion { add(.expansion, words.states[expanded ? "expanded" : "collapsed"]) }
        if let described = nonEmpty(android.stateDescription) {
            add(.state, described)
        } else if isToggle(role) {
            let text = nonEmpty(android.contentDescription) != nil || textIsState(android, words: words)
                ? nonEmpty(android.text) : nil
            add(.state, text ?? words.states[android.isChecked ? "on" : "off"])
        } else if android.isCheckable {
            add(.checked, words.states[android.isChecked ? "checked" : "notChecked"])
        }
        // An edit box with input focus says `editing` in its state (EditTextDescription.stateDescription,
        // when the keyboard is up: Earshot's choice, a field a dump shows focused has its keyboard).
        if role == .editText, android.isFocused { add(.state, words.states["editing"]) }
        if label == nil, role == .image || role == .imageButton {
            // Unlabelled is said of the focused image; a decoration inside a row is silent
            // (Earshot's choice: TalkBack adds a child's description only when it says something).
            guard focused else { return [] }
            add(.state, words.states["unlabelled"])
        }
        add(.label, label, labelAttributes)
        // The node's role description, when it has one, in place of TalkBack's role word
        // (`get_role_description_or_default`).
        add(.role, nonEmpty(android.roleDescription) ?? words.word(forRole: role))
        add(.children, children)
        add(.hintText, hintText(of: android, role: role))
        // "disabled" is never said on a heading (AccessibilityNodeFeedbackUtils.announceDisabled).
        if !android.isEnabled && !android.isHeading { add(.disabled, words.states["disabled"]) }
        // A web node's heading is its role description ("heading 2"): the focus rule's heading
        // branch is for nodes that are no web container (compositor.json, line 72).
        if android.isHeading && position.isEmpty && !android.isWebContent { add(.heading, words.heading) }
        var ordered: [SpokenPart] = []
        ordered.reserveCapacity(added.count + position.count + 1)
        if added.count == 1 {
            ordered.append(added[0].part)
        } else {
            for name in words.ownPartOrder {
                for entry in added where entry.name == name { ordered.append(entry.part) }
            }
            // Repeated words inside the node's own parts are said once, whatever their case.
            var seen: [String] = []
            ordered = ordered.filter { part in
                let folded = caseFolded(part.text)
                if seen.contains(folded) { return false }
                seen.append(folded)
                return true
            }
        }
        // The position (after `disabled`, in place of `heading`) and the collection transition
        // come after the node's description (EventTypeViewAccessibilityFocusedFeedbackRule).
        ordered += position.map { SpokenPart(slot: "position", text: $0) }
        if let transition = nonEmpty(collectionTransition) {
            ordered.append(SpokenPart(slot: "collectionTransition", text: transition))
        }
        return ordered
    }

    /// The usage hint (`NodeRoleHint.getHint`): a clickable drop-down list's own alone
    /// (`getSpinnerClickableHint`); an edit text's own when it is clickable and does not have
    /// input focus (`getEditTextHint`); else the first of toggle (checkable and clickable) and
    /// activate (clickable); then the long-press hint for a long-clickable node. None on a
    /// disabled node.
    static func hint(of android: AndroidView, words: TalkBackVocabulary) -> String? {
        guard android.isEnabled else { return nil }
        let role = role(of: android, words: words)
        if role == .dropDownList {
            return android.isClickable ? nonEmpty(words.hints["dropDownList"]) : nil
        }
        var sentences: [String] = []
        if role == .editText {
            if !android.isFocused, android.isClickable, let hint = nonEmpty(words.hints["editText"]) { sentences.append(hint) }
        } else if android.isCheckable && android.isClickable, let toggle = nonEmpty(words.hints["toggle"]) {
            sentences.append(toggle)
        } else if android.isClickable, let activate = nonEmpty(words.hints["activate"]) {
            sentences.append(activate)
        }
        if android.isLongClickable, let longPress = nonEmpty(words.hints["longPress"]) { sentences.append(longPress) }
        // NodeRoleHint.getDefaultHint joins them with CompositorUtils.joinCharSequences: the
        // separator (", "), whatever the first ends with.
        return sentences.isEmpty ? nil : sentences.joined(separator: words.separator)
    }
}

extension DescriptionGenerator {
    /// `previous`: the stop focus came from, for the collection's position and transition (nil:
    /// from outside any collection).
    func describeForTalkBack(_ stop: FocusStop, _ android: AndroidView, after previous: FocusStop?,
                             words: TalkBackVocabulary) -> SpokenDescription {
        let (position, collection) = TalkBackCollection.transition(to: stop, from: previous, words: words)
        let pieces = TalkBackDescription.parts(of: android, label: stop.label,
                                               labelAttributes: attributes(of: stop, for: "label"),
                                               children: stop.childrenDescription,
                                               hasChildren: stop.talkBack?.hasChildren ?? false, position: position,
                                               collectionTransition: collection, words: words)
        var spoken = SpokenText()
        // TalkBack joins the parts with its separator even after a part that ends a sentence
        // ("Wifi signal full., Image": CompositorUtils.joinCharSequences adds it between every
        // two non-empty parts), unlike VoiceOver.
        for piece in pieces {
            Self.append(SpokenText(piece.text, piece.attributes), to: &spoken, with: words.separator, afterSentenceEnd: true)
        }
        let hint = TalkBackDescription.hint(of: android, words: words)
        return SpokenDescription(parts: pieces, spoken: spoken, hint: hint.map { SpokenText($0) }, language: stop.language)
    }
}
