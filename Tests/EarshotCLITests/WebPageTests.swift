import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// Web pages through the built binary, in the real Chromium the test command installs: read by
/// NVDA's rules in NVDA's words, saved as a tree that reads alike without a browser, and the
/// failures a user meets (no browser, a page that never loads, a page that reaches out).
@Suite("Web pages read by NVDA's rules in Chromium", .serialized)
struct WebPageTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let basics = fixtures.appendingPathComponent("basics.html").path

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a page's stops and NVDA's English words: landmark, heading level, link, button, check boxes, edit")
    func englishWords() throws {
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", Self.basics])
        #expect(result.status == 0, "\(result.stderr)")
        // Reviewed line by line against docs/web.md (browse mode, section b): the navigation
        // landmark is said with its name on the way in, before the link's role and text; a
        // landmark says nothing on the way out, so the heading says main's landmark and then
        // "heading level 1" (its role and the level template) and its text; a button its role,
        // then its text; a check box its role, checked or not checked, then its label; the
        // label text before the field is read where it stands, and the field then says only
        // "edit" (its name was just read; an empty edit says nothing more).
        #expect(result.stdout == """
        1/7 link-1: Site navigation landmark link Home
        2/7 heading-1: main landmark heading level 1 Order
        3/7 button-1: button Add to cart
        4/7 checkbox-1: check box checked Gift wrap
        5/7 checkbox-2: check box not checked Express delivery
        6/7 text-5: Name
        7/7 name: edit

        """)
    }

    @Test("the same page in Korean: NVDA's Korean words from its translation")
    func koreanWords() throws {
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "ko", Self.basics])
        #expect(result.status == 0, "\(result.stderr)")
        let words = try NVDAVocabulary.load(path: CLIRunner.repositoryRoot.appendingPathComponent("voices/nvda/ko.json").path)
        // The page is in English, the voice Korean: a line says so first, then the stops.
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { $0.contains("/7 ") }
        try #require(lines.count == 7, "\(result.stdout)")
        #expect(lines[3].contains(try #require(words.states[.checked])))
        #expect(lines[4].contains(try #require(words.negativeStates[.checked])))
        #expect(lines[4].contains(try #require(words.roles[.checkBox])))
        #expect(lines[6].contains(try #require(words.roles[.editableText])))
        #expect(lines[0].contains(try #require(words.roles[.link])))
        // The page's own text stays as the page wrote it.
        #expect(lines[2].hasSuffix("Add to cart"))
        #expect(!result.stdout.contains("check box") && !result.stdout.contains("not checked"))
    }

    @Test("import saves the tree; reading the saved tree, with no browser, gives the page's reading")
    func savedTree() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("basics.axtree.json").path
        let imported = try CLIRunner.run(["import", Self.basics, "-o", saved])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("wrote \(saved): "), "\(imported.stdout)")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("\"format\": \"earshot-axtree\""))
        // The heading's CSS display is kept (NVDA's lines, docs/web.md section b).
        #expect(text.contains("\"role\": \"heading\", \"name\": \"Order\", \"properties\": {\"domDisplay\": \"block\", \"level\": 1}"), "\(text)")

        let live = try CLIRunner.run(["read", "--no-audio", "--voice", "en", Self.basics])
        // No browser on the PATH: the saved tree needs none.
        let offline = try CLIRunner.run(["read", "--no-audio", "--voice", "en", saved], environment: ["PATH": "/nonexistent"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == live.stdout)
        #expect(!offline.stdout.isEmpty)
    }

    @Test("no browser installed: exit 69, and the error names the package to install")
    func noBrowser() throws {
        let result = try CLIRunner.run(["read", "--no-audio", Self.basics], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("no Chromium browser found"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install chromium"), "\(result.stderr)")
    }

    @Test("a page that never answers: a time-out naming its address, exit 69, no hang")
    func pageThatNeverLoads() throws {
        // A listening socket nobody reads: the browser connects, sends its request and waits.
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(server >= 0)
        defer { close(server) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0)
        try #require(listen(server, 8) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) } }
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/slow.html"

        let started = Date()
        let result = try CLIRunner.run(["read", "--no-audio", url], environment: ["EARSHOT_PAGE_TIMEOUT": "3"])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("timed out after 3 s waiting for \(url) to load"), "\(result.stderr)")
        #expect(seconds < 30, "\(seconds) s")
    }

    @Test("a page that reaches for the network is refused at once; the addresses are noted")
    func networkRefused() throws {
        let started = Date()
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", Self.fixtures.appendingPathComponent("offline.html").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.stderr.contains("was refused (pages are read offline)"), "\(result.stderr)")
        #expect(result.stderr.contains("http://example.com/tracker.js"), "\(result.stderr)")
        #expect(result.stderr.contains("http://203.0.113.5/logo.png"), "\(result.stderr)")
        #expect(result.stdout.contains("graphic Logo"), "\(result.stdout)")
    }

    @Test("render takes a page as it takes a screen: a file per focus stop in read's order and a read-all, from a file and a file:// address")
    func renderPage() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = CLIRunner.repositoryRoot.appendingPathComponent("samples/web/shop.html").path
        let read = try CLIRunner.run(["read", "--no-audio", page])
        let ids = read.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), let space = line.firstIndex(of: " "), space < colon,
                  line[..<space].contains("/") else { return nil }
            return String(line[line.index(after: space)..<colon])
        }
        #expect(ids.count == 8, "\(read.stdout)")
        let output = folder.appendingPathComponent("out").path
        let address = URL(fileURLWithPath: page).absoluteString
        let result = try CLIRunner.run(["render", "-q", "-o", output, page])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: output + "/manifest.jsonl", encoding: .utf8)
        let keys = try manifest.split(separator: "\n").map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["key"] as? String)
        }
        #expect(keys == ids + ["read-all"], "\(keys)")
        for key in keys {
            let wav = try WAVFile.read(path: "\(output)/ko/shop/\(key).wav")
            #expect(wav.samples.count > 1000, "\(key) has speech")
        }
        // An address, and --format html for a page file named otherwise.
        let renamed = folder.appendingPathComponent("shop.page").path
        try FileManager.default.copyItem(atPath: page, toPath: renamed)
        let more = try CLIRunner.run(["render", "-q", "-o", folder.appendingPathComponent("more").path, address])
        #expect(more.status == 0, "\(more.stderr)")
        let forced = try CLIRunner.run(["render", "-q", "--format", "html", "-o", folder.appendingPathComponent("forced").path, renamed])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("forced/ko/shop/read-all.wav").path))
    }

    @Test("NVDA refuses a screen that is not a web page")
    func refusesApps() throws {
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-detail.json").path
        let result = try CLIRunner.run(["read", "--no-audio", "--reader", "nvda", screen])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--reader nvda needs a web page"), "\(result.stderr)")
        // The screen is named by the file given, not by its title.
        #expect(result.stderr.contains("and \(screen) is none"), "\(result.stderr)")
        let lint = try CLIRunner.run(["lint", "--reader", "nvda", screen])
        #expect(lint.status == 64 && lint.stderr.contains("and \(screen) is none"), "\(lint.stderr)")
    }
}
