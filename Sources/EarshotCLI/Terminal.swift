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
