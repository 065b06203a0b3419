import Foundation
import Testing

/// `--report-audio embed|external` on every command that writes a page, and the default: the
/// audio embedded up to 20 MB, beside the page above that, with a note (docs/reports.md).
@Suite("Report pages: where their audio goes", .serialized)
struct ReportAudioTests {
    static let root = CLIRunner.repositoryRoot

    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? -1
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// A screen of one element whose label is `label`.
    static func screen(label: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("long.json")
        let object: [String: Any] = ["screen": "긴 라벨", "elements": [
            ["id": "long", "kind": "label", "text": label, "frame": [0, 0, 375, 44]],
            ["id": "ok", "kind": "button", "label": "확인", "frame": [0, 50, 375, 44]],
        ]]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return url
    }

    @Test("a 130 KB label: read --report writes a page proportional to its input, the speech beside it, with a note")
    func longLabelPageIsProportional() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let label = String(repeating: "장바구니에 담았습니다. ", count: 4_000)  // 132 KB of UTF-8
        let input = try Self.screen(label: label, in: folder)
        #expect(Self.size(input) > 130_000)
        let page = folder.appendingPathComponent("long.html")
        let result = try CLIRunner.run(["read", "--report", page.path, input.path])
        #expect(result.status == 0, "\(result.stderr)")
        // The page holds the label's text a few times (its stop, its name, the list), no audio:
        // 739 MB before, with the speech embedded as base64.
        let pageSize = Self.size(page)
        #expect(pageSize > 0 && pageSize < 10 * Self.size(input), "page \(pageSize) bytes for \(Self.size(input)) of input")
        let html = try Self.text(page)
        #expect(!html.contains("data:audio/wav"))
        #expect(html.contains("long-audio/001-long.wav") && html.contains("long-audio/002-ok.wav"))
        #expect(html.contains("The stops&#39; speech is in the folder long-audio") || html.contains("The stops' speech is in the folder long-audio"))
        let speech = folder.appendingPathComponent("long-audio/001-long.wav")
        #expect(Self.size(speech) > 20_000_000, "\(Self.size(speech))")
        #expect(Self.size(folder.appendingPathComponent("long-audio/002-ok.wav")) > 10_000)
        #expect(result.stderr.contains("note: \(page.path): its "), "\(result.stderr)")
        #expect(result.stderr.contains("of audio is written beside it, in \(folder.appendingPathComponent("long-audio").path), not embedded"))
        #expect(result.stderr.contains("--report-audio embed embeds it anyway"))
    }

    @Test("read --report: small speech is embedded; --report-audio external writes it beside the page, no note")
    func readSmallAndExternal() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let embedded = folder.appendingPathComponent("board.html")
        let first = try CLIRunner.run(["read", "--report", embedded.path, "samples/screens/board-list.json"], currentDirectory: Self.root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.text(embedded).components(separatedBy: "data:audio/wav;base64,").count - 1 == 7)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("board-audio").path))
        #expect(!first.stderr.contains("note:"))

        let external = folder.appendingPathComponent("beside.html")
        let second = try CLIRunner.run(["read", "--report", external.path, "--report-audio", "external", "samples/screens/board-list.json"],
                                       currentDirectory: Self.root)
        #expect(second.status == 0, "\(second.stderr)")
        let html = try Self.text(external)
        #expect(!html.contains("data:audio/wav"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("beside-audio").path).sorted()
        #expect(files == ["001-back.wav", "002-board-title.wav", "003-search.wav", "004-post-101.wav", "005-post-102.wav",
                          "006-post-103.wav", "007-create.wav"])
        for file in files { #expect(html.contains("data-src=\"beside-audio/\(file)\"") || html.contains("beside-audio/\(file)"), "\(file)") }
        #expect(!second.stderr.contains("note:"), "asked for: no note")
        let wrong = try CLIRunner.run(["read", "--report", external.path, "--report-audio", "inline", "samples/screens/board-list.json"],
                                      currentDirectory: Self.root)
        #expect(wrong.status == 64 && wrong.stderr.contains("--report-audio expects embed or external, got \"inline\""), "\(wrong.stderr)")
    }

    @Test("check --report: past 20 MB of audio the WAV goes beside the page with a note; --report-audio embed keeps it inside")
    func checkAboveTheLimit() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.screen(label: "확인", in: folder)
        // About 8 minutes of speech: past 20 MB of WAV at 22,050 Hz.
        let text = String(repeating: "오늘 주문하면 내일 도착합니다. ", count: 330)
        let scenario = folder.appendingPathComponent("long-announcement.json")
        let object: [String: Any] = ["screens": ["main": screen.lastPathComponent], "start": "main",
                                     "steps": [["post": "announcement", "text": text]]]
        try JSONSerialization.data(withJSONObject: object).write(to: scenario)
        let page = folder.appendingPathComponent("long-announcement.html")
        let result = try CLIRunner.run(["check", "-q", "--report", page.path, scenario.path])
        #expect(result.status == 0, "\(result.stderr)")
        let beside = folder.appendingPathComponent("long-announcement.wav")
        #expect(Self.size(beside) > 20_000_000, "\(Self.size(beside))")
        #expect(Self.size(page) < 1_000_000, "\(Self.size(page))")
        let html = try Self.text(page)
        #expect(html.contains("src=\"./long-announcement.wav\""))
        #expect(html.contains("The audio is the file <code>long-announcement.wav</code> beside this page"))
        #expect(result.stderr.contains("note: \(page.path): its "), "\(result.stderr)")

        let embeddedPage = folder.appendingPathComponent("inside.html")
        let embedded = try CLIRunner.run(["check", "-q", "--report", embeddedPage.path, "--report-audio", "embed", scenario.path])
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(Self.size(embeddedPage) > 4 * Self.size(beside) / 3)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("inside.wav").path))
        #expect(!embedded.stderr.contains("note:"))
    }

    @Test("render --report: the index plays the files beside it; --report-audio embed puts them inside")
    func renderIndexEmbeds() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.txt")
        try "확인\n취소\n".write(to: labels, atomically: true, encoding: .utf8)
        let plain = folder.appendingPathComponent("plain")
        #expect(try CLIRunner.run(["render", "-q", "--report", "-o", plain.path, labels.path]).status == 0)
        let plainHTML = try Self.text(plain.appendingPathComponent("index.html"))
        #expect(!plainHTML.contains("data:audio/wav") && plainHTML.contains("data-src=\"./ko/labels/line-0001.wav\""))
        let inside = folder.appendingPathComponent("inside")
        let result = try CLIRunner.run(["render", "-q", "--report", "--report-audio", "embed", "-o", inside.path, labels.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try Self.text(inside.appendingPathComponent("index.html"))
        #expect(html.components(separatedBy: "data-src=\"data:audio/wav;base64,UklGR").count - 1 == 2)
        let bare = try CLIRunner.run(["render", "-q", "--report-audio", "embed", "-o", inside.path, labels.path])
        #expect(bare.status == 64 && bare.stderr.contains("give --report too"), "\(bare.stderr)")
    }
}

