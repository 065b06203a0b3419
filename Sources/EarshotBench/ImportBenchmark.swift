import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench import [N]`: reads a generated WebDriverAgent page source of about N XML
/// elements (default 10,000) and one twice as large with `ScreenLoader.parse`, builds the focus
/// stops of the screen it gives and describes every stop, and checks that the smaller takes
/// under 100 ms (median of the runs) and that doubling the page does not much more than double
/// the median time.
///
/// The page is shaped like the real dumps in samples/dumps: an `AppiumAUT` wrapper around the
/// application and its window, towers of full-screen `Other` wrappers, a navigation bar (the
/// back button at x 0, the title text) and a table of sections, each a labelled header `Other`
/// and rows: cells repeating their label in a static text child, with a disabled, invisible
/// chevron button, a value text, or a switch (`value` 0 or 1); rows below the screen are
/// `visible="false"`, and a hidden second window ends the page. Every element has the
/// attributes `type name label value enabled visible accessible x y width height index`
/// (`accessible` on all of them, as Appium 2 writes it; `name`, `label` and `value` only where
/// the real dumps have them), leaves are self-closing as in calendar-day-ja.xml, and labels are
/// Korean to go with the ko voice profile.
enum ImportBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "import",
                  summary: "page source import + focus stops + descriptions for a generated 10,000 / 20,000-element dump (< 100 ms)",
                  arguments: [("ELEMENTS", "The XML element count (default 10000).")], options: NoOptions.self, run: run)
    }

    static let budgetMilliseconds = 100.0
    /// Doubling the input may cost at most this factor (linear work with noise and n log n sorts).
    static let maximumGrowth = 2.5

    /// Unrecorded rounds first (caches, allocator), then recorded ones; the two sizes alternate
    /// within each round so that load from other processes hits both alike.
    static let warmUps = 2
    static let runs = 9

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let size = try parsed.positiveCounts([("ELEMENTS", 10_000)])[0]
        let generator = try DescriptionGenerator(profile: try VoiceLibrary.locate().profile("ko"), readerNamed: ScreenReaders.standard.name)
        var small = Measurement(page: generatedPageSource(elements: size))
        var large = Measurement(page: generatedPageSource(elements: size * 2))
        for round in 0..<(warmUps + runs) {
            try small.run(generator: generator, recorded: round >= warmUps)
            try large.run(generator: generator, recorded: round >= warmUps)
        }
        let growth = large.median / small.median
        for measurement in [small, large] {
            print("import: \(measurement.report)")
            print("import: \(measurement.split)")
        }
        print(String(format: "import: doubling the page took %.2fx the time (medians; limit %.1fx)", growth, maximumGrowth))
        var failures: [String] = []
        if small.median < budgetMilliseconds {
            print(String(format: "import: PASS: %d elements in %.1f ms (median), under %.0f ms", small.page.elements,
                         small.median, budgetMilliseconds))
        } else {
            failures.append(String(format: "%d elements took %.1f ms (median), over the %.0f ms budget",
                                   small.page.elements, small.median, budgetMilliseconds))
            print("import: FAIL: \(failures[failures.count - 1])")
        }
        if growth < maximumGrowth {
            print(String(format: "import: PASS: doubling grew the time %.2fx, under %.1fx", growth, maximumGrowth))
        } else {
            failures.append(String(format: "doubling grew the time %.2fx, not under %.1fx", growth, maximumGrowth))
            print("import: FAIL: \(failures[failures.count - 1])")
        }
        if failures.isEmpty {
            print("import: PASS")
        } else {
            throw BenchmarkFailure(reasons: failures)
        }
    }

    /// A generated page source: its bytes and how many XML elements it has.
    struct PageSource {
        var data: Data
        var elements: Int
    }

    /// Timings of repeated import-then-describe rounds over one page source.
    struct Measurement {
        let page: PageSource
        var times: [Double] = []
        var importTimes: [Double] = []
        var describeTimes: [Double] = []
        var stops = 0

        init(page: PageSource) { self.page = page }

        mutating func run(generator: DescriptionGenerator, recorded: Bool) throws {
            var spokenCharacters = 0
            let start = ContinuousClock.now
            let loaded = try ScreenLoader.parse(page.data, file: "generated-\(page.elements).xml")
            let imported = ContinuousClock.now
            let order = FocusOrder(screen: loaded.screen)
            for stop in order.stops { spokenCharacters &+= generator.describe(stop).text.utf8.count }
            let end = ContinuousClock.now
            // Keeps the descriptions from being optimized away.
            guard spokenCharacters > 0 else { throw BenchmarkFailure(reasons: ["nothing was described"]) }
            stops = order.count
            guard recorded else { return }
            times.append(ScreensBenchmark.milliseconds(end - start))
            importTimes.append(ScreensBenchmark.milliseconds(imported - start))
            describeTimes.append(ScreensBenchmark.milliseconds(end - imported))
        }

        var median: Double { ScreensBenchmark.median(times) }

        var report: String {
            String(format: "%6d elements (%.2f MB) -> %5d focus stops + descriptions: median %.2f ms, fastest %.2f ms "
                   + "(%d runs after %d warm-ups)",
                   page.elements, Double(page.data.count) / 1_000_000, stops, median, times.min() ?? 0,
                   times.count, warmUps)
        }

        var split: String {
            String(format: "%6d elements: parse + interpret median %.2f ms, fastest %.2f ms; "
                   + "focus order + descriptions median %.2f ms, fastest %.2f ms",
                   page.elements, ScreensBenchmark.median(importTimes), importTimes.min() ?? 0,
                   ScreensBenchmark.median(describeTimes), describeTimes.min() ?? 0)
        }
    }

    /// A long settings list as WebDriverAgent writes it, stopping at about `elements` XML
    /// elements (`AppiumAUT` included): rows of 3 to 5 elements in sections of 8 to 15 rows.
    static func generatedPageSource(elements: Int) -> PageSource {
        var random = SeededRandom(seed: 571)
        let titles = ["일반", "키보드", "자동 수정", "스마트 구두점", "문자 미리보기", "받아쓰기 활성화", "자동 대문자",
                      "텍스트 대치", "언어 및 지역", "날짜 및 시간", "서체", "사전", "손쉬운 사용", "배경화면", "알림",
                      "사운드 및 햅틱", "집중 모드", "스크린 타임", "개인정보 보호 및 보안", "Wi-Fi & 네트워크"]
        let headers = ["모든 키보드", "한국어", "영어", "이모티콘", "받아쓰기", "고급", "사용자 설정"]
        let values = ["3", "켬", "끔", "한국어", "자동", "없음", "2개"]
        let screenHeight = 844
        var page = PageSourceWriter()
        page.text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
        page.elements += 1
        let full = (x: 0, y: 0, width: 390, height: screenHeight)
        page.open("Application", name: "설정", label: "설정", accessible: false, frame: full, index: 0)
        page.open("Window", accessible: false, frame: full, index: 0)
        for _ in 0..<4 { page.open("Other", accessible: false, frame: full, index: 0) }
        page.open("NavigationBar", name: "키보드", accessible: false, frame: (0, 47, 390, 44), index: 0)
        page.leaf("Button", name: "일반", label: "일반", accessible: true, frame: (0, 47, 89, 44), index: 0)
        page.leaf("StaticText", name: "키보드", label: "키보드", value: "키보드", accessible: true,
                  frame: (152, 58, 86, 21), index: 1)
        page.close("NavigationBar")
        page.open("Other", accessible: false, frame: full, index: 1)
        for _ in 0..<5 { page.open("Other", accessible: false, frame: full, index: 0) }
        page.open("Table", accessible: false, frame: full, index: 0)
        // The second window's three elements follow the table.
        var row = 0
        var index = 0
        var y = 126
        var sectionRows = 0
        while page.elements + 3 < elements {
            if sectionRows == 0 {
                let header = headers[random.next(headers.count)]
                let frame = (0, y, 390, 39)
                let visible = y < screenHeight
                page.open("Other", name: header, visible: visible, accessible: false, frame: frame, index: index)
                page.leaf("Other", name: header, label: header, visible: visible, accessible: true, frame: frame, index: 0)
                page.close("Other")
                index += 1
                y += 39
                sectionRows = 8 + random.next(8)
            }
            let label = "\(titles[random.next(titles.count)]) \(row + 1)"
            let visible = y < screenHeight
            let chevron = (x: 358, y: y + 15, width: 12, height: 14)
            let text = (x: 20, y: y + 12, width: 60 + random.next(120), height: 21)
            switch random.next(5) {
            case 0, 1:
                page.open("Cell", name: label, label: label, visible: visible, accessible: true, frame: (0, y, 390, 45), index: index)
                page.leaf("Other", visible: visible, accessible: false, frame: (0, y, 390, 1), index: 0)
                page.leaf("StaticText", name: label, label: label, value: label, visible: visible, accessible: false,
                          frame: text, index: 1)
                page.leaf("Button", name: "chevron", label: "chevron", enabled: false, visible: false, accessible: false,
                          frame: chevron, index: 2)
            case 2:
                let value = values[random.next(values.count)]
                page.open("Cell", name: label, label: label, value: value, visible: visible, accessible: true,
                          frame: (0, y, 390, 45), index: index)
                page.leaf("Other", visible: visible, accessible: false, frame: (0, y, 390, 1), index: 0)
                page.leaf("StaticText", name: label, label: label, value: label, visible: visible, accessible: false,
                          frame: text, index: 1)
                page.leaf("StaticText", name: value, label: value, value: value, visible: visible, accessible: false,
                          frame: (320, y + 12, 30, 21), index: 2)
                page.leaf("Button", name: "chevron", label: "chevron", enabled: false, visible: false, accessible: false,
                          frame: chevron, index: 3)
            default:
                let value = random.next(2) == 0 ? "0" : "1"
                page.open("Cell", name: label, label: label, value: value, visible: visible, accessible: true,
                          frame: (0, y, 390, 45), index: index)
                page.leaf("StaticText", name: label, label: label, value: label, visible: visible, accessible: false,
                          frame: text, index: 0)
                page.leaf("Switch", name: label, label: label, value: value, visible: visible, accessible: false,
                          frame: (319, y + 7, 51, 31), index: 1)
            }
            page.close("Cell")
            row += 1
            index += 1
            y += 44
            sectionRows -= 1
        }
        page.close("Table")
        for _ in 0..<6 { page.close("Other") }
        for _ in 0..<4 { page.close("Other") }
        page.close("Window")
        page.open("Window", visible: false, accessible: false, frame: full, index: 1)
        page.open("Other", visible: false, accessible: false, frame: full, index: 0)
        page.leaf("Other", visible: false, accessible: false, frame: full, index: 0)
        page.close("Other")
        page.close("Window")
        page.close("Application")
        page.text += "</AppiumAUT>\n"
        return PageSource(data: Data(page.text.utf8), elements: page.elements)
    }

    /// Writes page source elements indented two spaces a level, counting them.
    struct PageSourceWriter {
        var text = ""
        var elements = 0
        var depth = 1

        mutating func open(_ type: String, name: String? = nil, label: String? = nil, value: String? = nil,
                           enabled: Bool = true, visible: Bool = true, accessible: Bool,
                           frame: (x: Int, y: Int, width: Int, height: Int), index: Int) {
            start(type, name: name, label: label, value: value, enabled: enabled, visible: visible,
                  accessible: accessible, frame: frame, index: index)
            text += ">\n"
            depth += 1
        }

        mutating func leaf(_ type: String, name: String? = nil, label: String? = nil, value: String? = nil,
                           enabled: Bool = true, visible: Bool = true, accessible: Bool,
                           frame: (x: Int, y: Int, width: Int, height: Int), index: Int) {
            start(type, name: name, label: label, value: value, enabled: enabled, visible: visible,
                  accessible: accessible, frame: frame, index: index)
            text += "/>\n"
        }

        mutating func close(_ type: String) {
            depth -= 1
            text += String(repeating: "  ", count: depth) + "</XCUIElementType\(type)>\n"
        }

        private mutating func start(_ type: String, name: String?, label: String?, value: String?, enabled: Bool,
                                    visible: Bool, accessible: Bool, frame: (x: Int, y: Int, width: Int, height: Int),
                                    index: Int) {
            elements += 1
            text += String(repeating: "  ", count: depth) + "<XCUIElementType\(type) type=\"XCUIElementType\(type)\""
            if let name { text += " name=\"\(Self.escaped(name))\"" }
            if let label { text += " label=\"\(Self.escaped(label))\"" }
            if let value { text += " value=\"\(Self.escaped(value))\"" }
            text += " enabled=\"\(enabled)\" visible=\"\(visible)\" accessible=\"\(accessible)\""
            text += " x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(frame.height)\" index=\"\(index)\""
        }

        private static func escaped(_ value: String) -> String {
            guard value.contains(where: { "&<>\"".contains($0) }) else { return value }
            return value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
    }
}
