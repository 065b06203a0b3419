import Foundation
import Testing
@testable import EarshotCore

@Suite("Finding catalogue")
struct FindingCatalogueTests {
    @Test("codes are dotted lower-case names, unique, each with its own entry")
    func codesAreStable() {
        let codes = FindingCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in FindingCode.allCases {
            #expect(code.rawValue.wholeMatch(of: /[a-z]+\.[a-z]+(-[a-z]+)*/) != nil, "\(code.rawValue)")
            #expect(FindingCatalogue.entry(for: code).code == code)
        }
    }

    @Test("the dynamic codes later checks emit are all reserved")
    func dynamicCodesReserved() {
        let dynamic = FindingCatalogue.entries.filter { $0.origin == .dynamic }.map(\.code.rawValue)
        #expect(dynamic == [
            "announcement.dropped", "announcement.cut", "earcon.duplicate-screen-change",
            "earcon.missing-screen-change", "focus.ghost", "focus.not-restored", "focus.restored-wrong-item",
            "focus.no-fallback", "focus.restore-repeated", "live.created-filled", "live.change-unheard",
            "focus.lost-to-document", "dialog.focus-not-moved", "timing.rate-dependent",
        ])
    }

    @Test("errors are the findings where the user loses information or control")
    func errorCodes() {
        let errors = FindingCatalogue.entries.filter { $0.severity == .error }.map(\.code.rawValue)
        #expect(errors == [
            "label.missing", "label.not-in-name", "page.language-mismatch", "page.untitled", "focus.covered", "keyboard.unreachable",
            "keyboard.trap", "focus.invisible", "reflow.overflow", "text.spacing-lost", "target.too-small", "announcement.dropped", "earcon.missing-screen-change", "focus.ghost",
            "focus.not-restored", "focus.restored-wrong-item", "focus.no-fallback", "live.created-filled",
            "live.change-unheard", "focus.lost-to-document", "dialog.focus-not-moved", "timing.rate-dependent",
        ])
    }

    @Test("every title, meaning and fix is one non-empty line and every fix names a seed")
    func textsAreOneLine() {
        for entry in FindingCatalogue.entries {
            for text in [entry.title, entry.meaning, entry.fix, entry.seed] {
                #expect(!text.isEmpty && !text.contains("\n"), "\(entry.code.rawValue)")
            }
        }
    }

    @Test("the fixes carry the seeds' advice")
    func fixesCarrySeedAdvice() {
        func fix(_ code: FindingCode) -> String { FindingCatalogue.entry(for: code).fix }
        #expect(fix(.focusFragmented).contains("MergedFocus"))
        #expect(fix(.focusFragmented).contains(".accessibilityElement(children: .combine)"))
        #expect(fix(.focusFragmented).contains("custom actions"))
        #expect(fix(.announcementDropped).contains("1 s"))
        #expect(fix(.announcementDropped).contains("accessibilitySpeechQueueAnnouncement"))
        #expect(fix(.earconDuplicateScreenChange).contains("layoutChanged"))
        #expect(fix(.earconMissingScreenChange).contains("screenChanged"))
        #expect(fix(.focusGhost).contains("cancel"))
        #expect(fix(.focusRestoredWrongItem).contains("stable id"))
        #expect(fix(.focusNoFallback).contains("previous item, then the next one, then the create button"))
        #expect(fix(.focusRestoreRepeated).contains("once per return"))
    }

    @Test("a finding takes its severity and fix from the catalogue unless told otherwise")
    func findingDefaults() {
        let plain = Finding(.focusGhost, time: 2.5, elements: ["post-3"], message: "focus moved")
        #expect(plain.severity == .error)
        #expect(plain.fix == FindingCatalogue.entry(for: .focusGhost).fix)
        let refined = Finding(.announcementCut, elements: [], message: "cut\nby a swipe", severity: .note, fix: "none")
        #expect(refined.severity == .note)
        #expect(refined.fix == "none")
        #expect(refined.message == "cut by a swipe")
    }

    @Test("docs/findings.md lists every code with its severity")
    func documented() throws {
        let path = FindingsTestSupport.repositoryRoot.appendingPathComponent("docs/findings.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for entry in FindingCatalogue.entries {
            #expect(text.contains("| `\(entry.code.rawValue)` | \(entry.severity.rawValue) |"), "\(entry.code.rawValue)")
        }
    }

    @Test("under TalkBack the label, focus, announcement and window findings give Android's fixes, docs/findings.md prints them, and the others read as for VoiceOver")
    func talkBackEntries() throws {
        let cut = FindingCatalogue.entry(for: .announcementCut, reader: .talkBack)
        #expect(cut.fix.contains("accessibilityLiveRegion=\"polite\"") && cut.fix.contains("announceForAccessibility"))
        #expect(cut.meaning.contains("assertive"))
        #expect(cut.code == .announcementCut && cut.severity == .warning)
        #expect(FindingCatalogue.entry(for: .earconMissingScreenChange, reader: .talkBack).fix.contains("accessibilityPaneTitle"))
        #expect(FindingCatalogue.entry(for: .announcementCut, reader: .voiceOver) == FindingCatalogue.entry(for: .announcementCut))
        #expect(FindingCatalogue.entry(for: .focusGhost, reader: .talkBack) == FindingCatalogue.entry(for: .focusGhost))
        let path = FindingsTestSupport.repositoryRoot.appendingPathComponent("docs/findings.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = FindingCode.allCases.filter {
            FindingCatalogue.entry(for: $0, reader: .talkBack) != FindingCatalogue.entry(for: $0)
        }
        #expect(changed == [.labelMissing, .labelRepeatsTrait, .labelFileName, .stopsDuplicateAdjacent, .focusFragmented,
                            .fieldLabelSeparate, .labelUnnamedSymbol, .labelLanguageMismatch,
                            .focusCovered, .targetTooSmall, .targetBelowPlatform,
                            .announcementDropped, .announcementCut, .earconDuplicateScreenChange, .earconMissingScreenChange,
                            .timingRateDependent])
        // No iOS API is left in a fix heard under TalkBack.
        for code in changed {
            let fix = FindingCatalogue.entry(for: code, reader: .talkBack).fix
            for iOSWord in ["accessibilityLabel", "accessibilityHidden", "isAccessibilityElement", "MergedFocus", "UIKit", "SwiftUI", "VoiceOver"] {
                #expect(!fix.contains(iOSWord), "\(code.rawValue): \(iOSWord)")
            }
        }
        for code in changed {
            let entry = FindingCatalogue.entry(for: code, reader: .talkBack)
            #expect(text.contains("### `\(code.rawValue)` under TalkBack\n\n- Meaning: \(entry.meaning)\n- Fix: \(entry.fix)\n"),
                    "\(code.rawValue)")
        }
    }

    @Test("on a web page every reader gives HTML's, ARIA's and CSS's fixes (NVDA on any screen), docs/findings.md prints them, and no app API is left in them")
    func webEntries() throws {
        let changed = FindingCode.allCases.filter {
            FindingCatalogue.entry(for: $0, reader: NVDA.name) != FindingCatalogue.entry(for: $0)
        }
        #expect(changed == WebFindingWording.codes)
        #expect(changed.count == 13)
        #expect(FindingCatalogue.entry(for: .focusCovered, reader: NVDA.name).fix.contains("scroll-padding-top"))
        #expect(FindingCatalogue.entry(for: .labelMissing, reader: NVDA.name).fix.contains("aria-label"))
        #expect(FindingCatalogue.entry(for: .fieldLabelSeparate, reader: NVDA.name).fix.contains("<label for=\"id\">"))
        #expect(FindingCatalogue.entry(for: .targetTooSmall, reader: NVDA.name).meaning.contains("24 by 24 CSS pixels"))
        #expect(FindingCatalogue.entry(for: .announcementCut, reader: NVDA.name).fix.contains("aria-live=\"polite\""))
        // On a page, TalkBack in Chrome and VoiceOver in Safari give the web's fix and name themselves.
        for reader in [ScreenReaderName.talkBack, .voiceOver] {
            let missing = FindingCatalogue.entry(for: .labelMissing, reader: reader, onPage: true)
            #expect(missing.fix == FindingCatalogue.entry(for: .labelMissing, reader: NVDA.name).fix)
            #expect(missing.meaning.contains("\(reader.title) says only its role"))
            #expect(FindingCatalogue.entry(for: .announcementDropped, reader: reader, onPage: true).fix.contains("role=\"status\""))
            // A code the web does not word reads as the catalogue has it.
            #expect(FindingCatalogue.entry(for: .focusGhost, reader: reader, onPage: true) == FindingCatalogue.entry(for: .focusGhost))
        }
        // Off a page, TalkBack keeps Android's fix.
        #expect(FindingCatalogue.entry(for: .labelMissing, reader: .talkBack).fix.contains("contentDescription"))
        let text = try String(contentsOfFile: FindingsTestSupport.repositoryRoot.appendingPathComponent("docs/findings.md").path,
                              encoding: .utf8)
        for code in changed {
            for reader in [NVDA.name, .talkBack, .voiceOver] {
                let entry = FindingCatalogue.entry(for: code, reader: reader, onPage: true)
                for appWord in ["accessibilityLabel", "contentDescription", "importantForAccessibility", "android:", "Compose",
                                "UIAccessibility", "MergedFocus", "UIKit", "SwiftUI", "points", " dp"] {
                    #expect(!entry.fix.contains(appWord), "\(code.rawValue) under \(reader.rawValue): \(appWord)")
                }
            }
            let entry = FindingCatalogue.entry(for: code, reader: NVDA.name)
            #expect(text.contains("### `\(code.rawValue)` on a web page\n\n- Meaning: \(entry.meaning)\n- Fix: \(entry.fix)\n"),
                    "\(code.rawValue)")
        }
        // The web's own findings are documented with their rule.
        for code in [FindingCode.liveCreatedFilled, .liveChangeUnheard, .focusLostToDocument, .dialogFocusNotMoved] {
            let entry = FindingCatalogue.entry(for: code)
            #expect(entry.origin == .dynamic && entry.severity == .error)
            #expect(text.contains("### `\(code.rawValue)` — \(entry.title) (error)\n\n- Meaning: \(entry.meaning)\n- Fix: \(entry.fix)\n"),
                    "\(code.rawValue)")
        }
    }
}
