import Foundation
import Testing

/// The report pages in a real browser: headless Chromium driven by Selenium through
/// Tests/Browser/page_check.py, axe-core for the accessibility check (docs/reports.md).
/// The pages are written once per test run into a shared folder; screenshots are kept in
/// .build/test-artifacts/pages.
@Suite("Report pages in a real browser", .serialized)
struct ReportPageTests {
    static let root = CLIRunner.repositoryRoot
    static let artifacts = root.appendingPathComponent(".build/test-artifacts/pages")

    /// The pages, written once: a desk check, a screen, a render index, a suite index.
    static let pages: Result<Pages, Error> = Result { try Pages() }

    struct Pages: Sendable {
        let folder: URL
        let deskCheck: URL
        let vtt: URL
        let screen: URL
        let renderIndex: URL
        let suiteIndex: URL
        /// A desk check at three speaking rates (`check --rates default --report`).
        let sweep: URL
        /// A web page's screen, from its saved tree (`import`, then `read --report` with no
        /// browser): the screenshot with the stops over it.
        let webPage: URL
        /// The saved tree it was read from.
        let webTree: URL
        /// A desk check on a live page whose live regions speak (`check --report`).
        let webDeskCheck: URL

        init() throws {
            folder = try CLIRunner.temporaryFolder()
            deskCheck = folder.appendingPathComponent("cart-walkthrough.html")
            vtt = folder.appendingPathComponent("cart-walkthrough.vtt")
            // With a standard's table, so axe-core and the screenshots see it too.
            let check = try CLIRunner.run(["check", "-q", "--report", deskCheck.path, "--transcript", vtt.path,
                                           "--standard", "kwcag22", "samples/scenarios/cart-walkthrough.json"], currentDirectory: root)
            guard check.status == 0 else { throw CheckFailure("check --report: \(check.stderr)") }
            screen = folder.appendingPathComponent("board.html")
            let read = try CLIRunner.run(["read", "--report", screen.path, "samples/screens/board-list.json"], currentDirectory: root)
            guard read.status == 0 else { throw CheckFailure("read --report: \(read.stderr)") }
            let rendered = folder.appendingPathComponent("render")
            let render = try CLIRunner.run(["render", "-q", "--report", "-o", rendered.path,
                                            root.appendingPathComponent("Tests/Fixtures/corpora/fluentui-apple-ko.strings").path],
                                           currentDirectory: root)
            guard render.status == 0 else { throw CheckFailure("render --report: \(render.stderr)") }
            renderIndex = rendered.appendingPathComponent("index.html")
            let suite = folder.appendingPathComponent("suite")
            let test = try CLIRunner.run(["test", "-q", "--report", suite.path, "--standard", "wcag22", "samples/suite"], currentDirectory: root)
            guard test.status == 0 else { throw CheckFailure("test --report: \(test.stdout)\(test.stderr)") }
            suiteIndex = suite.appendingPathComponent("index.html")
            sweep = folder.appendingPathComponent("rate-cart-delay.html")
            let swept = try CLIRunner.run(["check", "-q", "--rates", "default", "--report", sweep.path,
                                           "samples/scenarios/rate-cart-delay.json"], currentDirectory: root)
            guard swept.status == 0 else { throw CheckFailure("check --rates --report: \(swept.stdout)\(swept.stderr)") }
            webTree = folder.appendingPathComponent("basics.axtree.json")
            let imported = try CLIRunner.run(["import", "-q", "Tests/Fixtures/web/basics.html", "-o", webTree.path], currentDirectory: root)
            guard imported.status == 0 else { throw CheckFailure("import PAGE.html: \(imported.stderr)") }
            webPage = folder.appendingPathComponent("basics.html")
            // No browser on the PATH: the saved tree carries the screenshot.
            let readPage = try CLIRunner.run(["read", "--voice", "en", "--report", webPage.path, webTree.path],
                                             environment: ["PATH": "/nonexistent"], currentDirectory: root)
            guard readPage.status == 0 else { throw CheckFailure("read --report PAGE.axtree.json: \(readPage.stderr)") }
            webDeskCheck = folder.appendingPathComponent("live-priorities.html")
            let live = try CLIRunner.run(["check", "-q", "--report", webDeskCheck.path, "Tests/Fixtures/web/live-priorities.json"],
                                         currentDirectory: root)
            guard live.status == 0 else { throw CheckFailure("check --report on a page: \(live.stdout)\(live.stderr)") }
        }

