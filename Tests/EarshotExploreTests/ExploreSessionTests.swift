import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotExplore
@testable import EarshotPlayback

/// `earshot explore` without the binary or a terminal: keys decoded from bytes, the key table,
/// typed commands, and a session driven line by line on a virtual clock.
@Suite("Explore keys, commands and session")
struct ExploreSessionTests {
    @Test("bytes become keys: arrows, Home, a Korean character, Enter, Escape alone, Ctrl-D and an unknown sequence")
    func keyReader() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("\u{1B}[C\u{1B}OD\u{1B}[1~n한\r\u{1B}[15~\u{04}\u{1B}".utf8))
        try pipe.fileHandleForWriting.close()
        let reader = KeyDecoder(descriptor: pipe.fileHandleForReading.fileDescriptor)
        let keys = (0..<9).map { _ in reader.next() }
        #expect(keys == [.right, .left, .home, .character("n"), .character("한"), .enter, .unknown("ESC [15~"),
                         .endOfInput, .escape])
        #expect(reader.next() == .endOfInput)
    }

    @Test("the key table: gestures, custom actions by number, : for a typed command, and a line for a key that does nothing")
    func keyTable() {
        #expect(ExploreAction.meaning(of: .right) == .action(.gesture(.next)))
        #expect(ExploreAction.meaning(of: .character("p")) == .action(.gesture(.previous)))
        #expect(ExploreAction.meaning(of: .enter) == .action(.gesture(.activate(edits: []))))
        #expect(ExploreAction.meaning(of: .character("R")) == .action(.gesture(.readAll(fromTop: true))))
        #expect(ExploreAction.meaning(of: .character("3")) == .action(.performAction("3")))
        #expect(ExploreAction.meaning(of: .character("0")) == .nothing("key \"0\" does nothing; press ? for help"))
        #expect(ExploreAction.meaning(of: .interrupt) == .action(.quit))
        #expect(ExploreAction.meaning(of: .character(":")) == .typedCommand)
        #expect(ExploreAction.meaning(of: .unknown("ESC [15~")) == .nothing("key ESC [15~ does nothing; press ? for help"))
        #expect(ExploreSession.help.hasPrefix("KEYS:\n  Right, n     next element (swipe right)\n"))
        #expect(ExploreSession.help.contains("\nCOMMANDS (after :, or one per line on standard input):\n  next | previous"))
    }

    @Test("explore types every gesture by the gesture's own typed names, its help names each, and its other commands are none of them")
    func typedGesturesAreTheGesturesOwn() throws {
        for name in ScenarioGesture.typedNames {
            let argument = name == "touch" ? " 10 20" : ""
            let gesture = try #require(try ScenarioGesture.typed(name, argument: argument.trimmingCharacters(in: .whitespaces)))
            #expect(try ExploreAction.parse(name + argument) == .gesture(gesture))
            let listed = ExploreAction.commandHelp.contains { row in
                row.0.split(separator: " ").contains { $0 == name }
            }
            #expect(listed, "explore's help lists \(name)")
        }
        #expect(Set(ExploreAction.Name.names).isDisjoint(with: ScenarioGesture.typedNames))
        #expect(throws: ExploreCommandError("read-top takes nothing after it, found \"x\"")) { try ExploreAction.parse("read-top x") }
    }

    @Test("a key given by name in a script does what the key does at the terminal")
    func scriptKeysAreTheTerminalsKeys() throws {
        let keys: [(String, TerminalKey)] = [
            ("n", .character("n")), ("p", .character("p")), ("h", .character("h")), ("H", .character("H")),
            ("r", .character("r")), ("R", .character("R")), ("a", .character("a")), ("7", .character("7")),
            ("?", .character("?")), ("q", .character("q")), ("Right", .right), ("left", .left), ("HOME", .home),
            ("end", .end), ("enter", .enter), ("return", .enter), ("esc", .escape), ("up", .up), ("down", .down),
            ("d", .character("d")), ("X", .character("X")), ("tab", .tab), ("shift-tab", .backTab),
        ]
        for (text, key) in keys {
            #expect(ExploreAction.meaning(of: key) == .action(try ExploreAction.parse(text)), "\(text)")
        }
        #expect(ExploreAction.key("z") == nil)
        #expect(ExploreAction.key(":") == nil)
    }

    @Test("typed commands: arguments, quoting, aliases; a wrong one is a usage error with a suggestion")
    func typedCommands() throws {
        #expect(try ExploreAction.parse(":announce! 담았습니다") == .announce("담았습니다", priority: .high, queued: false))
        #expect(try ExploreAction.parse("queue 다음") == .announce("다음", priority: .default, queued: true))
        #expect(try ExploreAction.parse("layout \"목록 갱신됨\"") == .layoutText("목록 갱신됨"))
        #expect(try ExploreAction.parse("layout card-2") == .layoutElement("card-2"))
        #expect(try ExploreAction.parse("touch 120 300") == .gesture(.touch(x: 120, y: 300)))
        #expect(try ExploreAction.parse("q") == .quit)
        // The terminal's keys, by letter and by name, as a script can give them.
        #expect(try ExploreAction.parse("n") == .gesture(.next))
        #expect(try ExploreAction.parse("p") == .gesture(.previous))
        #expect(try ExploreAction.parse("h") == .gesture(.nextHeading))
        #expect(try ExploreAction.parse("H") == .gesture(.previousHeading))
        // NVDA's quick navigation letters; a capital goes back. Tab and shift+Tab by name.
        #expect(try ExploreAction.parse("k") == .gesture(.jump(.link, forward: true)))
        #expect(try ExploreAction.parse("F") == .gesture(.jump(.formField, forward: false)))
        #expect(ExploreAction.meaning(of: .tab) == .action(.gesture(.tab)))
        #expect(ExploreAction.meaning(of: .backTab) == .action(.gesture(.shiftTab)))
        #expect(try ExploreAction.parse("R") == .gesture(.readAll(fromTop: true)))
        #expect(try ExploreAction.parse("3") == .performAction("3"))
        #expect(try ExploreAction.parse("Right") == .gesture(.next))
        #expect(try ExploreAction.parse("ENTER") == .gesture(.activate(edits: [])))
        #expect(try ExploreAction.parse("esc") == .gesture(.escape))
        #expect(try ExploreAction.parse("down") == .gesture(.decrement))
        #expect(throws: ExploreCommandError("touch needs two numbers, X and Y in points, e.g. touch 120 300")) {
            try ExploreAction.parse("touch 120")
        }
        #expect(throws: ExploreCommandError("next takes nothing after it, found \"2\"")) { try ExploreAction.parse("next 2") }
        #expect(throws: ExploreCommandError("wait needs seconds from 0 to 600, found \"900\"")) { try ExploreAction.parse("wait 900") }
        #expect { try ExploreAction.parse("nxet") } throws: { error in
            let error = error as? ExploreCommandError
            return error?.category == .usage && error?.description == "error: unknown command \"nxet\"; did you mean \"next\"? (help lists them)"
        }
    }

    @Test("a session driven by lines: the screen appears, a swipe says where focus went and what is spoken, comments are skipped, a bad line is printed and the script goes on, quit ends it")
    func sessionByLines() throws {
        let screen = try ScreenFile.load(path: PlaybackTestSupport.screensDirectory.appendingPathComponent("product-detail.json").path)
        let speaker = try PlaybackTestSupport.speaker()
        let pipe = Pipe()
        let session = try ExploreSession(screens: [(screen.name, screen)], clock: VirtualClock(),
                                         device: try TimelineRenderer(speaker: speaker, output: nil),
                                         session: try ReadingSession(voice: speaker.profile, reader: VoiceOver()),
                                         printer: LinePrinter(handle: pipe.fileHandleForWriting))
        session.begin()
        var going: [Bool] = []
        for line in ["next", "  # a comment", "", "bogus 1", "announce 장바구니에 담았습니다", "quit", "next"] {
            going.append(session.perform(line: line))
        }
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(going == [true, true, true, true, true, false, true])
        #expect(text.hasPrefix("screen \"\(screen.name)\": \(session.stopCount) focus stops\n"), "\(text)")
        #expect(text.contains(", 2 of \(session.stopCount)\n"), "the swipe moved to the second stop: \(text)")
        #expect(text.contains("speaking #"), "\(text)")
        #expect(text.contains("\nerror: unknown command \"bogus\""), "\(text)")
        #expect(text.contains("장바구니에 담았습니다"), "\(text)")
    }
}
