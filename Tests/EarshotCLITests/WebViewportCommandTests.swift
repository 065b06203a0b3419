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
        #expect(result.stderr.contains(#"--viewport expects desktop, iphone, android or WIDTHxHEIGHT[@SCALE]"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"got "phone""#))
    }
}
