import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench talkback [N]`: imports a generated `uiautomator dump` of about N nodes
/// (default 10,000) and one twice as large, builds TalkBack's focus stops and describes every
/// stop in TalkBack's words (docs/talkback.md), and checks that the smaller takes under 100 ms
/// (median of the runs) and that doubling the dump does not much more than double the time.
/// For comparison it times the same work for VoiceOver on a VoiceOver-shaped page source of the
/// same element count (`ImportBenchmark`'s generated WebDriverAgent page).
///
/// The dump is shaped like Android Settings (Tests/Fixtures/corpora/android-dumps): a
/// `<hierarchy>` of `<node>` elements with the attributes `uiautomator dump` writes
/// (`index text resource-id class package content-desc checkable checked clickable enabled
/// focusable focused scrollable long-clickable password selected visible-to-user bounds`); a
/// tower of 24 layout wrappers, a toolbar (a back button, a title), then a scrolling
/// RecyclerView of rows: each row a clickable LinearLayout holding an icon, a column with a
/// title and a summary, and on every third row a switch in a widget frame. Every row is
/// `visible-to-user="true"` (a tall window), so every row is a TalkBack stop with its
/// description: the heaviest case for the stops; a real RecyclerView dumps its visible rows only.
/// Labels are Korean, for the ko voice profile.
enum TalkBackBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "talkback",
                  summary: "uiautomator dump import + TalkBack stops + descriptions, 10,000 / 20,000 nodes (< 100 ms); VoiceOver for comparison",
                  arguments: [("NODES", "The node count (default 10000).")], options: NoOptions.self, run: run)
    }

    static let budgetMilliseconds = 100.0
    static let maximumGrowth = 2.5
    static let warmUps = 2
    static let runs = 9
    /// Layout wrappers between the window and the content: deep trees are where a walk that
    /// repeats per ancestor would show.
    static let towerDepth = 24

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let size = try parsed.positiveCounts([("NODES", 10_000)])[0]
        let profile = try VoiceLibrary.locate().profile("ko")
        let voiceOver = try DescriptionGenerator(profile: profile, readerNamed: ScreenReaders.standard.name)
        let talkBack = try DescriptionGenerator(profile: profile, reader: try TalkBack(profile: profile))
        var small = Measurement(name: "TalkBack", page: generatedDump(nodes: size), generator: talkBack)
        var large = Measurement(name: "TalkBack", page: generatedDump(nodes: size * 2), generator: talkBack)
        var comparison = Measurement(name: "VoiceOver", page: ImportBenchmark.generatedPageSource(elements: size),
                                     generator: voiceOver)
        for round in 0..<(warmUps + runs) {
            try small.run(recorded: round >= warmUps)
            try large.run(recorded: round >= warmUps)
            try comparison.run(recorded: round >= warmUps)
        }
        for measurement in [small, large, comparison] { print("talkback: \(measurement.report)") }
        let growth = large.median / small.median
        print(String(format: "talkback: doubling the dump took %.2fx the time (medians; limit %.1fx)", growth, maximumGrowth))
        var failures: [String] = []
        if small.median >= budgetMilliseconds {
            failures.append(String(format: "%d nodes took %.1f ms (median), over the %.0f ms budget", small.page.elements,
                                   small.median, budgetMilliseconds))
        }
        if growth >= maximumGrowth {
            failures.append(String(format: "doubling grew the time %.2fx, not under %.1fx", growth, maximumGrowth))
        }
        guard failures.isEmpty else {
            for failure in failures { print("talkback: FAIL: \(failure)") }
            throw BenchmarkFailure(reasons: failures)
        }
        print(String(format: "talkback: PASS: %d nodes in %.1f ms (median), under %.0f ms; doubling grew it %.2fx",
                     small.page.elements, small.median, budgetMilliseconds, growth))
    }

    struct Measurement {
        let name: String
        let page: ImportBenchmark.PageSource
        let generator: DescriptionGenerator
        var times: [Double] = []
        var importTimes: [Double] = []
        var stops = 0

        mutating func run(recorded: Bool) throws {
            var spoken = 0
            let start = ContinuousClock.now
            let loaded = try ScreenLoader.parse(page.data, file: "generated-\(page.elements).xml")
            let imported = ContinuousClock.now
            let order = FocusOrder(screen: loaded.screen, for: generator)
            for (index, stop) in order.stops.enumerated() {
                spoken &+= generator.describe(stop, after: index > 0 ? order.stops[index - 1] : nil).text.utf8.count
            }
            let end = ContinuousClock.now
            guard spoken > 0 else { throw BenchmarkFailure(reasons: ["\(name): nothing was described"]) }
            stops = order.count
            guard recorded else { return }
            times.append(ScreensBenchmark.milliseconds(end - start))
            importTimes.append(ScreensBenchmark.milliseconds(imported - start))
        }

        var median: Double { ScreensBenchmark.median(times) }

        var report: String {
            String(format: "%@ %6d nodes (%.2f MB) -> %5d stops + descriptions: median %.2f ms (import %.2f ms), "
                   + "fastest %.2f ms (%d runs after %d warm-ups)",
                   name, page.elements, Double(page.data.count) / 1_000_000, stops, median,
                   ScreensBenchmark.median(importTimes), times.min() ?? 0, times.count, warmUps)
        }
    }

    /// The generated dump with about `nodes` nodes (the count it really has is returned).
    static func generatedDump(nodes: Int) -> ImportBenchmark.PageSource {
        var out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n"
        var count = 0
        var depth = 0
        func open(_ className: String, text: String = "", id: String = "", description: String = "",
                  clickable: Bool = false, focusable: Bool = false, checkable: Bool = false, checked: Bool = false,
                  scrollable: Bool = false, bounds: String, leaf: Bool = false) {
            count += 1
            out += String(repeating: "  ", count: depth + 1)
            out += "<node index=\"0\" text=\"\(text)\" resource-id=\"\(id)\" class=\"\(className)\" "
            out += "package=\"com.android.settings\" content-desc=\"\(description)\" checkable=\"\(checkable)\" "
            out += "checked=\"\(checked)\" clickable=\"\(clickable)\" enabled=\"true\" focusable=\"\(focusable)\" "
            out += "focused=\"false\" scrollable=\"\(scrollable)\" long-clickable=\"false\" password=\"false\" "
            out += "selected=\"false\" visible-to-user=\"true\" bounds=\"\(bounds)\""
            if leaf {
                out += " />\n"
            } else {
                out += ">\n"
                depth += 1
            }
        }
        func close() {
            depth -= 1
            out += String(repeating: "  ", count: depth + 1) + "</node>\n"
        }
        for _ in 0..<towerDepth { open("android.widget.FrameLayout", bounds: "[0,0][1080,2400]") }
        open("android.view.ViewGroup", id: "com.android.settings:id/toolbar", bounds: "[0,66][1080,242]")
        open("android.widget.ImageButton", description: "뒤로 가기", clickable: true, focusable: true,
             bounds: "[0,66][176,242]", leaf: true)
        open("android.widget.TextView", text: "설정", bounds: "[176,120][600,190]", leaf: true)
        close()
        open("androidx.recyclerview.widget.RecyclerView", id: "com.android.settings:id/recycler_view",
             focusable: true, scrollable: true, bounds: "[0,242][1080,\(242 + nodes * 40)]")
        var row = 0
        while count < nodes - towerDepth {
            let top = 242 + row * 200
            let frame = { (left: Int, right: Int) in "[\(left),\(top)][\(right),\(top + 200)]" }
            open("android.widget.LinearLayout", clickable: true, focusable: true, bounds: frame(0, 1080))
            open("android.widget.ImageView", id: "android:id/icon", bounds: frame(44, 110), leaf: true)
            open("android.widget.RelativeLayout", bounds: frame(154, 880))
            open("android.widget.TextView", text: "설정 항목 \(row + 1)", id: "android:id/title",
                 bounds: frame(154, 880), leaf: true)
            open("android.widget.TextView", text: "항목 \(row + 1)의 요약, 자세한 설명", id: "android:id/summary",
                 bounds: frame(154, 880), leaf: true)
            close()
            if row % 3 == 2 {
                open("android.widget.LinearLayout", id: "android:id/widget_frame", bounds: frame(880, 1080))
                open("android.widget.Switch", id: "android:id/switch_widget", checkable: true, checked: row % 2 == 0,
                     bounds: frame(900, 1060), leaf: true)
                close()
            }
            close()
            row += 1
        }
        while depth > 0 { close() }
        out += "</hierarchy>\n"
        return ImportBenchmark.PageSource(data: Data(out.utf8), elements: count)
    }
}
