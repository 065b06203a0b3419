import Foundation
import Testing

/// A stranger's page runs in a box (docs/web.md, "What a page can reach"): no packet leaves the
/// machine but the requests Earshot allows, a `file://` page reads nothing outside its folder,
/// its dialogs are dismissed and its moves away said, the browser keeps its sandbox, and
/// nothing of the browser stays on disk after a read or a stop signal. Every address here is
/// the loopback's; the only other one is the mDNS group, listened to and never sent to.
@Suite("A page runs in a box", .serialized)
struct PageBoxTests {
    /// A fresh folder the browser's unprivileged user can also pass through (under root, the
    /// browser does not run as the caller).
    static func folder() throws -> URL { try CLIRunner.sharedTemporaryFolder() }

    static func write(_ text: String, _ name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A page whose load event waits `seconds` for a frame that keeps its thread busy, after
    /// `script` has run (so what the script starts has time to go out while the page loads).
    static func heldPage(seconds: Int, script: String = "", in folder: URL) throws -> String {
        try write("<html><body><p>busy</p><script>var end = Date.now() + \(seconds * 1000); while (Date.now() < end) {}</script></body></html>",
                  "busy.html", in: folder)
        try write("""
            <html><head><title>Held</title></head><body><h1>Held</h1><script>
            function hold() { var frame = document.createElement('iframe'); frame.src = 'busy.html'; document.body.appendChild(frame); }
            \(script)
            </script></body></html>
            """, "held.html", in: folder)
        return folder.appendingPathComponent("held.html").path
    }

    // MARK: - The network

    /// A UDP socket bound to `host`:`port` (0: any free port), non-blocking.
    static func udpSocket(host: String, port: UInt16, multicast: String? = nil) throws -> (socket: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(descriptor >= 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0, "bind \(host):\(port): \(String(cString: strerror(errno)))")
        if let multicast {
            var request = ip_mreq()
            request.imr_multiaddr.s_addr = inet_addr(multicast)
            request.imr_interface.s_addr = INADDR_ANY
            try #require(setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, socklen_t(MemoryLayout<ip_mreq>.size)) == 0)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// The datagrams waiting on a non-blocking socket, as "FROM (N bytes)".
    static func heard(_ descriptor: Int32) -> [String] {
        var heard: [String] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            var from = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let count = withUnsafeMutablePointer(to: &from) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, &buffer, buffer.count, 0, $0, &length) }
            }
            guard count >= 0 else { return heard }
            heard.append("\(String(cString: inet_ntoa(from.sin_addr))) (\(count) bytes)")
        }
    }

    @Test("a page's RTCPeerConnection with a STUN server on the loopback: no datagram to it, no mDNS on the network")
    func webRTCSendsNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stun = try Self.udpSocket(host: "127.0.0.1", port: 0)
        defer { close(stun.socket) }
        let mdns = try Self.udpSocket(host: "224.0.0.251", port: 5353, multicast: "224.0.0.251")
        defer { close(mdns.socket) }
        _ = Self.heard(mdns.socket)
        // The connection gathers its candidates while the page is held loading for 3 s.
        let page = try Self.heldPage(seconds: 3, script: """
            var connection = new RTCPeerConnection({iceServers: [{urls: 'stun:127.0.0.1:\(stun.port)'}]});
            connection.createDataChannel('box');
            connection.createOffer().then(function (offer) { return connection.setLocalDescription(offer); }).then(hold, hold);
            """, in: folder)
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Held"), "\(result.stdout)")
        #expect(result.stderr.contains("the page opened a WebRTC connection (servers: stun:127.0.0.1:\(stun.port))"), "\(result.stderr)")
        #expect(Self.heard(stun.socket) == [], "the fake STUN server on the loopback heard the page")
        #expect(Self.heard(mdns.socket) == [], "the mDNS group heard the browser")
    }

    // MARK: - Local files

    @Test("a file page's frames of files outside its folder (and hidden ones) draw as blank frames, are not read, and are noted")
    func filesOutsideTheFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("outside secret words\n", "secret.txt", in: folder)
        try Self.write("API_TOKEN=hidden-dotfile-words\n", "site/conf/.env", in: folder)
        let frames = { (first: String, second: String) in
            """
            <html><head><title>Frames</title></head><body style="margin: 0"><h1>Frames</h1>
            <iframe src="\(first)" style="position: absolute; left: 10px; top: 100px; width: 400px; height: 120px"></iframe>
            <iframe src="\(second)" style="position: absolute; left: 450px; top: 100px; width: 400px; height: 120px"></iframe>
            </body></html>
            """
        }
        try Self.write(frames("../secret.txt", "conf/.env"), "site/outside.html", in: folder)
        try Self.write(frames("about:blank", "about:blank"), "site/blank.html", in: folder)
        try Self.write("<html><body><h1>Passwords</h1><object data=\"file:///etc/passwd\" width=300 height=100></object>"
                       + "<iframe src=\"link.txt\"></iframe></body></html>", "site/object.html", in: folder)
        // A link inside the folder to a file outside it: the file is where the link leads.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site/link.txt").path,
                                                   withDestinationPath: folder.appendingPathComponent("secret.txt").path)
        var screenshots: [String] = []
        for name in ["outside", "blank"] {
            let saved = folder.appendingPathComponent("\(name).axtree.json").path
            let imported = try CLIRunner.run(["import", folder.appendingPathComponent("site/\(name).html").path, "-o", saved])
            #expect(imported.status == 0, "\(imported.stderr)")
            let text = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(!text.contains("secret words") && !text.contains("dotfile-words"), "\(name): the tree holds the files' text")
            screenshots.append(text.split(separator: "\n").first { $0.contains("\"screenshot\"") }.map(String.init) ?? "")
            if name == "outside" {
                #expect(text.contains("secret.txt") && text.contains(".env"), "the saved tree notes the blocked files")
                let read = try CLIRunner.run(["read", "--no-audio", "--voice", "en", saved])
                #expect(read.status == 0, "\(read.stderr)")
                #expect(!read.stdout.contains("secret words"), "\(read.stdout)")
                #expect(read.stderr.contains("outside its folder") && read.stderr.contains("secret.txt"), "\(read.stderr)")
            }
        }
        // The same pixels as frames of nothing: the whole screenshot, byte for byte.
        #expect(!screenshots[0].isEmpty && screenshots[0] == screenshots[1], "the blocked frames do not draw as blank frames")

        let object = try CLIRunner.run(["read", "--no-audio", "--voice", "en", folder.appendingPathComponent("site/object.html").path])
        #expect(object.status == 0, "\(object.stderr)")
        #expect(!object.stdout.contains("root:"), "\(object.stdout)")
        #expect(object.stderr.contains("file:///etc/passwd (outside its folder)"), "\(object.stderr)")
        #expect(object.stderr.contains("link.txt (outside its folder)"), "\(object.stderr)")
    }

    // MARK: - Dialogs, moves away, HTTP errors

    @Test("a page's confirm, alert and prompt are dismissed as a user would (Cancel) and noted; the page loads at once")
    func dialogsDismissed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("""
            <html><body><h1>Dialogs</h1><script>
            var answer = confirm('Delete everything?');
            alert('Saved');
            var name = prompt('Your name?', 'Kim');
            document.body.insertAdjacentHTML('beforeend', '<p>answer ' + answer + ', name ' + name + '</p>');
            </script></body></html>
            """, "dialogs.html", in: folder)
        let started = Date()
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", folder.appendingPathComponent("dialogs.html").path],
                                       environment: ["EARSHOT_PAGE_TIMEOUT": "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 8)
        #expect(result.stdout.contains("answer false, name null"), "\(result.stdout)")
        #expect(result.stderr.contains("confirm \"Delete everything?\"; Earshot dismissed it (Cancel: the page was told false)"), "\(result.stderr)")
        #expect(result.stderr.contains("alert \"Saved\""), "\(result.stderr)")
        #expect(result.stderr.contains("prompt \"Your name?\""), "\(result.stderr)")

        // While a scenario plays the page: dismissed at once, and said at its time.
        try Self.write("<html><body><h1>Start</h1><p>Text</p></body></html>", "plain.html", in: folder)
        try Self.write("""
            {"title": "dialog", "voice": "en", "screen": "plain.html", "steps": [
              {"gesture": "next", "at": 0}, {"page": {"run": "alert('Stop')"}, "at": 0.5}, {"gesture": "next", "at": 1.0}]}
            """, "dialog.json", in: folder)
        let played = try CLIRunner.run(["check", "-o", folder.appendingPathComponent("dialog.wav").path,
                                        folder.appendingPathComponent("dialog.json").path], environment: ["EARSHOT_PAGE_TIMEOUT": "10"])
        #expect(played.status == 0, "\(played.stdout) \(played.stderr)")
        #expect(played.stdout.contains("00:00.500 note: the page opened a JavaScript alert \"Stop\""), "\(played.stdout)")
    }

    @Test("a page that moves to a sibling page (meta refresh, its script) is read there with a note naming it")
    func movedToSibling() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("<html><body><h1>Second page</h1></body></html>", "second.html", in: folder)
        try Self.write("<html><head><meta http-equiv=\"refresh\" content=\"0; url=second.html\"></head><body><h1>First</h1></body></html>",
                       "refresh.html", in: folder)
        try Self.write("<html><body><h1>First</h1><script>location = 'second.html';</script></body></html>", "script.html", in: folder)
        for name in ["refresh", "script"] {
            let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", folder.appendingPathComponent("\(name).html").path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout.contains("Second page"), "\(name): \(result.stdout)")
            #expect(result.stderr.contains("the page went to file://") && result.stderr.contains("second.html"), "\(name): \(result.stderr)")
        }
        // A refresh due in a minute is not waited for: the page is read as it is, at once.
        try Self.write("<html><head><meta http-equiv=\"refresh\" content=\"60; url=second.html\"></head><body><h1>Patient</h1></body></html>",
                       "later.html", in: folder)
        let started = Date()
        let later = try CLIRunner.run(["read", "--no-audio", "--voice", "en", folder.appendingPathComponent("later.html").path],
                                      environment: ["EARSHOT_PAGE_TIMEOUT": "20"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("Patient") && !later.stderr.contains("went to"), "\(later.stdout) \(later.stderr)")
        #expect(Date().timeIntervalSince(started) < 15)
    }

    @Test("a page that moves to another host is an error naming it (exit 69), never the browser's error page read")
    func movedToAnotherHost() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("<html><body><h1>First</h1><script>location = 'http://far.example/next';</script></body></html>", "far.html", in: folder)
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", folder.appendingPathComponent("far.html").path])
        #expect(result.status == 69, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("http://far.example/next"), "\(result.stderr)")
        #expect(!result.stdout.contains("internet"), "\(result.stdout)")
    }

    @Test("a link a scenario clicks: to a sibling page, read there with a note and no finding of its own; to another host, an error (69)")
    func scenarioFollowsLinks() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Titled: a page without a title is a finding of its own (page.untitled).
        try Self.write("<html><head><title>Start</title></head><body><h1>Start</h1><a id=\"far\" href=\"http://far.example/next\">Far away</a> <a id=\"near\" href=\"second.html\">Near</a></body></html>",
                       "start.html", in: folder)
        try Self.write("<html><head><title>Second page</title></head><body><h1>Second page</h1></body></html>", "second.html", in: folder)
        for link in ["near", "far"] {
            try Self.write("""
                {"title": "\(link)", "voice": "en", "screen": "start.html", "steps": [
                  {"gesture": "next", "at": 0}, {"page": {"click": "\(link)"}, "at": 0.5}, {"gesture": "next", "at": 1.5}]}
                """, "\(link).json", in: folder)
            let played = try CLIRunner.run(["check", "-o", folder.appendingPathComponent("\(link).wav").path,
                                            folder.appendingPathComponent("\(link).json").path])
            if link == "near" {
                #expect(played.status == 0, "\(played.stdout) \(played.stderr)")
                #expect(played.stdout.contains("\"heading level 1 Second page\""), "\(played.stdout)")
                #expect(played.stdout.contains("note: the page went to file://") && played.stdout.contains("second.html"), "\(played.stdout)")
                #expect(played.stdout.contains("Findings: no findings"), "\(played.stdout)")
            } else {
                #expect(played.status == 69, "\(played.stdout) \(played.stderr)")
                #expect(played.stderr.contains("http://far.example/next"), "\(played.stderr)")
            }
        }
    }

    @Test("an HTTP error status (404, 500) is an error naming it; a redirect is read where it leads, noted")
    func httpStatus() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let missing = try CLIRunner.run(["read", "--no-audio", "\(server.address)/missing.html"])
        #expect(missing.status == 69, "\(missing.stdout) \(missing.stderr)")
        #expect(missing.stderr.contains("404"), "\(missing.stderr)")
        let broken = try CLIRunner.run(["read", "--no-audio", "\(server.address)/broken.html"])
        #expect(broken.status == 69, "\(broken.stdout) \(broken.stderr)")
        #expect(broken.stderr.contains("500"), "\(broken.stderr)")
        let moved = try CLIRunner.run(["read", "--no-audio", "--voice", "en", "\(server.address)/moved.html"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("Landing"), "\(moved.stdout)")
        #expect(moved.stderr.contains("the page went to \(server.address)/landing.html"), "\(moved.stderr)")
    }

    // MARK: - The sandbox

    /// The processes whose parent chain reaches `root`, with their command lines and status.
    static func descendants(of root: pid_t) -> [(pid: Int32, arguments: String, status: String)] {
        var parents: [Int32: Int32] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        return parents.keys.sorted().compactMap { pid in
            var ancestor = parents[pid]
            var depth = 0
            while let current = ancestor, current != root, current > 1, depth < 64 { ancestor = parents[current]; depth += 1 }
            guard ancestor == root else { return nil }
            let arguments = ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data())
                .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            return (pid, arguments, (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "")
        }
    }

    static func statusField(_ name: String, in status: String) -> String {
        status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    @Test("the browser keeps its sandbox: no --no-sandbox, renderers under a seccomp filter, as an unprivileged user when Earshot is root")
    func sandboxed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.heldPage(seconds: 4, script: "hold();", in: folder)
        let process = try CLIRunner.start(["read", "--no-audio", page], currentDirectory: folder)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) }; process.waitUntilExit() }
        var renderers: [(pid: Int32, arguments: String, status: String)] = []
        var browsers: [(pid: Int32, arguments: String, status: String)] = []
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline {
            // The browser's own processes (not the shell that starts it and sweeps its folder).
            let all = Self.descendants(of: process.processIdentifier)
                .filter { $0.arguments.split(separator: " ").first?.hasSuffix("/chromium") == true }
            browsers = all
            renderers = all.filter { $0.arguments.contains("--type=renderer") && !$0.arguments.contains("--top-chrome-webui") }
            // A renderer takes its filter a moment after the zygote forks it: until every one has.
            if !renderers.isEmpty, renderers.allSatisfy({ Self.statusField("Seccomp", in: $0.status) == "2" }) { break }
            usleep(50_000)
        }
        try #require(!renderers.isEmpty, "no renderer seen")
        for process in browsers {
            #expect(!process.arguments.contains("--no-sandbox"), "\(process.arguments)")
            if geteuid() == 0 {
                #expect(Self.statusField("Uid", in: process.status).split(separator: "\t").allSatisfy { $0 != "0" },
                        "a browser process runs as root: \(process.arguments.prefix(120))")
            }
        }
        for renderer in renderers {
            #expect(Self.statusField("Seccomp", in: renderer.status) == "2", "renderer \(renderer.pid) has no seccomp filter")
            #expect(Self.statusField("NoNewPrivs", in: renderer.status) == "1")
        }
    }

    // MARK: - What is left on disk

    /// What a run left in `folder`: the browser's temporaries (Earshot's own folder for it,
    /// Chromium's `org.chromium.*`).
    static func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("org.chromium") || $0.hasPrefix("earshot-browser") }.sorted()
    }

    @Test("a read leaves no browser folder, no profile and no org.chromium.* folder in TMPDIR; nor does a stop signal; a SIGKILL's are swept by the next read",
          arguments: [0, SIGTERM, SIGINT, SIGKILL])
    func nothingLeft(signal: Int32) throws {
        // A short path: Chromium's socket in the browser's TMPDIR must stay under 108 bytes, and
        // a deeper TMPDIR is passed over for /tmp, where this test would not look.
        let folder = URL(fileURLWithPath: "/tmp/eb-" + String(UInt32.random(in: 0...UInt32.max), radix: 16))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // The browser's user passes through the run's TMPDIR, whatever the umask the test runs under.
        for path in [folder.path, temporary.path] { chmod(path, 0o755) }
        let environment = ["TMPDIR": temporary.path]
        let site = folder.appendingPathComponent("site")
        if signal == 0 {
            // A box a killed run left (its process is gone) is swept; one of a live process stays.
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/true")
            try child.run()
            child.waitUntilExit()
            let stale = temporary.appendingPathComponent("earshot-browser-\(child.processIdentifier)-1234abcd")
            let live = temporary.appendingPathComponent("earshot-browser-\(getpid())-1234abcd")
            for box in [stale, live] {
                try FileManager.default.createDirectory(at: box.appendingPathComponent("profile/Default"), withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: box.appendingPathComponent("profile/Default/Preferences"))
            }
            try Self.write("<html><body><h1>Plain</h1></body></html>", "plain.html", in: site)
            let result = try CLIRunner.run(["read", "--no-audio", site.appendingPathComponent("plain.html").path], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.leftovers(in: temporary) == [live.lastPathComponent])
            return
        }
        let page = try Self.heldPage(seconds: 8, script: "hold();", in: site)
        let process = try CLIRunner.start(["read", "--no-audio", page], currentDirectory: folder, environment: environment)
        // Until the browser has made its folders.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, !Self.leftovers(in: temporary).contains(where: { $0.hasPrefix("earshot-browser") }) {
            usleep(50_000)
        }
        usleep(1_000_000)
        #expect(!Self.leftovers(in: temporary).isEmpty, "the browser made its folder in the run's TMPDIR")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        if signal == SIGKILL {
            // The next read sweeps what the killed one left (its browser ends with its pipe).
            try Self.write("<html><body><h1>Plain</h1></body></html>", "plain.html", in: site)
            let again = try CLIRunner.run(["read", "--no-audio", site.appendingPathComponent("plain.html").path], environment: environment)
            #expect(again.status == 0, "\(again.stderr)")
        }
        // The browser ends when its pipe closes; its folder goes with it.
        let gone = Date().addingTimeInterval(10)
        while !Self.leftovers(in: temporary).isEmpty, Date() < gone { usleep(100_000) }
        #expect(Self.leftovers(in: temporary) == [], "left after signal \(signal)")
    }
}

