/// The speech timing of a voice profile (`timing` section, all values in seconds).
///
/// VoiceOver's own values are not published; these are the knobs, with the profile holding
/// the numbers so a tester can match a device:
/// - `hintPause`: silence between an element's speech and its hint. VoiceOver waits a clearly
///   noticeable moment; the profiles use 0.75 s.
/// - `gestureWindow`: how long after a user gesture a default-priority announcement is still
///   dropped, even if the gesture's speech ended or has not started. The seed article on
///   announcements (docs/sources.md) says posting about 1 s after a double tap is needed, so the
///   profiles use 1.0 s.
/// - `queueGap`: silence before an utterance that waited in the queue (queued or low-priority
///   announcements) when the one before it ended in full. 0.1 s, close to a sentence pause.
/// - `earconGap`: silence between an earcon and the speech that follows it (the screen-change
///   "boop beep" before the first element). 0.05 s.
///
/// A reader may change them (`ScreenReader.speechRules`): TalkBack's hint follows 400 ms after
/// its element and no announcement is dropped for a gesture's speech (docs/talkback.md).
public struct TimingSettings: Sendable, Equatable {
    public var hintPause: Double
    public var gestureWindow: Double
    public var queueGap: Double
    public var earconGap: Double
    /// VoiceOver drops a default-priority announcement posted during, or within `gestureWindow`
    /// of, speech the user's gesture caused; TalkBack does not.
    public var announcementsYieldToGestures = true

    /// The sound played for each thing the reader sounds (the profile's earcons unless the
    /// reader plays a sound set of its own).
    public var sounds = ReaderSounds.voiceOver

    /// The keys of the `timing` section.
    public static let keys = ["hintPause", "gestureWindow", "queueGap", "earconGap"]
    /// The range every timing value must be in, in seconds.
    public static let validRange: ClosedRange<Double> = 0...10

    /// The four pauses as the clock's integer durations (each rounded to the nanosecond), the
    /// form the scheduler compares and adds.
    public struct Durations: Sendable, Equatable {
        public var hintPause, gestureWindow, queueGap, earconGap: TimelineDuration
    }

    public var durations: Durations {
        Durations(hintPause: .seconds(hintPause), gestureWindow: .seconds(gestureWindow),
                  queueGap: .seconds(queueGap), earconGap: .seconds(earconGap))
    }

    public init(hintPause: Double, gestureWindow: Double, queueGap: Double, earconGap: Double) {
        self.hintPause = hintPause
        self.gestureWindow = gestureWindow
        self.queueGap = queueGap
        self.earconGap = earconGap
    }

    /// Reads the profile's `timing` section (every key is required), as `reader` changes it
    /// (`ScreenReader.speechRules`), with the sounds the reader plays (`ScreenReader.sounds(in:)`).
    public init(profile: VoiceProfile, reader: any ScreenReader) throws {
        guard let node = profile.sections["timing"] else {
            throw DataFileError(
                "missing \"timing\" section; expected {\"hintPause\", \"gestureWindow\", \"queueGap\", \"earconGap\"} in seconds",
                at: SourceLocation(file: profile.path, line: 1, column: 1))
        }
        try self.init(section: node)
        let rules = reader.speechRules
        if let pause = rules.hintPause { hintPause = pause }
        announcementsYieldToGestures = rules.announcementsYieldToGestures
        sounds = try reader.sounds(in: profile)
    }

    /// Reads a `timing` object.
    public init(section node: JSONNode) throws {
        let object = try node.object(allowing: Self.keys)
        func seconds(_ key: String) throws -> Double {
            let value = try object.requiredDouble(key)
            guard Self.validRange.contains(value) else {
                throw DataFileError(
                    "\"\(key)\" is in seconds and must be from 0 to \(Int(Self.validRange.upperBound)), found \(plain(value))",
                    at: object[key]!.location)
            }
            return value
        }
        self.init(hintPause: try seconds("hintPause"), gestureWindow: try seconds("gestureWindow"),
                  queueGap: try seconds("queueGap"), earconGap: try seconds("earconGap"))
    }
}

/// A number as a person writes it: `20000`, not `20000.0`.
private func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
