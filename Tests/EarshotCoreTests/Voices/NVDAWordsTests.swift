import Foundation
import Testing

/// NVDA's words in `voices/nvda/LANG.json` are data with their citations: each word names the
/// file of nvaccess/nvda, the commit and the key it was read at, and `scripts/extract-nvda-words.py`
/// makes them from an NVDA snapshot given by path (docs/web.md). The repository holds no copy of
/// NVDA's files, so these tests check the data itself; the extraction is re-run only when a
/// snapshot is named (`EARSHOT_NVDA_SNAPSHOT`).
@Suite("NVDA's words are data, each with its citation")
struct NVDAWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let nvdaVoices = root.appendingPathComponent("voices/nvda")
    static let languages = ["en", "ko"]

    /// The top-level keys of the schema in docs/web.md.
    static let schemaKeys: Set<String> = [
        "language", "source", "licence", "roles", "states", "negativeStates", "landmarks", "templates", "facts", "citations",
    ]
    /// The groups of words, each cited entry by entry.
    static let wordGroups = ["roles", "states", "negativeStates", "landmarks", "templates"]

    /// The names a template may use in braces.
    static let placeholderNames: Set<String> = ["level", "index", "count", "name", "role", "rows", "columns", "text", "row", "column"]

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

    @Test("every language file has exactly the schema's top-level keys, names its language, its source and its licence")
    func filesFollowTheSchema() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            #expect(Set(profile.keys) == Self.schemaKeys, "\(language).json")
            #expect(profile["language"] as? String == language)
            #expect(profile["licence"] as? String == "GPL-2.0-or-later", "\(language).json: NVDA's words are GPL-2.0-or-later")
            let source = try #require(profile["source"] as? String)
            #expect(source.hasPrefix("nvaccess/nvda "))
            #expect(!source.contains("\n") && !source.contains("voices/nvda/source"))
            for group in Self.wordGroups {
                let words = try #require(profile[group] as? [String: String], "\(language).json \(group)")
                #expect(!words.isEmpty, "\(language).json \(group) is empty")
                for (key, word) in words {
                    #expect(!word.isEmpty, "\(language).json \(group).\(key) is empty")
                }
            }
            #expect(profile["facts"] is [String: Any])
        }
    }

    @Test("every word and every fact has its citation: NVDA's file, commit and key, or Earshot's table beside the words")
    func everyEntryIsCited() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            let citations = try #require(profile["citations"] as? [String: Any], "\(language).json has no citations")
            #expect(Set(citations.keys) == Set(Self.wordGroups + ["facts"]), "\(language).json citations")
            for group in Self.wordGroups {
                let words = try #require(profile[group] as? [String: String])
                let cited = try #require(citations[group] as? [String: Any], "\(language).json citations.\(group)")
                #expect(Set(cited.keys) == Set(words.keys), "\(language).json: citations.\(group) and \(group) name other entries")
                for key in words.keys {
                    let problem = WordCitations.problem(with: cited[key], repository: "nvaccess/nvda")
                    #expect(problem == nil, "\(language).json citations.\(group).\(key): \(problem ?? "")")
                }
            }
            let facts = try #require(profile["facts"] as? [String: Any])
            let citedFacts = try #require(citations["facts"] as? [String: Any])
            #expect(Set(citedFacts.keys) == Set(facts.keys), "\(language).json: citations.facts and facts name other entries")
            for key in facts.keys {
                let upstream = WordCitations.problem(with: citedFacts[key], repository: "nvaccess/nvda")
                let table = WordCitations.tableProblem(with: citedFacts[key], root: Self.root)
                #expect(upstream == nil || table == nil, "\(language).json citations.facts.\(key): \(upstream ?? "")")
            }
        }
        // Korean words are the .po's entries; English words are NVDA's source files.
        let ko = try #require(try Self.profile("ko")["citations"] as? [String: [String: Any]])
        let button = try #require(ko["roles"]?["BUTTON"] as? [String: Any])
        #expect(button["path"] as? String == "source/locale/ko/LC_MESSAGES/nvda.po")
        #expect(button["key"] as? String == #"msgid "button""#)
        let en = try #require(try Self.profile("en")["citations"] as? [String: [String: Any]])
        let heading = try #require(en["roles"]?["HEADING"] as? [String: Any])
        #expect(heading["path"] as? String == "source/controlTypes/role.py")
        #expect(heading["key"] as? String == "_roleLabels[Role.HEADING]")
    }

    @Test("every language has the same words as English, so a reader finds in Korean each word it uses in English")
    func everyLanguageHasEveryWord() throws {
        let en = try Self.profile("en")
        for language in Self.languages where language != "en" {
            let profile = try Self.profile(language)
            for group in Self.wordGroups {
                let english = try #require(en[group] as? [String: String])
                let words = try #require(profile[group] as? [String: String])
                #expect(Set(words.keys) == Set(english.keys), "\(language).json \(group) lacks or adds words")
            }
        }
        // The words NVDA's reader asks for by name (Reading/NVDA): its templates and quick navigation's.
        var used = ["blank", "landmark", "level", "outOf", "position", "itemCount", "itemCountOne", "notState", "row", "column",
                    "tableDimensions", "rowCount", "rowCountOne", "columnCount", "columnCountOne", "edgeOfTable", "notInTableCell"]
        for type in ["Heading", "Link", "FormField", "Button", "CheckBox", "Landmark", "Table", "Edit", "List", "ListItem", "Frame",
                     "Separator", "RadioButton", "ComboBox", "Graphic", "BlockQuote", "NotLinkBlock"] {
            used += ["noNext" + type, "noPrevious" + type]
        }
        for language in Self.languages {
            let templates = try #require(try Self.profile(language)["templates"] as? [String: String])
            for key in used { #expect(templates[key]?.isEmpty == false, "\(language).json has no template \(key)") }
        }
    }

    @Test("re-running the extraction on the NVDA snapshot in EARSHOT_NVDA_SNAPSHOT gives the committed words",
          .enabled(if: ProcessInfo.processInfo.environment["EARSHOT_NVDA_SNAPSHOT"] != nil,
                   "no NVDA snapshot: set EARSHOT_NVDA_SNAPSHOT to its path (and EARSHOT_NVDA_SNAPSHOT_OPTIONS, e.g. --recorded-commits --no-lines)"))
    func extractionGivesTheCommittedWords() throws {
        let snapshot = try #require(ProcessInfo.processInfo.environment["EARSHOT_NVDA_SNAPSHOT"])
        let run = try WordCitations.extract(script: Self.root.appendingPathComponent("scripts/extract-nvda-words.py"),
                                            arguments: ["--nvda", snapshot, "--update"] + WordCitations.options("EARSHOT_NVDA_SNAPSHOT_OPTIONS"))
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try #require(run.status == 0, "the script failed: \(run.errors)")
        for language in Self.languages {
            let data = try Data(contentsOf: run.folder.appendingPathComponent("\(language).json"))
            let extracted = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(WordCitations.words(extracted) == WordCitations.words(try Self.profile(language)),
                    "\(language).json: the snapshot's words differ from the committed ones")
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
        // The table words: the .po says a table's size without a word for "with", and has one plural form.
        #expect(Self.text(ko, "templates", "tableDimensions") == "{rows}, {columns}")
        #expect(Self.text(ko, "templates", "rowCount") == "행 {count}개")
        #expect(Self.text(ko, "templates", "rowCountOne") == "행 {count}개")
        #expect(Self.text(ko, "templates", "columnCount") == "열 {count}개")
        #expect(Self.text(ko, "templates", "edgeOfTable") == "표 가장자리")
        #expect(Self.text(ko, "templates", "notInTableCell") == "표 셀이 아님")
        #expect(Self.text(ko, "templates", "noNextTable") == "다음 표 없음")
        #expect(Self.text(ko, "templates", "noPreviousTable") == "이전 표 없음")
        // The other quick navigation keys' nextError and prevError, each msgstr of browseMode.py's msgid.
        #expect(Self.text(ko, "templates", "noNextEdit") == "다음 편집창 없음")
        #expect(Self.text(ko, "templates", "noPreviousListItem") == "이전 목록 항목 없음")
        #expect(Self.text(ko, "templates", "noNextFrame") == "다음 프레임 없음")
        #expect(Self.text(ko, "templates", "noPreviousBlockQuote") == "이전 인용문 없음")
        #expect(Self.text(ko, "templates", "noNextNotLinkBlock") == "링크 블록 이후 텍스트 없음")
        #expect(Self.text(ko, "templates", "noPreviousNotLinkBlock") == "링크 블록 이전 텍스트 없음")
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
            for name in ["silentRolesOnFocus", "silentValuesForRoles"] {
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
