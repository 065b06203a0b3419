import EarshotCore
import Foundation

/// One rendered file, as a line of the render manifest (JSON Lines).
///
/// Fields, in this order: `input` (path as given), `line`, `key`, `voice`, `text` (what was
/// spoken, after composition and normalization; segments of a read-all joined by a line break),
/// `output` (path of the WAV relative to the output folder), `duration` (seconds, 3 decimals),
/// `sha256` (of the whole WAV file, so `sha256sum` checks it), `cache` (the render cache key),
/// and for a scenario `transcripts` (its transcript files, relative to the output folder; for a
/// scenario `text` is what the listener heard, one utterance per line, in the order it began).
public struct ManifestEntry: Sendable, Equatable {
    public var input: String
    public var line: Int
    public var key: String
    public var voice: String
    public var text: String
    public var output: String
    public var duration: Double
    public var sha256: String
    public var cache: String
    public var transcripts: [String]
    /// The speaking rate asked for over the profile's own (`--rate`), in words a minute; nil
    /// (and no `rate` key) for the profile's own.
    public var rate: Int?

    public init(input: String, line: Int, key: String, voice: String, text: String, output: String,
                duration: Double, sha256: String, cache: String, transcripts: [String] = []) {
        self.input = input
        self.line = line
        self.key = key
        self.voice = voice
        self.text = text
        self.output = output
        self.duration = duration
        self.sha256 = sha256
        self.cache = cache
        self.transcripts = transcripts
    }

    /// The entry as one line of JSON, without the line break; equal entries give equal bytes.
    public var jsonLine: String {
        var fields: [String] = []
        fields.append("\"input\":" + jsonString(input))
        fields.append("\"line\":\(line)")
        fields.append("\"key\":" + jsonString(key))
        fields.append("\"voice\":" + jsonString(voice))
        fields.append("\"text\":" + jsonString(text))
        fields.append("\"output\":" + jsonString(output))
        fields.append("\"duration\":" + fixedDecimal(duration, places: 3))
        fields.append("\"sha256\":" + jsonString(sha256))
        fields.append("\"cache\":" + jsonString(cache))
        if let rate { fields.append("\"rate\":\(rate)") }
        if !transcripts.isEmpty {
            fields.append("\"transcripts\":[" + transcripts.map(jsonString).joined(separator: ",") + "]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Reads a manifest line; nil for a line that is not a complete entry (such as the last line
    /// of a journal cut off by a crash).
    public init?(jsonLine: Substring) {
        guard let node = try? JSONDocument.parse(String(jsonLine), file: "manifest"),
              let object = try? node.object(allowing: ["input", "line", "key", "voice", "text", "output", "duration", "sha256", "cache", "transcripts", "rate"]),
              let input = try? object.requiredString("input"),
              let line = try? object.int("line"),
              let key = try? object.requiredString("key"),
              let voice = try? object.requiredString("voice"),
              let text = try? object.requiredString("text"),
              let output = try? object.requiredString("output"),
              let duration = try? object.requiredDouble("duration"),
              let sha256 = try? object.requiredString("sha256"),
              let cache = try? object.requiredString("cache")
        else { return nil }
        let transcripts: [String]
        do {
            transcripts = try object.strings("transcripts") ?? []
        } catch {
            return nil
        }
        self.init(input: input, line: line, key: key, voice: voice, text: text, output: output,
                  duration: duration, sha256: sha256, cache: cache, transcripts: transcripts)
        do {
            rate = try object.int("rate")
        } catch {
            return nil
        }
    }

    /// Every complete entry of a manifest or journal file; a missing file has none.
    public static func readAll(path: String) -> [ManifestEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        return text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { ManifestEntry(jsonLine: Substring($0)) }
    }
}
