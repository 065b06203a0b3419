import Foundation
import Testing
@testable import EarshotReport

/// The repository, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite("The pages' stylesheet and script are the files under Sources/EarshotReport/Assets, compiled in")
struct ReportAssetsTests {
    static func asset(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/EarshotReport/Assets/\(name)"), encoding: .utf8)
    }

    @Test("the compiled-in stylesheet is report.css without its last line break")
    func stylesheetIsTheFile() throws {
        let file = try Self.asset("report.css")
        #expect(file.contains(":root {") && file.contains(".playhead"), "report.css is not the stylesheet")
        #expect(ReportAssets.stylesheet + "\n" == file, "the compiled-in stylesheet is not report.css")
    }

    @Test("the compiled-in script is report.js without its last line break")
    func scriptIsTheFile() throws {
        let file = try Self.asset("report.js")
        #expect(file.hasPrefix("(function () {"), "report.js is not the script")
        #expect(ReportAssets.script + "\n" == file, "the compiled-in script is not report.js")
    }

    @Test("a page carries the stylesheet and the script whole, each once")
    func pageCarriesBoth() {
        let page = ReportPage(kind: "Desk check", title: "cart", summary: "<p>passed</p>",
                              sections: [.init(id: "transcript", title: "Transcript", html: "<p>…</p>")],
                              speechLanguage: "ko").html(provenance: "earshot test")
        #expect(page.components(separatedBy: ReportAssets.stylesheet).count == 2)
        #expect(page.components(separatedBy: ReportAssets.script).count == 2)
    }
}
