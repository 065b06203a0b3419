import Foundation
import Testing
@testable import EarshotCore

/// The real dumps of real apps (samples/dumps, copied from Tests/Fixtures/corpora): each reads as its
/// reviewed golden file, and the rules of docs/import.md hold on them.
@Suite("Real app dumps read as VoiceOver would")
struct RealDumpTests {
    static let names = ["settings-top", "settings-keyboards", "calendar-day-ja", "sleeplockscreen-ios26-traits",
                        "ios26-settings-root", "ios26-settings-general", "ios26-swiftui-tabview"]

    @Test("each bundled dump is byte for byte the corpus file it was copied from", arguments: names)
    func samplesAreTheCorpus(name: String) throws {
        let corpus = DumpTestSupport.corpus.appendingPathComponent("wda-xml-\(name).xml")
        try #require(FileManager.default.fileExists(atPath: corpus.path), "the corpus is in Tests/Fixtures/corpora")
        let sample = try Data(contentsOf: DumpTestSupport.dumps.appendingPathComponent("\(name).xml"))
        #expect(sample == (try Data(contentsOf: corpus)))
    }

    @Test("each dump reads exactly as its Korean and English golden files, the Japanese Calendar also in Japanese", arguments: names)
    func golden(name: String) throws {
        let loaded = try DumpTestSupport.load("\(name).xml")
        let japanese = name.hasSuffix("-ja") ? [("ja", "ja.read.txt")] : []
        for (profile, suffix) in [("ko", "read.txt"), ("en", "en.read.txt")] + japanese {
            let report = ReadReport(screen: loaded.screen, generator: try ScreenTestSupport.generator(profile))
            let golden = DumpTestSupport.dumps.appendingPathComponent("\(name).\(suffix)")
            if ProcessInfo.processInfo.environment["EARSHOT_RECORD_GOLDENS"] == "1" {
                try report.text.write(to: golden, atomically: true, encoding: .utf8)
            }
            #expect(report.text == (try String(contentsOf: golden, encoding: .utf8)), "\(name) with \(profile)")
        }
    }

    @Test("the Japanese Calendar dump reads with Japanese trait words in the ja voice")
    func calendarInJapanese() throws {
        let screen = try DumpTestSupport.load("calendar-day-ja.xml").screen
        let report = ReadReport(screen: screen, generator: try ScreenTestSupport.generator("ja"))
        let text = report.text
        #expect(text.hasPrefix("1/39 button-12月: 12月、戻るボタン\n2/39 button-リスト: リスト、ボタン\n"))
        #expect(!text.contains("버튼") && !text.contains("Button"))
        #expect(text.contains("、ボタン"))
    }

    @Test("Settings top: each row once in screen order as a button, the title as a heading, no chevron, wrapper or image")
    func settingsTop() throws {
        let stops = FocusOrder(screen: try DumpTestSupport.load("settings-top.xml").screen).stops
        let rows = ["Sign in to your iPhone", "General", "Accessibility", "Privacy", "Passwords", "Safari", "News",
                    "Maps", "Shortcuts", "Health", "Siri & Search", "Photos", "Game Center", "Developer", "app.st"]
        #expect(stops.map(\.label) == ["Settings"] + rows)
        #expect(stops[0].traits.contains(.header))
        for stop in stops.dropFirst() {
            #expect(stop.traits.contains(.button), "\(stop.id)")
            #expect(stop.kind == .cell, "\(stop.id) is a cell, not one of its children")
        }
        #expect(stops.allSatisfy { $0.label != "chevron" && $0.label != nil })
        // Rows below the screen's bottom (y 916 and 995 of 844) are still reached by swiping.
        #expect(stops.suffix(2).map(\.frame.y) == [916, 995])
    }