/// An HTTP server on the loopback for one test: `/missing.html` is a 404, `/broken.html` a 500,
/// `/moved.html` a 302 to `/landing.html`, which is a page.
final class LoopbackHTTPServer: @unchecked Sendable {
    let socket: Int32
    let address: String

    struct Failure: Error { var what: String }

    init() throws {
        let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listening, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard listening >= 0, bound == 0, listen(listening, 16) == 0 else { throw Failure(what: "no loopback server") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) } }
        socket = listening
        self.address = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listening, nil, nil)
                if connection < 0 { return }
                answer(connection)
                close(connection)
            }
        }
    }

    private func answer(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            request += buffer[..<count]
        }
        let path = String(decoding: request, as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let head: String, body: String
        switch path {
        case "/moved.html":
            (head, body) = ("302 Found\r\nLocation: /landing.html", "")
        case "/landing.html":
            (head, body) = ("200 OK\r\nContent-Type: text/html", "<html><body><h1>Landing</h1></body></html>")
        case "/broken.html":
            (head, body) = ("500 Internal Server Error\r\nContent-Type: text/html", "<html><body><h1>Server trouble</h1></body></html>")
        default:
            (head, body) = ("404 Not Found\r\nContent-Type: text/html", "<html><body><h1>Nothing here</h1></body></html>")
        }
        let response = "HTTP/1.1 \(head)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = response.withCString { write(connection, $0, strlen($0)) }
    }

    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
