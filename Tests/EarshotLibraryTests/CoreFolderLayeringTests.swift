import Foundation
import Testing

/// The core's folders as layers: each folder uses names declared only in the folders below it,
/// so no two folders depend on each other (docs/architecture.md, "Where things are").
///
/// The scan is textual: a folder declares the names of its top-level types, functions and
/// constants that are not private; another folder uses one when the identifier appears in its
/// code (comments and string literals left out). A member added to a type of another folder
/// (`extension Screen { … }`) is not followed, but its uses name the type almost always.
@Suite("The core's folders are layers without cycles")
struct CoreFolderLayeringTests {
    /// Bottom to top: a folder may use the folders before it, never one after it.
    static let layers = [
        "Support",        // JSON with positions, files, errors, text formatting, the markup escaper
        "Normalization",  // text as the engine should read it
        "Screen",         // the screen model
        "Voices",         // voice profiles and the words they give traits
        "Reading",        // focus order, navigation, spoken descriptions, as VoiceOver and TalkBack read
        "SpeechCore",     // the speech scheduler on a virtual clock, utterances, transcripts
        "Inputs",         // screen files and dumps into the model, and telling inputs apart
        "Findings",       // the findings and the static checks of screens
        "Scenario",       // scenarios, desk checks, app behaviours
        "Outputs",        // transcripts, findings as text and JSON, SARIF
        "Suite",          // scenarios as a test suite, golden files, JUnit
        "Compare",        // a capture of real speech against Earshot's
    ]

    /// One use of a name across folders.
    struct Use: Hashable, CustomStringConvertible {
        var from: String
        var to: String
        var name: String
        var file: String
        var description: String { "\(file) (\(from)) uses \(name) from \(to)" }
    }

    /// The core's Swift files: path relative to the core's folder, and text.
    static func coreFiles() throws -> [(path: String, text: String)] {
        let base = repositoryRoot.appendingPathComponent("Sources/EarshotCore").path
        let paths = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { ($0, try String(contentsOfFile: base + "/" + $0, encoding: .utf8)) }
    }

