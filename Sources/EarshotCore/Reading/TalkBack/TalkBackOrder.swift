/// TalkBack's focus stops of a screen read from an Android dump (docs/talkback.md, "Which nodes
/// take accessibility focus", after `AccessibilityNodeInfoUtils.shouldFocusNode`), in TalkBack's
/// traversal order: the tree's order, not VoiceOver's frame sort.
///
/// A node on the screen (`displayed`, not marked unimportant for accessibility) is a stop when
/// 1. it is focusable to TalkBack (clickable, long-clickable, focusable or screen-reader
///    focusable) and has something to say: no children on the screen, or it speaks (its own text,
///    description, hint or state description, a checkable state, or children that speak and do
///    not take focus themselves); or
/// 2. it is a top-level scroll item (its parent scrolls, or is a list, grid or scroll view, and
///    is not a drop-down list) that speaks; or
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
        screen.roots.forEachInPlace { root in
            collect(root, at: index, parent: nil, insideStop: false, place: nil, language: screen.language,
                    words: words, facts: facts, into: &stops)
            index += facts.size[index]
        }
        return stops
    }

    /// What is known of each node before the walk, by its place in the tree's order (a node's
    /// children follow it, each with its subtree): the size of its subtree, whether it is on the
    /// screen, is focusable, has a child on the screen, makes its children scroll items, and
    /// speaks (`speaks`), found once, bottom up, for every node (an ancestor that asks does not
    /// walk the subtree again). Nodes are read in place, never copied.
    struct Facts {
        private(set) var size: [Int] = []
        /// Whether the node speaks (`isSpeakingNode`): its own text, description, hint or state
        /// description, a checkable state, or a child that is on the screen, is not focusable, and
        /// speaks, when the node is not a list or other scrolling parent.
        private(set) var speaks: [Bool] = []
        private(set) var onScreen: [Bool] = []
        private(set) var focusable: [Bool] = []
        private(set) var childOnScreen: [Bool] = []
        /// Its own text, description, hint or state description.
        private(set) var ownText: [Bool] = []
        /// Whether its children are scroll items (`isScrollItem(parent:)`).
        private(set) var scrollsChildren: [Bool] = []
        /// Whether a node below it is a collection to TalkBack (`CollectionPlace.kind(of:words:)`).
        private(set) var holdsCollection: [Bool] = []
        /// The node's own kind of collection, nil when TalkBack does not take it for one.
        private(set) var collectionKind: [CollectionPlace.Kind?] = []
        /// The node's bounds, nil when the dump gives none.
        private(set) var frame: [Frame?] = []

        init(_ roots: [AccessibilityNode], words: TalkBackVocabulary) {
            roots.forEachInPlace { _ = record($0, words: words) }
        }

        /// Records the node and its subtree; returns whether the node speaks. The node's fields
        /// are read where it lies (`pointee`), so neither it nor its view is copied.
        private mutating func record(_ node: UnsafePointer<AccessibilityNode>, words: TalkBackVocabulary) -> Bool {
            let index = size.count
            size.append(1)
            speaks.append(false)
            // Visible is what the dump says (`isVisibleToUser`: uiautomator writes only visible
            // nodes, Appium says `displayed`); empty bounds ([0,0][0,0], a clipped child) do not
            // hide a node the dump lists (AccessibilityNodeInfoUtils.isVisible asks nothing else).
            onScreen.append(node.pointee.android?.isDisplayed == true && !node.pointee.isOutOfReach
                && node.pointee.android?.isImportantForAccessibility != false)
            focusable.append(node.pointee.android?.isTalkBackFocusable == true)
            childOnScreen.append(false)
            // A collection's text and description are only its transitions' ("in list X"):
            // TalkBack's hasText is false for a node with collection info.
            ownText.append(node.pointee.android.map { $0.hasOwnTalkBackText && !TalkBackOrder.isCollectionLike($0, words: words) } == true)
            scrollsChildren.append(false)
            holdsCollection.append(false)
            collectionKind.append(node.pointee.android.flatMap { CollectionPlace.kind(of: $0, words: words) })
            frame.append(node.pointee.frame)
            var childSpeaks = false
            var anyOnScreen = false
            var collectionBelow = false
            node.pointee.children.forEachInPlace { child in
                let childIndex = size.count
                let spoken = record(child, words: words)
                if holdsCollection[childIndex] || collectionKind[childIndex] != nil { collectionBelow = true }
                if onScreen[childIndex] {
                    anyOnScreen = true
                    if spoken, !focusable[childIndex] { childSpeaks = true }
                }
            }
            size[index] = size.count - index
            childOnScreen[index] = anyOnScreen
            holdsCollection[index] = collectionBelow
            guard node.pointee.android != nil else { return false }
            if !node.pointee.children.isEmpty {
                scrollsChildren[index] = isScrollItem(parent: node.pointee.android, words: words)
            }
            speaks[index] = ownText[index] || node.pointee.android?.isCheckable == true
                || (childSpeaks && !scrollsChildren[index])
            return speaks[index]
        }
    }

    /// `place`: the collection around `node` and the item it is in so far (`CollectionPlace`);
    /// `index`: the node's place in the tree's order (`Facts`), `parent` its parent's. The node is
    /// read where it lies (`pointee`); its view is copied only for a stop or a collection.
    private static func collect(_ node: UnsafePointer<AccessibilityNode>, at index: Int, parent: Int?, insideStop: Bool,
                                place: CollectionPlace?, language: String?, words: TalkBackVocabulary,
                                facts: Facts, into stops: inout [FocusStop]) {
        guard facts.onScreen[index] else { return }
        let language = node.pointee.language ?? language
        var place = place
        if var item = place, let view = node.pointee.android, view.isCollectionItem {
            item.enter(item: node.pointee.id, view)
            place = item
        }
        var inside = insideStop
        if isStop(at: index, parent: parent, insideStop: insideStop, facts: facts), let android = node.pointee.android {
            var made = stop(node, android, at: index, language: language, words: words, facts: facts)
            made.collection = place
            stops.append(made)
            inside = true
        }
        // The items below a collection (a list, grid or pager by its class, or one with collection
        // info) are its own: a collection inside an item starts afresh.
        // One TalkBack does not enter has no place (`CollectionState.shouldEnter`): its items say
        // no position and focus reaching them leaves the collection around it.
        if let kind = facts.collectionKind[index], let android = node.pointee.android {
            var childrenOnScreen = 0
            var childIndex = index + 1
            for _ in node.pointee.children.indices {
                if facts.onScreen[childIndex] { childrenOnScreen += 1 }
                childIndex += facts.size[childIndex]
            }
            place = CollectionPlace.entered(node.pointee.id, collection: android, kind: kind,
                                            holdingCollection: facts.holdsCollection[index],
                                            childrenOnScreen: childrenOnScreen)
            if kind == .grid { place?.readHeaders(of: node.pointee) }
        }
        forEachChild(of: node, at: index, insideStop: inside, facts: facts) { child, childIndex in
            collect(child, at: childIndex, parent: index, insideStop: inside, place: place,
                    language: language, words: words, facts: facts, into: &stops)
        }
    }

    /// Whether TalkBack knows the node as a collection (it has collection info): the dump says so,
    /// or its class is a list or grid (`ListView`, `GridView`) or a `RecyclerView`, which carry
    /// collection info though a dump does not write it (Earshot's choice, as for scroll items).
    static func isCollectionLike(_ view: AndroidView, words: TalkBackVocabulary) -> Bool {
        if view.isCollection { return true }
        switch words.role(ofClass: view.className) {
        case TalkBackRole.list?, TalkBackRole.grid?: return true
        default: return view.shortClassName == "RecyclerView"
        }
    }

    /// Its parent scrolls, or is a list, grid or scroll view (`isTopLevelScrollItem`), by its class
    /// or its collection info. A RecyclerView counts as a list without collection info too:
    /// TalkBack knows it as one by its collection info, which a dump does not carry, and a
    /// RecyclerView nearly always has (Earshot's choice).
    /// A drop-down list (a `Spinner`) makes no scroll items, scrollable or not: TalkBack focuses
    /// the spinner, not the one item it shows (`AccessibilityNodeInfoUtils.isScrollItem`).
    static func isScrollItem(parent: AndroidView?, words: TalkBackVocabulary) -> Bool {
        guard let parent else { return false }
        if words.role(ofClass: parent.className) == .dropDownList { return false }
        if parent.isScrollable || isCollectionLike(parent, words: words) { return true }
        let role = words.role(ofClass: parent.className)
        return role == .scrollView || role == .horizontalScrollView
    }

    static func isStop(at index: Int, parent: Int?, insideStop: Bool, facts: Facts) -> Bool {
        if takesFocus(at: index, parent: parent, facts: facts) { return true }
        return !facts.focusable[index] && !insideStop && facts.ownText[index]
    }

    /// Whether a node takes focus whatever its ancestors (cases 1 and 2), and so is not spoken
    /// by its parent.
    static func takesFocus(at index: Int, parent: Int?, facts: Facts) -> Bool {
        if facts.focusable[index] && (!facts.childOnScreen[index] || facts.speaks[index]) { return true }
        return (parent.map { facts.scrollsChildren[$0] } ?? false) && facts.speaks[index]
    }

    /// The stop for `node`: its own label, its children's descriptions; the VoiceOver-shaped
    /// traits set from the Android facts, so gestures (headings, dimmed) work as they do for
    /// VoiceOver.
    private static func stop(_ node: UnsafePointer<AccessibilityNode>, _ android: AndroidView, at index: Int,
                             language: String?, words: TalkBackVocabulary, facts: Facts) -> FocusStop {
        var traits = node.pointee.traits
        if android.isHeading { traits.insert(.header) }
        if !android.isEnabled { traits.insert(.notEnabled) }
        if android.isSelected { traits.insert(.selected) }
        var stop = FocusStop(
            id: node.pointee.id, kind: node.pointee.kind, label: TalkBackDescription.label(of: android, words: words),
            value: nil, hint: nil, traits: traits, frame: node.pointee.frame ?? .zero,
            customActions: node.pointee.customActions, isOn: android.isCheckable ? android.isChecked : nil,
            adjustable: node.pointee.adjustable, language: language, speech: node.pointee.speech,
            readerFacts: TalkBackStopFacts(android: android))
        stop.talkBack?.hasChildren = !node.pointee.children.isEmpty
        if nonEmpty(android.contentDescription) == nil {
            stop.childrenDescription = nonEmpty(childrenDescription(of: node, at: index, words: words, facts: facts))
        }
        node.pointee.children.forEachInPlace { child in
            if child.pointee.android?.isCheckable == true, let view = child.pointee.android {
                stop.checkableChildren.append(view)
            }
        }
        return stop
    }

    /// The descriptions of the children on the screen that do not take focus, each followed by
    /// its own children's (when it has no content description), joined. A child's "disabled" is
    /// left to the focused node, which says it once, last (Earshot's choice).
    private static func childrenDescription(of node: UnsafePointer<AccessibilityNode>, at index: Int,
                                            words: TalkBackVocabulary, facts: Facts) -> String {
        var pieces: [String] = []
        forEachChild(of: node, at: index, insideStop: true, facts: facts) { child, at in
            guard facts.onScreen[at], !takesFocus(at: at, parent: index, facts: facts),
                  var shown = child.pointee.android else { return }
            let hasDescription = nonEmpty(shown.contentDescription) != nil
            shown.isEnabled = true
            pieces += TalkBackDescription.parts(of: shown, label: TalkBackDescription.label(of: shown, words: words),
                                                focused: false, words: words).map(\.text)
            if !hasDescription,
               let nested = nonEmpty(childrenDescription(of: child, at: at, words: words, facts: facts)) {
                pieces.append(nested)
            }
        }
        return pieces.joined(separator: words.separator)
    }
}

extension AndroidView {
    /// Clickable, long-clickable, focusable or screen-reader-focusable (read in place through an
    /// optional, without copying the view).
    var isTalkBackFocusable: Bool {
        isScreenReaderFocusable == true || isClickable || isLongClickable || isFocusable
    }

    /// Its own text, description, hint or state description (a collection's are not its own
    /// speech: `TalkBackOrder.isCollectionLike`).
    var hasOwnTalkBackText: Bool {
        nonEmpty(contentDescription) != nil || nonEmpty(text) != nil || nonEmpty(hint) != nil
            || nonEmpty(stateDescription) != nil
    }
}