/// Pages name files relative to the folder the run started in, never by an absolute path of the
/// machine (a page is shared), and the footer names the voice folders' kinds, not their paths.
@Suite("Report pages name no absolute path")
struct PagePathTests {
    /// `target` relative to the folder `base`, through `..` where they part.
    static func relative(_ target: String, from base: String) -> String {
        let to = URL(fileURLWithPath: target).resolvingSymlinksInPath().pathComponents
        let from = URL(fileURLWithPath: base).resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    @Test("check, test, read and render given absolute paths write pages with relative ones")
    func noAbsolutePaths() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CLIRunner.repositoryRoot.path
        let runs: [([String], String)] = [
            (["check", "-q", "--report", "cart.html", root + "/samples/scenarios/cart-walkthrough.json"], "cart.html"),
            (["read", "--report", "keyboards.html", root + "/samples/dumps/settings-keyboards.xml"], "keyboards.html"),
            (["render", "-q", "--report", "-o", "rendered", root + "/samples/screens/board-list.json"], "rendered/index.html"),
            (["test", "-q", "--report", "suite", root + "/samples/suite"], "suite/index.html"),
        ]
        for (arguments, page) in runs {
            let result = try CLIRunner.run(arguments, currentDirectory: folder)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let html = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            for html in [html] + (page.hasPrefix("suite/") ? [try String(contentsOf: folder.appendingPathComponent("suite/open-post.html"), encoding: .utf8)] : []) {
                // Every mention of the repository climbs to it from the run's folder (`../../…`).
                let mentions = html.components(separatedBy: root).dropLast()
                // The run's folder may share a prefix with the repository (both under /tmp), when
                // the relative path holds no `root`: look for the relative path itself.
                #expect(html.contains(Self.relative(root, from: folder.path) + "/samples/"), "\(page)")
                for before in mentions { #expect(before.hasSuffix(".."), "\(page): an absolute path after \(before.suffix(40))") }
                #expect(!html.contains(folder.path), "\(page) names its own folder")
                #expect(!html.contains("voices from") && html.contains("; voices: EARSHOT_VOICES"), "\(page)")
            }
        }
    }
}
