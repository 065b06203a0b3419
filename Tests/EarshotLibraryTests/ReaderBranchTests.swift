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
/// VoiceOver's earcons (`ReaderSounds.voiceOver`) are data, not a choice of reader, and are not
/// matched. A second scan (`noBranchesByProxy`) finds a reader asked for by proxy: one reader's
/// facts or flags (`android?.`, `playsNoSounds`, `"talkbackSounds"`, `EarconName.talkBack`,
/// `takesViewClass`, `"voiceover on"`) used outside the readers' folders, or an optional reader
/// (`(any ScreenReader)?`, where nil stood for VoiceOver): a run's reader is decided once, in its
/// `ReadingSession`.
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
        let sources = try Self.sourcesOutsideReaders()
        #expect(sources.count > 100, "the scan reads the sources")
        var found: [String] = []
        for (path, text) in sources {
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

    /// Facts only one reader has, or a choice only one reader makes, asked for outside the
    /// readers' folders: a branch on the reader by proxy. Matched on the code without comments,
    /// string literals kept (`codeWithStrings`). (`(?:^|\W)`, not `\b`: Unicode's word
    /// boundaries do not break `stop.android` at its dot.)
    static var proxyPatterns: [Regex<Substring>] { [
        /(?:^|\W)android\?\./,                // TalkBack's facts on a node (`stop.android?.isCheckable`)
        /(?:^|\W)playsNoSounds\b/,             // "this reader is NVDA" as a flag
        /"talkbackSounds"/,              // TalkBack's sound set, by its profile section
        /(?:^|\W)EarconName\.talkBack\b/,      // TalkBack's sound names
        /(?:^|\W)takesViewClass\b/,            // "this reader is TalkBack" as a flag
        /"voiceover on"/,                // VoiceOver's start-up words
        /(?:^|\W)soundSet\s*:/,                // a sound set named through the timing rules
        /\(any ScreenReader\)\?/,          // an optional reader: "nil means the standard reader"
    ] }

    /// Files that ask a proxy as a fact, each with why.
    static let proxyAllowed: [String: String] = [
        // A touch target's size reads the node's own Android facts (shown, its description) under any reader.
        "Sources/EarshotCore/Findings/Lint/TargetSizeCheck.swift": "android?.",
        // The profile's schema lists its sections, TalkBack's sound set among them, before any reader is made.
        "Sources/EarshotCore/Voices/VoiceProfile.swift": "\"talkbackSounds\"",
    ]

    @Test("outside the readers' folders, no source asks a reader's own facts in its place")
    func noBranchesByProxy() throws {
        let sources = try Self.sourcesOutsideReaders()
        #expect(sources.count > 100, "the scan reads the sources")
        var found: [String] = []
        for (path, text) in sources {
            for (number, line) in Self.codeWithStrings(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in Self.proxyPatterns {
                    guard let match = line.firstMatch(of: pattern) else { continue }
                    if let allowed = Self.proxyAllowed[path], match.output.contains(allowed) { continue }
                    found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Every source file outside the readers' folders and their registration (and the generated
    /// voices), as `Sources/…` paths with their text, in path order.
    static func sourcesOutsideReaders() throws -> [(path: String, text: String)] {
        let base = repositoryRoot.appendingPathComponent("Sources").path
        let paths = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("EarshotVoices/") }.sorted()
        return try paths.map { ("Sources/" + $0, $0) }.filter { path, _ in !readersOwn.contains { path.hasPrefix($0) } }
            .map { path, relative in (path, try String(contentsOfFile: base + "/" + relative, encoding: .utf8)) }
    }

    /// The code of a file without its comments, its string literals kept (a line comment ends
    /// a line unless it is inside a string; block comments are left out).
    static func codeWithStrings(_ text: String) -> String {
        var out = ""
        var inBlockComment = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let chars = Array(line)
            var kept = ""
            var i = 0
            var inString = false
            while i < chars.count {
                let rest = chars[i...]
                if inBlockComment > 0 {
                    if rest.starts(with: "*/") { inBlockComment -= 1; i += 2 } else { i += 1 }
                } else if inString {
                    if chars[i] == "\\", i + 1 < chars.count { kept.append(chars[i]); kept.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\"" { inString = false }
                    kept.append(chars[i]); i += 1
                } else if rest.starts(with: "//") {
                    break
                } else if rest.starts(with: "/*") {
                    inBlockComment += 1; i += 2
                } else {
                    if chars[i] == "\"" { inString = true }
                    kept.append(chars[i]); i += 1
                }
            }
            out += kept + "\n"
        }
        return out
    }

    @Test("the proxy scan finds a reader asked for by proxy, and not in a comment")
    func proxyScanCanFail() {
        let proxies = ["if stop.android?.isCheckable == true {", "if rules.playsNoSounds {",
                       "profile.sections[\"talkbackSounds\"] == nil", "(EarconName.all + EarconName.talkBack)",
                       "!type(of: reader).takesViewClass", "if words == \"voiceover on\" {",
                       "ReaderSpeechRules(soundSet: section)",
                       "init(profile: VoiceProfile, reader: (any ScreenReader)? = nil) throws {"]
        for line in proxies {
            let code = Self.codeWithStrings(line)
            #expect(Self.proxyPatterns.contains { code.firstMatch(of: $0) != nil }, "\(line)")
        }
        let comments = ["// stop.android?.isCheckable", "let a = 1 /* playsNoSounds */", "/// `EarconName.talkBack`"]
        for line in comments {
            let code = Self.codeWithStrings(line)
            #expect(!Self.proxyPatterns.contains { code.firstMatch(of: $0) != nil }, "\(line)")
        }
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
