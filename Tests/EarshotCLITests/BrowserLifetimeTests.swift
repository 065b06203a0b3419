import EarshotJack
import Foundation
import Testing

/// One Chromium per process (docs/web.md, "The browser and the saved tree"): a whole `check`,
/// a whole `test` and each worker of `test --jobs` start the browser once, and each scenario's
/// page is in a browser context of its own, so nothing one scenario leaves in the browser
/// (its storage) reaches the next. Launches are counted through `$EARSHOT_CHROMIUM`, the seam
/// every start goes through: a script that writes a line to a log, then runs Chromium.
@Suite("One browser per process, a context per page", .serialized)
struct BrowserLifetimeTests {
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples/web")

    /// A browser that counts its starts: `$EARSHOT_CHROMIUM` names a script that writes a line
    /// to `launches.log` and runs Chromium. Both are in a folder the browser's unprivileged user
    /// (Earshot as root runs it as `nobody`) can pass through and write in.
    struct CountedBrowser {
        let folder: URL
        var log: URL { folder.appendingPathComponent("launches.log") }
        var environment: [String: String] { ["EARSHOT_CHROMIUM": folder.appendingPathComponent("chromium").path] }

        init() throws {
            folder = try CLIRunner.sharedTemporaryFolder()
            let real = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
                .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/chromium"
            let script = folder.appendingPathComponent("chromium")
            try "#!/bin/sh\necho \"launch $$\" >> '\(log.path)'\nexec '\(real)' \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
            try "".write(to: log, atomically: true, encoding: .utf8)
            chmod(folder.path, 0o777)
            chmod(script.path, 0o755)
            chmod(log.path, 0o666)
        }

        /// How many times the browser was started since the last call.
        func launches() throws -> Int {
            let text = try String(contentsOf: log, encoding: .utf8)
            try "".write(to: log, atomically: false, encoding: .utf8)
            return text.split(separator: "\n").count
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("check on a web scenario starts Chromium once (the scenario is read without a browser), with --report too")
    func checkStartsOneBrowser() throws {
        let browser = try CountedBrowser()
        defer { browser.remove() }
        let scenario = Self.samples.appendingPathComponent("shop-cart.json").path
        let check = try CLIRunner.run(["check", scenario], environment: browser.environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("1 expectation, 0 failed"), "\(check.stdout)")
        #expect(try browser.launches() == 1)

        let page = browser.folder.appendingPathComponent("cart.html").path
        let report = try CLIRunner.run(["check", "-q", "--report", page, scenario], environment: browser.environment)
        #expect(report.status == 0, "\(report.stdout)\(report.stderr)")
        #expect(try browser.launches() == 1)
    }

    @Test("check --live --report on a web scenario starts Chromium once: the page's audio is rendered in the same browser")
    func liveReportStartsOneBrowser() throws {
        try JackDummyServer.ensureRunning()
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let browser = try CountedBrowser()
        defer { browser.remove() }
        var environment = browser.environment
        environment["ALSA_CONFIG_PATH"] = "/usr/share/alsa/alsa.conf:" + CLIRunner.repositoryRoot.path + "/scripts/alsa-jack.conf"
        let page = browser.folder.appendingPathComponent("live.html").path
        let live = try CLIRunner.run(["check", "-q", "--live", "--device", "earshot_jack:CLIENT=earshot-web-report", "--report", page,
                                      Self.samples.appendingPathComponent("shop-cart.json").path], environment: environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(try browser.launches() == 1)
    }

    @Test("an element id the page does not have: exit 65 at its file:line:column, found when the run loads the page")
    func unknownElementOnThePage() throws {
        let folder = try CLIRunner.sharedTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("shop.html"), to: folder.appendingPathComponent("shop.html"))
        let scenario = folder.appendingPathComponent("bad.json")
        try """
            {
              "screen": "shop.html",
              "steps": [
                { "page": { "click": "payy" } }
              ]
            }
            """.write(to: scenario, atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", scenario.path])
        #expect(check.status == 65, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.hasPrefix("\(scenario.path):4:26: error: no element \"payy\" on any screen of this scenario, and no step inserts one"),
                "\(check.stderr)")
        #expect(check.stderr.contains("did you mean \"pay\""), "\(check.stderr)")
    }

    @Test("test over the web samples starts Chromium once, and once per worker with --jobs")
    func testStartsOneBrowserPerWorker() throws {
        let browser = try CountedBrowser()
        defer { browser.remove() }
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".axtree.json") && !$0.hasSuffix(".findings.json") }.count
        #expect(scenarios >= 6)
        let one = try CLIRunner.run(["test", Self.samples.path], environment: browser.environment)
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("\(scenarios) passed, 0 failed"), "\(one.stdout)")
        #expect(try browser.launches() == 1)

