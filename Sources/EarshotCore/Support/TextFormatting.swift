/// `20000`, not `20000.0`.
func plainNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The text without surrounding white space, or nil when nothing is left.
func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
    while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
    return slice.isEmpty ? nil : String(slice)
}

/// `1 expectation`, `2 expectations`: a count with its noun, singular for one (`plural` when the
/// noun does not take an s).
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
