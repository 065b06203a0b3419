import Foundation
import Testing

/// The browsers' words for the mobile web (docs/mobile-web.md, "The word files"): Chromium's
/// IDS_AX_* role and state messages in `voices/chromium-android/LANG.json` (what Chrome on Android
/// hands TalkBack as a role or state description) and WebKit's role and landmark words in
/// `voices/webkit-ios/LANG.json` (what WebKit hands VoiceOver on iOS). Each entry cites its
/// repository, file, commit and key; `scripts/extract-mobile-web-words.py` makes them from
/// snapshots given by path, and is re-run here only when one is named (`EARSHOT_MOBILE_WEB_SNAPSHOT`).
@Suite("The mobile web's browser words are data, each with its citation")
struct MobileWebWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let chromiumCommit = "78b09571f08d096c023632b14b810ac1cabeb769"
    static let webkitCommit = "00fd8cdc72fdbc2816499b862cb6853ec57587e0"

    static func words(_ folder: String, _ language: String) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("voices/\(folder)/\(language).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func text(_ words: [String: Any], _ group: String, _ key: String) -> String? {
        (words[group] as? [String: Any])?[key] as? String
    }

    @Test("Chromium's files: the schema's keys, BSD-3-Clause, every role and state message cited with its file, commit and name")
    func chromiumEntriesAreCited() throws {
        let english = try Self.words("chromium-android", "en")
        for language in ["en", "ko"] {
            let words = try Self.words("chromium-android", language)
            #expect(Set(words.keys) == ["language", "source", "licence", "roles", "states", "citations"], "\(language).json")
            #expect(words["language"] as? String == language)
            #expect(words["licence"] as? String == "BSD-3-Clause")
            #expect((words["source"] as? String)?.hasPrefix("chromium/chromium \(Self.chromiumCommit)") == true)
            let citations = try #require(words["citations"] as? [String: Any])
            for group in ["roles", "states"] {
                let entries = try #require(words[group] as? [String: String], "\(language).json \(group)")
                let englishEntries = try #require(english[group] as? [String: String])
                #expect(Set(entries.keys) == Set(englishEntries.keys), "\(language).json \(group): other messages than en.json")
                let cited = try #require(citations[group] as? [String: Any])
                #expect(Set(cited.keys) == Set(entries.keys), "\(language).json citations.\(group)")
                for (key, word) in entries {
                    #expect(key.hasPrefix("IDS_AX_"), "\(language).json \(group).\(key)")
                    #expect(!word.isEmpty && !word.contains("$") && !word.contains("<"), "\(language).json \(group).\(key): \(word)")
                    let problem = WordCitations.problem(with: cited[key], repository: "chromium/chromium")
                    #expect(problem == nil, "\(language).json citations.\(group).\(key): \(problem ?? "")")
                    let citation = cited[key] as? [String: Any]
                    #expect(citation?["key"] as? String == key)
                    #expect(citation?["commit"] as? String == Self.chromiumCommit)
                    if language == "ko" {
                        // A translation is found by grit's message id: 1 to 19 digits, one per message.
                        let id = try #require(citation?["messageId"] as? String, "ko.json \(key): no message id")
                        #expect((1...19).contains(id.count) && id.allSatisfy(\.isNumber), "ko.json \(key): \(id)")
                        #expect(citation?["path"] as? String == "ui/strings/translations/ax_strings_ko.xtb")
                    } else {
                        #expect(citation?["path"] as? String == "ui/strings/ax_strings.grd")
                    }
                }
            }
            #expect((words["roles"] as? [String: String])?.count ?? 0 >= 140, "\(language).json: Chromium has some 140 role words")
        }
    }

    @Test("the words TalkBack hears from Chrome in English and Korean: link 링크, heading {level} 제목 {level}, main left in English")
    func chromiumWordsAreChromiums() throws {
        let en = try Self.words("chromium-android", "en"), ko = try Self.words("chromium-android", "ko")
        let pairs: [(String, String, String, String)] = [
            ("roles", "IDS_AX_ROLE_LINK", "link", "링크"),
            ("roles", "IDS_AX_ROLE_HEADING_WITH_LEVEL", "heading {level}", "제목 {level}"),
            ("roles", "IDS_AX_ROLE_CHECK_BOX", "checkbox", "체크박스"),
            ("roles", "IDS_AX_ROLE_BANNER", "banner", "배너"),
            ("roles", "IDS_AX_ROLE_NAVIGATIONAL_LINK", "navigation", "탐색"),
            ("roles", "IDS_AX_ROLE_MAIN_CONTENT", "main", "main"),
            ("roles", "IDS_AX_ROLE_SEARCH_BOX", "search text field", "검색어 입력란"),
            ("roles", "IDS_AX_ROLE_SPIN_BUTTON", "spin button", "스핀 버튼"),
            ("roles", "IDS_AX_ROLE_TABLE", "table", "표"),
            ("roles", "IDS_AX_ROLE_DIALOG", "dialog", "대화상자"),
            ("states", "IDS_AX_STATE_LINK_VISITED", "visited", "visited"),
            ("states", "IDS_AX_ARIA_REQUIRED_STATE_DESCRIPTION", "Required", "필수"),
            ("states", "IDS_AX_TOGGLE_BUTTON_ON", "On", "사용"),
            ("states", "IDS_AX_TOGGLE_BUTTON_OFF", "Off", "사용 안함"),
            ("states", "IDS_AX_ARIA_CURRENT_PAGE", "current page", "현재 페이지"),
            ("states", "IDS_AX_RADIO_BUTTON_STATE_DESCRIPTION_CHECKED",
             "Checked. In group, option {index} of {count}", "선택함. 그룹 내 옵션 {count}개 중 {index}"),
            ("states", "IDS_AX_DIALOG_MODAL_OPENED", "dialog opened.", "대화상자가 열렸습니다."),
        ]
        for (group, key, english, korean) in pairs {
            #expect(Self.text(en, group, key) == english, "en \(key)")
            #expect(Self.text(ko, group, key) == korean, "ko \(key)")
        }
        // The Android build's variants of a platform-dependent message, not Windows' or the Mac's.
        #expect(Self.text(en, "roles", "IDS_AX_ROLE_SEARCH_BOX") != "search box")
        #expect(Self.text(en, "roles", "IDS_AX_ROLE_SPIN_BUTTON") != "stepper")
    }

    @Test("WebKit's files: English words cited by function, BSD-2-Clause; the Korean file names every word as missing, none guessed")
    func webkitEntriesAreCitedAndKoreanIsMissing() throws {
        let en = try Self.words("webkit-ios", "en"), ko = try Self.words("webkit-ios", "ko")
        let groups = ["roleDescriptions", "contentGroups", "actionVerbs"]
        #expect(Set(en.keys) == Set(["language", "source", "licence", "citations"] + groups))
        #expect(Set(ko.keys) == Set(["language", "source", "licence", "citations", "missing"] + groups))
        var keys: [String] = []
        let citations = try #require(en["citations"] as? [String: Any])
        for group in groups {
            let entries = try #require(en[group] as? [String: String], "en.json \(group)")
            #expect(!entries.isEmpty)
            let cited = try #require(citations[group] as? [String: Any])
            #expect(Set(cited.keys) == Set(entries.keys), "en.json citations.\(group)")
            for key in entries.keys {
                let problem = WordCitations.problem(with: cited[key], repository: "WebKit/WebKit")
                #expect(problem == nil, "en.json citations.\(group).\(key): \(problem ?? "")")
                #expect((cited[key] as? [String: Any])?["commit"] as? String == Self.webkitCommit)
                keys.append("\(group).\(key)")
            }
            #expect((ko[group] as? [String: String])?.isEmpty == true, "ko.json \(group): a Korean word with no source")
        }
        #expect(Set(ko["missing"] as? [String] ?? []) == Set(keys), "ko.json: missing names other words than en.json has")
        let reason = try #require(((ko["citations"] as? [String: Any])?["missing"] as? [String: Any])?["reason"] as? String)
        #expect(reason.contains("Apple"))
        for file in [en, ko] {
            #expect(file["licence"] as? String == "BSD-2-Clause")
            #expect((file["source"] as? String)?.hasPrefix("WebKit/WebKit \(Self.webkitCommit)") == true)
        }
        #expect(Self.text(en, "contentGroups", "ARIALandmarkNavigation") == "navigation")
        #expect(Self.text(en, "contentGroups", "ARIALandmarkContentInfo") == "content information")
        #expect(Self.text(en, "contentGroups", "ARIAApplicationDialog") == "web dialog")
        #expect(Self.text(en, "roleDescriptions", "AXFooterRoleDescriptionText") == "footer")
        #expect(Self.text(en, "roleDescriptions", "AXHorizontalRuleDescriptionText") == "separator")
    }

    /// Every string anywhere in a JSON value, with the path it was found at.
    static func strings(in value: Any, at path: String = "") -> [(path: String, text: String)] {
        if let text = value as? String { return [(path, text)] }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { item in Self.strings(in: item.element, at: "\(path)[\(item.offset)]") }
        }
        if let object = value as? [String: Any] {
            return object.flatMap { entry in Self.strings(in: entry.value, at: "\(path).\(entry.key)") }
        }
        return []
    }

    @Test("the facts files name only words the words files have, and cite the files they were read from")
    func factsNameExistingWords() throws {
        let chromiumFacts = try Self.words("chromium-android", "facts")
        let chromiumWords = try Self.words("chromium-android", "en")
        let messages = Set(((chromiumWords["roles"] as? [String: String]) ?? [:]).keys)
            .union(((chromiumWords["states"] as? [String: String]) ?? [:]).keys)
        var named = 0
        for (path, text) in Self.strings(in: chromiumFacts) where text.hasPrefix("IDS_AX_") {
            named += 1
            #expect(messages.contains(text), "chromium-android/facts.json\(path): \(text) is not in en.json")
        }
        #expect(named > 80, "chromium-android/facts.json names \(named) messages")
        let roleMessages = try #require((chromiumFacts["roleDescriptions"] as? [String: Any])?["roleMessages"] as? [String: String])
        #expect(roleMessages["Heading"] == "IDS_AX_ROLE_HEADING" && roleMessages["Main"] == "IDS_AX_ROLE_MAIN_CONTENT")
        let order = try #require((chromiumFacts["stateDescription"] as? [String: Any])?["order"] as? [[String: Any]])
        #expect(order.compactMap { $0["part"] as? String } == ["multiselectable", "mixed", "toggle", "radioGroup", "ariaCurrent", "required"])

        let webkitFacts = try Self.words("webkit-ios", "facts")
        let webkitWords = try Self.words("webkit-ios", "en")
        let landmarkWords = try #require((webkitFacts["label"] as? [String: Any])?["landmarkWords"] as? [String: String])
        let groups = try #require(webkitWords["contentGroups"] as? [String: String])
        for (role, key) in landmarkWords {
            #expect(groups[key] != nil, "webkit-ios/facts.json label.landmarkWords.\(role): \(key) is not in en.json")
        }
        #expect(groups[landmarkWords["LandmarkNavigation"] ?? ""] == "navigation")
        let traits = try #require((webkitFacts["traits"] as? [String: Any])?["byRole"] as? [String: [String]])
        #expect(traits["CheckBox"] == ["button", "toggle"] && traits["Heading"] == ["header"])

        // Each group says where it was read: a file the facts' commit list names.
        for (facts, key) in [(chromiumFacts, "chromium"), (webkitFacts, "webkit")] {
            let files = try #require((facts[key] as? [String: Any])?["files"] as? [String: String])
            #expect(files.values.allSatisfy { $0.count == 40 && $0.allSatisfy(\.isHexDigit) })
            for (name, group) in facts where name != key && name != "about" {
                guard let from = (group as? [String: Any])?["from"] as? String else {
                    Issue.record("\(key) facts: \(name) has no from"); continue
                }
                #expect(files.keys.contains { from.contains($0) }, "\(key) facts: \(name).from names no file of the list")
            }
        }
    }

    @Test("re-running the extraction on the snapshots in EARSHOT_MOBILE_WEB_SNAPSHOT gives the committed files",
          .enabled(if: ProcessInfo.processInfo.environment["EARSHOT_MOBILE_WEB_SNAPSHOT"] != nil,
                   "no snapshot: set EARSHOT_MOBILE_WEB_SNAPSHOT to a folder holding chromium/ and webkit/ (and EARSHOT_MOBILE_WEB_SNAPSHOT_OPTIONS, e.g. --chromium-commit SHA --webkit-commit SHA)"))
    func extractionGivesTheCommittedWords() throws {
        let snapshot = try #require(ProcessInfo.processInfo.environment["EARSHOT_MOBILE_WEB_SNAPSHOT"])
        let run = try WordCitations.extract(script: Self.root.appendingPathComponent("scripts/extract-mobile-web-words.py"),
                                            arguments: ["--chromium", snapshot + "/chromium", "--webkit", snapshot + "/webkit", "--update"]
                                                + WordCitations.options("EARSHOT_MOBILE_WEB_SNAPSHOT_OPTIONS"))
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try #require(run.status == 0, "the script failed: \(run.errors)")
        for name in ["chromium-android/en.json", "chromium-android/ko.json", "webkit-ios/en.json", "webkit-ios/ko.json"] {
            let extracted = try Data(contentsOf: run.folder.appendingPathComponent(name))
            let committed = try Data(contentsOf: Self.root.appendingPathComponent("voices/\(name)"))
            #expect(extracted == committed, "\(name): the snapshot gives other words or citations")
        }
    }
}
