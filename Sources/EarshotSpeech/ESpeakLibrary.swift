// The one file that imports CEspeakNG: every C call of eSpeak NG goes through a small wrapper
// here, C status codes become `SpeechEngineError`, and no C type leaves this file.
import CEspeakNG
import EarshotCore
import Foundation

/// The eSpeak NG library of this process, reachable only through `withSession`.
///
/// eSpeak NG keeps all of its state in C globals (voice, parameters, output buffer, callback) and
/// is not reentrant, so there can be only one owner per process whatever the number of
/// `SpeechEngine` values: this object is that owner. It is an immutable `Sendable` reference
/// whose mutable part lives in a `Locked`; holding its lock is what makes a call to the library
/// legal, so calls from any thread, task or actor are serialised here.
final class ESpeakLibrary: Sendable {
    /// The process-wide instance (the library itself is process-wide; see the type comment).
    static let process = ESpeakLibrary()

    private let session = Locked(ESpeakSession())

    private init() {}

    /// The library's version (`1.51`), which `espeak_Info` gives without initialising anything.
    static var version: String {
        espeak_Info(nil).map { String(cString: $0) } ?? "unknown"
    }

    /// Runs `body` with exclusive use of the library, initialising it first on first use
    /// (`dataPath` nil: eSpeak's default data). See `ESpeakSession.load(dataPath:)`.
    func withSession<Result: Sendable>(
        dataPath: String?,
        _ body: (inout ESpeakSession) throws -> Result
    ) throws -> Result {
        try session.withLock { session in
            try session.load(dataPath: dataPath)
            return try body(&session)
        }
    }
}

/// The words eSpeak NG reported for one buffer, in its own units (1-based code point positions).
struct ESpeakWordEvent {
    /// 1-based index of the word's first Unicode scalar in the text.
    var textPosition: Int
    /// Length of the word in Unicode scalars.
    var length: Int
    /// Sample index from the start of the synthesis.
    var sample: Int
}

/// The library's state as seen by its one owner: what is loaded and which settings are applied.
/// Its methods may only run inside `ESpeakLibrary.withSession`.
struct ESpeakSession: ~Copyable {
    /// Length of one engine buffer in milliseconds: eSpeak's minimum, so that an abort takes
    /// effect and the first audio arrives after at most 60 ms of generated speech.
    static let bufferMilliseconds: Int32 = 60

    /// The data folder eSpeak NG runs with (symlinks resolved), once initialised.
    private(set) var dataFolder: String?
    private var voice: String?
    /// The pitch in force when `voice` was loaded, which set its formants (`apply`).
    private var loadedPitch: Int?
    private var parameters: [Int32: Int] = [:]
    private(set) var sampleRate = 0

    // MARK: Initialisation

