import EarshotCore
import Foundation

/// A key as `earshot explore` understands it.
public enum TerminalKey: Equatable, Sendable {
    case character(Character)
    case up, down, left, right, home, end
    case enter, escape
    /// Tab, and shift+Tab (`ESC [ Z`).
    case tab, backTab
    /// Ctrl-C arriving as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
    /// Ctrl-D, or the end of input.
    case endOfInput
    /// An escape sequence Earshot does not use, e.g. a function key.
    case unknown(String)
}

/// Decodes the bytes of a terminal in key mode into keys: UTF-8 characters, and the escape
/// sequences of arrow, Home and End keys (`ESC [ A`, `ESC O A`, `ESC [ 1 ~`...).
public struct KeyDecoder {
    public let descriptor: Int32
    /// How long to wait after ESC for the rest of a sequence before taking it as the Escape key.
    public var escapeTimeoutMilliseconds: Int32 = 50

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func next() -> TerminalKey {
        guard let byte = readByte() else { return .endOfInput }
        switch byte {
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x7F, 0x08: return .unknown("backspace")
        default: return .character(decodeCharacter(startingWith: byte))
        }
    }

    private func escapeSequence() -> TerminalKey {
        guard waitForInput(milliseconds: escapeTimeoutMilliseconds), let introducer = readByte() else { return .escape }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .unknown("ESC \(Character(UnicodeScalar(introducer)))")
        }
        var body = ""
        while waitForInput(milliseconds: escapeTimeoutMilliseconds), let byte = readByte() {
            body.append(Character(UnicodeScalar(byte)))
            if (0x40...0x7E).contains(byte) { break }
        }
        switch body {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H", "1~", "7~": return .home
        case "F", "4~", "8~": return .end
        case "Z": return .backTab
        default: return .unknown("ESC \(Character(UnicodeScalar(introducer)))\(body)")
        }
    }

    private func decodeCharacter(startingWith lead: UInt8) -> Character {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let byte = readByte() { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self).first ?? "\u{FFFD}"
    }

    private func readByte() -> UInt8? {
        var byte: [UInt8] = [0]
        return (try? SystemCall.read(descriptor, into: &byte)) == 1 ? byte[0] : nil
    }

    private func waitForInput(milliseconds: Int32) -> Bool {
        var request = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return ((try? SystemCall.poll(&request, milliseconds: milliseconds)) ?? 0) > 0
    }
}


extension ExploreAction {
    /// What a key does in `earshot explore`: an action, the start of a typed command (`:`), or
    /// nothing, with the line that says so.
    public enum KeyMeaning: Equatable, Sendable {
        case action(ExploreAction)
        case typedCommand
        case nothing(String)
    }

    /// The keys, as the session's help lists them: VoiceOver's gestures on a keyboard.
    public static let keyHelp: [(String, String)] = [
        ("Right, n", "next element (swipe right)"),
        ("Left, p", "previous element (swipe left)"),
        ("Home, End", "first / last element"),
        ("Enter", "activate (double tap)"),
        ("Escape", "escape (two-finger scrub): dismiss a dialog"),
        ("Up, Down", "increment / decrement an adjustable element (swipe up / down)"),
        ("h, H", "next / previous heading (rotor; NVDA's h / shift+h)"),
        ("Tab, S-Tab", "next / previous focusable element (the keyboard's Tab)"),
        ("d f k b x", "next landmark, form field, link, button, check box; capital: previous (NVDA's keys)"),
        ("t e l i m", "next table, edit field, list, list item, frame; capital: previous (NVDA's keys)"),
        ("s c g", "next separator, combo box, graphic; capital: previous (NVDA's r and q: typed)"),
        ("r, R", "read all from the focused element / from the top"),
        ("Space", "browse mode / focus mode (NVDA's NVDA+space, on a page)"),
        ("a, 1-9", "list the custom actions / perform action N"),
        (":", "type a command, e.g. :announce 장바구니에 담겼습니다"),
        ("?", "this help"),
        ("q, Ctrl-C", "quit"),
    ]

    /// The letters of quick navigation, as NVDA's (shift, a capital here, goes back); h is the
    /// heading rotor above. NVDA's r (radio button) and q (block quote) read all and quit
    /// here, so they are typed (`radio-button`, `block-quote`).
    static let quickNavigationKeys: [Character: NavigationTarget] = [
        "d": .landmark, "f": .formField, "k": .link, "b": .button, "x": .checkBox, "t": .table, "e": .edit, "l": .list,
        "i": .listItem, "m": .frame, "s": .separator, "c": .comboBox, "g": .graphic,
    ]

    /// The meaning of `key` (the table `keyHelp` describes).
    public static func meaning(of key: TerminalKey) -> KeyMeaning {
        switch key {
        case .right, .character("n"): .action(.gesture(.next))
        case .left, .character("p"): .action(.gesture(.previous))
        case .home: .action(.gesture(.first))
        case .end: .action(.gesture(.last))
        case .enter: .action(.gesture(.activate(edits: [])))
        case .escape: .action(.gesture(.escape))
        case .up: .action(.gesture(.increment))
        case .down: .action(.gesture(.decrement))
        case .character("h"): .action(.gesture(.nextHeading))
        case .character("H"): .action(.gesture(.previousHeading))
        case .tab: .action(.gesture(.tab))
        case .backTab: .action(.gesture(.shiftTab))
        case .character(let letter) where Self.quickNavigationKeys[Character(letter.lowercased())] != nil:
            .action(.gesture(.jump(Self.quickNavigationKeys[Character(letter.lowercased())]!, forward: letter.isLowercase)))
        case .character("r"): .action(.gesture(.readAll(fromTop: false)))
        case .character("R"): .action(.gesture(.readAll(fromTop: true)))
        case .character(" "): .action(.gesture(.toggleFocusMode))
        case .character("a"): .action(.listActions)
        case .character(let digit) where ("1"..."9").contains(digit): .action(.performAction(String(digit)))
        case .character("?"): .action(.help)
        case .character("q"), .interrupt, .endOfInput: .action(.quit)
        case .character(":"): .typedCommand
        case .character(let other): .nothing("key \"\(other)\" does nothing; press ? for help")
        case .unknown(let sequence): .nothing("key \(sequence) does nothing; press ? for help")
        }
    }
}
