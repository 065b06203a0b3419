import Foundation
import Testing
@testable import EarshotCore

@Suite("Finding output as text and JSON")
struct FindingOutputTests {
    static let sample: [Finding] = [
        Finding(.labelMissing, elements: ["search"], message: #""search" says only "버튼": it has no label or value."#,
                screen: "추천 상품", source: "shop.json"),
        Finding(.announcementDropped, time: 1.25, elements: ["like"], message: "\"찜했습니다\" was never spoken.",
                screen: "상품 목록"),
        Finding(.focusGhost, time: 0.0004, elements: [], message: "a \\ back\tslash", fix: "quote \" and tab"),
    ]

    @Test("each finding is two lines, severity, code, time, elements and message, then the fix, and a third naming its criteria")
    func textLines() {
        let text = FindingReport.text(Self.sample)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 10)
        #expect(lines[0] == #"error label.missing [search]: "search" says only "버튼": it has no label or value."#)
        #expect(lines[1].hasPrefix("  Fix: Give it an accessibilityLabel"))
        #expect(lines[2] == "  Criteria: WCAG 2.2 1.1.1, 4.1.2; KWCAG 2.2 1.1.1; KS X 3253 5.1, 8.2")
        #expect(lines[3] == #"error announcement.dropped at 1.250 s [like]: "찜했습니다" was never spoken."#)
        #expect(lines[5] == "  Criteria: WCAG 2.2 4.1.3; KS X 3253 5.6")
        #expect(lines[6] == "error focus.ghost at 0.000 s: a \\ back\tslash")
        #expect(lines[8] == "  Criteria: WCAG 2.2 2.4.3; KWCAG 2.2 2.1.2; KS X 3253 6.1")
        #expect(lines[9] == "")
        // A code that bears on no criterion has no third line.
        let twice = FindingReport.lines(of: Finding(.stopsDuplicateAdjacent, elements: ["a", "b"], message: "same"))
        #expect(twice.split(separator: "\n").count == 2)
    }

    @Test("baseline marks show after the severity and in the summary")
    func baselineMarks() {
        var known = Self.sample[0]
        known.baseline = .known
        var new = Self.sample[1]
        new.baseline = .new
        #expect(FindingReport.lines(of: known).hasPrefix("error (known) label.missing [search]"))
        #expect(FindingReport.summary([known, new]) == "2 findings (2 errors; 1 known; 1 new)")
        #expect(!known.failsRun && new.failsRun)
        #expect(![known].hasUnexpectedErrors && [known, new].hasUnexpectedErrors)
    }

    @Test("no findings prints one line saying so, and summaries count by severity")
    func summaries() {
        #expect(FindingReport.text([]) == "no findings\n")
        #expect(FindingReport.summary([]) == "no findings")
        let mixed = Self.sample + [Finding(.focusFragmented, elements: ["card"], message: "split")]
        #expect(FindingReport.summary(mixed) == "4 findings (3 errors, 1 warning)")
        #expect(FindingReport.summary([Self.sample[0]]) == "1 finding (1 error)")
    }

    @Test("JSON has the same keys in the same order for every finding, and the same bytes every time")
    func jsonIsDeterministic() throws {
        let json = FindingsJSON.encode(Self.sample)
        #expect(json == FindingsJSON.encode(Self.sample))
        let lines = json.split(separator: "\n").map(String.init)
        #expect(lines.first == "[" && lines.last == "]")
        #expect(lines[1] == #"  {"code": "label.missing", "severity": "error", "time": null, "elements": ["search"], "message": "\"search\" says only \"버튼\": it has no label or value.", "fix": "Give it an accessibilityLabel that says what it does (an icon button: .accessibilityLabel(\"검색\")), or hide it if it is decoration.", "screen": "추천 상품", "source": "shop.json", "location": null, "elementLocation": null, "expected": false, "baseline": null, "criteria": [{"standard": "wcag22", "id": "1.1.1", "title": "Text equivalent for images and icons"}, {"standard": "wcag22", "id": "4.1.2", "title": "Name, role and state exposed"}, {"standard": "kwcag22", "id": "1.1.1", "title": "Images and icons carry fitting text"}, {"standard": "ksx3253", "id": "5.1", "title": "Text alternatives for non-text content"}, {"standard": "ksx3253", "id": "8.2", "title": "Components usable with assistive technology"}]},"#)
        #expect(lines[2].contains(#""time": 1.250000, "elements": ["like"]"#))
        #expect(lines[3].contains(#""message": "a \\ back\tslash", "fix": "quote \" and tab""#))
        #expect(FindingsJSON.encode([]) == "[]\n")
    }

    @Test("JSON parses back to the same findings, with Foundation too")
    func jsonRoundTrip() throws {
        let json = FindingsJSON.encode(Self.sample)
        let decoded = try FindingsJSON.decode(try JSONDocument.parse(json, file: "findings.json"))
        #expect(decoded == Self.sample)
        let foreign = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(foreign?.count == 3)
        #expect(foreign?[1]["time"] as? Double == 1.25)
        #expect(foreign?[0]["elements"] as? [String] == ["search"])
    }

    @Test("a finding made at an asked rate says it: last in JSON, in its text line and in SARIF; read back the same; none at the profile's own")
    func rateNamed() throws {
        var fast = Self.sample[1]
        fast.rate = 450
        let json = FindingsJSON.encode([Self.sample[1], fast])
        let lines = json.split(separator: "\n").map(String.init)
        #expect(!lines[1].contains("\"rate\""))
        #expect(lines[2].hasSuffix(#", "rate": 450}"#))
        #expect(try FindingsJSON.decode(try JSONDocument.parse(json, file: "findings.json")) == [Self.sample[1], fast])
        #expect(FindingReport.lines(of: fast).hasPrefix("error announcement.dropped at 1.250 s (450 words a minute) [like]: "))
        #expect(SarifReport.json([fast], baseFolder: "/").contains(#""rate": 450"#))
        #expect(!SarifReport.json([Self.sample[1]], baseFolder: "/").contains(#""rate""#))
    }

    @Test("writing goes through a temporary file and the result reads back")
    func writeAndLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("findings.json").path
        try FindingsJSON.write(Self.sample, to: path)
        #expect(try FindingsJSON.load(path: path) == Self.sample)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["findings.json"])
        #expect(throws: FileIOError.self) { try FindingsJSON.write(Self.sample, to: "/nonexistent-folder/f.json") }
    }

    @Test("an unknown code in a findings file is a data error at its line, with a suggestion")
    func unknownCode() throws {
        let text = "[\n  {\"code\": \"label.mising\", \"severity\": \"error\", \"message\": \"x\"}\n]\n"
        #expect {
            try FindingsJSON.decode(try JSONDocument.parse(text, file: "f.json"))
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix("f.json:2:") && description.contains("did you mean \"label.missing\"")
        }
    }

    @Test("findings sort by time with static ones first, and filter by least severity")
    func sortingAndFiltering() {
        let late = Finding(.announcementCut, time: 3, elements: [], message: "late")
        let early = Finding(.announcementCut, time: 1, elements: [], message: "early")
        let fixed = Finding(.labelFileName, elements: [], message: "static")
        #expect([late, fixed, early].sortedByTime().map(\.message) == ["static", "early", "late"])
        #expect(Self.sample.atLeast(.error).count == 3)
        #expect([late, fixed].atLeast(.error).isEmpty)
        #expect([late, fixed].atLeast(.warning).count == 2)
        #expect(!([late, fixed].hasErrors) && Self.sample.hasErrors)
    }
}

extension FindingOutputTests {
    @Test("a finding describes itself as its report lines")
    func describesItself() {
        let finding = Finding(.focusNotRestored, time: 4, elements: ["list-top"], message: "focus went to the top")
        #expect("\(finding)" == "error focus.not-restored at 4.000 s [list-top]: focus went to the top\n  Fix: \(finding.fix)\n  Criteria: WCAG 2.2 2.4.3; KWCAG 2.2 2.1.2; KS X 3253 6.1")
    }
}