    /// Initialises eSpeak NG on first use; later calls only check that `dataPath` (when given)
    /// names the data already in use.
    ///
    /// Uses the status-returning `espeak_ng_Initialize` family rather than `espeak_Initialize`:
    /// the latter wraps the same calls, adding only an `exit()` that `espeakINITIALIZE_DONT_EXIT`
    /// suppresses, and its return value does not say whether initialisation failed. With these
    /// calls there is no exit path and the failure is typed. After a failure eSpeak can be
    /// initialised again in the same process (a test checks this in a fresh process).
    ///
    /// Once initialised, eSpeak stays with its data folder for the life of the process:
    /// `espeak_ng_Terminate` in eSpeak NG 1.51 can hang forever joining its internal queue
    /// thread, so the library is never shut down to switch folders.
    mutating func load(dataPath: String?) throws {
        // eSpeak silently falls back to its default data when given a folder without
        // `espeak-ng-data`, so a wrong path would go unnoticed: check it first, every time.
        let requested = try dataPath.map(Self.locateDataFolder)
        if let dataFolder {
            guard let requested, requested != dataFolder else { return }
            throw SpeechEngineError.dataFolderConflict(requested: dataPath ?? requested, inUse: dataFolder)
        }
        voice = nil
        parameters = [:]
        espeak_ng_InitializePath(dataPath)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        if status != ENS_OK {
            let detail = Self.describe(status, context: context)
            espeak_ng_ClearErrorContext(&context)
            throw SpeechEngineError.initializationFailed(code: Int(status.rawValue), message: detail)
        }
        try Self.check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, Self.bufferMilliseconds, nil),
                       operation: "open the synthesis output")
        espeak_SetSynthCallback { wav, count, events in
            ESpeakSession.deliver(wav: wav, count: count, events: events)
        }
        sampleRate = Int(espeak_ng_GetSampleRate())
        var inUse: UnsafePointer<CChar>?
        _ = espeak_Info(&inUse)
        dataFolder = requested ?? inUse.map { Self.resolved(String(cString: $0)) } ?? "(eSpeak default)"
    }

    /// The folder holding `phontab`: the given one's `espeak-ng-data` subfolder or the folder
    /// itself, in the order eSpeak looks.
    private static func locateDataFolder(_ path: String) throws -> String {
        for folder in [path + "/espeak-ng-data", path]
        where FileManager.default.fileExists(atPath: folder + "/phontab") {
            return resolved(folder)
        }
        throw SpeechEngineError.dataNotFound(path: path)
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    // MARK: Settings

    /// Selects the voice and sets rate, pitch, volume and word gap, calling eSpeak only for
    /// what differs from the last call.
    ///
    /// eSpeak NG 1.51 shifts a voice's formants up for a pitch above 50, but only when the voice
    /// is loaded (`SetPitchFormants`, from `WavegenSetVoice`); setting the pitch parameter later
    /// changes the pitch and not the formants. So the formants of an utterance depended on the
    /// pitch in force at the last voice change: a span raised by a pitch attribute left the next
    /// utterances' formants raised until another voice was chosen (`버튼, 선택됨` at pitch 50
    /// after a fresh load at pitch 99 differed from sample 1800 on). The voice is loaded again
    /// whenever the pitch differs from the one it was loaded with, the pitch set before and
    /// after, so an utterance's formants always follow its own pitch.
    mutating func apply(_ settings: VoiceProfile.Engine) throws {
        try Self.validate(settings)
        if voice != settings.voice || loadedPitch != settings.pitch {
            voice = nil
            try set(espeakPITCH, "pitch", settings.pitch)
            let status = espeak_ng_SetVoiceByName(settings.voice)
            if status == ENS_VOICE_NOT_FOUND {
                let names = voiceNames()
                throw SpeechEngineError.unknownVoice(name: settings.voice,
                                                     suggestion: nearestName(to: settings.voice, in: names))
            }
            try Self.check(status, operation: "select voice \"\(settings.voice)\"")
            try selectSteadyCopy(of: settings.voice)
            voice = settings.voice
            loadedPitch = settings.pitch
            // A voice change may reset speech parameters inside eSpeak: apply them all again.
            parameters = [:]
        }
        try set(espeakRATE, "rate", settings.rate)
        try set(espeakPITCH, "pitch", settings.pitch)
        try set(espeakVOLUME, "volume", settings.volume)
        try set(espeakWORDGAP, "wordGap", settings.wordGap)
    }

    /// Replaces the voice just selected by name with a copy of its voice file that turns off
    /// pitch flutter and roughness, so that the same text always gives the same samples.
    ///
    /// eSpeak NG 1.51 keeps three counters of its wave generator in function-local statics of
    /// wavegen.c that nothing resets: the flutter table position (`Flutter_ix` in
    /// `AdvanceParameters`), the pitch-cycle count that times roughness (`cycle_count` in
    /// `Wavegen`) and, less often, the clipping gain (`agc`). Their values at the start of an
    /// utterance depend on everything spoken before, and they change the pitch of every cycle
    /// (hence also the length, as voiced sounds end on a cycle boundary). Their effect vanishes
    /// with `flutter 0` and with a roughness past eSpeak's table (`roughness 8`), which no API
    /// call can set: only a voice file can. eSpeak reads the file once when it is selected, so the
    /// copy lives only for that moment, in a folder private to this process and call (mode
    /// 0700, an unpredictable name under `$XDG_RUNTIME_DIR`, else `$TMPDIR`, else `/tmp`),
    /// removed right after: no other user can read, swap or block it.
    private func selectSteadyCopy(of name: String) throws {
        guard let current = espeak_GetCurrentVoice(), let identifier = current.pointee.identifier,
              let folder = Self.dataHome() else {
            throw SpeechEngineError.engineFailure(operation: "locate the file of voice \"\(name)\"", code: 0,
                                                  message: "eSpeak reports no voice file")
        }
        let file = String(cString: identifier)
        var text = try Self.voiceFileText([folder + "/lang/" + file, folder + "/voices/" + file], voice: name)
        // A variant ("en-us+m3") comes from its own file, whose name and language lines belong
        // to the variant mechanism and must not rename or re-language the copy.
        if let plus = name.firstIndex(of: "+") {
            let variant = try Self.voiceFileText([folder + "/voices/!v/" + name[name.index(after: plus)...]],
                                                 voice: name)
            text += "\n" + variant.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !["language", "name"].contains(line.split(separator: " ").first.map(String.init) ?? "") }
                .joined(separator: "\n")
        }
        text += "\nflutter 0\nroughness 8\n"
        let privateFolder = try Self.privateFolder(for: name)
        let path = privateFolder + "/" + name.replacingOccurrences(of: "/", with: "_") + ".steady"
        defer {
            SystemCall.unlink(path)
            rmdir(privateFolder)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw SpeechEngineError.engineFailure(operation: "write the steady copy of voice \"\(name)\"", code: Int(errno),
                                                  message: "\(path): \(String(cString: strerror(errno)))")
        }
        try Self.check(espeak_ng_SetVoiceByFile(path), operation: "select the steady copy of voice \"\(name)\"")
    }

    /// The longest voice file path eSpeak NG was seen to find (58 bytes found, 60 not).
    static let longestVoicePath = 56

    /// A new folder only this process can enter: mode 0700, a random name (64 bits), made by
    /// `mkdir`, which fails rather than reuse a folder someone else made. The whole path is lower
    /// case because `espeak_ng_SetVoiceByFile` lower-cases the name it is given (eSpeak NG 1.51),
    /// which rules out `mkdtemp`'s mixed-case names and a base folder with capitals.
    ///
    /// The path is also short: eSpeak NG 1.51 does not find a voice file whose path is about 60
    /// bytes or longer (`/tmp/` plus 14 letters worked, plus 16 failed), so a base folder that
    /// would make it longer than `longestVoicePath` is passed over for the next, `/tmp` last (a
    /// TMPDIR deep inside a checkout once was).
    ///
    /// The name carries the process id (`earshot-voice-PID-RAND`): a folder whose process is
    /// gone (a SIGKILL in the moment the copy exists) is this user's to sweep, and the next run
    /// sweeping there removes it, as `TemporaryFiles.sweep` does for the writers' temporaries.
    private static func privateFolder(for voice: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        var isFolder: ObjCBool = false
        let fileName = voice.replacingOccurrences(of: "/", with: "_") + ".steady"
        func usable(_ folder: String) -> Bool {
            guard !folder.isEmpty, folder == folder.lowercased() else { return false }
            let longest = folder + "/earshot-voice-4194304-01234567/" + fileName
            guard longest.utf8.count <= longestVoicePath else { return false }
            return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
        }
        let candidates: [String] = [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"]].compactMap { $0 }
            .map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        let base = candidates.first(where: usable) ?? "/tmp"
        sweepPrivateFolders(in: base)
        var lastError: Int32 = 0
        for _ in 0..<8 {
            let path = base + "/" + privateFolderPrefix + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
            if mkdir(path, 0o700) == 0 { return path }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw SpeechEngineError.engineFailure(operation: "make a private folder for the steady copy of voice \"\(voice)\"",
                                              code: Int(lastError), message: "\(base): \(String(cString: strerror(lastError)))")
    }

    static let privateFolderPrefix = "earshot-voice-"

    /// Removes this user's private folders in `base` whose process is gone
    /// (`TemporaryFiles.sweep(foldersIn:prefix:)`): a run that switches voices for every span
    /// of another language lists the folder once, not at every switch.
    static func sweepPrivateFolders(in base: String) {
        TemporaryFiles.sweep(foldersIn: base, prefix: privateFolderPrefix)
    }

    private static func voiceFileText(_ candidates: [String], voice: String) throws -> String {
        for path in candidates {
            if let data = FileManager.default.contents(atPath: path) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        throw SpeechEngineError.engineFailure(operation: "read the file of voice \"\(voice)\"", code: 0,
                                              message: "not found at \(candidates.joined(separator: " or "))")
    }

    /// The `espeak-ng-data` folder eSpeak runs with, as eSpeak itself reports it.
    private static func dataHome() -> String? {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) }
    }

    private mutating func set(_ parameter: espeak_PARAMETER, _ name: String, _ value: Int) throws {
        let key = Int32(bitPattern: parameter.rawValue)
        if parameters[key] == value { return }
        parameters[key] = nil
        try Self.check(espeak_ng_SetParameter(parameter, Int32(value), 0), operation: "set \(name) to \(value)")
        parameters[key] = value
    }

    private static func validate(_ settings: VoiceProfile.Engine) throws {
        let ranges: [(String, Int, ClosedRange<Int>)] = [
            ("rate", settings.rate, Int(espeakRATE_MINIMUM)...Int(espeakRATE_MAXIMUM)),
            ("pitch", settings.pitch, 0...100),
            ("volume", settings.volume, 0...200),
            ("wordGap", settings.wordGap, 0...100),
        ]
        for (name, value, range) in ranges where !range.contains(value) {
            throw SpeechEngineError.invalidSetting(name: name, value: value, valid: range)
        }
    }

    /// Language names and voice file names eSpeak knows, for suggesting a voice.
    func voiceNames() -> [String] {
        var names: Set<String> = []
        guard let list = espeak_ListVoices(nil) else { return [] }
        var index = 0
        while let entry = list[index] {
            let voice = entry.pointee
            if let identifier = voice.identifier {
                names.insert(String(cString: identifier).split(separator: "/").last.map { $0.lowercased() } ?? "")
            }
            // `languages` is a run of (priority byte, NUL-terminated name), ended by a NUL byte.
            if var cursor = voice.languages {
                while cursor.pointee != 0 {
                    cursor += 1
                    let language = String(cString: cursor)
                    names.insert(language.lowercased())
                    cursor += strlen(cursor) + 1
                }
            }
            index += 1
        }
        names.remove("")
        return names.sorted()
    }

    // MARK: Synthesis

    /// Synthesizes UTF-8 `text` with the current settings, delivering every engine buffer to
    /// `receiver` on this thread. Returns true when the receiver aborted the synthesis.
    mutating func synthesize(_ text: String, markup: EngineMarkup = .none, receiver: SynthesisRecorder) throws -> Bool {
        let status = synthesizeRaw(text, markup: markup, receiver: receiver)
        if receiver.peak >= Self.clippingPeak { try restoreClippingGain() }
        if status == ENS_SPEECH_STOPPED { return true }
        try Self.check(status, operation: "synthesize")
        return false
    }

    private func synthesizeRaw(_ text: String, markup: EngineMarkup, receiver: SynthesisRecorder) -> espeak_ng_STATUS {
        clearCarriedPhonemes()
        let userData = Unmanaged.passUnretained(receiver).toOpaque()
        let flags = UInt32(espeakCHARS_UTF8) | Self.flags(for: markup)
        return withExtendedLifetime(receiver) {
            text.withCString { pointer in
                espeak_ng_Synthesize(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, flags, nil, userData)
            }
        }
    }

    /// The loudest sample at or past which eSpeak's clipping gain may have been lowered: a
    /// clipped sample comes out at 32767 less a 256th of what it would have been, so within a
    /// few hundred of full scale.
    static let clippingPeak = 32_000

    /// A text voiced in every voice and long enough to bring the clipping gain back from its
    /// lowest (about 2,000 voiced samples; this gives over 10,000), read quietly so it never
    /// clips itself.
    private static let gainRestorer = "aaaa, aaaa, aaaa"

    /// Brings eSpeak's clipping gain back to unity after a synthesis that may have clipped.
    ///
    /// When a sample would overflow, eSpeak NG 1.51 lowers a gain (`agc`, a function-local static
    /// of `Wavegen` in wavegen.c) so that it just fits, and raises it back by one 256th every
    /// eight voiced samples. Nothing else resets it, so after a synthesis that clipped near its
    /// end, or was cut while clipping (a loud announcement interrupted), the next utterance
    /// started quieter for its first few thousand samples: the same text gave other samples
    /// (seen when tests share the engine: a cut at volume 200, pitch 99, then `버튼, 선택됨`
    /// differed from sample 1800). A quiet voiced text synthesized and dropped gives the gain
    /// the voiced samples it needs; being more of what was spoken before, it changes nothing
    /// else that the next synthesis depends on.
    private mutating func restoreClippingGain() throws {
        let volumeKey = Int32(bitPattern: espeakVOLUME.rawValue)
        let volume = parameters[volumeKey]
        try set(espeakVOLUME, "volume", 20)
        let dropped = SynthesisRecorder(text: "", cancellation: nil, onChunk: nil, keeps: false)
        try Self.check(synthesizeRaw(Self.gainRestorer, markup: .none, receiver: dropped), operation: "restore the clipping gain")
        if let volume { try set(espeakVOLUME, "volume", volume) } else { parameters[volumeKey] = nil }
    }

    /// eSpeak's flags for a kind of markup: none for plain text, so that a label's `<` or `[[`
    /// is never taken for markup.
    private static func flags(for markup: EngineMarkup) -> UInt32 {
        switch markup {
        case .none: 0
        case .phonemes: UInt32(espeakPHONEMES)
        }
    }

    /// eSpeak's phonemes for text with markup: the text is synthesized with eSpeak's phoneme
    /// trace written to memory (what `espeak-ng -x` prints), the sound dropped; lines joined
    /// with spaces.
    mutating func tracedPhonemes(_ text: String, markup: EngineMarkup, ipa: Bool) throws -> String {
        var bytes: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&bytes, &size) else {
            throw SpeechEngineError.engineFailure(operation: "trace phonemes", code: Int(errno),
                                                  message: String(cString: strerror(errno)))
        }
        espeak_SetPhonemeTrace(Int32(espeakPHONEMES_SHOW | (ipa ? espeakPHONEMES_IPA : 0)), stream)
        let recorder = SynthesisRecorder(text: "", cancellation: nil, onChunk: nil, keeps: false)
        let status = synthesizeRaw(text, markup: markup, receiver: recorder)
        espeak_SetPhonemeTrace(0, nil)
        fclose(stream)
        defer { free(bytes) }
        // After the trace is off, so the restoring text is not in it.
        if recorder.peak >= Self.clippingPeak { try restoreClippingGain() }
        if status != ENS_SPEECH_STOPPED { try Self.check(status, operation: "synthesize") }
        let trace = bytes.map { String(cString: $0) } ?? ""
        return trace.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A text whose one clause fills every entry of eSpeak's phoneme lists (about 1000
    /// phonemes in Korean and in English: each group is read as a number in the millions).
    private static let phonemeListFiller = Array(repeating: "7777777", count: 32).joined(separator: " ")

    /// Overwrites what earlier texts left in eSpeak's phoneme lists, so that the next synthesis
    /// does not depend on them.
    ///
    /// eSpeak NG 1.51 translates each clause into global arrays sized for 1000 phonemes
    /// (`ph_list2` in translate.c, `phoneme_list` in synthesize.c) and the timing of the next
    /// clause depends on what earlier, longer clauses left beyond its own end: the pause at a
    /// comma and the syllable before it grow (a 35221-sample utterance measured 37181 samples
    /// right after itself and 36346 after another text). `InitText`, run by every synthesis,
    /// does not clear these arrays, and no API call does. Translating a filler that reaches the
    /// end of both arrays leaves the same content there whatever came before;
    /// `espeak_TextToPhonemes` does that without producing sound or touching the wave
    /// generator, in about 0.3 ms.
    private func clearCarriedPhonemes() {
        Self.phonemeListFiller.withCString { start in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
            while cursor != nil {
                guard espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), 0) != nil else { break }
            }
        }
    }

    /// The synthesis callback: eSpeak calls it on the synthesizing thread with one buffer and
    /// the events inside it; `user_data` leads back to the receiver. Returns 1 to abort.
    private static func deliver(
        wav: UnsafeMutablePointer<Int16>?,
        count: Int32,
        events: UnsafeMutablePointer<espeak_EVENT>?
    ) -> Int32 {
        // Every event list, even an empty one, ends with a terminator that carries user_data.
        guard let events, let userData = events.pointee.user_data else { return 0 }
        let receiver = Unmanaged<SynthesisRecorder>.fromOpaque(userData).takeUnretainedValue()
        var words: [ESpeakWordEvent] = []
        var event = events
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_WORD {
                words.append(ESpeakWordEvent(textPosition: Int(event.pointee.text_position),
                                             length: Int(event.pointee.length),
                                             sample: Int(event.pointee.sample)))
            }
            event += 1
        }
        let samples = UnsafeBufferPointer(start: wav, count: wav == nil ? 0 : Int(max(count, 0)))
        return receiver.receive(samples: samples, words: words) ? 0 : 1
    }

    // MARK: Phonemes

    /// eSpeak's phonemes for `text` in the current voice, clause by clause joined with spaces.
    ///
    /// A synthesis stopped part-way leaves the word it was reading in eSpeak's translator, and
    /// the next translation would begin with it ("작" of a cancelled "작성자" before "버튼"):
    /// the filler that clears the phoneme lists before a synthesis takes it up here too.
    func phonemes(_ text: String, ipa: Bool) -> String {
        clearCarriedPhonemes()
        var clauses: [String] = []
        let mode: Int32 = ipa ? Int32(espeakPHONEMES_IPA) : 0
        text.withCString { start in
            // espeak_TextToPhonemes translates up to the next clause end and advances the
            // pointer, setting it to NULL at the end of the text.
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
            while cursor != nil {
                guard let result = espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), mode) else { break }
                let clause = String(cString: result).trimmingCharacters(in: .whitespaces)
                if !clause.isEmpty { clauses.append(clause) }
            }
        }
        return clauses.joined(separator: " ")
    }

    // MARK: Status codes

    private static func check(_ status: espeak_ng_STATUS, operation: String) throws {
        guard status != ENS_OK else { return }
        throw SpeechEngineError.engineFailure(operation: operation, code: Int(status.rawValue),
                                              message: message(for: status))
    }

    /// eSpeak's own text for a status code.
    static func message(for status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The status text with the error context (the file eSpeak could not read), when there is one.
    private static func describe(_ status: espeak_ng_STATUS, context: espeak_ng_ERROR_CONTEXT?) -> String {
        guard let context else { return message(for: status) }
        // The context is opaque; eSpeak only prints it, so print it into memory.
        var bytes: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&bytes, &size) else { return message(for: status) }
        espeak_ng_PrintStatusCodeMessage(status, stream, context)
        fclose(stream)
        defer { free(bytes) }
        let text = bytes.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? message(for: status) : text
    }
}