        let two = try CLIRunner.run(["test", "--jobs", "2", Self.samples.path], environment: browser.environment)
        #expect(two.status == 0, "\(two.stdout)\(two.stderr)")
        #expect(two.stdout.contains("\(scenarios) passed, 0 failed"), "\(two.stdout)")
        // Two workers, each starting its own browser at its first scenario.
        let launches = try browser.launches()
        #expect((1...2).contains(launches), "\(launches) launches for 2 workers")
    }

    @Test("what one scenario stores in its page (localStorage, sessionStorage, a cookie) is not there for the next in the same test run")
    func nothingLeaksBetweenScenarios() throws {
        let folder = try CLIRunner.sharedTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The page says at load what it finds stored; a status region says what a step reads back.
        try """
            <!DOCTYPE html>
            <html lang="en"><head><title>Storage</title></head><body>
            <h1 id="seen">nothing stored</h1>
            <p role="status" id="said"></p>
            <script>
            var found = [];
            try { if (localStorage.getItem('leak')) { found.push('local ' + localStorage.getItem('leak')); } } catch (e) { found.push('no local storage'); }
            try { if (sessionStorage.getItem('leak')) { found.push('session ' + sessionStorage.getItem('leak')); } } catch (e) {}
            if (document.cookie) { found.push('cookie ' + document.cookie); }
            if (found.length) { document.getElementById('seen').textContent = 'found ' + found.join(', '); }
            </script>
            </body></html>
            """.write(to: folder.appendingPathComponent("store.html"), atomically: true, encoding: .utf8)
        // The first stores, and reads its storage back: it holds within the page's context.
        try """
            {
              "screen": "store.html",
              "voice": "en",
              "steps": [
                { "page": { "run": "localStorage.setItem('leak', 'one'); sessionStorage.setItem('leak', 'one'); document.cookie = 'leak=one'" } },
                { "page": { "run": "document.getElementById('said').textContent = 'kept ' + localStorage.getItem('leak') + ' and ' + sessionStorage.getItem('leak')" }, "after": 0.1 },
                { "expect": { "text": "kept one and one", "fate": "spoken" } }
              ]
            }
            """.write(to: folder.appendingPathComponent("a-stores.json"), atomically: true, encoding: .utf8)
        // The second, on the same page after it in the same run, finds nothing.
        try """
            {
              "screen": "store.html",
              "voice": "en",
              "steps": [
                { "gesture": "next" },
                { "expect": { "text": "heading level 1 nothing stored", "fate": "spoken" } }
              ]
            }
            """.write(to: folder.appendingPathComponent("b-finds.json"), atomically: true, encoding: .utf8)
        let browser = try CountedBrowser()
        defer { browser.remove() }
        let run = try CLIRunner.run(["test", "--update", folder.path], environment: browser.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("2 passed, 0 failed"), "\(run.stdout)")
        let golden = try String(contentsOf: folder.appendingPathComponent("b-finds.transcript.txt"), encoding: .utf8)
        #expect(golden.contains("nothing stored") && !golden.contains("found"), "\(golden)")
        // One browser for both: the second's page was in a new context of the same browser.
        #expect(try browser.launches() == 1)
    }
}
