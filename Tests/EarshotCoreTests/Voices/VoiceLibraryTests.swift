import EarshotCore
import Foundation
import Testing

/// The voice lookup of the core alone: folders, and built-in voices only when a program hands
/// it some (the `EarshotVoices` target's own are tested beside it).
@Suite("The voice lookup without built-in voices")
struct VoiceLibraryTests {
    static let voicesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path

    @Test("a library without sources names where it looked and exits 69")
    func noProfilesIsUnavailable() {
        let library = VoiceLibrary(sources: [VoiceSource(kind: .environment, directory: "/nonexistent/voices")])
        #expect(throws: UnknownVoiceError.self) { try library.profile("ko") }
        do {
            _ = try library.profile("ko")
        } catch let error as UnknownVoiceError {
            #expect(error.category == .unavailable)
            #expect(error.description.contains("EARSHOT_VOICES: /nonexistent/voices"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("with no built-ins given, the lookup searches folders only and says so when none has the voice")
    func noBuiltInsMeansFoldersOnly() {
        let library = VoiceLibrary.locate(environment: [:], executable: "/nonexistent/bin/earshot", builtIns: nil)
        #expect(library.sources.isEmpty)
        #expect(library.names.isEmpty)
        do {
            _ = try library.profile("ko")
            Issue.record("a voice was found with no source")
        } catch let error as UnknownVoiceError {
            #expect(error.category == .unavailable)
            #expect(error.description.hasPrefix("error: no voice profiles found"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("built-ins a program hands in are searched after every folder, and read from the folder they give")
    func givenBuiltInsComeLast() throws {
        let asked = Locked(0)
        let builtIns = BuiltInVoiceSet(profileNames: ["en", "ko"]) {
            asked.withLock { $0 += 1 }
            return Self.voicesFolder
        }
        let library = VoiceLibrary.locate(environment: ["EARSHOT_VOICES": "/nonexistent/voices"],
                                          executable: "/nonexistent/bin/earshot", builtIns: builtIns)
        #expect(library.sources.map(\.kind) == [.builtIn])
        #expect(library.names == ["en", "ko"])
        #expect(asked.withLock { $0 } == 0, "listing the names wrote the files out")
        let profile = try library.profile("ko")
        #expect(profile.path == Self.voicesFolder + "/ko.json")
        #expect(library.searched == "built in")
    }
}
