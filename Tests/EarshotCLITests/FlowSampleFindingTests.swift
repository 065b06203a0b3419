import Foundation
import Testing

/// Every finding of the app-flow desk checks fires on its "before" sample and not on its
/// "after" sample, with the code, time and elements the transcript shows.
@Suite("earshot check: each finding fires on its before sample and not on its after sample", .serialized)
struct FlowSampleFindingTests {
    static let scenarios = CLIRunner.repositoryRoot.appendingPathComponent("samples/scenarios")

    struct Case: Sendable, CustomStringConvertible {
        var code: String
        var sample: String
        /// Elements the finding names, in order.
        var elements: [String]
        /// A transcript line that starts at the finding's time (the event that shows it).
        var lineAtTime: String
        /// The finding's time when no transcript line starts then.
        var time: Double? = nil
        var description: String { code }
    }

    static let cases: [Case] = [
        Case(code: "announcement.dropped", sample: "cart", elements: ["add-to-cart"], lineAtTime: #""장바구니에 담았습니다"  dropped: postedDuringGestureSpeech"#),
        Case(code: "announcement.cut", sample: "flow-announcement-cut", elements: [], lineAtTime: #""쿠폰이 도착했습니다"  spoken"#),
        Case(code: "earcon.duplicate-screen-change", sample: "flow-uikit-navigation", elements: ["post-102"], lineAtTime: "[screen change sound]"),
        // The swap is silent: 0.35 s (the animation) after the back button's activation sound at 10.650.
        Case(code: "earcon.missing-screen-change", sample: "flow-swiftui-zstack", elements: [], lineAtTime: "", time: 11.0),
        Case(code: "focus.not-restored", sample: "flow-swiftui-navigationstack", elements: ["post-102", "back"], lineAtTime: "[screen change sound]"),
        Case(code: "focus.restored-wrong-item", sample: "flow-refresh", elements: ["post-101", "post-102"], lineAtTime: #""[공지] 게시판 이용 규칙"#),
        Case(code: "focus.no-fallback", sample: "flow-delete", elements: ["post-102", "post-101"], lineAtTime: ""),
        Case(code: "focus.restore-repeated", sample: "flow-restore-repeated", elements: ["post-102"], lineAtTime: #""주말에 갈 만한 전시 추천해 주세요"#),
        Case(code: "focus.ghost", sample: "flow-ghost", elements: ["post-102"], lineAtTime: #""주말에 갈 만한 전시 추천해 주세요"#),
        Case(code: "focus.fragmented", sample: "flow-carousel", elements: ["card-1", "card-1-name", "card-1-like", "card-1-rating", "card-1-price"], lineAtTime: ""),
    ]

    /// The findings (code, time, elements) and the transcript of one sample run.
    static func check(_ name: String) throws -> (findings: [[String: Any]], transcript: String, status: Int32) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let findings = folder.appendingPathComponent("f.json")
        let transcript = folder.appendingPathComponent("t.txt")
        let result = try CLIRunner.run(["check", "-q", scenarios.appendingPathComponent("\(name).json").path,
                                        "--findings", findings.path, "--transcript", transcript.path])
        let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: findings)) as? [[String: Any]] ?? []
        return (parsed, try String(contentsOf: transcript, encoding: .utf8), result.status)
    }

    @Test("the finding fires on the before sample with its elements and time, and not on the after sample",
          arguments: cases)
    func beforeAndAfter(_ item: Case) throws {
        let before = try Self.check(item.sample == "cart" ? "cart-immediate" : "\(item.sample)-before")
        let found = before.findings.filter { $0["code"] as? String == item.code }
        let finding = try #require(found.first, "no \(item.code) in \(before.findings)")
        #expect(finding["elements"] as? [String] == item.elements)
        if !item.lineAtTime.isEmpty {
            let time = try #require(finding["time"] as? Double)
            let stamp = String(format: "%02d:%06.3f", Int(time) / 60, time.truncatingRemainder(dividingBy: 60))
            #expect(before.transcript.split(separator: "\n").contains { $0.hasPrefix(stamp) && $0.contains(item.lineAtTime) },
                    "no line at \(stamp) with \(item.lineAtTime)")
        }
        if let expected = item.time {
            #expect(abs((finding["time"] as? Double ?? -1) - expected) < 0.0005)
        }
        // The before sample expects the finding it shows, so it passes as written.
        #expect(finding["expected"] as? Bool == true)
        #expect(before.status == 0)
        for after in item.sample == "cart" ? ["cart-delayed", "cart-queued"] : ["\(item.sample)-after"] {
            let fixed = try Self.check(after)
            #expect(fixed.findings.isEmpty, "\(after): \(fixed.findings)")
            #expect(fixed.status == 0)
        }
    }

    @Test("findings print after the transcript, two lines each; --quiet keeps only the errors")
    func printedFindings() throws {
        let path = Self.scenarios.appendingPathComponent("flow-uikit-container-before.json").path
        let full = try CLIRunner.run(["check", path])
        #expect(full.status == 0)
        let lines = full.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "Findings: 3 findings (3 errors; 3 expected)"))
        let lastUtterance = try #require(lines.lastIndex { $0.hasPrefix("00:") })
        #expect(header > lastUtterance)
        #expect(lines[header + 1].hasPrefix("\(path):12:5: error (expected) earcon.missing-screen-change at 6.369 s: \"detail\" was swapped in"))
        #expect(lines[header + 2].hasPrefix("  Fix: After a screen swap inside one container post screenChanged"))
        let warning = try CLIRunner.run(["check", "-q", Self.scenarios.appendingPathComponent("flow-uikit-navigation-before.json").path])
        #expect(warning.status == 0)
        #expect(warning.stdout.contains("Findings: 1 finding (1 warning; 1 expected)\n"))
        #expect(!warning.stdout.contains("warning earcon.duplicate-screen-change"))
        #expect(!warning.stdout.split(separator: "\n").contains { $0.hasPrefix("00:") })
    }
}
