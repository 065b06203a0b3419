/// Writes a `Screen` as a screen file (docs/screen-format.md) that `ScreenFile` reads back to
/// the same screen: every property that differs from its default, keys in the documented order,
/// one element per line unless it has children, so the file is easy to edit by hand.
public enum ScreenFileWriter {
    public static func text(of screen: Screen, description: String? = nil) -> String {
        var lines = ["{", "  \"screen\": \(jsonString(screen.name)),"]
        if let description { lines.append("  \"description\": \(jsonString(description)),") }
        if let language = screen.language { lines.append("  \"language\": \(jsonString(language)),") }
        if screen.layoutDirection != .ltr { lines.append("  \"layoutDirection\": \(jsonString(screen.layoutDirection.rawValue)),") }
        if let reader = screen.reader { lines.append("  \"reader\": \(jsonString(reader.rawValue)),") }
        lines.append("  \"elements\": [")
        append(screen.roots, indent: "    ", to: &lines)
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ nodes: [AccessibilityNode], indent: String, to lines: inout [String]) {
        for (index, node) in nodes.enumerated() {
            let comma = index == nodes.count - 1 ? "" : ","
            let fields = members(of: node).joined(separator: ", ")
            if node.children.isEmpty {
                lines.append("\(indent){ \(fields) }\(comma)")
            } else {
                lines.append("\(indent){ \(fields), \"children\": [")
                append(node.children, indent: indent + "    ", to: &lines)
                lines.append("\(indent)  ] }\(comma)")
            }
        }
    }

    /// `"key": value` for each property that is not its default, children aside.
    static func members(of node: AccessibilityNode) -> [String] {
        var out = ["\"id\": \(jsonString(node.id))"]
        func add(_ key: String, _ text: String?) {
            if let text { out.append("\"\(key)\": \(jsonString(text))") }
        }
        func flag(_ key: String, _ value: Bool, default defaultValue: Bool = false) {
            if value != defaultValue { out.append("\"\(key)\": \(value)") }
        }
        if node.kind != .view { add("kind", node.kind.rawValue) }
        add("text", node.text)
        add("attributedLabel", node.attributedLabel)
        add("label", node.label)
        add("value", node.value)
        add("hint", node.hint)
        add("placeholder", node.placeholder)
        add("identifier", node.identifier)
        if !node.traits.members.isEmpty {
            out.append("\"traits\": [\(node.traits.members.map { jsonString($0.rawValue) }.joined(separator: ", "))]")
        }
        if let explicit = node.isAccessibilityElement { out.append("\"isAccessibilityElement\": \(explicit)") }
        flag("hidden", node.isHidden)
        if node.alpha != 1 { out.append("\"alpha\": \(number(node.alpha))") }
        if let frame = node.frame {
            out.append("\"frame\": [\([frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: ", "))]")
        }
        if let order = node.accessibilityElements {
            out.append("\"accessibilityElements\": [\(order.map(jsonString).joined(separator: ", "))]")
        }
        flag("elementsHidden", node.elementsHidden)
        flag("modal", node.isModal)
        add("grouping", node.grouping?.rawValue)
        flag("toggled", node.isToggled)
        add("onActivate", node.activation?.rawValue)
        if !node.customActions.isEmpty {
            out.append("\"customActions\": [\(node.customActions.map(jsonString).joined(separator: ", "))]")
        }
        if let adjustable = node.adjustable {
            out.append("\"adjustable\": {\"values\": [\(adjustable.values.map(jsonString).joined(separator: ", "))], \"index\": \(adjustable.index)}")
        }
        if let on = node.isOn { out.append("\"on\": \(on)") }
        add("language", node.language)
        flag("dismissible", node.isDismissible)
        flag("spellOut", node.speech.spellOut)
        flag("punctuation", node.speech.punctuation)
        if let pitch = node.speech.pitch { out.append("\"pitch\": \(number(pitch))") }
        add("ipa", node.speech.ipa)
        if let android = node.android { out.append("\"android\": \(AndroidViewKeys.object(android))") }
        return out
    }

    /// A whole number without a fraction (`390`), anything else in Swift's shortest form (`0.5`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
