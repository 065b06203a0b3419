import Foundation
import Testing

/// scripts/setup.sh and its two package lists: the demo installs what the main job needs, the
/// test command the rest. The script runs against stand-ins for apt-get, dpkg-query and swift
/// on the PATH (they record what they were asked and install nothing), so the test sees exactly
/// what a fresh machine would be asked to install and what the user would read.
@Suite("scripts/setup.sh: the main job's packages and the tests'")
struct SetupScriptTests {
    static let root = CLIRunner.repositoryRoot

    /// The packages a list names, in order (a `#` starts a comment).
    static func packages(_ list: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("scripts/packages/\(list)"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let word = line.split(separator: " ").first.map(String.init) ?? ""
            return word.isEmpty || word.hasPrefix("#") ? nil : word
        }
    }

    @Test("the main job's list holds no package of the tests' list, and none that only a test runs")
    func listsAreDisjoint() throws {
        let main = try Self.packages("main.txt")
        let tests = try Self.packages("tests.txt")
        #expect(!main.isEmpty && !tests.isEmpty)
        #expect(Set(main).count == main.count && Set(tests).count == tests.count, "a package is named twice")
        #expect(Set(main).isDisjoint(with: tests), "in both lists: \(Set(main).intersection(tests).sorted())")
        // What the issue found the demo installing: the browser, CLDR, fonts, shells, lintian.
        for testOnly in ["chromium", "chromium-driver", "unicode-cldr-core", "fonts-nanum", "zsh", "fish", "lintian",
                         "python3", "jackd2", "tmux", "man-db", "dpkg-dev"] {
            #expect(!main.contains(testOnly), "\(testOnly) is for the tests")
            #expect(tests.contains(testOnly), "\(testOnly) is in neither list")
        }
    }

    @Test("every library the build links is shipped by a package of the main job's list")
    func mainListBuildsEarshot() throws {
        let main = try Self.packages("main.txt")
        let sources = Self.root.appendingPathComponent("Sources")
        var libraries: [String] = []
        for module in ["CEspeakNG", "CAlsa", "CCrypto"] {
            let map = try String(contentsOf: sources.appendingPathComponent("\(module)/module.modulemap"), encoding: .utf8)
            let link = try #require(map.split(separator: "\n").first { $0.contains("link \"") })
            libraries.append(String(link.split(separator: "\"")[1]))
        }
        #expect(libraries == ["espeak-ng", "asound", "crypto"])
        let dpkg = try #require(program("dpkg-query"))
        for library in libraries {
            let owners = try CLIRunner.run(executable: dpkg, arguments: ["-S", "lib\(library).so"], environment: ["LANG": "C"],
                                           currentDirectory: CLIRunner.fileSystemRoot)
            let packages = owners.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
            #expect(packages.contains { main.contains($0) }, "lib\(library).so comes from \(packages), not in main.txt")
        }
    }

    /// Runs setup.sh with stand-ins that say nothing is installed and record apt-get's arguments.
    static func runSetup(_ arguments: [String]) throws -> (result: CLIRunner.Result, installed: [String], logs: URL) {
        let folder = try CLIRunner.temporaryFolder()
        let bin = folder.appendingPathComponent("bin")
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = folder.appendingPathComponent("apt-get.args").path
        let standIns = [
            "dpkg-query": "exit 1",
            "debconf-set-selections": "cat >/dev/null",
            "apt-get": "if [ \"$1\" = install ]; then printf '%s\\n' \"$@\" > '\(record)'; fi; for i in $(seq 1 400); do echo \"Unpacking package $i ...\"; done",
            "swift": "for i in $(seq 1 300); do echo \"[$i/300] Compiling\"; done",
        ]
        for (name, body) in standIns {
            let file = bin.appendingPathComponent(name)
            try "#!/bin/bash\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let result = try CLIRunner.run(executable: "/bin/bash",
                                       arguments: [Self.root.appendingPathComponent("scripts/setup.sh").path] + arguments,
                                       environment: ["PATH": "\(bin.path):/usr/bin:/bin", "EARSHOT_SETUP_LOGS": logs.path],
                                       currentDirectory: folder)
        let recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        let installed = recorded.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-") && $0 != "install" }
        return (result, installed, logs)
    }

