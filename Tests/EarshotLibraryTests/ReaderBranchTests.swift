import Foundation
import Testing

/// Which screen reader hears a screen is decided by the reader's own type (`ScreenReader`), never
/// by naming a reader elsewhere: outside the readers' folders and their registration, no source
/// compares with, switches on, makes or casts to VoiceOver or TalkBack (docs/architecture.md,
/// "Adding a screen reader"). A third reader then needs no branch in the rest of the house.
///
/// The scan is textual, on the code without comments and string literals
/// (`CoreFolderLayeringTests.code`): it finds `== .talkBack`, `!= .voiceOver`, `case .talkBack`,
/// `ScreenReaderName.voiceOver`, `TalkBack.name`, `TalkBack(` and `as? TalkBack` / `is VoiceOver`.
/// The sound names of TalkBack's sound set (`EarconName.talkBack`) and VoiceOver's earcons
/// (`ReaderSounds.voiceOver`) are data, not a choice of reader, and are not matched.
@Suite("No reader is named outside its folder to decide behaviour")
struct ReaderBranchTests {
    /// The readers' folders and the one registration.
    static let readersOwn = [
        "Sources/EarshotCore/Reading/VoiceOver/",
        "Sources/EarshotCore/Reading/TalkBack/",
        "Sources/EarshotCore/Reading/NVDA/",
        "Sources/EarshotCore/Reading/BuiltInReaders.swift",
    ]

    /// Files that name a reader as a fact, each with why.
    static let allowed: [String: String] = [
        // An aloud capture of an Android screen is what TalkBack said: the file format's fact.
        "Sources/EarshotCore/Compare/CaptureComparison.swift": "TalkBack.name",
        // `earshot-bench talkback` measures TalkBack's order and descriptions by name.
        "Sources/EarshotBench/TalkBackBenchmark.swift": "TalkBack(",
    ]

    /// (Computed: a regex is not `Sendable`, so the list cannot be a stored static.)
    static var patterns: [Regex<Substring>] { [
        /(?:==|!=)\s*(?:ScreenReaderName)?\.(?:talkBack|voiceOver|nvda)\b/,
        /\.(?:talkBack|voiceOver|nvda)\s*(?:==|!=)/,
        /case\s+\.(?:talkBack|voiceOver|nvda)\b/,
        /ScreenReaderName\.(?:talkBack|voiceOver|nvda)\b/,
        /\b(?:TalkBack|VoiceOver|NVDA)\.(?:name|self)\b/,
        /\b(?:TalkBack|VoiceOver|NVDA)\(/,
        /\b(?:as\?|as!|is)\s+(?:TalkBack|VoiceOver|NVDA)\b/,
    ] }

    @Test("outside the readers' folders and their registration, no source names VoiceOver or TalkBack to branch on")
    func noBranchesOnReaders() throws {
        let base = repositoryRoot.appendingPathComponent("Sources").path
        let paths = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("EarshotVoices/") }.sorted()
        #expect(paths.count > 100, "the scan reads the sources")
        var found: [String] = []
        for relative in paths {
            let path = "Sources/" + relative
            if Self.readersOwn.contains(where: { path.hasPrefix($0) }) { continue }
            let text = try String(contentsOfFile: base + "/" + relative, encoding: .utf8)
            guard text.contains("alkBack") || text.contains("oiceOver") || text.contains("NVDA") else { continue }
            for (number, line) in CoreFolderLayeringTests.code(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("alkBack") || line.contains("oiceOver") || line.contains("NVDA") {
                for pattern in Self.patterns {
                    guard let match = line.firstMatch(of: pattern) else { continue }
                    if let allowed = Self.allowed[path], match.output.contains(allowed) { continue }
                    found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the scan finds a branch on a reader when there is one")
    func scanCanFail() {
        let branches = ["if reader == .talkBack {", "case .voiceOver: stops", "reader != ScreenReaderName.voiceOver",
                        "let words = (reader as? TalkBack)?.words", "ScreenReaders.make(TalkBack.name, profile: p)"]
        for line in branches {
            #expect(Self.patterns.contains { line.firstMatch(of: $0) != nil }, "\(line)")
        }
        let data = ["EarconName.talkBack.map(\\.rawValue)", "self = .voiceOver", "sounds = ReaderSounds.voiceOver"]
        for line in data {
            #expect(!Self.patterns.contains { line.firstMatch(of: $0) != nil }, "\(line)")
        }
    }
}
