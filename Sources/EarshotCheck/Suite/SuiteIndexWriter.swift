import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// `test --report DIR`'s `index.html` as a writer of the suite's result: the pass/fail table of
/// its verdicts (`RunResult.verdicts`), each linking its scenario's page, and the `--standard`
/// table of the run. The scenarios' own pages are written as each finishes
/// (`DeskCheckPageWriter`); this page, once the whole run has its result.
public struct SuiteIndexWriter: RunWriter {
    public let option = "--report"
    public var path: String
    /// The page of each scenario, a name in the index's folder, in the order of the verdicts.
    public var pages: [String]

    public init(path: String, pages: [String]) {
        self.path = path
        self.pages = pages
    }

    public func write(_ result: RunResult) throws {
        var page = SuiteIndexPage(verdicts: result.verdicts, pages: pages)
        page.conformance = result.conformance
        try AtomicFile.write(page.html(provenance: Provenance.line), to: path, followingLinks: false)
    }
}
