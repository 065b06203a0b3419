import Foundation
import Testing

/// NVDA's words in `voices/nvda/LANG.json` are what `scripts/extract-nvda-words.py` makes of the
/// excerpts of NVDA's own source and Korean .po beside them (docs/web.md).
@Suite("NVDA's words come from NVDA's sources")
struct NVDAWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let nvdaVoices = root.appendingPathComponent("voices/nvda")
    static let languages = ["en", "ko"]

    /// The top-level keys of the schema in docs/web.md.
    static let schemaKeys: Set<String> = [
        "language", "source", "roles", "states", "negativeStates", "landmarks", "templates", "facts",
    ]

    /// The names a template may use in braces.
    static let placeholderNames: Set<String> = ["level", "index", "count", "name", "role"]

    static func profile(_ language: String) throws -> [String: Any] {
        let data = try Data(contentsOf: nvdaVoices.appendingPathComponent("\(language).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func text(_ profile: [String: Any], _ group: String, _ key: String) -> String? {
        (profile[group] as? [String: Any])?[key] as? String
    }

    static func placeholders(_ template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test("the committed JSON files are byte for byte the script's output from the excerpts")
    func committedFilesMatchTheScript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-nvda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/extract-nvda-words.py").path,
                             "--out", folder.path]
        let errors = Pipe()
        process.standardOutput = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the script failed: \(message)")

        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == Self.languages.map { "\($0).json" }.sorted())
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.nvdaVoices.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(committed == written, "voices/nvda holds JSON files the script does not write")
        for name in written {
            let expected = try Data(contentsOf: folder.appendingPathComponent(name))
            let actual = try? Data(contentsOf: Self.nvdaVoices.appendingPathComponent(name))
            #expect(actual == expected,
                    "voices/nvda/\(name) differs from the script's output; run scripts/extract-nvda-words.py")
        }
    }

    @Test("every language file has exactly the schema's top-level keys, names its language and its source")
    func filesFollowTheSchema() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            #expect(Set(profile.keys) == Self.schemaKeys, "\(language).json")
            #expect(profile["language"] as? String == language)
            let source = try #require(profile["source"] as? String)
            #expect(source.hasPrefix("nvaccess/nvda "))
            #expect(source.contains("GPL-2.0-or-later (voices/nvda/source/LICENSE)"))
            #expect(!source.contains("\n"))
            for group in ["roles", "states", "negativeStates", "landmarks", "templates"] {
                let words = try #require(profile[group] as? [String: String], "\(language).json \(group)")
                #expect(!words.isEmpty, "\(language).json \(group) is empty")
                for (key, word) in words {
                    #expect(!word.isEmpty, "\(language).json \(group).\(key) is empty")
                }
            }
            #expect(profile["facts"] is [String: Any])
        }
    }

    @Test("the English words are NVDA's: heading, check box, edit, link, button, not checked")
    func englishWordsAreNVDAs() throws {
        let en = try Self.profile("en")
        #expect(Self.text(en, "roles", "HEADING") == "heading")
        #expect(Self.text(en, "roles", "CHECKBOX") == "check box")
        #expect(Self.text(en, "roles", "EDITABLETEXT") == "edit")
        #expect(Self.text(en, "roles", "LINK") == "link")
        #expect(Self.text(en, "roles", "BUTTON") == "button")
        #expect(Self.text(en, "roles", "TAB") == "tab")
        #expect(Self.text(en, "states", "CHECKED") == "checked")
        #expect(Self.text(en, "negativeStates", "CHECKED") == "not checked")
        #expect(Self.text(en, "landmarks", "contentinfo") == "content info")
        #expect(Self.text(en, "templates", "position") == "{index} of {count}")
        #expect(Self.text(en, "templates", "level") == "level {level}")
        #expect(Self.text(en, "templates", "itemCount") == "with {count} items")
        #expect(Self.text(en, "templates", "itemCountOne") == "with {count} item")
        #expect(Self.text(en, "templates", "landmark") == "{name} landmark")
        #expect(Self.text(en, "templates", "outOf") == "out of {role}")
    }

    @Test("the Korean words are the .po's: 헤딩, 체크상자, 편집창, 링크, 버튼, 해제됨, {count}개 중 {index}번째")
    func koreanWordsAreThePos() throws {
        let ko = try Self.profile("ko")
        #expect(Self.text(ko, "roles", "HEADING") == "헤딩")
        #expect(Self.text(ko, "roles", "CHECKBOX") == "체크상자")
        #expect(Self.text(ko, "roles", "EDITABLETEXT") == "편집창")
        #expect(Self.text(ko, "roles", "LINK") == "링크")
        #expect(Self.text(ko, "roles", "BUTTON") == "버튼")
        #expect(Self.text(ko, "roles", "LANDMARK") == "랜드마크")
        #expect(Self.text(ko, "roles", "TAB") == "탭")
        #expect(Self.text(ko, "states", "CHECKED") == "선택됨")
        #expect(Self.text(ko, "negativeStates", "CHECKED") == "해제됨")
        #expect(Self.text(ko, "negativeStates", "SELECTED") == "선택 안 됨")
        #expect(Self.text(ko, "landmarks", "navigation") == "내비게이션")
        #expect(Self.text(ko, "landmarks", "main") == "주요 내용")
        #expect(Self.text(ko, "templates", "position") == "{count}개 중 {index}번째")
        #expect(Self.text(ko, "templates", "level") == "레벨 {level}")
        #expect(Self.text(ko, "templates", "itemCount") == "항목 수 {count}개")
        #expect(Self.text(ko, "templates", "outOf") == "{role} 끝")
        #expect(Self.text(ko, "templates", "blank") == "빈줄")
        #expect(Self.text(ko, "templates", "landmark") == "{name} 랜드마크")
        // The .po translates the aria landmark "form" as "form": a word, not a fallback.
        #expect(Self.text(ko, "landmarks", "form") == "form")
    }

    @Test("templates keep no format argument, and each language names the same placeholders")
    func templatesUseNamedPlaceholders() throws {
        let en = try #require(try Self.profile("en")["templates"] as? [String: String])
        let ko = try #require(try Self.profile("ko")["templates"] as? [String: String])
        #expect(Set(en.keys) == Set(ko.keys))
        for (key, english) in en {
            let korean = try #require(ko[key])
            #expect(!english.contains("%") && !korean.contains("%"), "templates.\(key) keeps a format argument")
            #expect(Self.placeholders(english) == Self.placeholders(korean), "templates.\(key): \(english) / \(korean)")
            #expect(Self.placeholders(english).isSubset(of: Self.placeholderNames), "templates.\(key): \(english)")
        }
    }

    @Test("the facts name roles and states that have words, and the web roles reach NVDA's roles")
    func factsNameKnownRolesAndStates() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            let roles = try #require(profile["roles"] as? [String: String])
            let states = try #require(profile["states"] as? [String: String])
            let negatives = try #require(profile["negativeStates"] as? [String: String])
            let facts = try #require(profile["facts"] as? [String: Any])
            for name in ["silentRolesOnFocus", "silentValuesForRoles", "clickableRoles"] {
                let members = try #require(facts[name] as? [String], "\(language).json facts.\(name)")
                #expect(!members.isEmpty)
                for role in members {
                    #expect(roles[role] != nil, "\(language).json facts.\(name) names \(role), which has no word")
                }
            }
            let order = try #require(facts["stateOrder"] as? [String])
            #expect(Set(states.keys).isSubset(of: Set(order)))
            #expect(Set(negatives.keys).isSubset(of: Set(states.keys)))
            #expect(order.first == "UNAVAILABLE" && order.firstIndex(of: "CHECKED")! < order.firstIndex(of: "EXPANDED")!)
            let webRoles = try #require(facts["webRoles"] as? [String: String])
            for (aria, role) in webRoles {
                #expect(roles[role] != nil, "\(language).json facts.webRoles.\(aria) is \(role), which has no word")
            }
            #expect(webRoles["heading"] == "HEADING")
            #expect(webRoles["checkbox"] == "CHECKBOX")
            #expect(webRoles["textbox"] == "EDITABLETEXT")
            #expect(webRoles["navigation"] == "LANDMARK")
            #expect(webRoles["region"] == "REGION")
            let silent = try #require(facts["silentRolesOnFocus"] as? [String])
            #expect(silent.contains("LISTITEM") && !silent.contains("BUTTON"))
        }
    }
}
