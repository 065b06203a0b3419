import Foundation
import Testing
@testable import EarshotCore

/// Every finding names where its cause is written (docs/findings.md, "Positions"): a static
/// finding its element in the screen file or dump, a dynamic one the scenario step and the
/// element's place.
@Suite("Findings point at the lines that cause them")
struct FindingPositionTests {
    static let root = FindingsTestSupport.repositoryRoot

    /// The 1-based line of the first line of `file` containing `needle`.
    static func line(of needle: String, in file: String) throws -> Int {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    @Test("lint findings of a screen file point at each element's id")
    func screenFile() throws {
        let path = Self.root.appendingPathComponent("samples/lint/shop-before.json").path
        let loaded = try ScreenLoader.load(path: path)
        let findings = try FindingsTestSupport.linter().findings(for: loaded.screen, source: path, locations: loaded.idLocations)
        #expect(findings.count == 12)
        for finding in findings {
            let location = try #require(finding.location, "\(finding.code)")
            #expect(location.file == path)
            #expect(location.line == (try Self.line(of: "\"id\": \"\(finding.elements[0])\"", in: path)), "\(finding.code)")
        }
        let text = FindingReport.text(findings)
        #expect(text.hasPrefix("\(path):\(try Self.line(of: "\"id\": \"search\"", in: path)):"))
    }

    @Test("lint findings of a real dump point at the element's node")
    func dump() throws {
        let path = Self.root.appendingPathComponent("samples/lint/signup-before.xml").path
        let loaded = try ScreenLoader.load(path: path)
        let findings = try FindingsTestSupport.linter().findings(for: loaded.screen, source: path, locations: loaded.idLocations)
        #expect(!findings.isEmpty)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for finding in findings {
            let location = try #require(finding.location)
            // The node's line is an element tag of the dump.
            #expect(lines[location.line - 1].contains("<XCUIElementType"), "\(finding.code) at \(location)")
        }
    }

    @Test("a dropped announcement points at the step that posted it and at its element's line")
    func dynamicFinding() throws {
        let path = Self.root.appendingPathComponent("samples/scenarios/cart-walkthrough.json").path
        let scenario = try ScenarioFile.load(path: path)
        let profile = try ScreenTestSupport.profile("ko")
        let result = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                        device: try EstimatedSpeechDevice(profile: profile)).run()
        let dropped = try #require(result.findings.first { $0.code == .announcementDropped })
        #expect(dropped.location == SourceLocation(
            file: path, line: try Self.line(of: #""post": "announcement", "text": "장바구니에 담았습니다""#, in: path), column: 5))
        let screen = Self.root.appendingPathComponent("samples/screens/product-detail.json").path
        let element = try #require(dropped.elementLocation)
        #expect(element.file == screen)
        #expect(element.line == (try Self.line(of: #""id": "add-to-cart""#, in: screen)))
        let json = try JSONDocument.parse(FindingsJSON.encode(result.findings), file: "findings.json")
        let decoded = try FindingsJSON.decode(json)
        #expect(decoded.map(\.location) == result.findings.map(\.location))
        #expect(decoded.map(\.elementLocation) == result.findings.map(\.elementLocation))
        #expect(decoded.map(\.expected) == [true])
        #expect(FindingsJSON.encode(decoded) == FindingsJSON.encode(result.findings))
    }
}

/// The golden diff `earshot test` prints, compared with GNU diff's on the same texts.
@Suite("Unified diff")
struct UnifiedDiffTests {
    /// `diff -u` of two texts, without its two header lines.
    static func gnuDiff(_ old: String, _ new: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try old.write(to: folder.appendingPathComponent("a"), atomically: true, encoding: .utf8)
        try new.write(to: folder.appendingPathComponent("b"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", folder.appendingPathComponent("a").path, folder.appendingPathComponent("b").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(2).joined(separator: "\n")
    }

    static func ours(_ old: String, _ new: String) -> String {
        UnifiedDiff.diff(old, new, oldName: "a", newName: "b").split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(2).joined(separator: "\n")
    }

    @Test("hunks match GNU diff -u: a change, an insertion at the start, a deletion at the end, two far changes")
    func matchesGNUDiff() throws {
        let base = (1...30).map { "00:\($0)  \"줄 \($0)\"  spoken" }
        var changed = base
        changed[14] = "00:15  \"바뀐 줄\"  spoken"
        var inserted = base
        inserted.insert("00:00  [screen change sound]", at: 0)
        var deleted = base
        deleted.removeLast(2)
        var twoFar = base
        twoFar[2] = "first change"
        twoFar[25] = "second change"
        twoFar.insert("added", at: 26)
        for other in [changed, inserted, deleted, twoFar] {
            let old = base.joined(separator: "\n") + "\n", new = other.joined(separator: "\n") + "\n"
            #expect(Self.ours(old, new) == (try Self.gnuDiff(old, new)))
        }
        #expect(UnifiedDiff.diff("same\n", "same\n", oldName: "a", newName: "b") == "")
    }

    @Test("a diff to an empty text removes every line")
    func toEmpty() throws {
        let old = "one\ntwo\n"
        #expect(Self.ours(old, "") == (try Self.gnuDiff(old, "")))
        #expect(Self.ours("a\nb", "a\nc") == (try Self.gnuDiff("a\nb", "a\nc")))
        #expect(Self.ours("a\nb\n", "a\nb") == (try Self.gnuDiff("a\nb\n", "a\nb")))
    }
}
