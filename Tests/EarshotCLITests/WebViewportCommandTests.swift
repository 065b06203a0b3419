import Foundation
import Testing

/// `--viewport` on the commands that take a page: the page is laid out in that window.
@Suite("--viewport on the command line")
struct WebViewportCommandTests {
    static let page = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web/viewport.html").path

    @Test("read --viewport iphone reads the page as laid out on the phone; without it, a desktop window")
    func readOnAPhone() throws {
        let phone = try CLIRunner.run(["read", "--no-audio", "--voice", "en", "--viewport", "iphone", Self.page])
        #expect(phone.status == 0, "\(phone.stderr)")
        #expect(phone.stdout.contains("390 by 844, ratio 3, touch 5, iPhone, coarse pointer"), "\(phone.stdout)")
        #expect(!phone.stdout.contains("Only on a wide window"), "\(phone.stdout)")
        let desktop = try CLIRunner.run(["read", "--no-audio", "--voice", "en", Self.page])
        #expect(desktop.stdout.contains("1280 by 800, ratio 1, touch 0, desktop"), "\(desktop.stdout)")
        #expect(desktop.stdout.contains("Only on a wide window"), "\(desktop.stdout)")
    }

    @Test("a window Earshot cannot make is a usage error naming the option, before any browser starts")
    func badWindow() throws {
        let result = try CLIRunner.run(["read", "--no-audio", "--viewport", "phone", Self.page])
        #expect(result.status == 64)
        // A name: the phones of the data are listed, with the nearest.
        #expect(result.stderr.contains(#"--viewport: unknown window "phone"; did you mean "iphone"? (valid: desktop, iphone, android); or WIDTHxHEIGHT[@SCALE]"#),
                "\(result.stderr)")
        let size = try CLIRunner.run(["read", "--no-audio", "--viewport", "10x10", Self.page])
        #expect(size.status == 64)
        #expect(size.stderr.contains(#"--viewport expects desktop, iphone, android or WIDTHxHEIGHT[@SCALE]"#), "\(size.stderr)")
        #expect(size.stderr.contains(#"got "10x10""#))
    }

    @Test("import in a phone's window saves its pixel ratio and that it is a phone (version 7); the saved tree reads again")
    func savedWindow() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("viewport.axtree.json").path
        let result = try CLIRunner.run(["import", "--viewport", "android", Self.page, "-o", saved])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("  \"version\": 7,\n"), "\(text.prefix(300))")
        #expect(text.contains("  \"viewport\": [412, 915],\n  \"window\": {\"pixelRatio\": 2.625, \"mobile\": true},\n"), "\(text.prefix(300))")
        let read = try CLIRunner.run(["read", "--no-audio", "--voice", "en", saved])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("412 by 915, ratio 2.625, touch 5, Android, coarse pointer"), "\(read.stdout)")
    }
}
