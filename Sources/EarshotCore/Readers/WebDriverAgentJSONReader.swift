/// Reads WebDriverAgent's JSON source (`GET /source?format=json`, Appium `mobile: source` with
/// `format: json`): nested objects with `type` (`Button`, or the full `XCUIElementTypeButton`),
/// `rawIdentifier`, `name`, `label`, `value`, `placeholderValue`, `rect`, `isEnabled`,
/// `isVisible`, `isAccessible` (strings `"1"`/`"0"`), `traits` (one `", "`-joined string),
/// `customActions` and `children` (absent on leaves). The HTTP envelope `{"value": …}` is
/// accepted too.
///
/// No real capture of this format is public under a usable licence: the fields follow
/// WebDriverAgent's source (`XCUIApplication+FBHelpers.m`, `dictionaryForElement`).
enum WebDriverAgentJSONReader {
    /// The keys that mark an object as a WDA JSON node (besides `type`).
    static let markerKeys: Set<String> = ["rect", "rawIdentifier", "isEnabled", "isVisible", "isAccessible"]

    /// Whether a parsed document looks like WDA JSON source: a node, or a node in `value`.
    static func recognises(_ root: JSONNode) -> Bool {
        guard let members = try? root.dumpMembers("an object") else { return false }
        if let inner = members["value"], let value = try? inner.dumpMembers("an object") {
            return value["type"] != nil && !markerKeys.isDisjoint(with: value.keys)
        }
        return members["type"] != nil && !markerKeys.isDisjoint(with: members.keys)
    }

    static func read(_ root: JSONNode, depthLimit: Int = DumpLimits.maximumDepth) throws -> Dump {
        var top = root
        let members = try root.dumpMembers("a WebDriverAgent JSON source object (with \"type\", \"rect\", \"children\")")
        if members["type"] == nil, let inner = members["value"] { top = inner }
        var sawTraits = false, sawCustomActions = false, sawAccessible = false
        func node(_ json: JSONNode, depth: Int) throws -> DumpNode {
            guard depth < depthLimit else { throw DumpLimits.tooDeep(at: json.location) }
            let fields = try json.dumpMembers("an element object")
            guard let typeNode = fields["type"] else {
                throw DataFileError("an element without \"type\"", at: json.location)
            }
            var type = try typeNode.stringValue()
            if type.hasPrefix(PageSourceXMLReader.typePrefix) { type.removeFirst(PageSourceXMLReader.typePrefix.count) }
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
                isEnabled: try fields["isEnabled"]?.looseBool(), isVisible: try fields["isVisible"]?.looseBool(),
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
