/// Reads screen files (docs/screen-format.md): JSON describing a view tree for VoiceOver.
///
/// Every mistake a user can make is a `DataFileError` (exit 65) naming the file, line and column
/// and what would be valid: unknown keys, kinds and traits come with the nearest valid name.
public enum ScreenFile {
    static let topLevelKeys = ["screen", "description", "language", "layoutDirection", "reader", "elements"]

    static let elementKeys = [
        "id", "kind", "text", "attributedLabel", "label", "value", "hint", "placeholder", "identifier",
        "traits", "isAccessibilityElement", "hidden", "alpha", "frame", "children", "accessibilityElements",
        "elementsHidden", "modal", "grouping", "toggled", "onActivate", "customActions", "adjustable", "on",
        "language", "dismissible", "android",
    ] + SpeechAttributes.keys

    /// Reads and decodes a screen file.
    public static func load(path: String) throws -> Screen {
        try decode(try JSONDocument.load(path: path), defaultName: ScreenLoader.defaultName(for: path))
    }

    /// Decodes screen JSON text; `file` names the source in errors.
    public static func parse(_ text: String, file: String) throws -> Screen {
        try decode(try JSONDocument.parse(text, file: file), defaultName: ScreenLoader.defaultName(for: file))
    }

    public static func decode(_ root: JSONNode, defaultName: String) throws -> Screen {
        try decodeLocatingElements(root, defaultName: defaultName).screen
    }

    /// Decodes a screen and where each element's id is written (`ScreenLoader` hands these on,
    /// for tools that point at elements by line, such as the render manifest).
    static func decodeLocatingElements(_ root: JSONNode, defaultName: String) throws
        -> (screen: Screen, idLocations: [String: SourceLocation]) {
        let top = try root.object(allowing: topLevelKeys)
        _ = try top.string("description")
        var decoder = ElementDecoder()
        let elements = try top.required("elements").arrayItems().map { try decoder.element($0) }
        try decoder.checkOrders(elements)
        let direction: LayoutDirection
        if let node = top["layoutDirection"] {
            direction = try node.enumValue(LayoutDirection.self, what: "layout direction")
        } else {
            direction = .ltr
        }
        let reader = try top["reader"].map { try $0.enumValue(ScreenReaderKind.self, what: "screen reader") }
        let screen = try Screen(name: try top.string("screen") ?? defaultName, layoutDirection: direction,
                                language: try top.string("language"), reader: reader, roots: elements)
        return (screen, decoder.idLocations)
    }

    /// Decodes one element object with its subtree (an element a scenario inserts), with the
    /// same checks as elements in a screen file.
    public static func element(_ node: JSONNode) throws -> AccessibilityNode {
        try elementLocating(node).element
    }

    /// An inserted element and where each id in its subtree is written.
    static func elementLocating(_ node: JSONNode) throws -> (element: AccessibilityNode, idLocations: [String: SourceLocation]) {
        var decoder = ElementDecoder()
        let element = try decoder.element(node)
        try decoder.checkOrders([element])
        return (element, decoder.idLocations)
    }


}

/// Decodes element objects, remembering where each id was written so that a duplicate id and a
/// bad explicit order can point at the right place.
private struct ElementDecoder {
    var idLocations: [String: SourceLocation] = [:]
    /// Explicit orders to check once the whole tree is known: container id, listed ids.
    var orders: [(container: String, items: [JSONNode])] = []