    @Test("the demo's setup installs the main job's list only, quietly: two lines, apt-get's and the build's output in logs")
    func demoSetupIsQuiet() throws {
        let demo = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.sh"), encoding: .utf8)
        #expect(demo.contains("bash scripts/setup.sh --quiet\n"), "demo.sh runs setup.sh some other way")
        let (result, installed, logs) = try Self.runSetup(["--quiet"])
        defer { try? FileManager.default.removeItem(at: logs.deletingLastPathComponent()) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(installed == (try Self.packages("main.txt")))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("Installing libespeak-ng-dev ") == true, "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let aptLog = try String(contentsOf: logs.appendingPathComponent("apt-get.log"), encoding: .utf8)
        #expect(aptLog.contains("Unpacking package 400"))
        let buildLog = try String(contentsOf: logs.appendingPathComponent("build.log"), encoding: .utf8)
        #expect(buildLog.contains("[300/300] Compiling"))
    }

    @Test("the test command's setup installs both lists")
    func testSetupInstallsBoth() throws {
        let test = try String(contentsOf: Self.root.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(test.contains("bash scripts/setup.sh --tests\n"), "test.sh runs setup.sh some other way")
        let (result, installed, logs) = try Self.runSetup(["--tests"])
        defer { try? FileManager.default.removeItem(at: logs.deletingLastPathComponent()) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(installed == (try Self.packages("main.txt")) + (try Self.packages("tests.txt")))
    }
}

/// scripts/test.sh's cleanup, run in a copy of the scripts with stand-ins for the programs it
/// starts: it removes its own run's folders and nothing another run made at the same time.
@Suite("scripts/test.sh removes only what its own run made")
struct TestScriptCleanupTests {
    @Test("another run's /tmp/earshot-* and /dev/shm/earshot-* made during the run survive; the run's own folders go")
    func removesOnlyItsOwn() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let checkout = folder.appendingPathComponent("checkout"), bin = folder.appendingPathComponent("bin")
        try manager.createDirectory(at: checkout.appendingPathComponent(".build/test-python/bin"), withIntermediateDirectories: true)
        try manager.createDirectory(at: bin, withIntermediateDirectories: true)
        try manager.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("scripts"), to: checkout.appendingPathComponent("scripts"))
        let tag = UUID().uuidString.prefix(8)
        let foreignTmp = "/tmp/earshot-other-\(tag)", foreignShm = "/dev/shm/earshot-other-\(tag)"
        let seen = folder.appendingPathComponent("seen").path
        let standIns: [(String, String)] = [
            ("dpkg-query", "echo 'install ok installed'"),
            ("jack_lsp", "exit 0"),  // "a JACK server is already running": the script starts none
            // The test run: it writes into its folders, and meanwhile someone else's work appears.
            ("swift", """
                [ "$1" = test ] || exit 0
                echo "$TMPDIR ${EARSHOT_TEST_SHM:-}" > '\(seen)'
                echo '➜ Test "a device test" skipped: "no device"'
                echo '✔ Test "lines past the limit are skipped whole" passed after 1.0 seconds.'
                echo '✔ Test run with 3 tests in 1 suite passed after 1.0 seconds.'
                touch "$TMPDIR/earshot-cli-x"; [ -z "${EARSHOT_TEST_SHM:-}" ] || touch "$EARSHOT_TEST_SHM/long.wav"
                mkdir -p '\(foreignTmp)'; [ ! -d /dev/shm ] || mkdir -p '\(foreignShm)'
                """),
        ]
        for (name, body) in standIns {
            let file = bin.appendingPathComponent(name)
            try "#!/bin/bash\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let python = checkout.appendingPathComponent(".build/test-python/bin/python3")
        try "#!/bin/bash\nexit 0\n".write(to: python, atomically: true, encoding: .utf8)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        // axe-core as installed (scripts/install-axe.sh installs only when its script is missing).
        let axe = checkout.appendingPathComponent(".build/axe/axe_playwright_python")
        try manager.createDirectory(at: axe, withIntermediateDirectories: true)
        try "/* axe */\n".write(to: axe.appendingPathComponent("axe.min.js"), atomically: true, encoding: .utf8)
        defer { try? manager.removeItem(atPath: foreignTmp); try? manager.removeItem(atPath: foreignShm) }

        let result = try CLIRunner.run(executable: "/bin/bash", arguments: [checkout.appendingPathComponent("scripts/test.sh").path],
                                       environment: ["PATH": "\(bin.path):/usr/bin:/bin", "XDG_RUNTIME_DIR": folder.path],
                                       currentDirectory: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // One summary at the end: each phase's count, the skipped tests with their reasons.
        let summary = result.stdout.components(separatedBy: "tests: summary\n").last ?? ""
        for phase in ["main", "paced", "without-jack"] {
            #expect(summary.contains("  \(phase): 3 tests in 1 suite passed after 1.0 seconds; "), "\(summary)")
        }
        #expect(summary.contains("  skipped: \"a device test\" skipped: \"no device\"\n"), "\(summary)")
        #expect(!summary.contains("lines past the limit"), "a test whose name says skipped is not listed: \(summary)")
        #expect(summary.hasSuffix("tests: every phase passed\n"), "\(summary)")
        let own = try String(contentsOfFile: seen, encoding: .utf8).split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        #expect(own.first?.hasPrefix("/tmp/es-") == true, "\(own)")
        for path in own { #expect(!manager.fileExists(atPath: path), "the run's own \(path) was left") }
        #expect(manager.fileExists(atPath: foreignTmp), "test.sh removed another run's \(foreignTmp)")
        if manager.fileExists(atPath: "/dev/shm") {
            #expect(own.count == 2 && own[1].hasPrefix("/dev/shm/earshot-test-"), "\(own)")
            #expect(manager.fileExists(atPath: foreignShm), "test.sh removed another run's \(foreignShm)")
        }
    }

    @Test("the JACK dummy backend, started and stopped, leaves nothing in /dev/shm",
          .enabled(if: program("jackd") != nil && !jackServerRuns(), "jackd missing, or a JACK server already runs (its files are its own)"))
    func jackLeavesNoSharedMemory() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [])
        let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/jack-dummy.sh").path
        let environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": folder.path]
        let started = try CLIRunner.run(executable: "/bin/bash", arguments: [script, "start"], environment: environment, currentDirectory: folder)
        #expect(started.status == 0, "\(started.stderr)")
        let during = Set((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [])
        #expect(during.contains("jack-shm-registry"), "the server made no shared memory: \(during.sorted())")
        let stopped = try CLIRunner.run(executable: "/bin/bash", arguments: [script, "stop"], environment: environment, currentDirectory: folder)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        // JACK's own files only: other tests may be writing into /dev/shm meanwhile.
        let after = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix("jack") })
        #expect(after.subtracting(before).isEmpty, "left in /dev/shm: \(after.subtracting(before).sorted())")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("earshot-jack").path))
    }
}

/// Whether a JACK server of this user is running (its socket is in /dev/shm).
func jackServerRuns() -> Bool {
    let uid = getuid()
    return ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).contains {
        $0.hasPrefix("jack_") && $0.contains("_\(uid)_") && !$0.hasPrefix("jack_sem") && !$0.hasPrefix("jack_db")
    }
}
