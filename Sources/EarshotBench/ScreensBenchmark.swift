import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench screens [N]`: builds the focus stops and spoken descriptions of a generated
/// screen of N elements (default 10,000) and of one twice as large, and checks that the smaller
/// stays under 50 ms and that doubling the screen does not much more than double the time.
enum ScreensBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "screens",
                  summary: "focus stops + descriptions for a generated 10,000 / 20,000-element screen (< 50 ms)",
                  arguments: [("ELEMENTS", "The element count (default 10000).")], options: NoOptions.self, run: run)
    }

    static let budgetMilliseconds = 50.0
    /// Doubling the input may cost at most this factor (linear work with noise and n log n sorts).
    static let maximumGrowth = 2.5

    /// Rounds per size; the two sizes alternate so that load from other processes hits both alike.
    static let rounds = 11

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let size = try parsed.positiveCounts([("ELEMENTS", 10_000)])[0]
        let generator = try DescriptionGenerator(profile: try VoiceLibrary.locate().profile("ko"), readerNamed: ScreenReaders.standard.name)
        var small = Measurement(screen: try generatedScreen(elements: size))
        var large = Measurement(screen: try generatedScreen(elements: size * 2))
        for _ in 0..<rounds {
            try small.run(generator: generator)
            try large.run(generator: generator)
        }
        // The fastest round is the one least disturbed by other work on the machine.
        let growth = large.fastest / small.fastest
        print("screens: \(small.report)")
        print("screens: \(large.report)")
        print(String(format: "screens: doubling the screen took %.2fx the time (limit %.1fx)", growth, maximumGrowth))
        var failures: [String] = []
        if small.fastest >= budgetMilliseconds {
            failures.append(String(format: "%d elements took %.1f ms, over the %.0f ms budget", size,
                                   small.fastest, budgetMilliseconds))
        }
        if growth > maximumGrowth {
            failures.append(String(format: "doubling grew the time %.2fx, more than %.1fx", growth, maximumGrowth))
        }
        if failures.isEmpty {
            print("screens: PASS")
        } else {
            throw BenchmarkFailure(reasons: failures)
        }
    }

    /// Timings of repeated focus-order-and-describe rounds over one screen.
    struct Measurement {
        let screen: Screen
        var times: [Double] = []
        var orderTimes: [Double] = []
        var stops = 0

        init(screen: Screen) { self.screen = screen }

        mutating func run(generator: DescriptionGenerator) throws {
            var spokenCharacters = 0
            let start = ContinuousClock.now
            let order = FocusOrder(screen: screen)
            let ordered = ContinuousClock.now
            for stop in order.stops { spokenCharacters &+= generator.describe(stop).text.utf8.count }
            let end = ContinuousClock.now
            // Keeps the descriptions from being optimized away.
            guard spokenCharacters > 0 else { throw BenchmarkFailure(reasons: ["nothing was described"]) }
            stops = order.count
            times.append(milliseconds(end - start))
            orderTimes.append(milliseconds(ordered - start))
        }

        var fastest: Double { times.min() ?? 0 }

        var report: String {
            String(format: "%6d elements -> %5d focus stops + descriptions: fastest %.2f ms, median %.2f ms "
                   + "(focus order alone: fastest %.2f ms; %d rounds)",
                   screen.nodeCount, stops, fastest, median(times), orderTimes.min() ?? 0, times.count)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// A long shopping screen: rows of MergedFocus product cards (6 nodes each), combined list
    /// rows, plain buttons, switches and sliders, in `contain` sections of about 60 nodes.
    static func generatedScreen(elements: Int) throws -> Screen {
        var random = SeededRandom(seed: 570)
        let brands = ["나이키", "아디다스", "뉴발란스", "무인양품", "삼성", "LG", "Apple", "다이슨", "쿠쿠", "코웨이"]
        let items = ["에어맥스 90", "울트라부스트", "무선 청소기", "전기밥솥", "공기청정기", "블루투스 이어폰", "스마트 워치", "러닝화"]
        let verbs = ["장바구니에 담기", "찜하기", "공유하기", "구매하기", "리뷰 쓰기", "더 보기"]
        var sections: [AccessibilityNode] = []
        var count = 0
        var y = 0.0
        var section = AccessibilityNode(id: "section-0", grouping: .contain)
        func place(_ height: Double) -> Frame {
            defer { y += height }
            return Frame(x: 16, y: y, width: 343, height: height)
        }
        while count < elements {
            let n = count
            switch random.next(6) {
            case 0, 1:
                let frame = place(120)
                let card = AccessibilityNode(
                    id: "card-\(n)", frame: frame,
                    children: [
                        AccessibilityNode(id: "card-\(n)-image", kind: .image, label: "상품 사진", identifier: "a11y-ignore"),
                        AccessibilityNode(id: "card-\(n)-brand", kind: .label, text: brands[random.next(brands.count)]),
                        AccessibilityNode(id: "card-\(n)-name", kind: .label, text: items[random.next(items.count)]),
                        AccessibilityNode(id: "card-\(n)-price", kind: .label, text: "\(random.next(500) + 5),000원",
                                          label: "할인가 \(random.next(500) + 5),000원"),
                        AccessibilityNode(id: "card-\(n)-rating", kind: .label, text: "4.\(random.next(10))",
                                          label: "평점 4.\(random.next(10))점"),
                    ],
                    grouping: .merged, isToggled: random.next(4) == 0, customActions: ["찜하기"]
                )
                section.children.append(card)
                count += 6
            case 2:
                let frame = place(72)
                section.children.append(AccessibilityNode(
                    id: "post-\(n)", kind: .cell, frame: frame,
                    children: [
                        AccessibilityNode(id: "post-\(n)-title", kind: .label, text: "공지사항 \(n)번째 글",
                                          frame: Frame(x: 16, y: frame.y + 8, width: 300, height: 22)),
                        AccessibilityNode(id: "post-\(n)-author", kind: .label, text: "사용자\(random.next(100))",
                                          frame: Frame(x: 16, y: frame.y + 36, width: 80, height: 18)),
                        AccessibilityNode(id: "post-\(n)-comments", kind: .label, label: "댓글 \(random.next(99))개",
                                          frame: Frame(x: 300, y: frame.y + 36, width: 40, height: 18)),
                    ]
                ))
                count += 4
            case 3:
                section.children.append(AccessibilityNode(id: "switch-\(n)", kind: .switch, label: "알림 \(n)",
                                                          frame: place(44), isOn: random.next(2) == 0))
                count += 1
            case 4:
                section.children.append(AccessibilityNode(
                    id: "slider-\(n)", kind: .slider, label: "음량 \(n)", frame: place(44),
                    adjustable: AdjustableValues(values: (0...10).map { "\($0 * 10)%" }, index: random.next(11))))
                count += 1
            default:
                section.children.append(AccessibilityNode(id: "button-\(n)", kind: .button,
                                                          text: verbs[random.next(verbs.count)], frame: place(44)))
                count += 1
            }
            if section.children.count >= 20 {
                sections.append(section)
                count += 1
                section = AccessibilityNode(id: "section-\(count)", grouping: .contain)
            }
        }
        if !section.children.isEmpty { sections.append(section) }
        return try Screen(name: "generated \(elements)", roots: sections)
    }
}

/// A small deterministic generator (SplitMix64), so every run measures the same screen.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
