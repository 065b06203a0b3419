/// Reads WebDriverAgent's JSON source (`GET /source?format=json`, Appium `mobile: source` with
/// `format: json`): nested objects with `type` (`Button`, or the full `XCUIElementTypeButton`),
/// `rawIdentifier`, `name`, `label`, `value`, `placeholderValue`, `rect`, `isEnabled`,
/// `isVisible`, `isAccessible` (strings `"1"`/`"0"`), `traits` (one `", "`-joined string),
/// `customActions` and `children` (absent on leaves). The HTTP envelope `{"value": …}` is
/// accepted too.
///
/// Older servers (WebDriverAgent before about 2019, Appium's UIAutomation driver) wrap the tree
/// as `{"value": {"tree": …}}`, name types after UIAutomation (`UIAButton`, `UIATableCell`),
/// write `rect` as `{"origin": {"x", "y"}, "size": {"width", "height"}}` and booleans as
/// `visible` / `enabled`: read the same way, the `UIA` names mapped to XCUITest's as
/// WebDriverAgent's own `FBElementTypeTransformer` maps them (`UIATableCell` is a cell,
/// `UIAElement` other).
///
/// No real capture of this format is public under a usable licence: the fields follow
/// WebDriverAgent's source (`XCUIApplication+FBHelpers.m`, `dictionaryForElement`) and, for the
/// older form, Appium's own tests of `source` (`rect.origin.x`, `type: "UIAApplication"`).
enum WebDriverAgentJSONParser {
    /// The keys that mark an object as a WDA JSON node (besides `type`).
    static let markerKeys: Set<String> = ["rect", "rawIdentifier", "isEnabled", "isVisible", "isAccessible", "visible", "enabled"]

    /// The node a document holds: itself, or the one in `value` or `value.tree`.
    static func top(_ root: JSONNode) -> JSONNode? {
        guard let members = try? root.dumpMembers("an object") else { return nil }
        if members["type"] != nil { return root }
        guard let inner = members["value"], let value = try? inner.dumpMembers("an object") else { return nil }
        if value["type"] != nil { return inner }
        if let tree = value["tree"], (try? tree.dumpMembers("an object"))?["type"] != nil { return tree }
        return nil
    }

    /// Whether a parsed document looks like WDA JSON source: a node, or a node in `value` (or
    /// `value.tree`).
    static func recognises(_ root: JSONNode) -> Bool {
        guard let top = top(root), let members = try? top.dumpMembers("an object") else { return false }
        return !markerKeys.isDisjoint(with: members.keys)
    }

    /// XCUITest's name for a UIAutomation type (`UIATableCell` → `Cell`), as WebDriverAgent's
    /// `FBElementTypeTransformer` maps them; other `UIA` names lose the prefix.
    static func xcuiType(uiaType type: String) -> String {
        let renamed: [String: String] = [
            "UIATableCell": "Cell", "UIACollectionCell": "Cell", "UIACellView": "Cell", "UIATableView": "Table",
            "UIAActionSheet": "Sheet", "UIASearchBar": "SearchField", "UIAElement": "Other", "UIAEditingMenu": "Menu",
            "UIATableGroup": "Other", "UIAStatusBar": "StatusBar",
        ]
        if let name = renamed[type] { return name }
        return String(type.dropFirst(3))
    }

    static func read(_ root: JSONNode, depthLimit: Int = DumpLimits.maximumDepth) throws -> Dump {
        _ = try root.dumpMembers("a WebDriverAgent JSON source object (with \"type\", \"rect\", \"children\")")
        guard let top = top(root) else {
            throw DataFileError("no element with \"type\" at the top, in \"value\" or in \"value.tree\"", at: root.location)
        }
        var sawTraits = false, sawCustomActions = false, sawAccessible = false
        func node(_ json: JSONNode, depth: Int) throws -> DumpNode {
            guard depth < depthLimit else { throw DumpLimits.tooDeep(at: json.location) }
            let fields = try json.dumpMembers("an element object")
            guard let typeNode = fields["type"] else {
                throw DataFileError("an element without \"type\"", at: json.location)
            }
            var type = try typeNode.stringValue()
            if type.hasPrefix(PageSourceXMLParser.typePrefix) { type.removeFirst(PageSourceXMLParser.typePrefix.count) }
            if type.hasPrefix("UIA"), type.count > 3 { type = xcuiType(uiaType: type) }
            let name = try fields["name"]?.looseString(), label = try fields["label"]?.looseString()
            var identifier = try fields["rawIdentifier"]?.looseString()
            if fields["rawIdentifier"] == nil, let name, !name.isEmpty, name != label { identifier = name }
            var frame = try fields["rect"]?.dumpRect()
            if frame == nil, let text = try fields["frame"]?.looseString() { frame = Frame(rectString: text) }
            let traits = try fields["traits"]?.looseNames()
            let actions = try fields["customActions"]?.looseNames()
            let accessible = try fields["isAccessible"]?.looseBool()
            sawTraits = sawTraits || traits != nil
            sawCustomActions = sawCustomActions || fields["customActions"] != nil
            sawAccessible = sawAccessible || accessible != nil
            var result = DumpNode(
                type: type, identifier: nonEmpty(identifier), label: label, value: try fields["value"]?.looseString(),
                placeholder: try fields["placeholderValue"]?.looseString(), hint: nil,
                isEnabled: try (fields["isEnabled"] ?? fields["enabled"])?.looseBool(),
                isVisible: try (fields["isVisible"] ?? fields["visible"])?.looseBool(),
                isAccessible: accessible, traits: traits, customActions: actions, frame: frame, location: json.location
            )
            if let children = fields["children"], !children.isNull {
                result.children = try children.arrayItems().map { try node($0, depth: depth + 1) }
            }
            return result
        }
        let tree = try node(top, depth: 0)
        var notes = [DumpLimitations.hints]
        if !sawCustomActions {
            notes.append("custom actions (no customActions: WebDriverAgent before 11.1; \"actions available\" is not heard)")
        }
        if !sawTraits { notes.append("traits (no traits: WebDriverAgent before 9.10; they come from the element types)") }
        if !sawAccessible { notes.append("which elements are accessible (no isAccessible; focus stops are chosen by element type and label)") }
        return Dump(format: .wdaJSON, roots: [tree], limitations: notes, formatName: "WebDriverAgent JSON source")
    }
}

/// Bounds on what a dump may be, so that no input can exhaust the stack.
enum DumpLimits {
    /// Nesting deeper than this is refused (real dumps seen: 40 levels; libxml2 stops at 256).
    static let maximumDepth = 250

    static func tooDeep(at location: SourceLocation) -> DataFileError {
        DataFileError("elements nested deeper than \(maximumDepth) levels; no real screen is this deep", at: location)
    }
}
