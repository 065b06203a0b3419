import Foundation
import Testing

/// `check` runs the same static checks as `lint` (with the voice's reading of text and IPA
/// tables), and its conformance table counts as checked only the codes whose checks ran.
@Suite("check and lint judge a screen alike; a conformance row is checked only by checks that ran")
struct CheckLintParityTests {
    static let root = CLIRunner.repositoryRoot
    static let screen = root.appendingPathComponent("samples/lint/shop-before.json").path

    /// A scenario showing the lint sample's screen (every static code fires on it), one swipe long.
    static func scenario(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("shop.json").path
        try #"{"screen": "\#(screen)", "steps": [{"gesture": "next"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func findings(_ file: URL) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []
    }

    /// Code and elements, what two runs' findings are compared on.
    static func keys(_ findings: [[String: Any]]) -> [String] {
        findings.map { "\($0["code"] as? String ?? "") \(($0["elements"] as? [String] ?? []).joined(separator: ","))" }
    }

    @Test("the static findings of check on a scenario are lint's on its screen, the reading checks included")
    func sameStaticFindings() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lintFile = folder.appendingPathComponent("lint.json"), checkFile = folder.appendingPathComponent("check.json")
        _ = try CLIRunner.run(["lint", "--findings", lintFile.path, Self.screen], currentDirectory: Self.root)
        let check = try CLIRunner.run(["check", "-q", "--findings", checkFile.path, try Self.scenario(in: folder)], currentDirectory: Self.root)
        #expect([0, 1].contains(check.status), "\(check.stderr)")
        let lint = Self.keys(try Self.findings(lintFile))
        let staticOfCheck = Self.keys(try Self.findings(checkFile).filter { $0["time"] == nil || $0["time"] is NSNull })
        #expect(lint.count == 12)
        #expect(staticOfCheck.sorted() == lint.sorted(), "check: \(staticOfCheck)\nlint: \(lint)")
        for code in ["label.unnamed-symbol", "label.only-symbols", "label.ambiguous-abbreviation", "speech.ipa-unmapped"] {
            #expect(staticOfCheck.contains { $0.hasPrefix(code + " ") }, "\(code) not found by check")
        }
    }

    @Test("check's conformance table: abbreviations judged by the check that ran; live-region and rate codes not claimed on an app scenario")
    func checkedOnlyWhatRan() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("wcag.json")
        _ = try CLIRunner.run(["check", "-q", "--standard", "wcag22", "--conformance", table.path, try Self.scenario(in: folder)],
                              currentDirectory: Self.root)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        let rows = Dictionary(uniqueKeysWithValues: (root["criteria"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0) })
        // 3.1.4 Abbreviations: only label.ambiguous-abbreviation bears on it; it ran and found one.
        #expect(rows["3.1.4"]?["status"] as? String == "failed", "\(rows["3.1.4"] ?? [:])")
        // 4.1.3 Status messages: the announcement checks ran; the live-region and rate ones did not.
        let statusCodes = rows["4.1.3"]?["codes"] as? [String] ?? []
        #expect(statusCodes.contains("announcement.dropped"), "\(statusCodes)")
        #expect(!statusCodes.contains("timing.rate-dependent") && !statusCodes.contains("live.change-unheard"), "\(statusCodes)")

        // With --rates the sweep ran the rate check: 4.1.3 names it.
        let swept = folder.appendingPathComponent("swept.json")
        _ = try CLIRunner.run(["check", "-q", "--rates", "175,300", "--standard", "wcag22", "--conformance", swept.path, try Self.scenario(in: folder)],
                              currentDirectory: Self.root)
        let sweptRoot = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: swept)) as? [String: Any])
        let sweptStatus = (sweptRoot["criteria"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "4.1.3" }
        let sweptCodes: [String] = sweptStatus?["codes"] as? [String] ?? []
        #expect(sweptCodes.contains("timing.rate-dependent"), "\(sweptStatus ?? [:])")
    }
}

/// `render --report` draws each screen as the reader of the run reads it, not VoiceOver always.
@Suite("render --report draws the stops of the run's reader")
struct RenderIndexReaderTests {
    static let root = CLIRunner.repositoryRoot

    /// "id: text (hint: hint)" for each stop drawn on the first screen of a render index.
    static func drawnStops(_ html: String) throws -> [String] {
        let item = try Regex(#"<li id="item-s1-[0-9]+"><code>([^<]*)</code>: <span[^>]*>([^<]*)</span>(?: <span class="hint">\(hint: ([^<]*)\)</span>)?"#)
        return html.matches(of: item).map { match in
            let id = String(match.output[1].substring ?? ""), text = String(match.output[2].substring ?? "")
            let hint = match.output[3].substring.map { " (hint: \($0))" } ?? ""
            return "\(id): \(text)\(hint)".replacingOccurrences(of: "&#39;", with: "'")
        }
    }

    @Test("render --report --reader talkback on an Android dump draws TalkBack's stops, as read --reader talkback says them")
    func talkBackStops() throws {
        let dump = "samples/dumps/android/appisnotresponding.xml"
        let read = try CLIRunner.run(["read", "--no-audio", "--reader", "talkback", dump], currentDirectory: Self.root)
        let expected = read.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"^[0-9]+/[0-9]+ "#, options: .regularExpression) else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(expected.count == 3 && expected[1].contains("(hint: "), "\(read.stdout)")
        for arguments in [["--reader", "talkback"], []] {
            let folder = try CLIRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let render = try CLIRunner.run(["render", "-q", "--report"] + arguments + ["-o", folder.path, dump], currentDirectory: Self.root)
            #expect(render.status == 0, "\(render.stderr)")
            let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(try Self.drawnStops(html) == expected, "\(arguments)")
            #expect(html.contains("read by TalkBack") && html.contains("see what TalkBack says there"))
        }
    }
}
