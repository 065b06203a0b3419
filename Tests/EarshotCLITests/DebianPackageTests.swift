import Foundation
import Testing

/// The `.deb` from scripts/package-deb.sh, built, checked with lintian, installed with apt-get,
/// run and removed. It installs a system package, so it runs as root only (as the CI test
/// command does). The binary is built with the Swift runtime linked in statically, in its own
/// build folder (`.build/deb-package`: `swift test` holds `.build`'s lock), without optimization
/// (`EARSHOT_DEB_CONFIGURATION=debug`): the test checks the packaging, and a release build took
/// minutes of both cores in every clean run of the suite.
@Suite("The Debian package (scripts/package-deb.sh)", .serialized)
struct DebianPackageTests {
    static let isRoot = getuid() == 0
    static let toolPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin"

    static func run(_ command: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Result {
        var merged = ["PATH": toolPath, "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive",
                      "HOME": ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()]
        for (key, value) in environment { merged[key] = value }
        return try CLIRunner.run(executable: try #require(program(command), "\(command) is not installed (scripts/setup.sh)"),
                                 arguments: arguments, environment: merged, currentDirectory: CLIRunner.fileSystemRoot)
    }

    @Test("builds, passes lintian without errors, installs with apt-get, runs from /, has its manual, and removes cleanly",
          .enabled(if: isRoot, "installs a system package: runs as root only"), .timeLimit(.minutes(30)))
    func packageInstallsAndRemoves() throws {
        #expect(try Self.run("dpkg-query", ["-W", "earshot"]).status != 0,
                "earshot is already installed as a package; this test would replace and remove it")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/package-deb.sh").path
        let built = try Self.run("bash", [script, folder.path], environment: [
            "EARSHOT_BUILD_PATH": CLIRunner.repositoryRoot.appendingPathComponent(".build/deb-package").path,
            "EARSHOT_DEB_CONFIGURATION": "debug",
        ])
        #expect(built.status == 0, "package-deb.sh: \(built.stderr)")
        let package = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package))
        #expect((package as NSString).lastPathComponent.hasPrefix("earshot_"))

        let lintian = try Self.run("lintian", ["--no-tag-display-limit", package])
        let errors = lintian.stdout.split(separator: "\n").filter { $0.hasPrefix("E: ") }
        #expect(errors.isEmpty, "lintian errors:\n\(errors.joined(separator: "\n"))")
        let control = try Self.run("dpkg-deb", ["--field", package, "Depends"]).stdout
        for dependency in ["libespeak-ng1", "libasound2", "espeak-ng-data", "libssl3"] {
            #expect(control.contains(dependency), "Depends: \(control)")
        }
        #expect(!control.contains("swift"))

        let installed = try Self.run("apt-get", ["install", "-y", "-qq", package])
        #expect(installed.status == 0, "apt-get install: \(installed.stderr)")
        defer { _ = try? Self.run("apt-get", ["purge", "-y", "-qq", "earshot"]) }
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let clean = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        let spoken = try CLIRunner.run(executable: "/usr/bin/earshot",
                                       arguments: ["speak", "--no-audio", "--label", "확인", "--traits", "button"],
                                       environment: clean, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(spoken.stdout == "확인, 버튼\n", "\(spoken.stderr)")
        let voices = try CLIRunner.run(executable: "/usr/bin/earshot", arguments: ["voices"],
                                       environment: clean, currentDirectory: CLIRunner.fileSystemRoot)
        #expect(voices.stdout.contains("(installed: /usr/share/earshot/voices/ko.json)"), "\(voices.stdout)")
        let manual = try Self.run("man", ["-w", "earshot"])
        #expect(manual.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "/usr/share/man/man1/earshot.1.gz")
        let files = try Self.run("dpkg", ["-L", "earshot"]).stdout.split(separator: "\n").map(String.init)
        #expect(files.contains("/usr/share/zsh/vendor-completions/_earshot"))
        let copyright = try String(contentsOfFile: "/usr/share/doc/earshot/copyright", encoding: .utf8)
        #expect(copyright.contains("Files: *\nCopyright: 2026 the Earshot authors\nLicense: Apache-2.0"), "\(copyright.prefix(600))")
        #expect(copyright.contains("License: Unicode-DFS-2016"))

        let removed = try Self.run("apt-get", ["purge", "-y", "-qq", "earshot"])
        #expect(removed.status == 0, "apt-get purge: \(removed.stderr)")
        #expect(try Self.run("dpkg", ["-L", "earshot"]).status != 0)
        for file in files where !["/.", "/usr", "/usr/bin", "/usr/share", "/usr/share/man", "/usr/share/man/man1",
                                  "/usr/share/doc", "/usr/share/bash-completion", "/usr/share/bash-completion/completions",
                                  "/usr/share/zsh", "/usr/share/zsh/vendor-completions", "/usr/share/fish",
                                  "/usr/share/fish/vendor_completions.d"].contains(file) {
            #expect(!FileManager.default.fileExists(atPath: file), "left behind: \(file)")
        }
    }
}
