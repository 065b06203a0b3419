import Foundation
import Testing

/// A clone of the repository tests, benchmarks and fuzzes on its own: no test, script,
/// benchmark or CI file names a path outside the repository (the corpora they read are in
/// Tests/Fixtures/corpora with their licences, the corpus generator in scripts/).
@Suite("The repository is self-contained")
struct SelfContainedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Ways a file reaches outside the repository, written in pieces so this file does not
    /// match itself.
    static let patterns = [
        "../" + "shared", "/work" + "/", "\"sha" + "red/", "repositoryRoot" + ".deletingLastPathComponent()",
        "root" + ".deletingLastPathComponent().appendingPathComponent",
    ]

    static func files() -> [String] {
        var found: [String] = []
        for folder in ["Tests", "Sources/EarshotBench", "scripts", ".ci"] {
            guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let path as String in walker
            where [".swift", ".sh", ".py", ".md"].contains(where: path.hasSuffix) || folder == ".ci" {
                found.append(folder + "/" + path)
            }
        }
        return found
    }

    @Test("no test, script, benchmark or CI file names a path outside the repository")
    func nothingOutside() throws {
        let files = Self.files()
        #expect(files.count > 100, "\(files.count) files looked at")
        for file in files {
            guard let text = try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in Self.patterns where line.contains(pattern) {
                    Issue.record("\(file):\(number + 1): names a path outside the repository (\(pattern)): \(line.trimmingCharacters(in: .whitespaces))")
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
