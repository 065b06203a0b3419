/// TalkBack's focus stops of a screen read from an Android dump (docs/talkback.md, "Which nodes
/// take accessibility focus", after `AccessibilityNodeInfoUtils.shouldFocusNode`), in TalkBack's
/// traversal order: the tree's order, not VoiceOver's frame sort.
///
/// A node on the screen (`displayed`, not marked unimportant for accessibility) is a stop when
/// 1. it is focusable to TalkBack (clickable, long-clickable, focusable or screen-reader
///    focusable) and has something to say: no children on the screen, or it speaks (its own text,
///    description, hint or state description, a checkable state, or children that speak and do
///    not take focus themselves); or
/// 2. it is a top-level scroll item (its parent scrolls, or is a list, grid or scroll view) that
///    speaks; or
/// 3. it is not focusable, has text or a description of its own, and no ancestor is a stop.
///
/// A stop speaks its own description (`TalkBackDescription`), then, when it has no content
/// description, the description of each child on the screen that does not take focus itself,
/// in tree order, recursively, joined with the words' separator (`TreeNodesDescription`).
/// A node without Android facts (an iOS element) is never a TalkBack stop.
enum TalkBackOrder {
    static func stops(of screen: Screen, words: TalkBackVocabulary) -> [FocusStop] {
        var stops: [FocusStop] = []
        let facts = Facts(screen.roots, words: words)
        var index = 0
        for root in screen.roots {
            collect(root, at: index, parent: nil, insideStop: false, place: nil, language: screen.language, words: words,
                    facts: facts, into: &stops)
            index += facts.size[index]
        }
        return stops
    }

    /// What is known of each node before the walk, by its place in the tree's order (a node's
    /// children follow it, each with its subtree): the size of its subtree, and whether it
    /// speaks (`speaks`), found once, bottom up, for every node (an ancestor that asks does not
    /// walk the subtree again).
    final class Facts {
        private(set) var size: [Int] = []
        private(set) var speaks: [Bool] = []

        init(_ roots: [AccessibilityNode], words: TalkBackVocabulary) {
            for root in roots { _ = record(root, words: words) }
        }

        /// Records the node and its subtree; returns whether the node speaks.
        private func record(_ node: AccessibilityNode, words: TalkBackVocabulary) -> Bool {
            let index = size.count
            size.append(1)
            speaks.append(false)
            var childSpeaks = false
            for child in node.children {
                let spoken = record(child, words: words)
                if !childSpeaks, spoken, isOnScreen(child), let inner = child.android, !isFocusable(inner) {
                    childSpeaks = true
                }
            }
            size[index] = size.count - index
            if let android = node.android {
                speaks[index] = hasOwnText(android) || android.isCheckable
                    || (childSpeaks && !isScrollItem(parent: android, words: words))
            }
            return speaks[index]
        }
    }

    /// `place`: the collection around `node` and the item it is in so far (`CollectionPlace`);
    /// `index`: the node's place in the tree's order (`Facts`).
    private static func collect(_ node: AccessibilityNode, at index: Int, parent: AndroidView?, insideStop: Bool,
                                place: CollectionPlace?, language: String?, words: TalkBackVocabulary,
                                facts: Facts, into stops: inout [FocusStop]) {
        guard let android = node.android, isOnScreen(node) else { return }
        let language = node.language ?? language
        var place = place
        if var item = place, android.isCollectionItem {
            item.itemID = node.id
            item.rowIndex = android.itemRowIndex
            item.columnIndex = android.itemColumnIndex
            place = item
        }
        var inside = insideStop
        if isStop(node, android, at: index, parent: parent, insideStop: insideStop, words: words, facts: facts) {
            var made = stop(node, android, at: index, language: language, words: words, facts: facts)
            made.collection = place
            stops.append(made)
            inside = true
        }
        // The items below a collection are its own: a collection inside an item starts afresh.
        if android.isCollection { place = CollectionPlace(collectionID: node.id, collection: android) }
        var childIndex = index + 1
        for child in node.children {
            collect(child, at: childIndex, parent: android, insideStop: inside, place: place, language: language,
                    words: words, facts: facts, into: &stops)
            childIndex += facts.size[childIndex]
        }
    }

    static func isOnScreen(_ node: AccessibilityNode) -> Bool {
        guard let android = node.android else { return false }
        return android.isDisplayed && !node.isOutOfReach && android.isImportantForAccessibility != false
    }

