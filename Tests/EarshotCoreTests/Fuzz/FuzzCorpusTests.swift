import Foundation
import Testing
@testable import EarshotCore

/// Every input that ever crashed or hung a reader (Tests/FuzzCorpus/TARGET/), and the audit's
/// reproducers, replayed through the same code the fuzzer drives: each must end, with a result
/// or an error.
@Suite("Fuzz regression corpus")
struct FuzzCorpusTests {
    static let corpus = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/FuzzCorpus")

    static let cases: [(target: String, file: String)] = FuzzTarget.allCases.flatMap { target in
        let folder = corpus.appendingPathComponent(target.rawValue)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().map { (target.rawValue, $0) }
    }

    @Test("the corpus holds inputs for every target")
    func corpusExists() {
        for target in FuzzTarget.allCases {
            #expect(Self.cases.contains { $0.target == target.rawValue }, "no inputs for \(target)")
        }
    }

    @Test("each corpus input ends without a crash", arguments: cases.map { "\($0.target)/\($0.file)" })
    func replay(name: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "/" })))
        target.run(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
    }
}
