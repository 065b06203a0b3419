import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench costs`: the costs that once grew with the square of the input, at two sizes
/// each, so the ratio shows how they grow.
///
/// - `compare`'s alignment: a capture of N lines against N stops, every tenth line said
///   differently, at 1,000 and 4,000 lines (the edit table of every pair took 9 s and 145 s).
/// - Reading an Android dump of N buttons all labelled "Same" (parse, screen, TalkBack's
///   order and words), at 10,000 and 40,000 views (the id search from `-2` took 12 s and 260 s).
enum CostsBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "costs", summary: "compare at 1,000 / 4,000 lines and reading 10,000 / 40,000 views with one label (linear growth)",
                  options: NoOptions.self, run: run)
    }

    static func run(_ parsed: Parsed<NoOptions>) throws {
        _ = try parsed.positiveCounts([])
        let clock = ContinuousClock()
        var compareTimes: [Int: Double] = [:]
        for count in [1000, 4000] {
            let stops = (0..<count).map { EarshotUtterance(id: "b\($0)", text: "항목 \($0), 버튼") }
            let heard = (0..<count).map { $0 % 10 == 0 ? "다른 말 \($0)" : "항목 \($0) 버튼" }
            var agreed = 0
            compareTimes[count] = clock.measure {
                agreed = CaptureComparison(capture: ScreenReaderCapture(utterances: heard), stops: stops).agreed
            }.seconds
            print(String(format: "compare, %d captured lines against %d stops: %.3f s (%d agree)", count, count, compareTimes[count]!, agreed))
        }
        print(String(format: "compare 4,000 against 1,000: %.1fx (linear: 4x)", compareTimes[4000]! / compareTimes[1000]!))

        let profile = try VoiceLibrary.locate().profile("ko")
        var readTimes: [Int: Double] = [:]
        for count in [10_000, 40_000] {
            let dump = sameLabelDump(count)
            var stops = 0
            readTimes[count] = try clock.measure {
                let loaded = try ScreenLoader.parse(dump, file: "same.xml")
                stops = try ReadReport(screen: loaded.screen, profile: profile, reader: try ScreenReaders.standard.init(profile: profile)).lines.count
            }.seconds
            print(String(format: "read, %d Android views labelled \"Same\" (%.1f MB): %.2f s, %d stops", count,
                         Double(dump.count) / 1_000_000, readTimes[count]!, stops))
        }
        print(String(format: "read 40,000 against 10,000: %.1fx (linear: 4x)", readTimes[40_000]! / readTimes[10_000]!))
    }

    /// A uiautomator dump of `count` buttons, all labelled "Same".
    static func sameLabelDump(_ count: Int) -> Data {
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n"
        xml += #"<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" clickable="false" enabled="true" focusable="false" bounds="[0,0][1080,2400]">"# + "\n"
        for index in 0..<count {
            let y = index % 2000
            xml += #"<node index="\#(index)" text="Same" resource-id="" class="android.widget.Button" package="p" content-desc="" clickable="true" enabled="true" focusable="true" bounds="[0,\#(y)][1080,\#(y + 1)]" />"# + "\n"
        }
        return Data((xml + "</node>\n</hierarchy>\n").utf8)
    }
}
