import Foundation
import Testing
@testable import EarshotCore

/// Every sample screen's read-out must equal the golden file beside it: `NAME.read.txt` with the
/// Korean profile, `NAME.en.read.txt` with the English one where present.
@Suite("Sample screens read as their golden files")
struct SampleGoldenTests {
    static let samples: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ScreenTestSupport.samplesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("the samples folder holds the screens the format promises")
    func samplesExist() {
        for name in ["product-list", "fruit-dropdown-collapsed", "fruit-dropdown-expanded", "board-list", "tab-bar",
                     "settings", "modal-dialog", "rtl-row"] {
            #expect(Self.samples.contains(name), "missing sample \(name).json")
        }
    }

    @Test("each sample reads exactly as its Korean golden file", arguments: samples)
    func koreanGolden(name: String) throws {
        try check(name: name, profile: "ko", golden: "\(name).read.txt", required: true)
    }

    @Test("samples with an English golden read exactly as it", arguments: samples)
    func englishGolden(name: String) throws {
        try check(name: name, profile: "en", golden: "\(name).en.read.txt", required: false)
    }

    @Test("at least one sample has an English golden file")
    func englishGoldenExists() {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ScreenTestSupport.samplesDirectory.path)) ?? []
        #expect(files.contains { $0.hasSuffix(".en.read.txt") })
    }

    private func check(name: String, profile: String, golden: String, required: Bool) throws {
        let directory = ScreenTestSupport.samplesDirectory
        let screen = try ScreenFile.load(path: directory.appendingPathComponent("\(name).json").path)
        let report = ReadReport(screen: screen, generator: try ScreenTestSupport.generator(profile))
        let goldenURL = directory.appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["EARSHOT_RECORD_GOLDENS"] == "1" {
            try report.text.write(to: goldenURL, atomically: true, encoding: .utf8)
        }
        guard let expected = try? String(contentsOf: goldenURL, encoding: .utf8) else {
            if required { Issue.record("missing golden file \(golden)") }
            return
        }
        #expect(report.text == expected, "\(name) with profile \(profile)")
    }
}
