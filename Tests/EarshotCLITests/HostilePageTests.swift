import Foundation
import Testing

/// Every page kind built from hostile names (file names, screen names, ids, labels, hints,
/// titles and announcements that are markup or `javascript:` URLs), opened in Chromium: no
/// script of theirs runs and no link or source names a scheme (docs/reports.md). A scenario named
/// `javascript:alert(1).json` once gave `href="javascript:alert(1).html"` in the suite index.
@Suite("Report pages built from hostile names run no script and link no scheme", .serialized)
struct HostilePageTests {
    static let screen = """
        {
          "screen": "\\"><svg onload=alert(2)>",
          "elements": [
            {"id": "\\"><img src=x onerror=alert(3)>", "kind": "button", "label": "</script><script>alert(4)</script>",
             "hint": "javascript:alert(5)", "frame": [0, 40, 200, 44]},
            {"id": "javascript:alert(6)", "kind": "label", "text": "<svg onload=alert(7)>", "frame": [0, 100, 200, 30]}
          ]
        }
        """

    static let scenario = """
        {
          "title": "</script><script>alert(8)</script>",
          "screen": "javascript:alert(1).json",
          "steps": [
            {"gesture": "next", "at": 0},
            {"post": "announcement", "text": "\\"><svg onload=alert(9)>", "after": 1}
          ]
        }
        """

    /// The pages, written from hostile inputs in a fresh folder.
    static func pages() throws -> (folder: URL, pages: [URL]) {
        let folder = try CLIRunner.temporaryFolder()
        try screen.write(to: folder.appendingPathComponent("javascript:alert(1).json"), atomically: true, encoding: .utf8)
        let scenarios = folder.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let inFlows = scenario.replacingOccurrences(of: "\"javascript:alert(1).json\"", with: "\"../javascript:alert(1).json\"")
        for name in ["javascript:alert(10).json", "\"><svg onload=alert(11)>.json"] {
            try inFlows.write(to: scenarios.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try scenario.write(to: folder.appendingPathComponent("javascript:flow.json"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["check", "-q", "--report", "javascript:x.html", "--report-audio", "external", "javascript:flow.json"],
            ["check", "-q", "--report", "\"><svg onload=alert(12)>.html", "javascript:flow.json"],
            ["read", "--no-audio", "--report", "javascript:alert(13).html", "javascript:alert(1).json"],
            ["render", "-q", "--report", "-o", "javascript:out", "javascript:alert(1).json"],
            ["test", "-q", "--update", "--report", "javascript:suite", "--report-audio", "external", "flows"],
        ]
        for arguments in commands {
            let result = try CLIRunner.run(arguments, currentDirectory: folder)
            guard [0, 1].contains(result.status) else {
                throw ReportPageTests.CheckFailure("\(arguments): exit \(result.status): \(result.stderr)")
            }
        }
        let pages = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".html") }.sorted().map { folder.appendingPathComponent($0) }
        return (folder, pages)
    }

    @Test("each page: no injected script runs, no event attribute, one script of its own, no scheme link")
    func noScriptNoScheme() throws {
        let (folder, pages) = try Self.pages()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A desk check with external audio and one embedded, a screen, a render index, a suite
        // index and its two scenario pages.
        #expect(pages.count == 7, "\(pages.map(\.lastPathComponent))")
        // The only links with a scheme a page may hold are the criteria's public pages, from
        // Earshot's own data (voices/criteria/criteria.json), never from the input.
        let data = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("voices/criteria/criteria.json"), encoding: .utf8)
        let criterionPages = Set(data.matches(of: /"url": "([^"]+)"/).map { String($0.1) })
        #expect(criterionPages.count > 100)
        for page in pages {
            let facts = try ReportPageTests.measure(["hostile", page.path])
            #expect((facts["scriptRuns"] as? [Any])?.isEmpty == true, "\(page.lastPathComponent): \(facts["scriptRuns"] ?? "")")
            let schemeLinks = (facts["schemeLinks"] as? [[String: Any]] ?? []).filter { link in
                !(link["element"] as? String == "a" && link["attribute"] as? String == "href" && ["https:", "http:"].contains(link["protocol"] as? String ?? "")
                  // page_check.py gives a value's first 200 characters.
                  && criterionPages.contains { $0.hasPrefix(link["value"] as? String ?? "-") && (link["value"] as? String ?? "").count >= min(200, $0.count) })
            }
            #expect(schemeLinks.isEmpty, "\(page.lastPathComponent): \(schemeLinks)")
            #expect((facts["eventAttributes"] as? [Any])?.isEmpty == true, "\(page.lastPathComponent): \(facts["eventAttributes"] ?? "")")
            #expect(facts["scripts"] as? Int == 1, "\(page.lastPathComponent)")
        }
        // The links and sources a page builds from a file name are relative and percent-encoded.
        let index = try String(contentsOf: folder.appendingPathComponent("javascript:suite/index.html"), encoding: .utf8)
        #expect(index.contains("href=\"./javascript%3Aalert%2810%29.html\""))
        #expect(index.contains("href=\"./%22%3E%3Csvg%20onload%3Dalert%2811%29%3E.html\""))
        let deskCheck = try String(contentsOf: folder.appendingPathComponent("javascript:x.html"), encoding: .utf8)
        #expect(deskCheck.contains("src=\"./javascript%3Ax.wav\""))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("javascript:x.wav").path))
    }
}
