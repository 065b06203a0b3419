import Foundation
import Testing
@testable import EarshotCore

/// Role names are mapped once: Chromium's role names are written only in `WebRole`'s table
/// (Screen/WebRole.swift), and NVDA's role and state names only in `NVDARole` and `NVDAState`.
/// Anywhere else in the core a role is a case and a category is a predicate, so two tables can
/// never disagree again (issue #45).
///
/// The scan is textual, on the string literals of the code (comments left out). Chromium's
/// names are looked for in the core's web code, the files that name a web element, a web role
/// or a page's tree: elsewhere `"button"` or `"status"` are other vocabularies' words (TalkBack's
/// roles, a finding's status). NVDA's upper-case names are looked for in every file of the core.
@Suite("Role names are written once, in their mapping")
struct WebRoleLiteralTests {
    static let core = ScreenTestSupport.repositoryRoot.appendingPathComponent("Sources/EarshotCore")
    /// The one mapping of Chromium's names.
    static let webMapping = "Screen/WebRole.swift"
    /// The one mapping of NVDA's names.
    static let nvdaMappings: Set<String> = ["Reading/NVDA/NVDARole.swift", "Reading/NVDA/NVDAState.swift"]

    /// Literals in web code that spell a role's name but are no role, each with why.
    static let allowed: [String: Set<String>] = [
        // An element id's stem for the document (`document-1`), not a role compared.
        "Inputs/Web/WebPageInterpreter.swift": ["document"],
        // Keys of voices/chromium-android/facts.json's groups (`roleDescriptions.heading`,
        // `.link`, `stateDescription`'s separator), not roles compared.
        "Voices/ChromiumAndroidWords.swift": ["heading", "link", "separator"],
        // Keys of voices/voiceover-web/LANG.json's words (`words.link`, `words.row`, the
        // separator, `liveRegions.alert`) and of its landmark words (by `WebRole`'s case name),
        // not roles compared: the roles are asked of `WebRole`.
        "Reading/VoiceOver/VoiceOverWebWords.swift": ["link", "heading", "button", "switch", "image", "tab", "row", "banner",
                                                     "complementary", "main", "navigation", "region", "search", "form",
                                                     "separator", "alert"],
        "Reading/VoiceOver/WebKitIOSPage.swift": ["link", "button", "switch", "image", "tab", "heading", "row"],
        // The Tab key's name in a transcript (`tab`, `shift+tab`).
        "Reading/NVDA/NVDA.swift": ["tab"],
        // The words file's template for a cell's row ("row {index}"), not a role compared.
        "Reading/NVDA/NVDASpeech.swift": ["row"],
        // HTML tags whose default display is a block (a saved tree without `domDisplay`), not roles.
        "Reading/NVDA/NVDALines.swift": ["article", "blockquote", "caption", "dialog", "figure", "form", "iframe", "main", "menu",
                                         "search", "table"],
    ]

    /// Chromium's names for roles, with the other names Chromium or NVDA's data give them.
    static var chromiumNames: Set<String> { Set(WebRole.named.map { $0.1 }).union(WebRole.aliases.keys) }
    static var nvdaNames: Set<String> { Set(NVDARole.allCases.map(\.rawValue)).union(NVDAState.allCases.map(\.rawValue)) }

    /// Whether a file is web code: it names a web element, a web role or a page's tree.
    static func isWebCode(_ text: String) -> Bool {
        text.contains("WebElement") || text.contains("WebRole") || text.contains("webRole") || text.contains("WebPageTree")
            || text.contains(".web?") || text.contains(".web ") || text.contains(".web,") || text.contains(".web)")
    }

    /// The string literals of Swift code, with their line numbers, comments left out.
    static func literals(_ text: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        var blockComments = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(line)
            var i = 0
            var literal: String?
            while i < chars.count {
                if blockComments > 0 {
                    if chars[i...].starts(with: "*/") { blockComments -= 1; i += 2 } else { i += 1 }
                } else if var open = literal {
                    if chars[i] == "\\", i + 1 < chars.count { open.append(chars[i]); open.append(chars[i + 1]); literal = open; i += 2; continue }
                    if chars[i] == "\"" { found.append((number + 1, open)); literal = nil } else { open.append(chars[i]); literal = open }
                    i += 1
                } else if chars[i...].starts(with: "//") {
                    break
                } else if chars[i...].starts(with: "/*") {
                    blockComments += 1; i += 2
                } else {
                    if chars[i] == "\"" { literal = "" }
                    i += 1
                }
            }
        }
        return found
    }

    /// Each literal of `text` that is one of `names`, as `path:line: "name"`.
    static func offences(in text: String, path: String, names: Set<String>, allowed: Set<String> = []) -> [String] {
        literals(text).filter { names.contains($0.text) && !allowed.contains($0.text) }.map { "\(path):\($0.line): \"\($0.text)\"" }
    }

    static func coreFiles() throws -> [(path: String, text: String)] {
        let paths = (FileManager.default.enumerator(atPath: core.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return try paths.sorted().map { ($0, try String(contentsOf: core.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test("no web code of the core spells a Chromium role name outside WebRole's table")
    func noChromiumRoleNames() throws {
        let files = try Self.coreFiles()
        let web = files.filter { Self.isWebCode($0.text) && $0.path != Self.webMapping }
        #expect(web.count >= 10, "the scan finds the web code: \(web.map(\.path))")
        let found = web.flatMap { Self.offences(in: $0.text, path: $0.path, names: Self.chromiumNames, allowed: Self.allowed[$0.path] ?? []) }
        #expect(found.isEmpty, "ask WebRole (a case or a category) instead:\n\(found.joined(separator: "\n"))")
    }

    @Test("no file of the core spells an NVDA role or state name outside NVDARole and NVDAState")
    func noNVDANames() throws {
        let files = try Self.coreFiles().filter { !Self.nvdaMappings.contains($0.path) }
        let found = files.flatMap { Self.offences(in: $0.text, path: $0.path, names: Self.nvdaNames) }
        #expect(found.isEmpty, "use NVDARole or NVDAState:\n\(found.joined(separator: "\n"))")
    }

    @Test("the scan finds a role name compared as a string, in a table or in a set, and not in a comment")
    func scanFindsPlantedNames() {
        let planted = """
        // A comment may say "listbox" and "EDITABLETEXT".
        let fields: Set<String> = ["textbox", "listbox"] /* "dialog" */
        if web.role.chromiumName == "RootWebArea" { return words.roles["EDITABLETEXT"] }
        let escaped = "a \\"quoted\\" word"
        """
        #expect(Self.isWebCode("if let web = node.web, web.role.isDialog {}"))
        #expect(Self.offences(in: planted, path: "x.swift", names: Self.chromiumNames)
            == [#"x.swift:2: "textbox""#, #"x.swift:2: "listbox""#, #"x.swift:3: "RootWebArea""#])
        #expect(Self.offences(in: planted, path: "x.swift", names: Self.nvdaNames) == [#"x.swift:3: "EDITABLETEXT""#])
    }
}
