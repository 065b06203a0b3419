import Foundation
import Testing

/// A clone of the repository builds, tests, benchmarks and fuzzes on its own, and a reader of it
/// can open every source its comments and docs cite: no source, test, script, doc or CI file
/// names a path outside the repository or of a build machine (the corpora the tests read are in
/// Tests/Fixtures/corpora with their licences, the corpus generator in scripts/, the sources of
/// the emulated behaviours in docs/sources.md).
@Suite("The repository is self-contained")
struct SelfContainedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Ways a file reaches outside the repository, written in pieces so this file does not
    /// match itself.
    static let patterns = [
        "../" + "shared", "/wo" + "rk/", "\"sha" + "red/", "repositoryRoot" + ".deletingLastPathComponent()",
        "root" + ".deletingLastPathComponent().appendingPathComponent",
    ]

    /// A notes file kept outside the repository, which a reader of a public clone does not have.
    static let outsideNotes = "SEMAN" + "TICS"

    /// Top folders of a build machine: an absolute path that starts with one of them names a file
    /// only that machine has.
    static let machineFolders = ["/" + "work", "/" + "root"]

    /// The files looked at: every Swift, shell, Python and Markdown file of the sources, tests,
    /// scripts and docs, every CI file, the README and Package.swift.
    static func files() -> [String] {
        var found = ["README.md", "Package.swift"]
        for folder in ["Sources", "Tests", "scripts", "docs", ".ci"] {
            guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let path as String in walker
            where [".swift", ".sh", ".py", ".md"].contains(where: path.hasSuffix) || folder == ".ci" {
                found.append(folder + "/" + path)
            }
        }
        return found
    }

    /// Whether a file describes the provenance of copied data, where the places it came from are
    /// the point (Tests/Fixtures: the corpora's SOURCES.md and their notes).
    static func isProvenance(_ file: String) -> Bool {
        file.hasPrefix("Tests/Fixtures/")
    }

    /// The absolute paths under a build machine's top folders in `line`: the folder alone or
    /// followed by a slash, not the end of a longer path (`$staging/root`) nor the start of a
    /// longer name.
    static func machinePaths(in line: some StringProtocol) -> [String] {
        var found: [String] = []
        for folder in machineFolders where line.contains(folder) {
            let characters = Array(line)
            let needle = Array(folder)
            var index = 0
            while index + needle.count <= characters.count {
                defer { index += 1 }
                guard Array(characters[index..<(index + needle.count)]) == needle else { continue }
                if index > 0 {
                    let before = characters[index - 1]
                    if before.isLetter || before.isNumber || "_.-$}~/".contains(before) { continue }
                }
                let end = index + needle.count
                if end < characters.count {
                    let after = characters[end]
                    if after.isLetter || after.isNumber || "_-.".contains(after) { continue }
                }
                found.append(folder)
            }
        }
        return found
    }

    @Test("the machine-path rule finds absolute paths and leaves other words alone")
    func machinePathRule() {
        let (work, root) = (Self.machineFolders[0], Self.machineFolders[1])
        #expect(Self.machinePaths(in: "see " + work + "/shared/notes.md") == [work])
        #expect(Self.machinePaths(in: "HOME ?? \"" + root + "\"") == [root])
        #expect(Self.machinePaths(in: "`" + root + "/.cache`") == [root])
        #expect(Self.machinePaths(in: "root=\"$staging/root\"").isEmpty)
        #expect(Self.machinePaths(in: "/workspace and the network/work and /rooted").isEmpty)
    }

    @Test("no source, test, script, doc or CI file names a path outside the repository or of a build machine")
    func nothingOutside() throws {
        let files = Self.files()
        #expect(files.count > 300, "\(files.count) files looked at")
        for name in ["README.md", "Package.swift", "docs/sources.md", "Sources/EarshotCore/Reading/FocusOrder.swift"] {
            #expect(files.contains(name), "\(name) is looked at")
        }
        for file in files {
            guard let text = try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let place = "\(file):\(number + 1)"
                for pattern in Self.patterns where line.contains(pattern) {
                    Issue.record("\(place): names a path outside the repository (\(pattern)): \(line.trimmingCharacters(in: .whitespaces))")
                }
                if Self.isProvenance(file) { continue }
                if line.contains(Self.outsideNotes) {
                    Issue.record("\(place): cites notes outside the repository (\(Self.outsideNotes)); state the fact, or cite a source a reader can open (docs/sources.md): \(line.trimmingCharacters(in: .whitespaces))")
                }
                for path in Self.machinePaths(in: line) {
                    Issue.record("\(place): names a path of a build machine (\(path)): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    @Test("the corpora the tests read are in the repository with their licences")
    func corporaInside() throws {
        let corpora = Self.root.appendingPathComponent("Tests/Fixtures/corpora")
        for name in ["fluentui-apple-ko.strings", "fluentui-apple-en.strings", "LICENSE-fluentui-apple.txt", "README.md",
                     "ios-dumps/SOURCES.md", "ios-dumps/LICENSE-mobster.txt", "ios-dumps/Apache-2.0.txt", "ios-dumps/MIT-dsh-ios.txt",
                     "android-dumps/SOURCES.md", "android-dumps/LICENSE-shirates-core.txt"] {
            #expect(FileManager.default.fileExists(atPath: corpora.appendingPathComponent(name).path), "\(name)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent("scripts/mkcorpus.py").path))
    }
}
