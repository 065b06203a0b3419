import Foundation
import Testing

/// TalkBack's words in `voices/talkback/LANG.json` are data with their citations: each word names
/// the file of google/talkback, the commit, the key and the line it was read at, and
/// `scripts/extract-talkback-words.py` makes them from a TalkBack snapshot given by path
/// (docs/talkback.md). The repository holds no copy of TalkBack's files, so these tests check the
/// data itself; the extraction is re-run only when a snapshot is named (`EARSHOT_TALKBACK_SNAPSHOT`).
@Suite("TalkBack's words are data, each with its citation")
struct TalkBackWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let talkbackVoices = root.appendingPathComponent("voices/talkback")
    static let languages = ["ko", "en", "ja", "zh"]

    /// The top-level keys of the schema in docs/talkback.md, which the TalkBack reader decodes.
    static let schemaKeys: Set<String> = [
        "language", "source", "licence", "separator", "order", "orders", "classRoles", "roles", "heading", "states",
        "hints", "position", "password", "typing", "citations",
    ]
    /// The groups of entries (each cited entry by entry) and the single values (each cited once).
    static let groups = ["orders", "classRoles", "roles", "states", "hints", "position", "password"]
    static let singles = ["separator", "order", "heading"]

    static func profile(_ language: String) throws -> [String: Any] {
        let data = try Data(contentsOf: talkbackVoices.appendingPathComponent("\(language).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func text(_ profile: [String: Any], _ group: String, _ key: String) -> String? {
        (profile[group] as? [String: Any])?[key] as? String
    }

    @Test("every language file has exactly the schema's top-level keys and names its language, its source and its licence")
    func filesFollowTheSchema() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            #expect(Set(profile.keys) == Self.schemaKeys, "\(language).json")
            #expect(profile["language"] as? String == language)
            #expect(profile["licence"] as? String == "Apache-2.0", "\(language).json: TalkBack's words are Apache-2.0")
            #expect((profile["source"] as? String)?.contains("google/talkback") == true)
            #expect((profile["source"] as? String)?.contains("\n") == false)
            #expect((profile["source"] as? String)?.contains("voices/talkback/source") == false)
        }
    }

    @Test("every word, class and order has its citation: TalkBack's file, commit, key and line")
    func everyEntryIsCited() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            let citations = try #require(profile["citations"] as? [String: Any], "\(language).json has no citations")
            #expect(Set(citations.keys) == Set(Self.groups + Self.singles + ["typing"]), "\(language).json citations")
            // The typing group: its two defaults and each symbol's name, each cited.
            let typing = try #require(profile["typing"] as? [String: Any], "\(language).json typing")
            let typingCited = try #require(citations["typing"] as? [String: Any], "\(language).json citations.typing")
            for key in ["keyboardEcho", "speakPasswords"] {
                let problem = WordCitations.problem(with: typingCited[key], repository: "google/talkback")
                #expect(problem == nil, "\(language).json citations.typing.\(key): \(problem ?? "")")
            }
            let symbols = try #require(typing["symbols"] as? [String: Any]), citedSymbols = try #require(typingCited["symbols"] as? [String: Any])
            #expect(Set(symbols.keys) == Set(citedSymbols.keys) && symbols["•"] != nil && symbols[" "] != nil, "\(language).json typing.symbols")
            for key in symbols.keys {
                let problem = WordCitations.problem(with: citedSymbols[key], repository: "google/talkback")
                #expect(problem == nil, "\(language).json citations.typing.symbols.\(key): \(problem ?? "")")
            }
            for group in Self.groups {
                let entries = try #require(profile[group] as? [String: Any], "\(language).json \(group)")
                let cited = try #require(citations[group] as? [String: Any], "\(language).json citations.\(group)")
                #expect(Set(cited.keys) == Set(entries.keys), "\(language).json: citations.\(group) and \(group) name other entries")
                for key in entries.keys {
                    let problem = WordCitations.problem(with: cited[key], repository: "google/talkback")
                    #expect(problem == nil, "\(language).json citations.\(group).\(key): \(problem ?? "")")
                }
            }
            for key in Self.singles {
                let problem = WordCitations.problem(with: citations[key], repository: "google/talkback")
                #expect(problem == nil, "\(language).json citations.\(key): \(problem ?? "")")
            }
            // A word is cited in its language's own string file, at a line.
            let button = try #require((citations["roles"] as? [String: Any])?["button"] as? [String: Any])
            let folder = ["ko": "values-ko", "en": "values", "ja": "values-ja", "zh": "values-zh-rCN"][language]!
            #expect(button["path"] as? String == "talkback/src/main/res/\(folder)/strings_compositor.xml")
            #expect(button["key"] as? String == "value_button")
            #expect((button["line"] as? Int ?? 0) > 0)
        }
    }

    @Test("every language has the words English has, so a reader finds in each the words it uses in English")
    func everyLanguageHasEveryWord() throws {
        let en = try Self.profile("en")
        for language in Self.languages where language != "en" {
            let profile = try Self.profile(language)
            for group in Self.groups {
                let english = try #require(en[group] as? [String: Any])
                let words = try #require(profile[group] as? [String: Any])
                #expect(Set(words.keys) == Set(english.keys), "\(language).json \(group) lacks or adds entries")
            }
        }
        // The words the TalkBack reader asks for by name (Reading/TalkBack).
        let used = ["hints": ["activate", "toggle", "longPress", "editText", "dropDownList"],
                    "position": ["inCollection", "row", "column", "outOfHorizontalPager"],
                    "states": ["disabled", "on", "off", "selected", "unlabelled", "checked", "notChecked"],
                    "roles": ["button", "checkBox", "switch", "editText"]]
        for language in Self.languages {
            let profile = try Self.profile(language)
            for (group, keys) in used {
                for key in keys {
                    #expect(Self.text(profile, group, key)?.isEmpty == false, "\(language).json has no \(group).\(key)")
                }
            }
            #expect((profile["heading"] as? String)?.isEmpty == false)
        }
    }

    @Test("re-running the extraction on the TalkBack snapshot in EARSHOT_TALKBACK_SNAPSHOT gives the committed files",
          .enabled(if: ProcessInfo.processInfo.environment["EARSHOT_TALKBACK_SNAPSHOT"] != nil,
                   "no TalkBack snapshot: set EARSHOT_TALKBACK_SNAPSHOT to its path (and EARSHOT_TALKBACK_SNAPSHOT_OPTIONS, e.g. --commit SHA --date YYYY-MM-DD)"))
    func extractionGivesTheCommittedWords() throws {
        let snapshot = try #require(ProcessInfo.processInfo.environment["EARSHOT_TALKBACK_SNAPSHOT"])
        let run = try WordCitations.extract(script: Self.root.appendingPathComponent("scripts/extract-talkback-words.py"),
                                            arguments: ["--talkback", snapshot, "--update"]
                                                + WordCitations.options("EARSHOT_TALKBACK_SNAPSHOT_OPTIONS"))
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try #require(run.status == 0, "the script failed: \(run.errors)")
        for language in Self.languages {
            let data = try Data(contentsOf: run.folder.appendingPathComponent("\(language).json"))
            let extracted = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let committed = try Self.profile(language)
            #expect(WordCitations.words(extracted) == WordCitations.words(committed),
                    "\(language).json: the snapshot's words differ from the committed ones")
            // At the commit the data names, the files are the same byte for byte, citations and all.
            if (extracted["source"] as? String) == (committed["source"] as? String) {
                #expect(data == (try Data(contentsOf: Self.talkbackVoices.appendingPathComponent("\(language).json"))),
                        "\(language).json: the same commit gives other citations")
            }
        }
    }

    @Test("the Korean words are TalkBack's: 버튼, 스위치, 체크박스, 선택됨 / 선택 안됨, 켜짐 / 꺼짐, 사용할 수 없음, 제목")
    func koreanWordsAreTalkBacks() throws {
        let ko = try Self.profile("ko")
        #expect(Self.text(ko, "roles", "button") == "버튼")
        #expect(Self.text(ko, "roles", "switch") == "스위치")
        #expect(Self.text(ko, "roles", "checkBox") == "체크박스")
        #expect(Self.text(ko, "states", "checked") == "선택됨")
        #expect(Self.text(ko, "states", "notChecked") == "선택 안됨")
        #expect(Self.text(ko, "states", "on") == "켜짐")
        #expect(Self.text(ko, "states", "off") == "꺼짐")
        #expect(Self.text(ko, "states", "disabled") == "사용할 수 없음")
        #expect(ko["heading"] as? String == "제목")
        #expect(ko["separator"] as? String == ", ")
    }

    @Test("the Korean templates are filled: the activate hint with 두 번 탭, the position as {count}개 중 {index}번째")
    func koreanTemplatesAreFilled() throws {
        let ko = try Self.profile("ko")
        #expect(Self.text(ko, "hints", "activate") == "활성화하려면 두 번 탭하세요")
        #expect(Self.text(ko, "hints", "toggle") == "전환하려면 두 번 탭하세요")
        #expect(Self.text(ko, "position", "inCollection") == "{count}개 중 {index}번째")
        for language in Self.languages {
            let profile = try Self.profile(language)
            for group in ["hints", "position", "password"] {
                for (key, value) in try #require(profile[group] as? [String: String]) {
                    #expect(!value.contains("%"), "\(language).json \(group).\(key) keeps a format argument: \(value)")
                }
            }
        }
    }

    /// The utterances of the real TalkBack capture on Android 14 (aloud's
    /// talkback-focus-android14.json, screen `nested`), rebuilt from the English words.
    @Test("the English words rebuild the real capture: SAME LABEL, Button / Double-tap to activate / …, disabled")
    func englishWordsRebuildTheCapture() throws {
        let en = try Self.profile("en")
        let separator = try #require(en["separator"] as? String)
        let button = try #require(Self.text(en, "roles", "button"))
        let disabled = try #require(Self.text(en, "states", "disabled"))
        #expect(["SAME LABEL", button].joined(separator: separator) == "SAME LABEL, Button")
        #expect(Self.text(en, "hints", "activate") == "Double-tap to activate")
        #expect(["UNAVAILABLE CONTROL", button, disabled].joined(separator: separator)
                == "UNAVAILABLE CONTROL, Button, disabled")
        let order = try #require(en["orders"] as? [String: [String]])["default"] ?? []
        let label = try #require(order.firstIndex(of: "label")), role = try #require(order.firstIndex(of: "role"))
        let disabledPart = try #require(order.firstIndex(of: "disabled"))
        #expect(label < role && role < disabledPart, "the default order puts disabled after the label and the role")
    }

    @Test("Role.java's classes map to role keys that have a word entry, and a button class speaks the button word")
    func classRolesNameKnownRoles() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            let roles = try #require(profile["roles"] as? [String: String])
            let classRoles = try #require(profile["classRoles"] as? [String: String])
            for (className, role) in classRoles {
                #expect(roles[role] != nil, "\(language).json: \(className) maps to \(role), which has no word")
            }
            #expect(classRoles["android.widget.Button"] == "button")
            #expect(classRoles["android.widget.CheckBox"] == "checkBox")
            #expect(classRoles["android.widget.Switch"] == "switch")
            #expect(classRoles["android.widget.TextView"] == "none")
            #expect(roles["none"] == "")
        }
    }
}
