/// Names that are one of a closed list (a gesture, a format, a reader, an option) and the one
/// message for a name that is not: `unknown gesture "nxt"; did you mean "next"? (valid: …)`.
///
/// Every "did you mean" Earshot prints is made here, so the suggestion (the nearest name by edit
/// distance, only when it is close enough to be a likely typo) and its punctuation are the same
/// in every file format and on the command line.
public enum NameSuggestion {
    /// `; did you mean "NAME"?` for the candidate nearest `name`, or "" when none is near.
    /// `prefix` is written before the suggested name (`--` for an option).
    public static func didYouMean(_ name: String, in candidates: [String], prefix: String = "") -> String {
        didYouMean(nearestName(to: name, in: candidates), prefix: prefix)
    }

    /// `; did you mean "NAME"?` for a suggestion already found (the name a known misspelling
    /// stands for, the voice eSpeak NG names nearest), or "" for none.
    public static func didYouMean(_ suggestion: String?, prefix: String = "") -> String {
        suggestion.map { "; did you mean \"\(prefix)\($0)\"?" } ?? ""
    }

    /// `unknown WHAT "NAME"; did you mean "…"? (valid: a, b, c)`: the message for a name that is
    /// not in a closed list; `listing` false leaves out the list of valid names (a long one).
    public static func unknown(_ what: String, _ name: String, in candidates: [String], prefix: String = "",
                               listing: Bool = true) -> String {
        var message = "unknown \(what) \"\(prefix)\(name)\"" + didYouMean(name, in: candidates, prefix: prefix)
        if listing { message += " (valid: \(candidates.map { prefix + $0 }.joined(separator: ", ")))" }
        return message
    }
}

/// A closed list of names declared once as a type: its cases are its names (`rawValue`), so the
/// lists, help texts, completions and suggestions drawn from it cannot disagree with it.
public protocol NamedCases: RawRepresentable, CaseIterable where RawValue == String {}

extension NamedCases {
    /// Every name, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The one message for a name that is none of the cases (`what`: `gesture`).
    public static func unknownName(_ name: String, what: String, prefix: String = "") -> String {
        NameSuggestion.unknown(what, name, in: names, prefix: prefix)
    }
}

/// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
public func nearestName(to name: String, in candidates: [String]) -> String? {
    // The distance is at least the difference in length: a name far longer than every
    // candidate (a 5 MB word) has no near one, and is not compared character by character.
    let length = name.count
    let longest = candidates.map(\.count).max() ?? 0
    guard length - longest <= max(2, length / 3) else { return nil }
    let lowered = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, name.count / 3) else { return nil }
    return best.name
}

/// Levenshtein distance over characters.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

