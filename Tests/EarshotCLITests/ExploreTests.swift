import Foundation
import Testing

/// A shell in a detached tmux pane on a private tmux server: keys go in with `send-keys`, the
/// screen comes out with `capture-pane`, as a person at a terminal would see it.
struct TmuxPane {
    let socket: String

    static func start(width: Int = 120, height: Int = 40) throws -> TmuxPane {
        // The server's socket lives in the test's temporary folder (`-S`), not in /tmp/tmux-UID:
        // the run's folder goes when the run ends, and nothing is left in the shared one.
        var folder = FileManager.default.temporaryDirectory.path
        if folder.utf8.count > 60 { folder = "/tmp" }  // a socket's path has room for 107 bytes
        let pane = TmuxPane(socket: (folder as NSString).appendingPathComponent("earshot-tmux-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"))
        // The first tmux command forks the tmux server, which would inherit this process's open
        // descriptors, among them the one Foundation's Process watches to see its child end:
        // start it from a subshell that closes them first, as scripts/jack-dummy.sh does.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", """
            (for fd in /proc/$BASHPID/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done
             exec tmux -S "$0" new-session -d -x "$1" -y "$2" 'bash --norc --noprofile') </dev/null >/dev/null 2>&1
            """, pane.socket, String(width), String(height)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "tmux could not start (is it installed?)"])
        }
        return pane
    }

    /// Runs a tmux command. Only `capture` reads its output: the first command starts the tmux
    /// server, which would keep an output pipe open for as long as it runs.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-S", socket] + arguments
        let out = Pipe()
        process.standardOutput = capture ? out : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Types a line into the shell.
    func type(_ line: String) throws {
        try tmux(["send-keys", "-l", line])
        try tmux(["send-keys", "Enter"])
    }

    /// Presses keys by tmux's names (`Right`, `Enter`, `Escape`, `C-c`) or as literal text.
    func press(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// The whole pane, lines joined again where the terminal wrapped them.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-200"], capture: true)
    }

    /// Waits until the pane shows `text`; returns the screen either way.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        let end = Date(timeIntervalSinceNow: timeout)
        var shown = try screen()
        while !shown.contains(text) && Date() < end {
            Thread.sleep(forTimeInterval: 0.05)
            shown = try screen()
        }
        return shown
    }

    /// Ends the pane's session; the server, left with none, exits. (`kill-server` was seen to
    /// answer success and leave the server running.) Its socket goes with it.
    func close() {
        _ = try? tmux(["kill-session"])
        try? FileManager.default.removeItem(atPath: socket)
    }
}

@Suite("earshot explore", .serialized)
struct ExploreTests {
    static let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-list.json").path

    /// The command line that runs explore in the pane, then shows the terminal's settings
    /// (`icanon echo stty-checked` when restored; the marker is spelt so that the typed command
    /// line does not contain it).
    static func exploreThenStty(_ extra: String = "") -> String {
        let voices = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        return "LANG=C.UTF-8 LC_ALL= LC_MESSAGES= EARSHOT_VOICES=\(voices) \(CLIRunner.binary.path) explore --no-audio \(extra) \(screen); "
            + "echo \"exit=$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e '-\\?icanon' -e '-\\?echo' | tr '\\n' ' '; printf 'stty-%s\\n' checked"
    }

    @Test("in a terminal, Right moves to the next element, Enter activates it, q quits and the terminal is restored")
    func keysInATerminal() throws {
        let pane = try TmuxPane.start()
        defer {
            pane.close()
            #expect(!FileManager.default.fileExists(atPath: pane.socket), "the tmux socket was left behind")
        }
        #expect(pane.socket.hasPrefix(FileManager.default.temporaryDirectory.path) || pane.socket.hasPrefix("/tmp/earshot-tmux-"))
        try pane.type(Self.exploreThenStty())
        var shown = try pane.waitFor("speaking #2 element: 추천 상품, 머리말")
        #expect(shown.contains("Press ? for help, q to quit."), "\(shown)")
        #expect(shown.contains("sound #1: screenChanged"))

        try pane.press("Right")
        shown = try pane.waitFor("speaking #3 element: 나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼")
        #expect(shown.contains("swipe right: card-1, 2 of 5"), "\(shown)")
        #expect(shown.contains("cut #2 element \"추천 상품, 머리말\" after"), "the heading was cut by the swipe")

        try pane.press("Enter")
        // The card's selection is its new state: only that word is said (one reader: as in check).
        shown = try pane.waitFor("speaking #6 element: 선택됨")
        #expect(shown.contains("double tap: activated card-1, 2 of 5"), "\(shown)")
        #expect(shown.contains("sound #5: activation"))
        // Keys are not echoed while exploring.
        #expect(!shown.contains("^[[C"))

        try pane.press("q")
        shown = try pane.waitFor("stty-checked")
        #expect(shown.contains("exit=0"), "\(shown)")
        #expect(shown.contains("icanon echo stty-checked"), "line editing and echo are back on: \(shown)")
    }

    @Test("Ctrl-C ends explore with exit 130 and restores the terminal; a typed :announce is spoken")
    func controlCRestoresTheTerminal() throws {
        let pane = try TmuxPane.start()
        defer { pane.close() }
        try pane.type(Self.exploreThenStty())
        try pane.waitFor("speaking #2 element")
        try pane.press(":")
        try pane.waitFor("\n:")
        try pane.type("announce! 장바구니에 담겼습니다")
        var shown = try pane.waitFor("speaking #3 announcement: 장바구니에 담겼습니다")
        #expect(shown.contains("announcement \"장바구니에 담겼습니다\" priority high"), "\(shown)")
        try pane.press("C-c")
        shown = try pane.waitFor("stty-checked")
        #expect(shown.contains("exit=130"), "\(shown)")
        #expect(shown.contains("icanon echo stty-checked"), "line editing and echo are back on: \(shown)")
    }

    @Test("Ctrl-Z gives the shell its terminal back while explore is stopped; fg resumes key mode where it was")
    func suspendAndResume() throws {
        let pane = try TmuxPane.start()
        defer { pane.close() }
        try pane.type(Self.exploreThenStty())
        try pane.waitFor("speaking #2 element")
        try pane.press("C-z")
        // bash goes on with the rest of the command line while the job is stopped.
        var shown = try pane.waitFor("stty-checked")
        #expect(shown.contains("Stopped"), "\(shown)")
        #expect(shown.contains("exit=148"), "\(shown)")
        #expect(shown.contains("icanon echo stty-checked"), "the stopped job left line editing and echo on: \(shown)")

        try pane.type("fg")
        try pane.waitFor("explore resumed; press ? for help, q to quit")
        try pane.press("Right")
        shown = try pane.waitFor("swipe right: card-1, 2 of 5")
        #expect(!shown.contains("^[[C"), "keys are read unechoed again: \(shown)")
        try pane.press("q")
        try pane.type("stty -a | tr ' ;' '\\n\\n' | grep -x -e '-\\?icanon' -e '-\\?echo' | tr '\\n' ' '; printf 'stty-%s\\n' again")
        shown = try pane.waitFor("stty-again")
        #expect(shown.contains("icanon echo stty-again"), "restored after quitting: \(shown)")
    }

    @Test("commands read from standard input drive the same session, one line per utterance and fate")
    func scriptedSession() throws {
        let script = """
        # a double tap, then an announcement posted at once: VoiceOver ignores it
        next
        idle
        activate
        announce 장바구니에 담겼습니다
        idle
        queue 나중에 말합니다
        idle
        layout "목록이 바뀌었습니다"
        idle
        nxt
        """
        let result = try CLIRunner.run(["explore", "--no-audio", Self.screen], input: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        ExplorePhoneReadersTests.expectInOrder([
            "swipe right: card-1, 2 of 5",
            "speaking #3 element: 나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼",
            "speaking #4 hint: 동작 사용 가능",
            "double tap: activated card-1, 2 of 5",
            "sound #5: activation",
            "dropped #7 announcement \"장바구니에 담겼습니다\": posted while speech caused by a user gesture was playing",
            "announcementDidFinish \"장바구니에 담겼습니다\" wasSuccessful: false",
            "speaking #6 element: 선택됨",
            "speaking #8 announcement: 나중에 말합니다",
            "announcementDidFinish \"나중에 말합니다\" wasSuccessful: true",
            "speaking #9 layoutString: 목록이 바뀌었습니다",
            "error: unknown command \"nxt\"; did you mean \"next\"? (help lists them)",
        ], in: result.stdout)
    }

    @Test("piped input takes the terminal's keys by letter and name, and a listener's pace: each swipe heard out, wait times a cut")
    func pipedKeysAndPace() throws {
        let script = "n\nn\nright\nenter\nwait 0.3\nn\nleft\nq\n"
        let result = try CLIRunner.run(["explore", "--no-audio", Self.screen], input: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(!out.contains("unknown command"), "\(out)")
        for line in ["swipe right: card-1, 2 of 5", "swipe right: card-2, 3 of 5", "swipe right: card-3, 4 of 5",
                     "double tap: activated card-3, 4 of 5", "swipe right: more, 5 of 5", "swipe left: card-3, 4 of 5",
                     "speaking #4 hint: 동작 사용 가능", "speaking #6 hint: 동작 사용 가능", "speaking #8 hint: 동작 사용 가능"] {
            #expect(out.contains(line + "\n"), "missing \(line):\n\(out)")
        }
        // Only the swipe after `wait 0.3` cuts: nothing else is cut, and the last reading is heard out before q.
        let cuts = out.split(separator: "\n").filter { $0.hasPrefix("cut ") }
        #expect(cuts.count == 1, "\(out)")
        #expect(cuts.first?.hasPrefix("cut #10 element \"선택됨\" after 0.") == true && cuts.first?.contains("by #11 (focus move (swipe right))") == true,
                "\(out)")
        #expect(!out.contains("by session end"), "\(out)")
        #expect(!out.contains("after 0.00 s"), "\(out)")
    }

    @Test("a missing screen file is a usage error, an unreadable one an I/O error")
    func badArguments() throws {
        let missing = try CLIRunner.run(["explore", "--no-audio"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("error: missing SCREEN\n"), "a screen file or a dump: \(missing.stderr)")
        let absent = try CLIRunner.run(["explore", "--no-audio", "/nonexistent/screen.json"])
        #expect(absent.status == 74, "\(absent.stderr)")
        let both = try CLIRunner.run(["explore", "--no-audio", "--device", "default", Self.screen])
        #expect(both.status == 64)
    }
}
