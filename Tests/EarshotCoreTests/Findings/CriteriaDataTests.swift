import Foundation
import Testing
@testable import EarshotCore

/// The criteria data (voices/criteria/criteria.json, docs/findings.md "Criteria"): found where
/// the voices are, complete for every finding code, and naming only criteria the standards have.
@Suite("Criteria data")
struct CriteriaDataTests {
    static let file = FindingsTestSupport.repositoryRoot.appendingPathComponent("voices/criteria/criteria.json")

    @Test("the data in use is the checkout's voices/criteria/criteria.json")
    func locatedInCheckout() throws {
        let file = try Criteria.decode(try JSONDocument.load(path: Self.file.path))
        let located = try Criteria.table()
        for id in StandardID.allCases {
            #expect(located.standards[id]?.criteria == file.standards[id]?.criteria)
        }
        #expect(located.mappings.count == FindingCode.allCases.count)
    }

    @Test("every finding code maps to criteria or says why none applies, and nothing else is mapped")
    func everyCodeMapped() throws {
        let root = try JSONDocument.load(path: Self.file.path)
        let findings = try root.object(allowing: ["standards", "findings", "axe"]).required("findings").anyObject()
        #expect(Set(findings.members.map(\.key)) == Set(FindingCode.allCases.map(\.rawValue)))
        for code in FindingCode.allCases {
            let mapping = Criteria.mapping(for: code)
            #expect(mapping.why.count > 20, "\(code.rawValue) gives no reason")
            #expect(Set(mapping.criteria).count == mapping.criteria.count, "\(code.rawValue) names a criterion twice")
        }
        // The failures a tester reports most must name their criteria.
        #expect(Criteria.criteria(for: .labelMissing).contains { $0.standard == .wcag22 && $0.id == "4.1.2" })
        #expect(Criteria.criteria(for: .targetTooSmall).contains { $0.standard == .wcag22 && $0.id == "2.5.8" && $0.level == "AA" })
        #expect(Criteria.criteria(for: .announcementDropped).contains { $0.standard == .wcag22 && $0.id == "4.1.3" })
        #expect(Criteria.criteria(for: .focusNotRestored).contains { $0.standard == .wcag22 && $0.id == "2.4.3" })
        #expect(Criteria.criteria(for: .targetTooSmall).contains { $0.standard == .kwcag22 })
        #expect(Criteria.criteria(for: .speechIPAUnmapped).isEmpty)
    }

    @Test("WCAG 2.2 is its 86 success criteria (31 A, 24 AA, 31 AAA) and the obsolete 4.1.1, with well-formed ids and W3C pages")
    func wcagList() throws {
        let wcag = try Criteria.standard(.wcag22).criteria
        #expect(wcag.count == 87)
        #expect(wcag.filter { $0.level == "A" }.count == 31)
        #expect(wcag.filter { $0.level == "AA" }.count == 24)
        #expect(wcag.filter { $0.level == "AAA" }.count == 31)
        #expect(wcag.filter { $0.level == nil }.map(\.id) == ["4.1.1"])
        #expect(Set(wcag.map(\.id)).count == wcag.count)
        for criterion in wcag {
            #expect(criterion.id.wholeMatch(of: /[1-4]\.[0-9]\.[0-9]{1,2}/) != nil, "\(criterion.id)")
            #expect(criterion.url.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"), "\(criterion.id)")
            #expect(!criterion.title.isEmpty)
        }
        // The criteria WCAG 2.2 added, at their levels.
        for (id, level) in [("2.4.11", "AA"), ("2.5.7", "AA"), ("2.5.8", "AA"), ("3.2.6", "A"), ("3.3.7", "A"), ("3.3.8", "AA")] {
            #expect(wcag.first { $0.id == id }?.level == level, "\(id)")
        }
    }

    @Test("KWCAG 2.2 is its 33 items and KS X 3253 its 18, each once, each with what a person judges")
    func koreanLists() throws {
        let kwcag = try Criteria.standard(.kwcag22).criteria
        #expect(kwcag.count == 33)
        #expect(Set(kwcag.map(\.id)).count == 33)
        #expect(kwcag.first?.id == "1.1.1" && kwcag.last?.id == "4.2.1")
        let ksx = try Criteria.standard(.ksx3253).criteria
        #expect(ksx.count == 18)
        #expect(Set(ksx.map(\.id)).count == 18)
        for criterion in kwcag + ksx + (try Criteria.standard(.wcag22).criteria) {
            #expect(criterion.person?.isEmpty == false, "\(criterion.reference) says nothing of what a person judges")
        }
    }

    @Test("docs/findings.md shows each code's criteria and why, as the data says")
    func documented() throws {
        let text = try String(contentsOf: FindingsTestSupport.repositoryRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        for code in FindingCode.allCases {
            let mapping = Criteria.mapping(for: code)
            let row = "| `\(code.rawValue)` | \(Criteria.references(mapping.criteria)) | \(mapping.why) |"
            #expect(text.contains(row), "\(code.rawValue)")
        }
    }

    @Test("a mistake in the data is named with its place")
    func badData() throws {
        let text = #"{"standards": [], "findings": {"label.mising": {"criteria": [], "why": "x"}}}"#
        #expect(throws: DataFileError.self) { try Criteria.decode(try JSONDocument.parse(text, file: "c.json")) }
        let standards = StandardID.allCases.map { id in
            #"{"id": "\#(id.rawValue)", "name": "N", "edition": "E", "source": "S", "licence": "L", "criteria": [{"id": "1.1.1", "level": null, "title": "T", "url": "U"}]}"#
        }
        let unknownId = #"{"standards": [\#(standards.joined(separator: ", "))],"# + "\n"
            + #" "findings": {"label.missing": {"criteria": [{"standard": "wcag22", "id": "4.1.9"}], "why": "x"}}}"#
        do {
            _ = try Criteria.decode(try JSONDocument.parse(unknownId, file: "c.json"))
            Issue.record("an unknown criterion id was accepted")
        } catch let error as DataFileError {
            #expect(error.description.hasPrefix("c.json:2:") && error.description.contains("wcag22 has no criterion \"4.1.9\""), "\(error)")
        }
    }
}
