import Foundation

/// The findings a team already knows (`--baseline FILE`): a run marks each finding known or
/// new, fails only on new errors, and lists as fixed what the file knows but the run no longer
/// finds, so the file can only shrink (`--update-baseline` rewrites it).
///
/// A finding's identity is its code, its file (relative to the baseline's folder), its screen
/// and its first element's id: no line numbers, times or messages, so an edit elsewhere in a
/// file does not change the entries of other findings. Two findings with one identity are
/// both known by one entry.
///
/// ```json
/// {
///   "earshotBaseline": 1,
///   "findings": [
///     {"code": "label.missing", "file": "screens/home.json", "screen": "홈", "element": "search", "reason": "icon redesign, APP-231"}
///   ]
/// }
/// ```
///
/// Entries are sorted by file, code, screen and element, one a line; `reason` is the team's
/// note, kept when the file is rewritten.
public struct FindingBaseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable {
        public var code: FindingCode
        /// Relative to the baseline's folder, with `/`.
        public var file: String
        public var screen: String?
        public var element: String?
        public var reason: String?

        public init(code: FindingCode, file: String, screen: String?, element: String?, reason: String? = nil) {
            self.code = code
            self.file = file
            self.screen = screen
            self.element = element
            self.reason = reason
        }

        var key: String { [code.rawValue, file, screen ?? "", element ?? ""].joined(separator: "\u{1F}") }