        /// The page a test names.
        func named(_ page: String) -> URL {
            [("deskCheck", deskCheck), ("screen", screen), ("renderIndex", renderIndex), ("suiteIndex", suiteIndex),
             ("sweep", sweep), ("webPage", webPage), ("webDeskCheck", webDeskCheck)].first { $0.0 == page }!.1
        }
    }

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs page_check.py and returns its JSON object.
    static func measure(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLIRunner.python([root.appendingPathComponent("Tests/Browser/page_check.py").path] + arguments)
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: result.data) as? [String: Any] else {
            throw CheckFailure("page_check.py \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        // Every page is quiet and self-contained: no script error, nothing fetched.
        #expect((object["pageErrors"] as? [Any])?.isEmpty == true, "\(arguments): \(object["pageErrors"] ?? "")")
        #expect((object["externalRequests"] as? [Any])?.isEmpty == true, "\(arguments): \(object["externalRequests"] ?? "")")
        return object
    }

    @Test("the cart-walkthrough timeline has a bar per utterance; the dropped one says so; activating it seeks the audio")
    func timeline() throws {
        let pages = try Self.pages.get()
        let golden = try String(contentsOf: Self.root.appendingPathComponent("samples/scenarios/cart-walkthrough.transcript.txt"), encoding: .utf8)
        let utterances = golden.split(separator: "\n").filter { !$0.contains("  announcementDidFinish ") }
        let first = try Self.measure(["timeline", pages.deskCheck.path])
        let bars = try #require(first["bars"] as? [[String: Any]])
        #expect(bars.count == utterances.count)
        let droppedIndex = try #require(bars.firstIndex { $0["fate"] as? String == "dropped" })
        let dropped = bars[droppedIndex]
        #expect((dropped["text"] as? String)?.hasPrefix("dropped") == true)
        #expect((dropped["text"] as? String)?.contains("장바구니에 담았습니다") == true)
        // Bars in the order of the transcript lines, at their times.
        for (bar, line) in zip(bars, utterances) {
            let start = try #require(bar["start"] as? Double)
            #expect(line.hasPrefix(String(format: "%02d:%06.3f", Int(start) / 60, start.truncatingRemainder(dividingBy: 60))), "\(line)")
        }
        let start = try #require(dropped["start"] as? Double)
        #expect(abs(start - 14.467) < 0.001)
        let activated = try Self.measure(["timeline", pages.deskCheck.path, "--activate", "\(droppedIndex)"])
        for key in ["enterTime", "spaceTime", "clickTime"] {
            let time = try #require(activated[key] as? Double, "\(key)")
            #expect(time >= start - 0.01 && time < start + 0.5, "\(key): \(time)")
        }
        #expect(activated["focused"] as? Bool == true)
    }

    @Test("the audio plays without a media error and its text track has as many cues as the VTT file")
    func audio() throws {
        let pages = try Self.pages.get()
        let facts = try Self.measure(["audio", pages.deskCheck.path])
        #expect(facts["error"] is NSNull)
        #expect(facts["played"] as? Bool == true)
        let vtt = try String(contentsOf: pages.vtt, encoding: .utf8)
        let cues = vtt.components(separatedBy: "-->").count - 1
        #expect(cues > 10)
        #expect(facts["cues"] as? Int == cues)
        #expect(abs((facts["duration"] as? Double ?? 0) - 28.114) < 0.01)
    }

    @Test("the screen drawing has one numbered mark per focus stop, in the order read prints")
    func stops() throws {
        let pages = try Self.pages.get()
        let read = try CLIRunner.run(["read", "--json", "samples/screens/board-list.json"], currentDirectory: Self.root)
        let ids = try read.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? String
        }
        let facts = try Self.measure(["stops", pages.screen.path])
        let screens = try #require(facts["screens"] as? [[String: Any]])
        #expect(screens.count == 1)
        let stops = try #require(screens[0]["stops"] as? [[String: Any]])
        #expect(stops.map { $0["id"] as? String } == ids)
        #expect(stops.map { $0["number"] as? String } == (1...ids.count).map { "\($0)" })
        let focus = try #require(facts["focus"] as? [String: Any])
        #expect(focus["reachedByTab"] as? Bool == true)
        #expect(focus["said"] as? String == "1. 커뮤니티, 뒤로 버튼")
        // The desk check page draws both screens of the walkthrough the same way.
        let deskScreens = try #require(try Self.measure(["stops", pages.deskCheck.path])["screens"] as? [[String: Any]])
        #expect(deskScreens.map { $0["screen"] as? String } == ["상품 목록", "상품 상세"])
    }

