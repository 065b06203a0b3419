import EarshotCore

/// How eSpeak NG reads the text it is given.
public enum EngineMarkup: Sendable, Equatable {
    /// Plain text: `<` and `[[` are characters like any other (labels are never markup).
    case none
    /// Text whose `[[…]]` parts are eSpeak phoneme mnemonics, for an IPA pronunciation.
    case phonemes
}

/// Turns text into speech with eSpeak NG: in-memory 16-bit PCM with word boundaries, and
/// eSpeak's phonemes for a text.
///
/// A `SpeechEngine` is a cheap handle onto the process's single eSpeak NG library
/// (`ESpeakLibrary.process`): eSpeak keeps its state in C globals and is not reentrant, so every
/// call from every engine value is serialised there. Calls block the calling thread until done
/// and may come from any thread, task or actor; to keep an actor responsive, call from a
/// detached task or a thread of your own. All engines of a process share one data folder: the
/// first engine created chooses it, and asking later for a different one is an error.
public final class SpeechEngine: Sendable {
    /// The engine's name and version as render cache keys name it (`espeak-ng 1.51`): another
    /// version may speak the same text differently.
    public static var identity: String { "espeak-ng \(ESpeakLibrary.version)" }

    /// eSpeak's data folder as given (nil: eSpeak's default, e.g. /usr/lib/.../espeak-ng-data).
    public let dataPath: String?
    /// Samples per second of all audio this engine produces (22050 for eSpeak NG's voices).
    public let sampleRate: Int

    private let library = ESpeakLibrary.process

    /// Starts eSpeak NG with the data in `dataPath` (the `espeak-ng-data` folder or its parent).
    ///
    /// Never exits the process: missing or unreadable data throws `SpeechEngineError`
    /// (`.dataNotFound`, `.initializationFailed`, exit code 69), and so does a folder other than
    /// the one eSpeak already runs with (`.dataFolderConflict`). nil accepts the folder in use,
    /// or eSpeak's default when none is.
    public init(dataPath: String? = nil) throws {
        self.dataPath = dataPath
        sampleRate = try library.withSession(dataPath: dataPath) { session in session.sampleRate }
    }

    /// The data folder eSpeak NG runs with, symlinks resolved (`earshot --version` names it).
    public var dataFolder: String {
        (try? library.withSession(dataPath: dataPath) { session in session.dataFolder }) ?? nil ?? "(eSpeak default)"
    }

    /// Synthesizes `text` (Korean, English or mixed; the voice decides the main language) with
    /// the voice, rate, pitch, volume and word gap of `settings`.
    ///
    /// - Parameters:
    ///   - cancellation: stops the synthesis within one engine buffer when cancelled from any
    ///     thread; the result then has `wasCancelled` set and the audio produced so far.
    ///   - onChunk: called on the calling thread with each engine buffer as soon as it exists,
    ///     for playback that starts before the whole text is synthesized. It runs while the
    ///     engine is held, so it must not call the engine itself (that would deadlock) and
    ///     should hand the samples on quickly.
    ///   - markup: how the engine reads `text` (plain text unless a span's attributes ask).
    public func synthesize(
        _ text: String,
        settings: VoiceProfile.Engine,
        markup: EngineMarkup = .none,
        cancellation: SynthesisCancellation? = nil,
        onChunk: ((SynthesisChunk) -> Void)? = nil
    ) throws -> Synthesis {
        // Word positions in markup count the markup too: only plain text reports words.
        let recorder = SynthesisRecorder(text: text, cancellation: cancellation, onChunk: onChunk,
                                         keepsWords: markup == .none)
        return try library.withSession(dataPath: dataPath) { session in
            try session.apply(settings)
            let cancelledBefore = cancellation?.isCancelled == true
            if !cancelledBefore {
                _ = try session.synthesize(text, markup: markup, receiver: recorder)
            }
            return Synthesis(audio: PCMBuffer(sampleRate: session.sampleRate, samples: recorder.samples),
                             words: recorder.finishedWords(),
                             wasCancelled: cancelledBefore || recorder.wasCancelled)
        }
    }

    /// Synthesizes `text` like `synthesize`, handing every engine buffer to `onChunk` and keeping
    /// nothing (no samples, no word boundaries), so memory stays bounded for a text of any
    /// length; returns the number of samples produced. An error thrown by `onChunk` (a full
    /// disk) stops the synthesis and is rethrown.
    @discardableResult
    public func stream(_ text: String, settings: VoiceProfile.Engine, markup: EngineMarkup = .none,
                       onChunk: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Int {
        var failure: Error?
        let cancellation = SynthesisCancellation()
        let count = try withoutActuallyEscaping(onChunk) { handler in
            let recorder = SynthesisRecorder(text: "", cancellation: cancellation, onChunk: { chunk in
                guard failure == nil else { return }
                do {
                    try chunk.samples.withUnsafeBufferPointer(handler)
                } catch {
                    failure = error
                    cancellation.cancel()
                }
            }, keeps: false)
            return try library.withSession(dataPath: dataPath) { session in
                try session.apply(settings)
                _ = try session.synthesize(text, markup: markup, receiver: recorder)
                return recorder.sampleCount
            }
        }
        if let failure { throw failure }
        return count
    }

    /// eSpeak NG's phonemes for `text` in the voice of `settings` (what `espeak-ng -x` prints):
    /// one group per clause, joined with spaces. `ipa` gives IPA symbols instead of eSpeak's
    /// ASCII phoneme names. Text with markup is synthesized (and the sound dropped) to trace its
    /// phonemes, as `espeak-ng -x` does, because only synthesis reads phoneme input.
    public func phonemes(_ text: String, settings: VoiceProfile.Engine, markup: EngineMarkup = .none,
                         ipa: Bool = false) throws -> String {
        try library.withSession(dataPath: dataPath) { session in
            try session.apply(settings)
            if markup == .none { return session.phonemes(text, ipa: ipa) }
            return try session.tracedPhonemes(text, markup: markup, ipa: ipa)
        }
    }

    /// Names eSpeak NG accepts as `engine.voice` (languages such as `ko`, `en-us`, and voice
    /// file names), sorted.
    public func voiceNames() throws -> [String] {
        try library.withSession(dataPath: dataPath) { session in session.voiceNames() }
    }
}
