/// The written forms of a desk check's transcript: readable text, JSON Lines and WebVTT.
///
/// All three are functions of the transcript alone, so the same run always gives the same bytes.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    /// One line per utterance, in time order, plain text a terminal screen reader reads well.
    case text
    /// One JSON object per utterance, then one per `announcementDidFinish`.
    case jsonLines
    /// WebVTT captions aligned with the rendered WAV.
    case webVTT

    /// The format a file name asks for: `.txt`, `.jsonl` or `.vtt`.
    public init?(path: String) {
        let lower = path.lowercased()
        guard let format = Self.allCases.first(where: { lower.hasSuffix($0.fileExtension) }) else { return nil }
        self = format
    }

    public static var fileExtensions: [String] { allCases.map(\.fileExtension) }

    /// The names options take (`txt`, `jsonl`, `vtt`): each format's extension without the dot.
    public static var extensionNames: [String] { allCases.map { String($0.fileExtension.dropFirst()) } }

    /// The one message for an option's value that names no format (`--transcript-format`).
    public static func unknownExtensionName(_ name: String, option: String) -> String {
        NameSuggestion.unknown("--\(option)", name, in: extensionNames)
    }

    /// The format of a transcript file to write; a usage error naming the valid endings if its
    /// name asks for none.
    public static func forFile(_ path: String) throws -> TranscriptFormat {
        guard let format = TranscriptFormat(path: path) else {
            throw OutputPathError("transcript file \"\(path)\" must end in \(fileExtensions.joined(separator: ", "))")
        }
        return format
    }

    /// The extension files of this format end in.
    public var fileExtension: String {
        switch self {
        case .text: ".txt"
        case .jsonLines: ".jsonl"
        case .webVTT: ".vtt"
        }
    }

    /// The format named by its extension without the dot (`txt`, `jsonl`, `vtt`), as options take it.
    public init?(extensionName: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == "." + extensionName.lowercased() }) else { return nil }
        self = format
    }

    /// The transcript in this format. `engineText` gives the text handed to the engine (for JSON Lines).
    public func render(_ transcript: SpeechTranscript, engineText: ((Utterance) -> String?)? = nil) -> String {
        switch self {
        case .text: transcript.readableText
        case .jsonLines: transcript.jsonLines(engineText: engineText)
        case .webVTT: transcript.webVTT
        }
    }
}

extension SpeechTranscript {
    /// One line per utterance and per `announcementDidFinish`, ordered by when it happened (the
    /// start of what played, the moment of a drop):
    ///
    /// ```text
    /// 00:00.000  "추천 상품, 머리말"  spoken to 00:01.234  (focus move (swipe right), line 8)
    /// 00:01.300  [activation sound]  spoken to 00:01.340  (activation (double tap), line 9)
    /// 00:01.350  "장바구니에 담았습니다"  dropped: postedDuringGestureSpeech  (announcement, line 10)
    /// 00:02.000  "저장됨"  cut at 00:02.500 by focus move (swipe right)  (announcement, line 11)
    /// ```
    public var readableText: String {
        var lines: [(time: Double, order: Int, text: String)] = []
        for entry in entries {
            let u = entry.utterance
            let what = u.earcon.map { "[\($0.spokenName)]" } ?? "\"\(u.text)\""
            let fate: String
            let time: Double
            switch entry.fate {
            case .spoken(let start, let end):
                time = start
                fate = "spoken to \(clockTime(end))"
            case .cut(let start, let at, let by):
                time = start
                fate = "cut at \(clockTime(at)) by \(by.cause)"
            case .dropped(let at, let reason):
                time = at
                fate = "dropped: \(reason.code)"
            }
            let why = ([u.cause] + (u.source.map { [$0] } ?? [])).joined(separator: ", ")
            lines.append((time, u.id * 2, "\(clockTime(time))  \(what)  \(fate)  (\(why))"))
        }
        for report in announcementResults {
            lines.append((report.time, report.utteranceID * 2 + 1,
                          "\(clockTime(report.time))  announcementDidFinish \"\(report.text)\" wasSuccessful: \(report.wasSuccessful)"))
        }
        for u in unfinished {
            lines.append((u.requestedAt, u.id * 2, "\(clockTime(u.requestedAt))  \"\(u.text)\"  unfinished"))
        }
        lines.sort { $0.time < $1.time - timeTolerance || (abs($0.time - $1.time) <= timeTolerance && $0.order < $1.order) }
        return notes.map { "note: \($0)\n" }.joined() + lines.map { $0.text + "\n" }.joined()
    }

    /// WebVTT captions: one cue per utterance that played, from its start to its end (or the
    /// moment it was cut), with the original text; earcons as `[screen change sound]` cues.
    /// Cues are in start order and times match the rendered WAV's samples to the millisecond.
    public var webVTT: String {
        var out = "WEBVTT\n" + notes.map { "\nNOTE \($0)\n" }.joined()
        let played = entries.compactMap { entry -> (TranscriptEntry, Double, Double)? in
            switch entry.fate {
            case .spoken(let start, let end): (entry, start, end)
            case .cut(let start, let at, _): (entry, start, at)
            case .dropped: nil
            }
        }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0.utterance.id < $1.0.utterance.id) }
        for (entry, start, end) in played {
            let from = webVTTTime(start), to = webVTTTime(end)
            // A cue must end after it starts; something cut at its first millisecond was not heard.
            guard to > from else { continue }
            let u = entry.utterance
            let text = u.earcon.map { "[\($0.spokenName)]" } ?? u.text
            out += "\n\(u.id)\n\(from) --> \(to)\n\(webVTTEscape(text))\n"
        }
        return out
    }
}

extension EarconName {
    /// How captions and the readable transcript name the sound.
    public var spokenName: String {
        switch self {
        case .screenChanged: "screen change sound"
        case .boundary: "boundary sound"
        case .activation: "activation sound"
        case .pageScroll: "page scroll sound"
        default: "\(rawValue) sound"
        }
    }
}

/// `00:01:02.250` (WebVTT requires hours, minutes, seconds and milliseconds).
func webVTTTime(_ seconds: Double) -> String {
    let milliseconds = max(0, Int((seconds * 1000).rounded()))
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let fraction = String(milliseconds % 1000)
    let seconds = milliseconds / 1000
    return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

/// Cue text: `&`, `<` and `>` escaped, line breaks folded (a blank line would end the cue).
func webVTTEscape(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\n", "\r", "\r\n": out += " "
        default: out.append(character)
        }
    }
    return out
}
