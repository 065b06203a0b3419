import Foundation
import Testing

/// LICENSE and COPYRIGHT: Earshot is Apache-2.0, and every file it ships (voices/, installed
/// and packaged) has its own licence stated in COPYRIGHT's Debian machine-readable format.
@Suite("Licences: LICENSE, and COPYRIGHT for every shipped data file")
struct LicenceTests {
    static let root = CLIRunner.repositoryRoot

    struct Stanza { let patterns: [String]; let copyright: String; let license: String }

    /// COPYRIGHT's paragraphs: the `Files` ones, and the licence names given a paragraph of their own.
    static func parse() throws -> (files: [Stanza], standalone: Set<String>) {
        let text = try String(contentsOf: root.appendingPathComponent("COPYRIGHT"), encoding: .utf8)
        var files: [Stanza] = [], standalone = Set<String>()
        for paragraph in text.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:], last = ""
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.first == " " { fields[last, default: ""] += "\n" + line.trimmingCharacters(in: .whitespaces); continue }
                guard let colon = line.firstIndex(of: ":") else { continue }
                last = String(line[..<colon])
                fields[last] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let licence = fields["License"]?.split(separator: "\n").first.map(String.init) ?? ""
            if let patterns = fields["Files"] {
                files.append(Stanza(patterns: patterns.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init),
                                    copyright: fields["Copyright"] ?? "", license: licence))
            } else if fields["Format"] == nil, !licence.isEmpty {
                standalone.insert(licence)
            }
        }
        return (files, standalone)
    }

    /// DEP-5's matching: `*` matches any run of characters, `/` included; the last match wins.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0
    }

    @Test("LICENSE is the Apache License 2.0, whole")
    func licenseIsApache() throws {
        let licence = try String(contentsOf: Self.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(licence.count > 11_000, "\(licence.count) characters: not the whole text")
    }

    @Test("every shipped file under voices/ has a licence: the CLDR names Unicode's, TalkBack's words Apache-2.0 with Google's copyright")
    func everyShippedFileHasALicence() throws {
        let (stanzas, standalone) = try Self.parse()
        #expect(stanzas.first?.patterns == ["*"] && stanzas.first?.license == "Apache-2.0")
        let voices = Self.root.appendingPathComponent("voices")
        let paths = (FileManager.default.enumerator(atPath: voices.path)?.allObjects as? [String] ?? [])
            .filter { !($0 as NSString).lastPathComponent.hasPrefix(".") }
            .map { "voices/" + $0 }
            .filter { var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path, isDirectory: &folder) && !folder.boolValue }
        #expect(paths.count > 20)
        var seen = Set<String>()
        for path in paths {
            let stanza = try #require(stanzas.last { $0.patterns.contains { Self.matches($0, path) } })
            seen.insert(stanza.license)
            #expect(!stanza.license.isEmpty && stanza.license != "other", "\(path): \(stanza.license)")
            if path.hasPrefix("voices/symbols/") {
                #expect(stanza.license == "Unicode-DFS-2016" && stanza.copyright.contains("Unicode, Inc."), "\(path)")
            }
            // The readers' words keep their readers' licences; Earshot's own tables beside them are Earshot's.
            if path.hasPrefix("voices/talkback/") && !path.hasSuffix("android-class-parents.json") {
                #expect(stanza.license == "Apache-2.0" && stanza.copyright.contains("Google"), "\(path)")
            }
            if path.hasPrefix("voices/nvda/"), !["facts.json", "web-roles.json"].contains((path as NSString).lastPathComponent) {
                #expect(stanza.license == "GPL-2+" && stanza.copyright.contains("NV Access"), "\(path)")
            }
            // The browsers' words for the mobile web keep the browsers' licences.
            if path.hasPrefix("voices/chromium-android/"), !path.hasSuffix("/facts.json") {
                #expect(stanza.license == "BSD-3-clause" && stanza.copyright.contains("The Chromium Authors"), "\(path)")
            }
            if path.hasPrefix("voices/webkit-ios/"), !path.hasSuffix("/facts.json") {
                #expect(stanza.license == "BSD-2-clause" && stanza.copyright.contains("Apple Inc."), "\(path)")
            }
            if ["voices/talkback/android-class-parents.json", "voices/nvda/facts.json", "voices/nvda/web-roles.json",
                "voices/chromium-android/facts.json", "voices/webkit-ios/facts.json"].contains(path) {
                #expect(stanza.license == "Apache-2.0" && stanza.copyright.contains("Earshot"), "\(path)")
            }
        }
        // A licence Debian does not carry in /usr/share/common-licenses has its text in a paragraph.
        for licence in seen where !FileManager.default.fileExists(atPath: "/usr/share/common-licenses/\(licence)") {
            #expect(standalone.contains(licence), "\(licence) has no text in COPYRIGHT")
        }
        // Every pattern names at least one file: none is left over from a file since removed.
        for stanza in stanzas.dropFirst() {
            for pattern in stanza.patterns where !pattern.contains("*") {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(pattern).path), "\(pattern) does not exist")
            }
        }
    }
}
