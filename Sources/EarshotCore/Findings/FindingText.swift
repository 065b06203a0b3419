/// Small wording helpers so every producer writes finding messages the same way.
public enum FindingText {
    /// `"text"`: element ids and spoken words are quoted in messages.
    public static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// `a and b`, `a, b and c`.
    public static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
