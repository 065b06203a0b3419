import Foundation
import Testing

/// `check` and `explore` are one reader: the same gestures on the same screens say the same
/// utterances, numbered alike, with the same words and kinds.
@Suite("check and explore are one reader")
struct ReaderParityTests {
    static let scenario = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/reader/parity.json").path

    /// The scenario's steps, typed as explore commands (explore starts with the screen change the
    /// scenario posts first, and each scenario step waits for the speech before it).
    static let commands = ["idle", "next", "idle", "activate", "idle", "next", "idle", "activate", "idle", "next", "idle",
                           "increment", "idle", "increment", "idle", "next", "idle", "activate", "idle", "next", "idle"]

    /// `#id kind: text` (or `#id sound: name`) for every utterance spoken in full, from check's JSON Lines.
    static func spokenByCheck(_ jsonLines: String) throws -> [String] {
        try jsonLines.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["type"] as? String == "utterance", object["fate"] as? String == "spoken",
                  let id = object["id"] as? Int, let kind = object["kind"] as? String else { return nil }
            if let earcon = object["earcon"] as? String { return "#\(id) sound: \(earcon)" }
            return "#\(id) \(kind): \(object["text"] as? String ?? "")"
        }
    }

    /// The same from explore's printed lines (`speaking #3 element: …`, `sound #1: screenChanged`).
    static func spokenByExplore(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("speaking #") { return String(line.dropFirst("speaking ".count)) }
            if line.hasPrefix("sound #"), let colon = line.firstIndex(of: ":") {
                return String(line[line.index(line.startIndex, offsetBy: "sound ".count)..<colon]) + " sound" + line[colon...]
            }
            return nil
        }
    }

    @Test("a button, a switch, an adjustable and an element the app removes: the same utterances in check and explore")
    func sameUtterances() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsonl = folder.appendingPathComponent("parity.jsonl").path
        let checked = try CLIRunner.run(["check", "--quiet", Self.scenario, "--transcript", jsonl])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let byCheck = try Self.spokenByCheck(try String(contentsOfFile: jsonl, encoding: .utf8))

        let explored = try CLIRunner.run(["explore", "--no-audio", Self.scenario],
                                         input: Data(Self.commands.joined(separator: "\n").utf8))
        #expect(explored.status == 0, "\(explored.stderr)")
        let byExplore = Self.spokenByExplore(explored.stdout)

        // The rules themselves, so that both agreeing on something wrong fails too.
        #expect(byCheck == [
            "#1 sound: screenChanged", "#2 element: 알림 설정, 머리말",
            "#3 element: 새로고침, 버튼",
            // A button that stays focused and does not change is re-read.
            "#4 sound: activation", "#5 element: 새로고침, 버튼",
            "#6 element: 소리, 스위치 버튼, 끔", "#7 hint: 설정을 끄거나 켜려면 이중 탭 하십시오.",
            // A switch says only its new value, in the profile's word, without the hint.
            "#8 sound: activation", "#9 element: 켬",
            "#10 element: 음량, 50%, 조절 가능", "#11 hint: 값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오.",
            // An adjustable says its new value; at the end of its range, the value again.
            "#12 element: 100%", "#13 element: 100%",
            "#14 element: 배너 닫기, 버튼",
            // The app removes the element: the activation sound alone (#16, the empty re-read, is dropped).
            "#15 sound: activation",
            "#17 element: 알림 설정, 머리말",
        ], "\(byCheck)")
        #expect(byExplore == byCheck, "explore:\n\(explored.stdout)")
        #expect(explored.stdout.contains("double tap: activated; the element is gone from the screen"))
    }
}