        /// `label.missing samples/a.json [search] on "홈"`, as a fixed entry is listed.
        public var text: String {
            var line = "\(code.rawValue) \(file)"
            if let element { line += " [\(element)]" }
            if let screen { line += " on \(FindingText.quoted(screen))" }
            return line
        }
    }

    /// The baseline file's path (as given).
    public let path: String
    public var entries: [Entry]
    /// The current folder and the baseline's folder, resolved once: every finding's file is
    /// made relative to them.
    private let currentFolder: String
    private let folder: [String]

    public init(path: String, entries: [Entry] = []) {
        self.path = path
        self.entries = entries.sorted { $0.key < $1.key }
        currentFolder = FileManager.default.currentDirectoryPath
        folder = Self.components(of: (Self.absolute(path, from: currentFolder) as NSString).deletingLastPathComponent)
    }

    public static func == (lhs: FindingBaseline, rhs: FindingBaseline) -> Bool {
        lhs.path == rhs.path && lhs.entries == rhs.entries
    }

    /// Reads a baseline; mistakes are data errors with file, line and column.
    public static func load(path: String) throws -> FindingBaseline {
        let root = try JSONDocument.load(path: path)
        let top = try root.object(allowing: ["earshotBaseline", "findings"])
        let version = try top.required("earshotBaseline").intValue()
        guard version == 1 else {
            throw DataFileError("baseline version \(version) is not one this Earshot reads (1)", at: try top.required("earshotBaseline").location)
        }
        let entries = try top.required("findings").arrayItems().map { node in
            let object = try node.object(allowing: ["code", "file", "screen", "element", "reason"])
            return Entry(code: try object.required("code").enumValue(FindingCode.self, what: "finding code"),
                         file: try object.requiredString("file"), screen: try object.string("screen"),
                         element: try object.string("element"), reason: try object.string("reason"))
        }
        return FindingBaseline(path: path, entries: entries)
    }

    /// The file's text: sorted entries, one a line.
    public var json: String {
        let lines = entries.map { entry in
            var fields = [("code", jsonString(entry.code.rawValue)), ("file", jsonString(entry.file)),
                          ("screen", entry.screen.map(jsonString) ?? "null"), ("element", entry.element.map(jsonString) ?? "null")]
            if let reason = entry.reason { fields.append(("reason", jsonString(reason))) }
            return "    {" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"earshotBaseline\": 1,\n  \"findings\": \(list)\n}\n"
    }

    /// The entry a finding would have in this baseline.
    public func entry(for finding: Finding) -> Entry {
        Entry(code: finding.code, file: relative(finding.source ?? finding.location?.file ?? ""), screen: finding.screen,
              element: finding.elements.first)
    }

    /// The findings marked known or new.
    public func mark(_ findings: [Finding]) -> [Finding] {
        let known = Set(entries.map(\.key))
        var relativeFiles: [String: String] = [:]
        return findings.map { finding in
            let file = finding.source ?? finding.location?.file ?? ""
            if relativeFiles[file] == nil { relativeFiles[file] = relative(file) }
            let key = Entry(code: finding.code, file: relativeFiles[file]!, screen: finding.screen, element: finding.elements.first).key
            var marked = finding
            marked.baseline = known.contains(key) ? .known : .new
            return marked
        }
    }

    /// Entries of the files a run checked that it no longer found (`files`: as the command was
    /// given them).
    public func fixed(by findings: [Finding], files: [String]) -> [Entry] {
        let found = Set(findings.map { entry(for: $0).key })
        let checked = Set(files.map(relative))
        return entries.filter { checked.contains($0.file) && !found.contains($0.key) }
    }

    /// This baseline with the run's findings in place of the entries of the files it checked;
    /// other files' entries and every kept entry's reason stay.
    public func updated(with findings: [Finding], files: [String]) -> FindingBaseline {
        let checked = Set(files.map(relative))
        let reasons = Dictionary(entries.map { ($0.key, $0.reason) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var kept = entries.filter { !checked.contains($0.file) }
        for finding in findings {
            var entry = entry(for: finding)
            guard seen.insert(entry.key).inserted else { continue }
            entry.reason = reasons[entry.key] ?? nil
            kept.append(entry)
        }
        return FindingBaseline(path: path, entries: kept)
    }

    /// `path` relative to the baseline's folder, both resolved from the current folder.
    func relative(_ path: String) -> String {
        guard path != "-", path != "<stdin>", !path.isEmpty else { return path }
        let target = Self.components(of: Self.absolute(path, from: currentFolder))
        var common = 0
        while common < folder.count, common < target.count, folder[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: folder.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    static func absolute(_ path: String, from currentFolder: String) -> String {
        let full = path.hasPrefix("/") ? path : currentFolder + "/" + path
        return (full as NSString).standardizingPath
    }

    static func components(of path: String) -> [String] { path.split(separator: "/").map(String.init) }
}

/// What a run came to against its baseline, for the lines after the findings.
public struct BaselineSummary: Sendable {
    public var path: String
    public var known: Int
    public var new: Int
    /// How many of the new ones their scenarios expect (`expect: {finding: CODE}`): they do not
    /// fail the run, so the summary says so rather than leave "new" to read as failing.
    public var newExpected: Int
    public var fixed: [FindingBaseline.Entry]
    /// Set when the run rewrote the baseline (`--update-baseline`): how many entries it holds.
    public var written: Int?
    /// The settings file that named the baseline (`earshot-suite.json`), when no option did.
    public var namedBy: String?

    public init(baseline: FindingBaseline, marked: [Finding], fixed: [FindingBaseline.Entry], written: Int? = nil) {
        path = baseline.path
        known = marked.filter { $0.baseline == .known }.count
        new = marked.filter { $0.baseline == .new }.count
        newExpected = marked.filter { $0.baseline == .new && $0.expected }.count
        self.fixed = fixed
        self.written = written
    }

    /// `Baseline audit.json: 3 known, 1 new, 2 fixed`, then a line per fixed entry; new ones
    /// their scenarios expect are counted in brackets (`22 new (all expected by their scenarios)`).
    public var text: String {
        let expectedNote = newExpected == 0 ? "" : newExpected == new ? " (all expected by their scenarios)"
            : " (\(newExpected) expected by their scenarios)"
        var out = "Baseline \(path)\(namedBy.map { " (from \($0))" } ?? ""): \(known) known, \(new) new\(expectedNote), \(fixed.count) fixed"
        if let written { out += "; rewritten with \(written) entr\(written == 1 ? "y" : "ies")" }
        out += "\n"
        for entry in fixed { out += "  fixed: \(entry.text)\n" }
        return out
    }
}