    @Test("a web page's report shows its screenshot, loaded, named, with a numbered mark on it for each stop, in read's order")
    func webPageScreenshot() throws {
        let pages = try Self.pages.get()
        let read = try CLIRunner.run(["read", "--json", "--voice", "en", pages.webTree.path], currentDirectory: Self.root)
        let ids = try read.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? String
        }
        #expect(ids.count == 7)
        let facts = try Self.measure(["stops", pages.webPage.path])
        let screens = try #require(facts["screens"] as? [[String: Any]])
        try #require(screens.count == 1)
        let stops = try #require(screens[0]["stops"] as? [[String: Any]])
        #expect(stops.map { $0["id"] as? String } == ids)
        #expect(stops.map { $0["number"] as? String } == (1...ids.count).map { "\($0)" })
        let picture = try #require(screens[0]["picture"] as? [String: Any], "no screenshot under the drawing")
        #expect(picture["complete"] as? Bool == true)
        // The browser's window is 1280 CSS pixels wide, one image pixel each.
        #expect(picture["naturalWidth"] as? Int == 1280)
        #expect((picture["naturalHeight"] as? Int ?? 0) >= 800)
        let alt = try #require(picture["alt"] as? String)
        #expect(alt.hasPrefix("Screenshot of Basics, 1280 by "), "\(alt)")
        #expect(alt.contains("7 focus stops") && alt.hasSuffix("the stops are listed below."), "\(alt)")
        #expect(picture["markersInside"] as? Int == ids.count)
        // The drawing lies exactly over the picture.
        #expect(picture["overlayWidth"] as? Double == picture["shownWidth"] as? Double)
        #expect(picture["overlayHeight"] as? Double == picture["shownHeight"] as? Double)
        let focus = try #require(facts["focus"] as? [String: Any])
        #expect(focus["reachedByTab"] as? Bool == true)
        #expect(focus["said"] as? String == "1. Site navigation landmark link Home")
        let html = try String(contentsOf: pages.webPage, encoding: .utf8)
        #expect(html.contains("to see what NVDA says there"))

