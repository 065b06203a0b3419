import Foundation
import Testing

/// The repository holds what its authors wrote and the facts they cite, not a second copy of
/// another project's files (issue #51): the readers' words are data with citations
/// (voices/nvda, voices/talkback), and their extraction scripts read an upstream snapshot given
/// by path. Real inputs kept with their sources and licences (Tests/Fixtures/corpora, the
/// samples' captures) are not copies of a project's source and are not looked at here.
@Suite("No upstream copies: the readers' words are data, not copies of the readers' files")
struct UpstreamCopiesTests {
    static let root = CLIRunner.repositoryRoot

    /// Folders that are not the repository's own text (build output, tools) or that hold real
    /// inputs with their licences beside them.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "out", "Tests/Fixtures/corpora", "samples/dumps"]

    /// Earshot's own Python: its scripts and the browser check of its pages.
    static let ownPythonFolders = ["scripts/", "Tests/Browser/"]

    /// Text that marks a copy of a source file, a translation catalogue, a resource file or a
    /// licence header (what an upstream file carries and data never needs).
    static let copyMarks = [
        "Translators:", "\n#: ", "\n#, ", "msgstr ", "Plural-Forms:", "Content-Transfer-Encoding",
        "GNU General Public License", "Licensed under the Apache License", "WITHOUT WARRANTIES OR CONDITIONS",
        "<resources", "<string name=", "<plurals name=", "xliff:g",
        "_(\"", "pgettext(", "ngettext(", "\ndef ", "\nclass ", "\nimport ", "# Excerpt of",
    ]

    /// The one licence text under voices/: the CLDR names' own, which their licence asks to ship with them.
    static let licenceTexts: Set<String> = ["voices/symbols/UNICODE-LICENSE.txt"]

    /// Every file of the repository by path relative to its root, skipping the folders above.
    static func files() -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            if skippedFolders.contains(path) { enumerator?.skipDescendants(); continue }
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &folder),
               !folder.boolValue {
                found.append(path)
            }
        }
        return found
    }

    @Test("no Python source, translation catalogue or Android string file of another project is in the repository")
    func noUpstreamSourceFiles() throws {
        let files = Self.files()
        #expect(files.count > 100)
        for path in files {
            let name = (path as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension
            #expect(!["po", "pot", "mo", "java", "kt"].contains(ext), "\(path): a translation catalogue or source file of another project")
            #expect(!(name.hasPrefix("strings") && ext == "xml"), "\(path): an Android string resource file")
            if ext == "py" {
                #expect(Self.ownPythonFolders.contains { path.hasPrefix($0) }, "\(path): Python outside Earshot's scripts")
            }
        }
    }

    @Test("voices/ holds data: JSON files and Earshot's notes, no source folder, no licence or translator header")
    func voicesHoldOnlyData() throws {
        let voices = Self.files().filter { $0.hasPrefix("voices/") }
        #expect(voices.contains("voices/nvda/en.json") && voices.contains("voices/talkback/ko.json")
                && voices.contains("voices/chromium-android/ko.json") && voices.contains("voices/webkit-ios/en.json"))
        for path in voices {
            #expect(!path.split(separator: "/").contains("source"), "\(path): a folder of upstream sources")
            if Self.licenceTexts.contains(path) { continue }
            let ext = (path as NSString).pathExtension
            #expect(["json", "md"].contains(ext), "\(path): not data (JSON) nor a note (Markdown)")
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.uppercased()
            #expect(!["LICENSE", "LICENCE", "COPYING", "NOTICE"].contains(name), "\(path): a licence file of another project")
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for mark in Self.copyMarks where text.contains(mark) {
                Issue.record("\(path) contains \(mark.debugDescription): a copy of an upstream file, not data")
            }
        }
    }

    @Test("the readers' words files state their licence once, as COPYRIGHT does, and cite their sources")
    func wordsFilesStateTheirLicence() throws {
        let copyright = try String(contentsOf: Self.root.appendingPathComponent("COPYRIGHT"), encoding: .utf8)
        for (folder, licence, debian) in [("voices/nvda", "GPL-2.0-or-later", "GPL-2+"), ("voices/talkback", "Apache-2.0", "Apache-2.0"),
                                          ("voices/chromium-android", "BSD-3-Clause", "BSD-3-clause"),
                                          ("voices/webkit-ios", "BSD-2-Clause", "BSD-2-clause")] {
            #expect(copyright.contains("Files: \(folder)/*.json\nCopyright:"), "COPYRIGHT has no stanza for \(folder)/*.json")
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
                .filter { $0.count == "xx.json".count && $0.hasSuffix(".json") }
            #expect(names.count >= 2, "\(folder): no words files")
            for name in names {
                let data = try Data(contentsOf: Self.root.appendingPathComponent("\(folder)/\(name)"))
                let profile = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect(profile["licence"] as? String == licence, "\(folder)/\(name)")
                #expect(profile["citations"] is [String: Any], "\(folder)/\(name) has no citations")
            }
            let stanza = try #require(copyright.range(of: "Files: \(folder)/*.json\n"))
            let following = copyright[stanza.upperBound...].prefix(300)
            #expect(following.contains("License: \(debian)\n"), "COPYRIGHT: \(folder)/*.json is not \(debian)")
        }
    }
}
