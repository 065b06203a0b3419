import EarshotCore
import Foundation
import Testing
@testable import EarshotSpeech

@Suite("Speech engine errors")
struct SpeechEngineErrorTests {
    /// The installed eSpeak NG data folder (the one holding phontab).
    static var systemDataPath: String? {
        ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
         "/usr/share/espeak-ng-data", "/usr/local/share/espeak-ng-data"]
            .first { FileManager.default.fileExists(atPath: $0 + "/phontab") }
    }

    /// A folder whose `phontab` passes the up-front check while the rest of eSpeak's data
    /// (`phonindex` first) is missing, which only eSpeak notices.
    static func dataFolderWithOnlyPhontab() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-espeak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([0, 0, 0, 0]).write(to: folder.appendingPathComponent("phontab"))
        return folder
    }

    @Test("a data path without eSpeak data is a typed error with exit code 69, not an exit")
    func bogusDataPath() throws {
        let path = "/nonexistent/espeak-data-\(UInt32.random(in: 0...UInt32.max))"
        #expect(throws: SpeechEngineError.dataNotFound(path: path)) { try SpeechEngine(dataPath: path) }
        let error = SpeechEngineError.dataNotFound(path: path)
        #expect(error.category == .unavailable)
        #expect(error.description.contains(path + "/phontab"))
        // The library is still usable afterwards.
        #expect(try SpeechEngine().synthesize("버튼", settings: korean).level > 500)
    }

    /// Set in a child test process that starts with eSpeak NG not yet initialised.
    static let freshProcessVariable = "EARSHOT_SPEECH_FRESH_PROCESS"

    @Test("incomplete data fails initialisation with eSpeak's message, and a retry in the same process succeeds")
    func incompleteData() throws {
        guard ProcessInfo.processInfo.environment[Self.freshProcessVariable] != nil else {
            // eSpeak is initialised once per process and other tests have done it already: run
            // this test again in a new process of this test binary, where it takes the branch below.
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["--testing-library", "swift-testing", "--filter", "SpeechEngineErrorTests/incompleteData"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.freshProcessVariable: "1"]) { $1 }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            #expect(child.terminationStatus == 0, "child test run failed:\n\(text)")
            #expect(text.contains("1 test"), "child ran no test:\n\(text)")
            return
        }
        let folder = try Self.dataFolderWithOnlyPhontab()
        defer { try? FileManager.default.removeItem(at: folder) }
        var thrown: SpeechEngineError?
        do { _ = try SpeechEngine(dataPath: folder.path) } catch let error as SpeechEngineError { thrown = error }
        guard case let .initializationFailed(_, message)? = thrown else {
            Issue.record("expected initializationFailed, got \(String(describing: thrown))")
            return
        }
        #expect(message.contains("phonindex"))
        #expect(thrown?.category == .unavailable)
        let recovered = try SpeechEngine().synthesize("버튼, 선택됨", settings: korean)
        #expect(recovered.level > 500)
        #expect(recovered.words.count == 2)
    }

    @Test("the installed data folder, named explicitly, is the one the default engine uses")
    func explicitDataPath() throws {
        let path = try #require(Self.systemDataPath)
        let standard = try SpeechEngine()
        let explicit = try SpeechEngine(dataPath: path)
        let parent = try SpeechEngine(dataPath: (path as NSString).deletingLastPathComponent)
        #expect(explicit.sampleRate == 22050)
        for engine in [explicit, standard, parent] {
            let result = try engine.synthesize("Selected", settings: english)
            #expect(result.words.map(\.word) == ["Selected"])
            #expect(result.level > 500)
        }
    }

    @Test("another data folder while eSpeak runs is a typed error, not a restart")
    func dataFolderConflict() throws {
        _ = try SpeechEngine()
        let folder = try Self.dataFolderWithOnlyPhontab()
        defer { try? FileManager.default.removeItem(at: folder) }
        var thrown: SpeechEngineError?
        do { _ = try SpeechEngine(dataPath: folder.path) } catch let error as SpeechEngineError { thrown = error }
        guard case let .dataFolderConflict(requested, inUse)? = thrown else {
            Issue.record("expected dataFolderConflict, got \(String(describing: thrown))")
            return
        }
        #expect(requested == folder.path)
        #expect(FileManager.default.fileExists(atPath: inUse + "/phontab"))
        #expect(thrown?.category == .unavailable)
        #expect(try SpeechEngine().synthesize("버튼", settings: korean).level > 500)
    }

    @Test("an unknown voice is a typed error naming the voice and the nearest known one")
    func unknownVoice() throws {
        let engine = try SpeechEngine()
        #expect(throws: SpeechEngineError.unknownVoice(name: "en-uss", suggestion: "en-us")) {
            try engine.synthesize("버튼", settings: .init(voice: "en-uss"))
        }
        #expect(throws: SpeechEngineError.unknownVoice(name: "zz-nothing-like-it", suggestion: nil)) {
            try engine.phonemes("버튼", settings: .init(voice: "zz-nothing-like-it"))
        }
        let error = SpeechEngineError.unknownVoice(name: "kx", suggestion: "ko")
        #expect(error.category == .unavailable)
        #expect(error.description.contains("\"kx\""))
        // The failed selection leaves the engine usable with a good voice.
        #expect(try engine.synthesize("버튼", settings: korean).level > 500)
    }

    @Test("settings outside eSpeak's ranges are rejected before reaching it")
    func invalidSettings() throws {
        let engine = try SpeechEngine()
        #expect(throws: SpeechEngineError.invalidSetting(name: "rate", value: 20, valid: 80...450)) {
            try engine.synthesize("버튼", settings: .init(voice: "ko", rate: 20))
        }
        #expect(throws: SpeechEngineError.invalidSetting(name: "volume", value: 201, valid: 0...200)) {
            try engine.synthesize("버튼", settings: .init(voice: "ko", volume: 201))
        }
    }

    @Test("the voice names eSpeak offers include the profiles' voices")
    func voiceNames() throws {
        let names = try SpeechEngine().voiceNames()
        #expect(names.contains("ko"))
        #expect(names.contains("en-us"))
    }
}
