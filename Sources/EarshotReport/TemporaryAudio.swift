import EarshotCore
import Foundation

/// The temporary WAV a report page is made from (`.PAGE.html.PID.RAND.tmp.wav` beside the
/// page), removed however the command ends: when the page is written or fails, on SIGINT,
/// SIGTERM or SIGHUP (it is in the process's registry of temporaries, `TemporaryFiles`), and,
/// after a SIGKILL that no handler sees, by the next command that writes into that folder (a
/// temporary file whose process is gone is swept).
public enum TemporaryAudio {
    /// Runs `body` with a fresh temporary WAV path for `page`, removing the file afterwards.
    public static func forPage<T>(_ page: String, _ body: (String) throws -> T) throws -> T {
        try forPage(page, count: 1) { try body($0[0]) }
    }

    /// Runs `body` with `count` fresh temporary paths for `page` (`.wav`, `.2.wav`, ...).
    public static func forPage<T>(_ page: String, count: Int, _ body: ([String]) throws -> T) throws -> T {
        AtomicFile.sweepStaleTemporaries(for: page)
        let base = AtomicFile.temporaryPath(for: page)
        let paths = (0..<count).map { $0 == 0 ? base + ".wav" : base + ".\($0 + 1).wav" }
        let entries = paths.map(TemporaryFiles.register)
        defer { entries.forEach(TemporaryFiles.remove) }
        return try body(paths)
    }
}