    /// The code of a file without comments and without the contents of string literals
    /// (an interpolation is dropped with its string: what it names is rarely a folder's only use).
    static func code(_ text: String) -> String {
        var out = ""
        var inBlockComment = 0
        var inMultilineString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let chars = Array(line)
            var kept = ""
            var i = 0
            var inString = false
            while i < chars.count {
                let rest = chars[i...]
                if inMultilineString {
                    if rest.starts(with: "\"\"\"") { inMultilineString = false; kept += "\"\"\""; i += 3 } else { i += 1 }
                } else if inBlockComment > 0 {
                    if rest.starts(with: "*/") { inBlockComment -= 1; i += 2 } else if rest.starts(with: "/*") { inBlockComment += 1; i += 2 } else { i += 1 }
                } else if inString {
                    if chars[i] == "\\" { i += 2 } else if chars[i] == "\"" { inString = false; kept += "\""; i += 1 } else { i += 1 }
                } else if rest.starts(with: "//") {
                    break
                } else if rest.starts(with: "/*") {
                    inBlockComment += 1; i += 2
                } else if rest.starts(with: "\"\"\"") {
                    inMultilineString = true; kept += "\"\"\""; i += 3
                } else if chars[i] == "\"" {
                    inString = true; kept += "\""; i += 1
                } else {
                    kept.append(chars[i]); i += 1
                }
            }
            out += kept + "\n"
        }
        return out
    }

    static let declarationKeywords: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias", "func", "let", "var"]
    static let modifiers: Set<Substring> = ["public", "internal", "package", "final", "indirect", "nonisolated"]

    /// The names a file declares at its top level for other files to use (not private ones).
    static func declarations(in code: String) -> [String] {
        var names: [String] = []
        for line in code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })
            var index = 0
            while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") { index += 1 }
            guard index + 1 < words.count, declarationKeywords.contains(words[index]) else { continue }
            names.append(String(words[index + 1]))
        }
        return names
    }

    /// Every identifier in `code`, once.
    static func identifiers(in code: String) -> Set<String> {
        var found = Set<String>()
        var current = ""
        for character in code {
            if character == "_" || character.isLetter || (character.isNumber && !current.isEmpty) {
                current.append(character)
            } else {
                if !current.isEmpty { found.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { found.insert(current) }
        return found
    }

    /// The uses between folders in `files` (paths whose first component is the folder). A name
    /// declared in two folders is left out: nothing can tell which one a use means.
    static func crossFolderUses(_ files: [(path: String, text: String)]) -> [Use] {
        func folder(_ path: String) -> String {
            path.contains("/") ? String(path.prefix { $0 != "/" }) : "(top level)"
        }
        let codes = files.map { (path: $0.path, folder: folder($0.path), code: code($0.text)) }
        var owners: [String: Set<String>] = [:]
        for file in codes {
            for name in declarations(in: file.code) { owners[name, default: []].insert(file.folder) }
        }
        var uses: [Use] = []
        for file in codes {
            for name in identifiers(in: file.code).sorted() {
                guard let folders = owners[name], folders.count == 1, let owner = folders.first,
                      owner != file.folder else { continue }
                uses.append(Use(from: file.folder, to: owner, name: name, file: file.path))
            }
        }
        return uses
    }

    /// A cycle among the folders of `uses`, as the folders in order with the first repeated, or
    /// nil when the folders form a directed acyclic graph.
    static func cycle(in uses: [Use]) -> [String]? {
        var edges: [String: Set<String>] = [:]
        for use in uses { edges[use.from, default: []].insert(use.to) }
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        var path: [String] = []
        func visit(_ node: String) -> [String]? {
            if state[node] == true { return nil }
            if state[node] == false { return Array(path[path.firstIndex(of: node)!...]) + [node] }
            state[node] = false
            path.append(node)
            for next in (edges[node] ?? []).sorted() {
                if let found = visit(next) { return found }
            }
            path.removeLast()
            state[node] = true
            return nil
        }
        for node in edges.keys.sorted() {
            if let found = visit(node) { return found }
        }
        return nil
    }

    @Test("every file of the core is in one of the declared folders")
    func everyFileIsInALayer() throws {
        let files = try Self.coreFiles()
        #expect(files.count > 80, "only \(files.count) files found; is the repository where the test looks?")
        for file in files {
            let folder = file.path.split(separator: "/").first.map(String.init) ?? file.path
            #expect(file.path.contains("/") && Self.layers.contains(folder),
                    "\(file.path) is not in a folder of the declared layers \(Self.layers)")
        }
        let folders = Set(files.compactMap { $0.path.contains("/") ? $0.path.split(separator: "/").first.map(String.init) : nil })
        #expect(folders == Set(Self.layers), "folders without files: \(Set(Self.layers).subtracting(folders).sorted())")
    }

    @Test("each folder uses names only from the folders below it, so the folders form no cycle")
    func foldersUseOnlyLowerLayers() throws {
        let uses = Self.crossFolderUses(try Self.coreFiles())
        // The scan must see the core's real dependencies, or the test passes by seeing nothing.
        #expect(uses.contains { $0.from == "Scenario" && $0.to == "SpeechCore" && $0.name == "SpeechScheduler" })
        #expect(uses.contains { $0.from == "Inputs" && $0.to == "Support" && $0.name == "JSONDocument" })
        #expect(uses.count > 300, "only \(uses.count) uses between folders found")
        for use in uses {
            guard let from = Self.layers.firstIndex(of: use.from), let to = Self.layers.firstIndex(of: use.to) else { continue }
            #expect(to < from, "\(use): \(use.to) is not below \(use.from) in the declared layers")
        }
        #expect(Self.cycle(in: uses) == nil, "the core's folders depend on each other: \(Self.cycle(in: uses) ?? [])")
    }

    @Test("the scan finds a cycle through one helper, and ignores comments and strings")
    func scanFindsACycle() {
        let files: [(path: String, text: String)] = [
            ("Screen/Screen.swift", """
                public struct Screen { var title: String }
                func plainNumber(_ value: Double) -> String { String(value) }
                """),
            ("Findings/Finding.swift", """
                // Findings name a Screen's elements.
                struct Finding { var screen: Screen; let note = "not a use of plainNumber" }
                public enum FindingsJSON { static func location() -> String { "" } }
                """),
        ]
        let oneWay = Self.crossFolderUses(files)
        #expect(oneWay == [Use(from: "Findings", to: "Screen", name: "Screen", file: "Findings/Finding.swift")])
        #expect(Self.cycle(in: oneWay) == nil)

        let back = files + [("Screen/ScreenFile.swift", "extension Screen { var json: String { FindingsJSON.location() } }")]
        let uses = Self.crossFolderUses(back)
        #expect(uses.contains(Use(from: "Screen", to: "Findings", name: "FindingsJSON", file: "Screen/ScreenFile.swift")))
        #expect(Self.cycle(in: uses) == ["Findings", "Screen", "Findings"])
    }
}
