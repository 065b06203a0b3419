import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation

/// A desk check with real speech on a virtual clock: the `DeskCheck` driver, a
/// `TimelineRenderer` synthesizing with the speaker, and optionally a WAV file of the timeline.
///
/// For tests in other packages that drive the reader step by step:
///
/// ```swift
/// let session = try DeskCheckSession(screen: try ScreenFile.load(path: "cart.json"),
///                                    speaker: try Speaker(voice: "ko"))
/// try session.desk.perform(.next)
/// try session.desk.perform(.activate(edits: []))
/// session.desk.wait(seconds: 0.05)
/// try session.desk.post(.announcement("장바구니에 담았습니다", priority: .default, queued: false))
/// let transcript = try session.finish()
/// #expect(transcript.fate("장바구니에 담았습니다") ...)
/// ```
public final class DeskCheckSession {
    public let speaker: Speaker
    public let clock: VirtualClock
    public let renderer: TimelineRenderer
    public let desk: DeskCheck

    /// `wavPath`, when given, receives the whole timeline when `finish()` is called;
    /// `screenReader` hears the screens, with the speaker's voice.
    public init(screens: [(name: String, screen: Screen)], startScreen: String? = nil, speaker: Speaker,
                screenReader: any ScreenReader, wavPath: String? = nil) throws {
        self.speaker = speaker
        clock = VirtualClock()
        let writer = try wavPath.map { try WAVStreamWriter(path: $0, sampleRate: speaker.sampleRate) }
        renderer = try TimelineRenderer(speaker: speaker, output: writer)
        desk = try DeskCheck(screens: screens, startScreen: startScreen,
                             session: try ReadingSession(voice: speaker.profile, reader: screenReader),
                             clock: clock, device: renderer)
    }

    public convenience init(screen: Screen, speaker: Speaker, screenReader: any ScreenReader, wavPath: String? = nil) throws {
        try self.init(screens: [(screen.name, screen)], speaker: speaker, screenReader: screenReader, wavPath: wavPath)
    }

    /// Lets the speech finish, ends the session, completes the WAV file and returns the transcript.
    public func finish() throws -> SpeechTranscript {
        let transcript = desk.finish()
        try renderer.finish(at: max(clock.now, TimelineInstant(seconds: transcript.endTime)))
        return transcript
    }
}
