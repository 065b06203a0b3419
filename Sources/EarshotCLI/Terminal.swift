import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The terminal `earshot explore` reads single keys from: echo and line editing off while keys
/// are read, back on for a typed command line, and restored exactly as found on every way out.
///
/// Only `ICANON` and `ECHO` are turned off; signals (Ctrl-C, Ctrl-Z) and output processing stay
/// as they were, so Ctrl-C still raises SIGINT and printed lines still start at the left margin.
/// While the process is suspended (Ctrl-Z) the terminal is as it was found; `resume()` brings
/// back the mode it was in.
final class KeyTerminal: @unchecked Sendable {
    let descriptor: Int32
    private let original: termios
    private let lock = NSLock()
    private var restored = false
    /// The mode chosen last, brought back after a suspension.
    private var inKeyMode = false

    /// Nil when `descriptor` is not a terminal (input comes from a pipe or a file).
    init?(descriptor: Int32 = STDIN_FILENO) {
        guard isatty(descriptor) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        original = settings
    }

    /// Keys arrive one at a time, unechoed.
    func enterKeyMode() {
        lock.withLock {
            inKeyMode = true
            applyKeyMode()
        }
    }

    /// Turns off line editing and echo; called with the lock held.
    private func applyKeyMode() {
        var settings = original
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSANOW, &settings)
        restored = false
    }

    /// The terminal's own settings, for typing a command line with the usual editing keys.
    func enterLineMode() {
        lock.withLock {
            inKeyMode = false
            var settings = original
            tcsetattr(descriptor, TCSANOW, &settings)
        }
    }

    /// Before the process stops (Ctrl-Z): the terminal as it was found, for the shell.
    func suspend() {
        lock.withLock {
            guard !restored else { return }
            var settings = original
            tcsetattr(descriptor, TCSANOW, &settings)
        }
    }

    /// After the process continues (`fg`): the mode it was in before it stopped.
    func resume() {
        lock.withLock {
            guard !restored, inKeyMode else { return }
            applyKeyMode()
        }
    }

    /// Puts the terminal back as it was found. Safe from any thread, any number of times.
    func restore() {
        lock.withLock {
            guard !restored else { return }
            var settings = original
            tcsetattr(descriptor, TCSANOW, &settings)
            restored = true
        }
    }
}

/// A key as `earshot explore` understands it.
enum Key: Equatable {
    case character(Character)
    case up, down, left, right, home, end
    case enter, escape
    /// Ctrl-C arriving as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
    /// Ctrl-D, or the end of input.
    case endOfInput
    /// An escape sequence Earshot does not use, e.g. a function key.
    case unknown(String)
}

/// Decodes the bytes of a terminal in key mode into keys: UTF-8 characters, and the escape
/// sequences of arrow, Home and End keys (`ESC [ A`, `ESC O A`, `ESC [ 1 ~`...).
struct KeyReader {
    let descriptor: Int32
    /// How long to wait after ESC for the rest of a sequence before taking it as the Escape key.
    var escapeTimeoutMilliseconds: Int32 = 50

    func next() -> Key {
        guard let byte = readByte() else { return .endOfInput }
        switch byte {
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .enter
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x7F, 0x08: return .unknown("backspace")
        default: return .character(decodeCharacter(startingWith: byte))
        }
    }

    private func escapeSequence() -> Key {
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
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    private func waitForInput(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, milliseconds) > 0
    }
}