    mutating func element(_ node: JSONNode) throws -> AccessibilityNode {
        let object = try node.object(allowing: ScreenFile.elementKeys)
        let idNode = try object.required("id")
        let id = try idNode.stringValue()
        guard !id.isEmpty else { throw DataFileError("an element id cannot be empty", at: idNode.location) }
        if let first = idLocations[id] {
            throw DataFileError("duplicate id \"\(id)\" (first used at line \(first.line), column \(first.column))",
                                at: idNode.location)
        }
        idLocations[id] = idNode.location

        var element = AccessibilityNode(id: id)
        if let kind = object["kind"] { element.kind = try kind.enumValue(ElementKind.self, what: "kind") }
        element.text = try object.string("text")
        element.attributedLabel = try object.string("attributedLabel")
        element.label = try object.string("label")
        element.value = try object.string("value")
        element.hint = try object.string("hint")
        element.placeholder = try object.string("placeholder")
        element.identifier = try object.string("identifier")
        element.isAccessibilityElement = try object.bool("isAccessibilityElement")
        element.isHidden = try object.bool("hidden") ?? false
        element.elementsHidden = try object.bool("elementsHidden") ?? false
        element.isModal = try object.bool("modal") ?? false
        element.isToggled = try object.bool("toggled") ?? false
        element.isOn = try object.bool("on")
        element.language = try object.string("language")
        element.isDismissible = try object.bool("dismissible") ?? false
        element.speech = try SpeechAttributes.decode(object, withLanguage: false)
        element.customActions = try object.strings("customActions") ?? []
        if let alpha = try object.double("alpha") {
            guard (0...1).contains(alpha) else {
                throw DataFileError("alpha must be from 0 to 1, found \(alpha)", at: object["alpha"]!.location)
            }
            element.alpha = alpha
        }
        if let traits = try object.array("traits") {
            for item in traits {
                // SwiftUI spells the modal flag as a trait.
                if case .string("isModal") = item.value {
                    element.isModal = true
                    continue
                }
                element.traits.insert(AccessibilityTraits(try parseTraitName(item, alsoAccepted: ["isModal"])))
            }
        }
        if let frame = object["frame"] { element.frame = try Self.frame(frame) }
        if let grouping = object["grouping"] {
            element.grouping = try grouping.enumValue(Grouping.self, what: "grouping")
        }
        if let activation = object["onActivate"] {
            element.activation = try activation.enumValue(Activation.self, what: "onActivate action")
        }
        if let adjustable = object["adjustable"] { element.adjustable = try Self.adjustable(adjustable) }
        if let android = object["android"], !android.isNull { element.android = try AndroidViewKeys.decode(android) }
        if let order = try object.array("accessibilityElements") {
            element.accessibilityElements = try order.map { try $0.stringValue() }
            orders.append((id, order))
        }
        element.children = try (object.array("children") ?? []).map { try self.element($0) }
        return element
    }

    static func frame(_ node: JSONNode) throws -> Frame {
        let items = try node.arrayItems()
        guard items.count == 4 else {
            throw DataFileError("a frame is [x, y, width, height] (4 numbers), found \(items.count) items",
                                at: node.location)
        }
        let numbers = try items.map { try $0.doubleValue() }
        for index in 2...3 where numbers[index] < 0 {
            throw DataFileError("frame \(index == 2 ? "width" : "height") cannot be negative", at: items[index].location)
        }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    static func adjustable(_ node: JSONNode) throws -> AdjustableValues {
        let object = try node.object(allowing: ["values", "index"])
        let valuesNode = try object.required("values")
        let values = try valuesNode.arrayItems().map { try $0.stringValue() }
        guard !values.isEmpty else {
            throw DataFileError("an adjustable element needs at least one value", at: valuesNode.location)
        }
        let index = try object.int("index") ?? 0
        guard values.indices.contains(index) else {
            throw DataFileError("index \(index) is out of range: \(values.count) values, valid 0 to \(values.count - 1)",
                                at: object["index"]!.location)
        }
        return AdjustableValues(values: values, index: index)
    }

    /// Each id in an explicit order must be a descendant of its container, listed once.
    func checkOrders(_ roots: [AccessibilityNode]) throws {
        guard !orders.isEmpty else { return }
        var byID: [String: AccessibilityNode] = [:]
        func index(_ node: AccessibilityNode) {
            byID[node.id] = node
            node.children.forEach(index)
        }
        roots.forEach(index)
        for (containerID, items) in orders {
            var descendants: [String] = []
            byID[containerID]!.children.forEach { Self.collectIDs($0, into: &descendants) }
            let inside = Set(descendants)
            var listed = Set<String>()
            for item in items {
                let id = try item.stringValue()
                guard inside.contains(id) else {
                    var message = "accessibilityElements of \"\(containerID)\" names \"\(id)\", which is not inside it"
                    message += NameSuggestion.didYouMean(id, in: descendants)
                    throw DataFileError(message, at: item.location)
                }
                guard listed.insert(id).inserted else {
                    throw DataFileError("accessibilityElements of \"\(containerID)\" lists \"\(id)\" twice", at: item.location)
                }
            }
        }
    }

    static func collectIDs(_ node: AccessibilityNode, into ids: inout [String]) {
        ids.append(node.id)
        node.children.forEach { collectIDs($0, into: &ids) }
    }
}
