import Foundation
import Testing

/// TalkBack's words in `voices/talkback/LANG.json` are what `scripts/extract-talkback-words.py`
/// makes of the excerpts of TalkBack's own string files beside them (docs/talkback.md).
@Suite("TalkBack's words come from TalkBack's strings")
struct TalkBackWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let talkbackVoices = root.appendingPathComponent("voices/talkback")
    static let languages = ["ko", "en", "ja", "zh"]

    /// The top-level keys of the schema in docs/talkback.md, which the TalkBack reader decodes.
    static let schemaKeys: Set<String> = [
        "language", "source", "separator", "order", "orders", "classRoles", "roles", "heading", "states",
        "hints", "position", "password",
    ]

    static func profile(_ language: String) throws -> [String: Any] {
        let data = try Data(contentsOf: talkbackVoices.appendingPathComponent("\(language).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func text(_ profile: [String: Any], _ group: String, _ key: String) -> String? {
        (profile[group] as? [String: Any])?[key] as? String
    }

    @Test("the committed JSON files are byte for byte the script's output from the excerpts")
    func committedFilesMatchTheScript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-talkback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/extract-talkback-words.py").path,
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
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.talkbackVoices.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(committed == written, "voices/talkback holds JSON files the script does not write")
        for name in written {
            let expected = try Data(contentsOf: folder.appendingPathComponent(name))
            let actual = try? Data(contentsOf: Self.talkbackVoices.appendingPathComponent(name))
            #expect(actual == expected,
                    "voices/talkback/\(name) differs from the script's output; run scripts/extract-talkback-words.py")
        }
    }

    @Test("every language file has exactly the schema's top-level keys and names its language")
    func filesFollowTheSchema() throws {
        for language in Self.languages {
            let profile = try Self.profile(language)
            #expect(Set(profile.keys) == Self.schemaKeys, "\(language).json")
            #expect(profile["language"] as? String == language)
            #expect((profile["source"] as? String)?.contains("google/talkback") == true)
            #expect((profile["source"] as? String)?.contains("\n") == false)
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
