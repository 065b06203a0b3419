import Foundation
import Testing

/// Every path under `folder`, relative, sorted: what a prefix holds before and after.
func listing(_ folder: URL) -> [String] {
    (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
}

@Suite("Installing into a prefix (scripts/install.sh)", .serialized)
struct InstallTests {
    static let installScript = CLIRunner.repositoryRoot.appendingPathComponent("scripts/install.sh").path

    /// A clean run: no EARSHOT_VOICES, an empty HOME, a minimal PATH.
    static func cleanEnvironment(home: URL) -> [String: String] {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // A sanitizer run's settings (its suppressions) are the test run's, not the user's.
        for (key, value) in ProcessInfo.processInfo.environment where key.hasSuffix("SAN_OPTIONS") {
            environment[key] = value
        }
        return environment
    }

    /// Installs the debug binary this test run built into `prefix`.
    static func install(into prefix: URL) throws {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "EARSHOT_INSTALL_BINARY": CLIRunner.binary.path,
        ]
        // A sanitizer build is installed unstripped: its leak suppressions match symbol names.
        if let sanitizer = ProcessInfo.processInfo.environment["EARSHOT_SANITIZER"] { environment["EARSHOT_SANITIZER"] = sanitizer }
        let result = try CLIRunner.run(executable: "/bin/bash", arguments: [installScript, prefix.path], environment: environment,
                                       currentDirectory: CLIRunner.fileSystemRoot)
        #expect(result.status == 0, "install.sh failed: \(result.stderr)")
    }

    @Test("the installed binary speaks and lists its installed voices from / with a clean environment; uninstall restores the prefix")
    func installRunUninstall() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix"), home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/doc"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let before = listing(prefix)
        try Self.install(into: prefix)
        for file in ["bin/earshot", "share/earshot/voices/ko.json", "share/earshot/voices/normalization/ko.json",
                     "share/man/man1/earshot.1", "share/bash-completion/completions/earshot",
                     "share/zsh/site-functions/_earshot", "share/fish/vendor_completions.d/earshot.fish",
                     "share/earshot/installed-files", "share/doc/earshot/LICENSE", "share/doc/earshot/copyright"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "missing \(file)")
        }
        let licence = try String(contentsOf: prefix.appendingPathComponent("share/doc/earshot/LICENSE"), encoding: .utf8)
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        // The voices installed are the repository's data, the readers' words with their citations, and nothing of the readers' own files.
        let installedVoices = listing(prefix.appendingPathComponent("share/earshot/voices"))
        #expect(installedVoices == listing(CLIRunner.repositoryRoot.appendingPathComponent("voices")))
        #expect(installedVoices.contains("nvda/ko.json") && installedVoices.contains("talkback/ko.json"))
        #expect(!installedVoices.contains { $0.split(separator: "/").contains("source") || $0.hasSuffix(".py") || $0.hasSuffix(".po") },
                "an upstream file is installed: \(installedVoices)")
        let earshot = prefix.appendingPathComponent("bin/earshot").path
        let environment = Self.cleanEnvironment(home: home)
        let spoken = try CLIRunner.run(executable: earshot, arguments: ["speak", "--no-audio", "--label", "확인", "--traits", "button"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(spoken.status == 0, "\(spoken.stderr)")
        #expect(spoken.stdout == "확인, 버튼\n")
        let voices = try CLIRunner.run(executable: earshot, arguments: ["voices"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(voices.status == 0)
        let installed = prefix.appendingPathComponent("share/earshot/voices").path
        for name in ["ko", "en"] {
            #expect(voices.stdout.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.hasSuffix("(installed: \(installed)/\(name).json)") },
                    "voices: \(voices.stdout)")
        }
        let version = try CLIRunner.run(executable: earshot, arguments: ["--version"],
                                        environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(version.stdout.contains("voices: installed: \(installed)"), "\(version.stdout)")

        let removed = try CLIRunner.run(executable: "/bin/bash", arguments: [Self.installScript, "--uninstall", prefix.path],
                                        environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(listing(prefix) == before)
    }

    @Test("a binary copied alone, with no voices folder anywhere, speaks with the voices built into it")
    func copiedBinaryUsesBuiltInVoices() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin"), home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let earshot = bin.appendingPathComponent("earshot")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: earshot)
        let environment = Self.cleanEnvironment(home: home)
        let voices = try CLIRunner.run(executable: earshot.path, arguments: ["voices"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(voices.status == 0, "\(voices.stderr)")
        for name in ["ko", "en"] {
            #expect(voices.stdout.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.hasSuffix("(built in)") },
                    "voices: \(voices.stdout)")
        }
        let spoken = try CLIRunner.run(executable: earshot.path, arguments: ["speak", "--no-audio", "--label", "확인", "--traits", "button"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(spoken.status == 0, "\(spoken.stderr)")
        #expect(spoken.stdout == "확인, 버튼\n")
        // The profiles were written out under the cache folder and read from there.
        let cache = home.appendingPathComponent(".cache/earshot/built-in-voices")
        #expect(!listing(cache).filter { $0.hasSuffix("/normalization/ko.json") }.isEmpty, "\(listing(cache))")
    }

    @Test("install strips the binary; uninstall removes a prefix the install made, and keeps one that was there")
    func strippedAndPrefixRemoved() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("fresh")
        try Self.install(into: prefix)
        let earshot = prefix.appendingPathComponent("bin/earshot").path
        let sanitized = ProcessInfo.processInfo.environment["EARSHOT_SANITIZER"] != nil
        if !sanitized, let readelf = ["/usr/bin/readelf", "/bin/readelf"].first(where: FileManager.default.isExecutableFile) {
            let sections = try CLIRunner.run(executable: readelf, arguments: ["-S", "-W", earshot], environment: [:])
            #expect(sections.status == 0 && !sections.stdout.contains(".symtab"), "the installed binary keeps its symbol table")
        }
        let installedSize = (try FileManager.default.attributesOfItem(atPath: earshot)[.size] as? Int) ?? 0
        let builtSize = (try FileManager.default.attributesOfItem(atPath: CLIRunner.binary.path)[.size] as? Int) ?? 0
        #expect(sanitized || installedSize < builtSize, "\(installedSize) bytes installed, \(builtSize) built")
        let removed = try CLIRunner.run(executable: "/bin/bash", arguments: [Self.installScript, "--uninstall", prefix.path],
                                        environment: ["PATH": "/usr/bin:/bin"], currentDirectory: CLIRunner.fileSystemRoot)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path), "the prefix the install made is removed when empty")
    }

    @Test("a profile in the user's XDG config folder overrides the installed one, and voices says so")
    func userProfileOverrides() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix"), home = folder.appendingPathComponent("home")
        try Self.install(into: prefix)
        let user = home.appendingPathComponent(".config/earshot/voices")
        try FileManager.default.createDirectory(at: user.appendingPathComponent("normalization"), withIntermediateDirectories: true)
        let voices = CLIRunner.repositoryRoot.appendingPathComponent("voices")
        let korean = try String(contentsOf: voices.appendingPathComponent("ko.json"), encoding: .utf8)
        let changed = korean.replacingOccurrences(of: "\"word\": \"버튼\"", with: "\"word\": \"단추\"")
        #expect(changed != korean)
        try changed.write(to: user.appendingPathComponent("ko.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: voices.appendingPathComponent("normalization/ko.json"),
                                         to: user.appendingPathComponent("normalization/ko.json"))
        // The whole profile: its symbol names too (--no-audio checks the voice as audio would).
        try FileManager.default.createDirectory(at: user.appendingPathComponent("symbols"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: voices.appendingPathComponent("symbols/ko.json"),
                                         to: user.appendingPathComponent("symbols/ko.json"))
        // And the words the standard reader reads with the profile (VoiceOver's on a web page).
        try FileManager.default.createDirectory(at: user.appendingPathComponent("voiceover-web"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: voices.appendingPathComponent("voiceover-web/ko.json"),
                                         to: user.appendingPathComponent("voiceover-web/ko.json"))
        let earshot = prefix.appendingPathComponent("bin/earshot").path
        let environment = Self.cleanEnvironment(home: home)
        let listed = try CLIRunner.run(executable: earshot, arguments: ["voices"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("ko ") && $0.hasSuffix("(user: ~/.config/earshot/voices/ko.json)") }, "\(listed.stdout)")
        #expect(lines.contains { $0.hasPrefix("en ") && $0.contains("(installed: ") }, "\(listed.stdout)")
        let spoken = try CLIRunner.run(executable: earshot, arguments: ["speak", "--no-audio", "--label", "확인", "--traits", "button"],
                                       environment: environment, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(spoken.stdout == "확인, 단추\n", "\(spoken.stderr)")
        // XDG_CONFIG_HOME moves the user's folder: the installed profile is back.
        var elsewhere = environment
        elsewhere["XDG_CONFIG_HOME"] = folder.appendingPathComponent("other-config").path
        let installed = try CLIRunner.run(executable: earshot, arguments: ["speak", "--no-audio", "--label", "확인", "--traits", "button"],
                                          environment: elsewhere, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(installed.stdout == "확인, 버튼\n")
    }
}