        // A tree without its screenshot is drawn as any screen is.
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try String(contentsOf: pages.webTree, encoding: .utf8)
        let bare = saved.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  \"screenshot\"") }.joined(separator: "\n")
            .replacingOccurrences(of: "\n  ],\n}", with: "\n  ]\n}")
        #expect(bare.count < saved.count)
        let bareTree = folder.appendingPathComponent("bare.axtree.json")
        try bare.write(to: bareTree, atomically: true, encoding: .utf8)
        let barePage = folder.appendingPathComponent("bare.html")
        let drawn = try CLIRunner.run(["read", "--voice", "en", "--report", barePage.path, bareTree.path], currentDirectory: Self.root)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let bareScreens = try #require(try Self.measure(["stops", barePage.path])["screens"] as? [[String: Any]])
        #expect(bareScreens.count == 1 && bareScreens[0]["picture"] is NSNull)
        #expect((bareScreens[0]["stops"] as? [[String: Any]])?.count == ids.count)
    }

    @Test("a desk check on a live page lists each live region's utterance on the timeline with its politeness and fate")
    func liveRegionTimeline() throws {
        let pages = try Self.pages.get()
        let bars = try #require(try Self.measure(["timeline", pages.webDeskCheck.path])["bars"] as? [[String: Any]])
        let live = bars.filter { $0["kind"] as? String == "liveRegion" }
        try #require(live.count == 2, "\(bars)")
        let labels = live.compactMap { $0["ariaLabel"] as? String }
        // The assertive change goes first (NEXT), after the paragraph being read; the polite
        // one after it; both waited their turn and were spoken in full.
        #expect(labels[0].contains("live region assertive: “Assertive news”, queued "), "\(labels)")
        #expect(labels[1].contains("live region polite: “Polite news”, queued "), "\(labels)")
        #expect(labels.allSatisfy { $0.contains(", then spoken ") })
        #expect(live.allSatisfy { $0["fate"] as? String == "spoken" })
        let html = try String(contentsOf: pages.webDeskCheck, encoding: .utf8)
        #expect(html.contains("<span class=\"swatch k-liveRegion\"></span>Live region"))
        // The page's screen is drawn over its screenshot as it loaded.
        let screens = try #require(try Self.measure(["stops", pages.webDeskCheck.path])["screens"] as? [[String: Any]])
        try #require(screens.count == 1)
        let picture = try #require(screens[0]["picture"] as? [String: Any], "no screenshot under the page's drawing")
        #expect(picture["complete"] as? Bool == true && (picture["naturalWidth"] as? Int ?? 0) > 0)
        let stops = try #require(screens[0]["stops"] as? [[String: Any]])
        #expect(!stops.isEmpty && picture["markersInside"] as? Int == stops.count)
    }

    @Test("the render index of the FluentUI Korean table has 71 rows; searching filters them, fast; headers sort")
    func renderIndex() throws {
        let pages = try Self.pages.get()
        let facts = try Self.measure(["index", pages.renderIndex.path, "--search", "취소"])
        #expect(facts["rows"] as? Int == 71)
        #expect(facts["visible"] as? Int == 71)
        let after = try #require(facts["visibleAfter"] as? Int)
        let manifest = try String(contentsOf: pages.renderIndex.deletingLastPathComponent().appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let matching = manifest.split(separator: "\n").filter { $0.contains("취소") }.count
        #expect(after == matching && after > 0 && after < 71)
        #expect(facts["countTextAfter"] as? String == "\(after) of 71 files")
        #expect((facts["searchMs"] as? Double ?? 1000) < 100)
        let sort = try #require(facts["sort"] as? [String: Any])
        #expect(sort["orderChanged"] as? Bool == true)
        #expect(sort["ariaSort"] as? String == "ascending")
    }

    @Test("a sweep's page sets the rates side by side: a column per rate with each fate, each rate's verdict, the sweep's finding")
    func sweepPage() throws {
        let html = try String(contentsOf: try Self.pages.get().sweep, encoding: .utf8)
        #expect(html.contains("<h2 id=\"rates-title\">Speaking rates</h2>") || html.contains(">Speaking rates</h2>"))
        #expect(html.contains("<caption>Utterances whose fate changes with the speaking rate (words a minute)</caption><thead><tr><th scope=\"col\">Utterance</th><th scope=\"col\">175</th><th scope=\"col\">300</th><th scope=\"col\">450</th></tr></thead>"))
        #expect(html.contains("<td>dropped (postedDuringGestureSpeech)</td><td>dropped (postedDuringGestureSpeech)</td><td>spoken at 00:03.594</td>"))
        #expect(html.contains("<th scope=\"row\">450 words a minute</th><td>2 of 2 held</td>"))
        #expect(html.contains("timing.rate-dependent"))
        #expect(html.contains("spoken at 175 words a minute"))
    }

    @Test("axe-core finds no serious or critical violation on any page", arguments: ["deskCheck", "screen", "renderIndex", "suiteIndex", "sweep", "webPage", "webDeskCheck"])
    func accessibility(page: String) throws {
        let pages = try Self.pages.get()
        let url = pages.named(page)
        let facts = try Self.measure(["axe", url.path])
        let violations = try #require(facts["violations"] as? [[String: Any]])
        let serious = violations.filter { ["serious", "critical"].contains($0["impact"] as? String ?? "") }
        #expect(serious.isEmpty, "\(serious)")
    }

    @Test("a screenshot of each page is not blank, and is kept", arguments: ["deskCheck", "screen", "renderIndex", "suiteIndex", "sweep", "webPage", "webDeskCheck"])
    func screenshot(page: String) throws {
        let pages = try Self.pages.get()
        let url = pages.named(page)
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let output = Self.artifacts.appendingPathComponent("\(page).png")
        let facts = try Self.measure(["screenshot", url.path, output.path])
        #expect(FileManager.default.fileExists(atPath: output.path))
        #expect((facts["variance"] as? Double ?? 0) > 100, "\(facts)")
    }
}

