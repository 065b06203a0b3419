/// NVDA's items of a page in browse mode, in document order (docs/web.md, "Items"): every node
/// that stands alone (a control, a heading, an image, a run of text outside those; the page's
/// interpreter marks them), skipping text that is only white space, each with the containers
/// around it that NVDA announces.
enum NVDAOrder {
    /// Roles NVDA announces on entering and leaving (lists, landmarks, dialogs).
    static let announcedContainers: Set<String> = [
        "list", "banner", "navigation", "main", "complementary", "contentinfo", "region", "search", "form",
        "dialog", "alertdialog", "table", "article", "figure", "blockquote", "group",
    ]

    static func stops(of screen: Screen) -> [FocusStop] {
        var stops: [FocusStop] = []
        func walk(_ node: AccessibilityNode, containers: [NVDAContainer], language: String?) {
            let language = node.language ?? language
            var containers = containers
            if let web = node.web, isAnnounced(web) {
                let items = web.role == "list" ? node.children.filter { $0.web?.role == "listitem" }.count : nil
                containers.append(NVDAContainer(id: node.id, web: web, itemCount: items))
            }
            if let web = node.web, node.isAccessibilityElement == true {
                let text = web.isText ? node.text : web.name
                let isBlankText = web.isText && (text ?? "").allSatisfy(\.isWhitespace)
                if !isBlankText {
                    stops.append(FocusStop(id: node.id, kind: node.kind, label: text, value: web.value, hint: web.description,
                                           traits: node.traits, frame: node.frame ?? .zero, language: language,
                                           speech: node.speech, groupIDs: containers.map(\.id),
                                           readerFacts: NVDAStopFacts(web: web, containers: containers)))
                }
                return
            }
            for child in node.children { walk(child, containers: containers, language: language) }
        }
        for root in screen.roots { walk(root, containers: [], language: screen.language) }
        return stops
    }

    /// A region or form is a landmark only with a name (ARIA's rule, which Chromium follows); a
    /// grouping is a container only with one (NVDA's `getPresentationCategory`).
    static func isAnnounced(_ web: WebElement) -> Bool {
        guard announcedContainers.contains(web.role) else { return false }
        if web.role == "region" || web.role == "form" || web.role == "group" { return web.name != nil }
        return true
    }
}
