import Foundation

/// Shows how far a render run is, on standard error.
///
/// On a terminal: one line rewritten in place (done / total, files per second, time left). Off a
/// terminal (a log, CI, a screen reader reading a pipe): a plain, complete line every few
/// seconds, as a line that keeps changing is noise for a screen reader.
public final class RenderProgress {
    public enum Style: Sendable {
        case quiet
        case terminal
        case plain(every: Double)
    }

    private let style: Style
    private let total: Int
    private let start = Date()
    private var lastShown = Date.distantPast
    private var shownOnce = false

    public init(style: Style, total: Int) {
        self.style = style
        self.total = total
    }

    /// `.terminal` when standard error is a terminal, else plain lines every 5 seconds.
    public static func automaticStyle() -> Style {
        isatty(STDERR_FILENO) == 1 ? .terminal : .plain(every: 5)
    }

    /// Reports progress; `rendered` counts files rendered in this run (the rate's basis), `done`
    /// also counts files skipped as current; `failed` files are not done and are shown apart.
    public func update(done: Int, rendered: Int, failed: Int = 0, force: Bool = false) {
        let now = Date()
        switch style {
        case .quiet:
            return
        case .terminal:
            guard force || now.timeIntervalSince(lastShown) >= 0.2 else { return }
            write("\r\u{1B}[K" + line(done: done, rendered: rendered, failed: failed, now: now))
        case .plain(let every):
            guard force || now.timeIntervalSince(lastShown) >= every else { return }
            write("render: " + line(done: done, rendered: rendered, failed: failed, now: now) + "\n")
        }
        lastShown = now
        shownOnce = true
    }

    /// Ends the progress display (the terminal line is kept, followed by a line break).
    public func finish(done: Int, rendered: Int, failed: Int = 0) {
        if case .quiet = style { return }
        update(done: done, rendered: rendered, failed: failed, force: true)
        if case .terminal = style, shownOnce { write("\n") }
    }

    func line(done: Int, rendered: Int, failed: Int = 0, now: Date) -> String {
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(rendered) / elapsed
        var text = "\(done)/\(total) files"
        if failed > 0 { text += ", \(failed) failed" }
        if rendered > 0 {
            text += String(format: ", %.1f files/s", rate)
            let left = Double(total - done - failed) / rate
            if done + failed < total { text += ", " + Self.duration(left) + " left" }
        }
        return text
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