    /// Clickable, long-clickable, focusable or screen-reader-focusable.
    static func isFocusable(_ android: AndroidView) -> Bool {
        if android.isScreenReaderFocusable == true { return true }
        return android.isClickable || android.isLongClickable || android.isFocusable
    }

    static func hasOwnText(_ android: AndroidView) -> Bool {
        nonEmpty(android.contentDescription) != nil || nonEmpty(android.text) != nil
            || nonEmpty(android.hint) != nil || nonEmpty(android.stateDescription) != nil
    }

    /// Its parent scrolls, or is a list, grid or scroll view (`isTopLevelScrollItem`), by its class
    /// or its collection info. A RecyclerView counts as a list without collection info too:
    /// TalkBack knows it as one by its collection info, which a dump does not carry, and a
    /// RecyclerView nearly always has (Earshot's choice).
    static func isScrollItem(parent: AndroidView?, words: TalkBackVocabulary) -> Bool {
        guard let parent else { return false }
        if parent.isScrollable || parent.isCollection || parent.shortClassName == "RecyclerView" { return true }
        switch words.role(ofClass: parent.className) {
        case "list", "grid", "scrollView", "horizontalScrollView": return true
        default: return false
        }
    }

    private static func isStop(_ node: AccessibilityNode, _ android: AndroidView, at index: Int, parent: AndroidView?,
                               insideStop: Bool, words: TalkBackVocabulary, facts: Facts) -> Bool {
        if takesFocus(node, android, at: index, parent: parent, words: words, facts: facts) { return true }
        return !isFocusable(android) && !insideStop && hasOwnText(android)
    }

    /// Whether a node takes focus whatever its ancestors (cases 1 and 2), and so is not spoken
    /// by its parent.
    static func takesFocus(_ child: AccessibilityNode, _ inner: AndroidView, at index: Int, parent: AndroidView?,
                           words: TalkBackVocabulary, facts: Facts) -> Bool {
        if isFocusable(inner) && (!child.children.contains(where: isOnScreen) || facts.speaks[index]) {
            return true
        }
        return isScrollItem(parent: parent, words: words) && facts.speaks[index]
    }

    /// Whether a node speaks (`isSpeakingNode`): its own text, description, hint or state
    /// description, a checkable state, or a child that is on the screen, is not focusable, and
    /// speaks, when the node is not a list or other scrolling parent. Found by `Facts`.

    /// The stop for `node`: its own label, its children's descriptions; the VoiceOver-shaped
    /// traits set from the Android facts, so gestures (headings, dimmed) work as they do for
    /// VoiceOver.
    private static func stop(_ node: AccessibilityNode, _ android: AndroidView, at index: Int, language: String?,
                             words: TalkBackVocabulary, facts: Facts) -> FocusStop {
        var traits = node.traits
        if android.isHeading { traits.insert(.header) }
        if !android.isEnabled { traits.insert(.notEnabled) }
        if android.isSelected { traits.insert(.selected) }
        var stop = FocusStop(
            id: node.id, kind: node.kind, label: TalkBackDescription.label(of: android, words: words), value: nil,
            hint: nil, traits: traits, frame: node.frame ?? .zero, customActions: node.customActions,
            isOn: android.isCheckable ? android.isChecked : nil, adjustable: node.adjustable, language: language,
            speech: node.speech, android: android)
        if nonEmpty(android.contentDescription) == nil {
            stop.childrenDescription = nonEmpty(childrenDescription(of: node, android, at: index, words: words, facts: facts))
        }
        return stop
    }

    /// The descriptions of the children on the screen that do not take focus, each followed by
    /// its own children's (when it has no content description), joined. A child's "disabled" is
    /// left to the focused node, which says it once, last (Earshot's choice).
    private static func childrenDescription(of node: AccessibilityNode, _ android: AndroidView, at index: Int,
                                            words: TalkBackVocabulary, facts: Facts) -> String {
        var pieces: [String] = []
        var childIndex = index + 1
        for child in node.children {
            let at = childIndex
            childIndex += facts.size[at]
            guard isOnScreen(child), let inner = child.android,
                  !takesFocus(child, inner, at: at, parent: android, words: words, facts: facts) else { continue }
            var shown = inner
            shown.isEnabled = true
            pieces += TalkBackDescription.parts(of: shown, label: TalkBackDescription.label(of: shown, words: words),
                                                focused: false, words: words).map(\.text)
            if nonEmpty(inner.contentDescription) == nil,
               let nested = nonEmpty(childrenDescription(of: child, inner, at: at, words: words, facts: facts)) {
                pieces.append(nested)
            }
        }
        return pieces.joined(separator: words.separator)
    }
}
