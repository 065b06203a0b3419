import Foundation
import Testing
@testable import EarshotCore

/// Real Android dumps read by TalkBack: every real capture in the corpus reads, and the bundled
/// ones (samples/dumps/android, copied from Tests/Fixtures/corpora/android-dumps) read exactly
/// as their reviewed golden files in Korean and English (samples/dumps/android/README.md).
@Suite("Real Android dumps read as TalkBack would")
struct AndroidGoldenTests {
    static let samples = ScreenTestSupport.repositoryRoot.appendingPathComponent("samples/dumps/android")
    static let corpus = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/android-dumps")
    static let names = ["settingstopscreen", "networkandinternetscreen", "dateandtime_en", "appisnotresponding"]
    /// The real captures of the corpus (its SOURCES.md marks the hand-made selector trees).
    static let captures = ["settingstopscreen", "networkandinternetscreen", "connecteddevicesscreen", "securityscreen2",
                           "android1", "playstoregamesscreen", "appisnotresponding", "languages", "dateandtime_en",
                           "dateandtime_ja"]

    static func talkBack(_ language: String) throws -> DescriptionGenerator {
        try DescriptionGenerator(profile: try ScreenTestSupport.profile(language), readerNamed: .talkBack)
    }

    @Test("each bundled Android dump is byte for byte the corpus file it was copied from", arguments: names)
    func samplesAreTheCorpus(name: String) throws {
        let sample = try Data(contentsOf: Self.samples.appendingPathComponent("\(name).xml"))
        #expect(sample == (try Data(contentsOf: Self.corpus.appendingPathComponent("uiautomator-\(name).xml"))))
    }

    @Test("each bundled Android dump reads exactly as its Korean and English TalkBack golden files", arguments: names)
    func golden(name: String) throws {
        let loaded = try ScreenLoader.load(path: Self.samples.appendingPathComponent("\(name).xml").path)
        for (language, suffix) in [("ko", "talkback.read.txt"), ("en", "talkback.en.read.txt")] {
            let report = ReadReport(screen: loaded.screen, generator: try Self.talkBack(language))
            let golden = Self.samples.appendingPathComponent("\(name).\(suffix)")
            if ProcessInfo.processInfo.environment["EARSHOT_RECORD_GOLDENS"] == "1" {
                try report.text.write(to: golden, atomically: true, encoding: .utf8)
            }
            #expect(report.text == (try String(contentsOf: golden, encoding: .utf8)), "\(name) with \(language)")
        }
    }

    @Test("every real Android capture in the corpus reads with TalkBack: stops in tree order, each with words", arguments: captures)
    func corpusReads(name: String) throws {
        let loaded = try ScreenLoader.load(path: Self.corpus.appendingPathComponent("uiautomator-\(name).xml").path)
        #expect(ScreenReaders.natural(for: loaded.screen) == .talkBack)
        let generator = try Self.talkBack("ko")
        let stops = FocusOrder(screen: loaded.screen, for: generator).stops
        #expect(!stops.isEmpty, "\(name)")
        for stop in stops {
            #expect(!generator.describe(stop).text.isEmpty, "\(name): \(stop.id) says nothing")
        }
        // Tree order: each stop's node comes after the one before in the dump's document order.
        let lines = stops.compactMap { loaded.idLocations[$0.id]?.line }
        #expect(lines == lines.sorted(), "\(name): \(lines)")
    }

    @Test("Korean words are TalkBack's: a button, a disabled button, checked and unchecked switches, a heading, a list position")
    func koreanWords() throws {
        let generator = try Self.talkBack("ko")
        func said(_ android: AndroidView) -> String {
            let node = AccessibilityNode(id: "n", frame: Frame(x: 0, y: 0, width: 10, height: 10), android: android)
            let screen = try! Screen(name: "s", roots: [node])
            return generator.describe(FocusOrder(screen: screen, for: generator).stops[0]).text
        }
        #expect(said(AndroidView(className: "android.widget.Button", text: "저장", isClickable: true)) == "저장, 버튼")
        #expect(said(AndroidView(className: "android.widget.Button", text: "저장", isClickable: true, isEnabled: false))
                == "저장, 버튼, 사용할 수 없음")
        #expect(said(AndroidView(className: "android.widget.Switch", text: "와이파이", isClickable: true, isCheckable: true,
                                 isChecked: true)) == "켜짐, 와이파이, 스위치")
        #expect(said(AndroidView(className: "android.widget.Switch", text: "와이파이", isClickable: true, isCheckable: true))
                == "꺼짐, 와이파이, 스위치")
        #expect(said(AndroidView(className: "android.widget.CheckBox", text: "동의", isClickable: true, isCheckable: true))
                == "선택 안됨, 동의, 체크박스")
        #expect(said(AndroidView(className: "android.widget.TextView", text: "설정", isHeading: true)) == "설정, 제목")
        // A list position: list_index_template (%2$d개 중 %1$d번째), in_list, template_list_total_count.
        let items = (0..<12).map { index in
            AccessibilityNode(id: "item\(index)", frame: Frame(x: 0, y: Double(index) * 10, width: 10, height: 10),
                              android: AndroidView(className: "android.widget.TextView", text: "항목 \(index + 1)",
                                                   isClickable: true, itemRowIndex: index, itemColumnIndex: 0))
        }
        let list = AccessibilityNode(id: "list", frame: Frame(x: 0, y: 0, width: 10, height: 120), children: items,
                                     android: AndroidView(className: "androidx.recyclerview.widget.RecyclerView",
                                                          collectionRowCount: 12, collectionColumnCount: 1))
        let stops = FocusOrder(screen: try Screen(name: "s", roots: [list]), for: generator).stops
        #expect(generator.describe(stops[0]).text == "항목 1, 12개 중 1번째, 목록에 있음, 항목 12개")
        #expect(generator.describe(stops[10], after: stops[9]).text == "항목 11, 12개 중 11번째")
    }
}
