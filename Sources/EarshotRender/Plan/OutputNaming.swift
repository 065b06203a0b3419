import EarshotCore

/// File names for rendered audio that are stable from run to run and safe on every file system.
///
/// A name keeps only ASCII letters, digits, `.`, `_` and `-`; other runs become one `_`. When
/// that loses anything (Korean keys, spaces, slashes), eight hex digits of the key's SHA-256 are
/// appended, so two keys that differ only in dropped characters still get different names and a
/// Korean key keeps the same name on every machine. Names avoid Windows' reserved device names,
/// never start with `.` or `-`, and stay under 100 bytes. Names that are still equal when case
/// is ignored (macOS and Windows file systems) get `-2`, `-3`, ... in input order.
public enum SafeFileName {
    public static let maximumLength = 100

    private static let reserved: Set<String> = [
        "con", "prn", "aux", "nul",
        "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
        "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
    ]

    /// A safe name component for `key` (no extension).
    public static func component(for key: String) -> String {
        var safe = ""
        var lossy = false
        var lastWasReplacement = false
        for scalar in key.unicodeScalars {
            let kept = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
            if kept {
                safe.unicodeScalars.append(scalar)
                lastWasReplacement = false
            } else {
                lossy = true
                if !lastWasReplacement { safe.append("_") }
                lastWasReplacement = true
            }
        }
        // Leading dots hide files; leading dashes read as options; trailing dots vanish on Windows.
        while let first = safe.first, first == "." || first == "-" || first == "_" {
            safe.removeFirst()
            lossy = true
        }
        while let last = safe.last, last == "." || last == "_" {
            safe.removeLast()
            lossy = true
        }
        let stem = safe.split(separator: ".").first.map { String($0).lowercased() } ?? ""
        if reserved.contains(stem) {
            safe = "_" + safe
        }
        // A cut name also gets the digest, so two long keys with the same start stay distinct.
        let room = maximumLength - 9
        if safe.utf8.count > maximumLength || (lossy && safe.utf8.count > room) {
            safe = String(safe.prefix(room))
            lossy = true
        }
        let suffix = lossy || safe.isEmpty ? String(SHA256.hex(key).prefix(8)) : ""
        if suffix.isEmpty { return safe }
        return safe.isEmpty ? suffix : safe + "-" + suffix
    }
}

/// Hands out unique names within one folder, first come first served in input order.
public struct UniqueNames: Sendable {
    private var taken: Set<String> = []

    public init() {}

    /// `name`, or `name-2`, `name-3`, ... if a name equal to it ignoring case was already given.
    public mutating func claim(_ name: String) -> String {
        var candidate = name
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(name)-\(counter)"
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