    @Test("Settings Keyboards: switch rows say their state with the profile's words; footers and the link read once")
    func keyboards() throws {
        let screen = try DumpTestSupport.load("settings-keyboards.xml").screen
        let spoken = try DumpTestSupport.spoken(screen)
        #expect(spoken.contains("Auto-Correction, 스위치 버튼, 끔"))
        #expect(spoken.contains("Smart Punctuation, 스위치 버튼, 켬"))
        #expect(!spoken.contains { $0.contains(", 0,") || $0.contains(", 1,") || $0.hasSuffix(", 1") || $0.hasSuffix(", 0") },
                "a switch's 0/1 is never read")
        let english = try DumpTestSupport.spoken(screen, profile: "en")
        #expect(english.contains("Predictive, Switch button, off"))
        for text in ["About Dictation and Privacy…", "Double tapping the space bar will insert a period followed by a space.",
                     "Send Memoji and Animoji stickers from your emoji keyboard."] {
            #expect(spoken.filter { $0.contains(text) }.count == 1, "\(text) is read once")
        }
        #expect(spoken.first == "General, 뒤로 버튼")
        #expect(spoken[1] == "Keyboards, 머리말")
    }

    @Test("iOS 26 lock screen: traits come from the traits attribute; the invisible alarm button on screen is not reached, the one below the screen is")
    func lockScreen() throws {
        let screen = try DumpTestSupport.load("sleeplockscreen-ios26-traits.xml").screen
        var navigator = try FocusNavigator(screen: screen, profile: try ScreenTestSupport.profile("ko"), reader: VoiceOver())
        var heard: [String] = []
        while case .moved = navigator.next().outcome { heard.append(navigator.focusedStop?.id ?? "") }
        #expect(heard == ["UIA.Snooze.Button", "UIA.Hidden.Button"])
        #expect(try DumpTestSupport.spoken(screen) == ["稍后提醒, 흐리게 표시됨, 버튼", "隐藏的按钮, 버튼"])

        // The attribute wins over the type: the same element, visible, with traits="Header" is a heading.
        let xml = try String(contentsOf: DumpTestSupport.dumps.appendingPathComponent("sleeplockscreen-ios26-traits.xml"), encoding: .utf8)
            .replacingOccurrences(of: #"label="无闹钟" enabled="true" visible="false" accessible="true" x="142" y="256" width="118" height="41" index="1" traits="Button""#,
                                  with: #"label="无闹钟" enabled="true" visible="true" accessible="true" x="142" y="256" width="118" height="41" index="1" traits="Header""#)
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(xml).screen).first == "无闹钟, 머리말")
    }

    @Test("Calendar: the hours keep their order inside the scroll view, met after the date above it, with the toolbar last")
    func calendar() throws {
        let stops = FocusOrder(screen: try DumpTestSupport.load("calendar-day-ja.xml").screen).stops
        let labels = stops.map { $0.label ?? "" }
        let hours = (0...23).map { $0 == 14 ? "14:00, 進行中" : "\($0):00" }
        let first = try #require(labels.firstIndex(of: "0:00"))
        #expect(Array(labels[first..<first + 24]) == hours)
        #expect(labels[first - 1] == "2023年12月15日 金曜日")
        #expect(labels.suffix(3) == ["今日", "カレンダー", "出席依頼"])
        #expect(stops[0].traits.contains(.backButton), "12月 at the bar's leading edge is the back button")
        #expect(!labels.contains { $0.contains("スクロールバー") }, "scroll bars are not accessible elements in this dump")
    }

    @Test("import then read: the written screen file gives the same stops as the dump", arguments: names)
    func roundTrip(name: String) throws {
        let loaded = try DumpTestSupport.load("\(name).xml")
        let text = ScreenFileWriter.text(of: loaded.screen, description: "round trip")
        let reread = try ScreenFile.parse(text, file: "\(name).json")
        #expect(FocusOrder(screen: reread).stops == FocusOrder(screen: loaded.screen).stops)
        #expect(reread.roots == loaded.screen.roots)
    }

    @Test("every element of a dump is located at its start tag")
    func locations() throws {
        let loaded = try DumpTestSupport.load("settings-top.xml")
        let general = try #require(loaded.idLocations["cell-General"])
        #expect(general.line == 29 && general.column == 23)
        let lines = try String(contentsOf: DumpTestSupport.dumps.appendingPathComponent("settings-top.xml"), encoding: .utf8)
            .components(separatedBy: "\n")
        #expect(Array(lines[general.line - 1])[general.column - 1] == "<")
    }
}
