import Foundation

/// NVDA's items of a page in browse mode, in document order (docs/web.md, "Items"): every node
/// that stands alone (a control, a heading, an image, a run of text outside those; the page's
/// interpreter marks them), skipping text that is only white space, each with the containers
/// around it that NVDA announces (`NVDASpeech.isAnnounced`: the words file's categories) and
/// the nodes around it that only quick navigation finds (a list item, a list box: L and I).
struct NVDAOrder {
    let speech: NVDASpeech

    func stops(of screen: Screen) -> [FocusStop] {
        var stops: [FocusStop] = []
        // NVDA's line the walk is on: a new one at each edge of a block and at each line break
        // (`NVDALines`); stops with the same number share a line.
        var line = 0
        // The marker of the list item being walked, until its first run of text takes it.
        var pendingMarker: String?
        // The roles L and I find (`facts.quickNavigation`), kept around a stop browse mode does
        // not announce them.
        let foundRoles = [NavigationTarget.list, .listItem].reduce(into: Set<NVDARole>()) { roles, target in
            roles.formUnion(speech.words.quickNavigation[target.rawValue]?.finds ?? [])
        }
        func walk(_ node: AccessibilityNode, containers: [NVDAContainer], found: [NVDAContainer], cell: WebTableCell?,
                  language: String?, parentEditable: Bool) {
            let language = node.language ?? language
            var containers = containers
            var found = found
            let cell = node.web?.tableCell ?? cell
            let editable = node.web?.properties["editable"] != nil
            let block = node.web.map(NVDALines.isBlock) ?? false
            if block { line += 1 }
            defer { if block { line += 1 } }
            if node.web?.role == .lineBreak {
                line += 1
                return
            }
            // An item is said as itself, never entered as a container (a separator is a marker).
            if let web = node.web, node.isAccessibilityElement != true, speech.isAnnounced(web) {
                // A document list says how many items it holds ("list with 3 items").
                var items: Int?
                if speech.isReadOnly(web), let roles = web.role.setItemRoles {
                    items = node.children.filter { $0.web.map { roles.contains($0.role) } == true }.count
                }
                containers.append(NVDAContainer(id: node.id, web: web, itemCount: items, tableSize: web.tableSize))
            } else if let web = node.web, node.isAccessibilityElement != true, speech.role(web).map(foundRoles.contains) == true {
                found.append(NVDAContainer(id: node.id, web: web))
            }
            if let web = node.web, node.isAccessibilityElement == true {
                let text = web.isText ? node.text : web.name
                // A list item's marker (Chromium's `ListMarker`, "• ", "1. ") is the start of its
                // line's text in NVDA's buffer, where its symbol is read ("bullet").
                let marker = pendingMarker
                pendingMarker = nil
                let isBlankText = web.isText && (text ?? "").allSatisfy(\.isWhitespace)
                if !isBlankText {
                    stops.append(FocusStop(id: node.id, kind: node.kind, label: text, value: web.value, hint: web.description,
                                           traits: node.traits, frame: node.frame ?? .zero, language: language,
                                           speech: node.speech, groupIDs: containers.map(\.id),
                                           readerFacts: NVDAStopFacts(web: web, containers: containers, cell: cell, marker: marker,
                                                                      foundAncestors: found,
                                                                      isEditableRoot: editable && !parentEditable, line: line)))
                }
                return
            }
            if let web = node.web, web.role.isListMarker {
                let marker = (web.name ?? "").trimmingCharacters(in: .whitespaces)
                pendingMarker = marker.isEmpty ? nil : marker
                return
            }
            for child in node.children {
                walk(child, containers: containers, found: found, cell: cell, language: language, parentEditable: editable)
            }
        }
        for root in screen.roots { walk(root, containers: [], found: [], cell: nil, language: screen.language, parentEditable: false) }
        return cutLongLines(stops, nextLine: line + 1)
    }

    /// Each line longer than `maxLineLength` characters cut as NVDA's buffer cuts it
    /// (`NVDALines.cut`); stops with no line of their own are left as they are.
    private func cutLongLines(_ stops: [FocusStop], nextLine: Int) -> [FocusStop] {
        var result: [FocusStop] = []
        result.reserveCapacity(stops.count)
        var next = nextLine
        var index = 0
        while index < stops.count {
            guard let line = stops[index].nvda?.line else {
                result.append(stops[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < stops.count, stops[end].nvda?.line == line { end += 1 }
            result += NVDALines.cut(Array(stops[index..<end]), nextLine: &next)
            index = end
        }
        return result
    }
}
