import EarshotCore
@testable import EarshotVoices
import Foundation
import Testing

@Suite("Built-in voices and the voice lookup order")
struct BuiltInVoicesTests {
    static let voicesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("voices").path

    /// Every file under voices/, by relative path: all of them are built in (the readers' words
    /// are data with their citations; no upstream file is kept there).
    static func filesOnDisk() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: voicesFolder)!
        while let path = enumerator.nextObject() as? String {
            let full = voicesFolder + "/" + path
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
            if isFolder.boolValue || (path as NSString).lastPathComponent.hasPrefix(".") { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
        return files
    }

    @Test("the compiled-in files are exactly the files under voices/ (else run scripts/generate-built-in-voices.sh)")
    func builtInFilesMatchVoicesFolder() throws {
        let onDisk = try Self.filesOnDisk()
        let builtIn = Dictionary(uniqueKeysWithValues: BuiltInVoices.files.map { ($0.path, $0.bytes) })
        #expect(Set(builtIn.keys) == Set(onDisk.keys),
                "voices/ and the built-ins differ; run scripts/generate-built-in-voices.sh")
        for (path, bytes) in onDisk {
            #expect(builtIn[path] == bytes, "voices/\(path) changed; run scripts/generate-built-in-voices.sh")
        }
        // The readers' words go in as data with their citations, and nothing of the readers' own files.
        #expect(builtIn.keys.contains("talkback/ko.json") && builtIn.keys.contains("nvda/ko.json"))
        #expect(!builtIn.keys.contains { $0.split(separator: "/").contains("source") || $0.hasSuffix(".py") || $0.hasSuffix(".po") || $0.hasSuffix(".xml") },
                "an upstream file is built in")
        let korean = try #require(builtIn["nvda/ko.json"])
        let words = try #require(try JSONSerialization.jsonObject(with: korean) as? [String: Any])
        #expect(words["citations"] is [String: Any] && words["licence"] as? String == "GPL-2.0-or-later")
        #expect(BuiltInVoices.profileNames.contains("ko") && BuiltInVoices.profileNames.contains("en"))
        // What a program registers: the same names, read without decoding a file.
        #expect(BuiltInVoices.set.profileNames == BuiltInVoices.profileNames)
    }

    @Test("the built-ins are written to the cache folder and load with their normalization data")
    func builtInsLoad() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-builtin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let folders = BuiltInVoices.candidateFolders(environment: ["XDG_CACHE_HOME": cache.path])
        #expect(folders.first?.hasPrefix(cache.path + "/earshot/built-in-voices/") == true)
        try BuiltInVoices.write(to: folders[0])
        let profile = try VoiceLibrary(directory: folders[0]).profile("ko")
        #expect(profile.engine.voice == "ko")
        let normalized = try Data(contentsOf: URL(fileURLWithPath: folders[0] + "/normalization/ko.json"))
        #expect(normalized == (try Self.filesOnDisk())["normalization/ko.json"])
        // A file edited in the cache is put back as compiled.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folders[0] + "/ko.json"))
        try BuiltInVoices.write(to: folders[0])
        #expect(try VoiceLibrary(directory: folders[0]).profile("ko").engine.voice == "ko")
    }

    @Test("a name is read from the first source that has it; the others still list their own")
    func firstSourceWins() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("config/earshot/voices")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        let english = try String(contentsOfFile: Self.voicesFolder + "/en.json", encoding: .utf8)
        try english.replacingOccurrences(of: "\"rate\": 175", with: "\"rate\": 200")
            .write(to: user.appendingPathComponent("en.json"), atomically: true, encoding: .utf8)
        let library = VoiceLibrary.locate(environment: ["XDG_CONFIG_HOME": root.path + "/config"],
                                          executable: "/nonexistent/bin/earshot", builtIns: BuiltInVoices.set)
        #expect(library.sources.map(\.kind) == [.user, .builtIn])
        let entries = Dictionary(uniqueKeysWithValues: library.entries.map { ($0.name, $0.source.kind) })
        #expect(entries["en"] == .user)
        #expect(entries["ko"] == .builtIn)
        #expect(try library.profile("en").engine.rate == 200)
    }
}
