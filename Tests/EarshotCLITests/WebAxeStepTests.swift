import Foundation
import Testing

/// axe-core after a scenario's step (docs/scenario-format.md `"audit"`, docs/web.md "axe-core
/// after a step"), on a real page in Chromium with the axe-core scripts/install-axe.sh puts in
/// .build/axe: a dialog a click opens holds a field without a label, which axe finds only after
/// the step, with the step's time and line; what axe found at the page's load is not said again;
/// without `"audit"` no axe runs on the played page (with `--standard` the page is audited as
/// loaded, apart); axe missing leaves its rows not evaluated.
@Suite("axe-core after a scenario's step", .serialized)
struct WebAxeStepTests {
    static let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Offers</title><style>
        body { font: 16px sans-serif; background: #fff; color: #000; }
        .quiet { color: #aaa; }
        </style></head><body>
        <main><h1>Offers</h1>
        <p class="quiet" id="note">Prices include tax.</p>
        <p><button id="open" onclick="document.getElementById('offer').hidden = false">Enter a code</button></p>
        <div role="dialog" id="offer" aria-label="Coupon" hidden>
          <p class="quiet">Codes are case sensitive.</p>
          <input type="text" id="code">
          <button id="apply">Apply</button>
        </div>
        </main>
        </body></html>
        """

    /// The scenario: the click at 1 s, with `audit` written into its step as given.
    static func scenario(audit: String) -> String {
        """
        {
          "title": "A coupon dialog",
          "voice": "en",
          "screen": "offers.html",
          "steps": [
            { "pause": 0.5 },
            { "page": { "click": "open" }, "at": 1\(audit) },
            { "pause": 1 }
          ]
        }
        """
    }

    struct Run {
        var findings: [[String: Any]]
        var table: [String: Any]
        var stdout: String
        var stderr: String
        var status: Int32

        var axe: [[String: Any]] { findings.filter { ($0["code"] as? String)?.hasPrefix("axe.") == true } }

        func row(_ id: String) -> [String: Any]? {
            (table["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == id }
        }
    }

    /// `earshot check SCENARIO --standard wcag22` with the findings JSON and the table written.
    static func check(_ scenario: String, environment: [String: String] = [:], standard: Bool = true) throws -> Run {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try page.write(to: folder.appendingPathComponent("offers.html"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("coupon.json")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let audit = standard ? ["--standard", "wcag22", "--conformance", table.path] : []
        let result = try CLIRunner.run(["check", file.path, "--findings", json.path] + audit, environment: environment)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let conformance = standard ? try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any]) : [:]
        return Run(findings: findings, table: conformance, stdout: result.stdout, stderr: result.stderr, status: result.status)
    }

    @Test("a dialog the click opens: its unlabelled field found by axe after the step, at 1 s on the step's line; the grey note found at load once, the dialog's grey text after the step")
    func afterTheStep() throws {
        let run = try Self.check(Self.scenario(audit: ", \"audit\": \"axe\""))
        let label = run.axe.filter { $0["code"] as? String == "axe.label" }
        #expect(label.count == 1, "\(run.stdout)")
        let field = try #require(label.first)
        #expect(field["time"] as? Double == 1.0)
        #expect((field["location"] as? [String: Any])?["line"] as? Int == 7, "\(field)")
        #expect(field["elements"] as? [String] == ["code"], "\(field)")
        let message = field["message"] as? String ?? ""
        #expect(message.hasPrefix("axe-core label (critical): Form elements must have labels, at stop "), "\(message)")
        #expect(message.hasSuffix("Found by axe-core after \"page: click open\" (line 7), at 00:01.000."), "\(message)")
        // The note's contrast was found as the page loaded, with no time, and not again after the step;
        // the dialog's grey text, shown by the step, is new then.
        let contrast = run.axe.filter { $0["code"] as? String == "axe.color-contrast" }
        #expect(contrast.filter { !($0["time"] is Double) }.map { $0["elements"] as? [String] ?? [] } == [["note"]], "\(contrast)")
        let later = contrast.filter { $0["time"] as? Double == 1.0 }
        #expect(later.count == 1 && (later.first?["message"] as? String)?.contains("Codes are case sensitive.") == true, "\(contrast)")
        #expect(!later.contains { ($0["elements"] as? [String]) == ["note"] })
        #expect(run.row("1.4.3")?["status"] as? String == "failed")
        #expect(run.row("4.1.2")?["status"] as? String == "failed", "\(run.row("4.1.2") ?? [:])")
    }

    @Test("without audit, no axe on the played page: without --standard no axe finding; with it, the page audited as loaded gives the note's contrast once, as the audit's")
    func notAsked() throws {
        let plain = try Self.check(Self.scenario(audit: ""), standard: false)
        #expect(plain.axe.isEmpty, "\(plain.axe)")
        // --standard asks for an audit: the page as loaded, in a context of its own (docs/test-suites.md).
        let run = try Self.check(Self.scenario(audit: ""))
        #expect(run.axe.map { $0["elements"] as? [String] ?? [] } == [["note"]], "\(run.axe)")
        #expect(!(run.axe.first?["time"] is Double))
        #expect((run.axe.first?["message"] as? String)?.hasPrefix("Audit of the page as loaded: axe-core color-contrast") == true)
        #expect(run.row("1.4.3")?["status"] as? String == "failed", "\(run.row("1.4.3") ?? [:])")
    }

    @Test("axe-core missing: the scenario plays, no axe finding, its rows not evaluated naming why")
    func axeMissing() throws {
        let run = try Self.check(Self.scenario(audit: ", \"audit\": \"axe\""), environment: ["EARSHOT_AXE": ""])
        #expect(run.axe.isEmpty, "\(run.axe)")
        let row = try #require(run.row("1.4.3"))
        #expect(row["status"] as? String == "not-evaluated")
        #expect("\(row)".contains("axe-core turned off"), "\(row)")
        #expect(run.stdout.contains("click open") || run.stdout.contains("Enter a code"), "\(run.stdout)")
    }

    @Test("an audit no step can ask for, or on an expectation, is an error at its place")
    func badAudit() throws {
        let unknown = try Self.checkStatus(Self.scenario(audit: ", \"audit\": \"lighthouse\""))
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("coupon.json:7:") && unknown.stderr.contains("\"lighthouse\"") && unknown.stderr.contains("axe"), "\(unknown.stderr)")
        let onExpect = Self.scenario(audit: "").replacingOccurrences(of: "{ \"pause\": 1 }", with: "{ \"expect\": { \"spoken\": \"Offers\" }, \"audit\": \"axe\" }")
        let expectation = try Self.checkStatus(onExpect)
        #expect(expectation.status == 65)
        #expect(expectation.stderr.contains("put \"audit\" on the step that changes the page"), "\(expectation.stderr)")
    }

    static func checkStatus(_ scenario: String) throws -> (status: Int32, stderr: String) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try page.write(to: folder.appendingPathComponent("offers.html"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("coupon.json")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", file.path])
        return (result.status, result.stderr)
    }
}