/// Every page kind laid out at a phone's width (320 and 390 CSS px, as WCAG 1.4.10's reflow
/// asks) and a desktop's (1280), measured with the browser's own layout (page_check.py layout).
@Suite("Report pages on a phone and a desktop", .serialized)
struct ReportPageLayoutTests {
    static let cases: [(String, Int)] = ["deskCheck", "screen", "renderIndex", "suiteIndex", "sweep", "webPage", "webDeskCheck"].flatMap { page in
        [320, 390, 1280].map { (page, $0) }
    }

    @Test("the document does not scroll sideways, the play controls are in view, timeline labels stay inside their bars",
          arguments: cases)
    func layout(page: String, width: Int) throws {
        let pages = try ReportPageTests.pages.get()
        let url = pages.named(page)
        let facts = try ReportPageTests.measure(["layout", url.path, "--width", "\(width)"])
        let viewport = try #require(facts["viewportWidth"] as? Int)
        #expect(viewport == width)
        #expect(facts["scrollWidth"] as? Int == width, "the page is \(facts["scrollWidth"] ?? "") px wide: \(facts["escaping"] ?? "")")
        #expect(facts["escapingCount"] as? Int == 0, "\(facts["escaping"] ?? "")")
        let controls = try #require(facts["controls"] as? [[String: Any]])
        switch page {
        case "deskCheck", "sweep", "webDeskCheck": #expect(controls.count == 1)  // the audio player
        case "screen": #expect(controls.count == 7)     // a Play button per stop of board-list
        case "webPage": #expect(controls.count == 7)    // a Play button per stop of basics.html
        case "renderIndex": #expect(controls.count == 71)
        default: #expect(controls.isEmpty)
        }
        for control in controls {
            #expect(control["inView"] as? Bool == true, "\(control)")
        }
        let labels = try #require(facts["labels"] as? [[String: Any]])
        #expect(page != "deskCheck" || labels.count == 17)
        for label in labels {
            #expect(label["inside"] as? Bool == true, "\(label)")
            // A shortened label ends in an ellipsis and is the start of the whole text, which
            // the bar's name carries.
            if let full = label["dataFull"] as? String, let shown = label["text"] as? String, !shown.isEmpty {
                #expect(shown.hasSuffix("…") && full.hasPrefix(String(shown.dropLast())), "\(label)")
                #expect((label["full"] as? String)?.contains(full.replacingOccurrences(of: "dropped · ", with: "")
                    .replacingOccurrences(of: "cut · ", with: "")) == true, "\(label)")
            }
        }
        #expect(facts["overlapCount"] as? Int == 0, "\(facts["overlaps"] ?? "")")
        #expect(facts["crossingCount"] as? Int == 0, "\(facts["crossings"] ?? "")")
        if page == "deskCheck" {
            // The walkthrough's long reading does not fit its bar: focusing it shows the whole text.
            #expect(labels.contains { $0["dataFull"] is String })
            let shown = try #require(facts["focusShows"] as? String)
            #expect(shown == facts["focusBar"] as? String)
            // The dropped announcement's bar is as wide as its words: read whole on it.
            #expect(labels.contains { $0["text"] as? String == "dropped · 장바구니에 담았습니다" })
        }
    }
}
