import Testing
@testable import EarshotCore

@Suite("Label checks")
struct LabelChecksTests {
    // MARK: label.missing

    @Test("an icon button with no label or value is an error that quotes what is said")
    func iconButtonWithoutLabel() throws {
        let screen = try FindingsTestSupport.screen(#"{"id": "close", "kind": "button", "frame": [0, 0, 44, 44]}"#)
        let findings = try FindingsTestSupport.findings(.labelMissing, in: screen)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.elements == ["close"])
        #expect(findings.first?.message == #""close" says only "버튼": it has no label or value."#)
    }

    @Test("a switch without a label is missing one even though its state is spoken")
    func unlabelledSwitch() throws {
        let screen = try FindingsTestSupport.screen(#"{"id": "toggle", "kind": "switch", "on": true}"#)
        #expect(try FindingsTestSupport.findings(.labelMissing, in: screen).map(\.elements) == [["toggle"]])
    }

    @Test("a label of only spaces counts as missing; a value without a label does not")
    func blankLabelAndValueOnly() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "blank", "kind": "button", "label": "   ", "frame": [0, 0, 44, 44]},
            {"id": "volume", "kind": "slider", "value": "50%", "frame": [0, 60, 200, 44]}
            """#)
        #expect(try FindingsTestSupport.findings(.labelMissing, in: screen).map(\.elements) == [["blank"]])
    }

    @Test("an empty merged container is missing a label")
    func emptyMergedContainer() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "card", "grouping": "merged", "children": [{"id": "pic", "kind": "image", "identifier": "a11y-ignore"}]}
            """#)
        #expect(try FindingsTestSupport.findings(.labelMissing, in: screen).map(\.elements) == [["card"]])
    }

    // MARK: label.repeats-trait

    @Test("장바구니 버튼 on a button repeats the Korean trait word")
    func koreanRepeatedTraitWord() throws {
        let screen = try FindingsTestSupport.screen(#"{"id": "cart", "kind": "button", "label": "장바구니 버튼"}"#)
        let findings = try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains(#"spoken as "장바구니 버튼, 버튼""#) == true)
    }

    @Test("Cart button on a button repeats the English trait word, whatever the case")
    func englishRepeatedTraitWord() throws {
        let screen = try FindingsTestSupport.screen(#"{"id": "cart", "kind": "button", "label": "Cart button."}"#)
        let findings = try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen, profile: "en")
        #expect(findings.first?.message.contains(#"spoken as "Cart button. Button""#) == true)
        #expect(findings.first?.message.contains(#"trait word "Button""#) == true)
        // The Korean profile's word is 버튼, which the English label does not repeat.
        #expect(try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen).isEmpty)
    }

    @Test("a role word glued to a Korean noun and other traits' words are found")
    func gluedAndOtherTraits() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "cart", "kind": "button", "label": "장바구니버튼", "frame": [0, 0, 100, 44]},
            {"id": "photo", "kind": "image", "label": "프로필 이미지", "frame": [0, 60, 100, 100]},
            {"id": "title", "kind": "label", "text": "공지사항 머리말", "traits": ["header"], "frame": [0, 200, 100, 30]}
            """#)
        let findings = try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen)
        #expect(findings.map(\.elements) == [["cart"], ["photo"], ["title"]])
    }

    @Test("a trait word inside a longer word or not at the end is not a repeat")
    func noFalseRepeats() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "a", "kind": "button", "label": "버튼식 전화기", "frame": [0, 0, 100, 44]},
            {"id": "b", "kind": "button", "label": "Buttonhole", "frame": [0, 60, 100, 44]},
            {"id": "c", "kind": "label", "text": "장바구니 버튼", "frame": [0, 120, 100, 44]},
            {"id": "d", "kind": "tab", "text": "스탭", "frame": [0, 180, 100, 44]}
            """#)
        #expect(try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen).isEmpty)
        #expect(try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen, profile: "en").isEmpty)
    }

    @Test("a back button labelled with its own trait words repeats them")
    func backButtonWord() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "back", "kind": "button", "label": "Back Button", "traits": ["backButton"]}
            """#)
        let findings = try FindingsTestSupport.findings(.labelRepeatsTrait, in: screen, profile: "en")
        #expect(findings.first?.message.contains(#"trait word "Back button""#) == true)
    }

    // MARK: label.file-name

    @Test("labels that are file or asset names are found, inside merged stops too")
    func fileNames() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "cart", "kind": "button", "label": "icon_cart.png", "frame": [0, 0, 44, 44]},
            {"id": "hero", "kind": "image", "label": "img_0234", "frame": [0, 60, 300, 100]},
            {"id": "card", "grouping": "merged", "frame": [0, 200, 300, 100], "children": [
                {"id": "card-name", "kind": "label", "text": "에어맥스 90", "frame": [0, 200, 200, 20]},
                {"id": "card-like", "kind": "button", "label": "ic-heart-filled", "frame": [250, 200, 44, 44]}
            ]}
            """#)
        let findings = try FindingsTestSupport.findings(.labelFileName, in: screen)
        #expect(findings.map(\.elements) == [["cart"], ["hero"], ["card", "card-like"]])
        #expect(findings.last?.message == #""card" is read by a file name: "ic-heart-filled"."#)
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test("ordinary words with hyphens, dots or digits are not file names")
    func notFileNames() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "a", "kind": "label", "text": "Wi-Fi", "frame": [0, 0, 100, 20]},
            {"id": "b", "kind": "label", "text": "e-mail", "frame": [0, 30, 100, 20]},
            {"id": "c", "kind": "label", "text": "iPhone 15", "frame": [0, 60, 100, 20]},
            {"id": "d", "kind": "label", "text": "4.8", "frame": [0, 90, 100, 20]},
            {"id": "e", "kind": "label", "text": "990v6", "frame": [0, 120, 100, 20]},
            {"id": "f", "kind": "label", "text": "images", "frame": [0, 150, 100, 20]},
            {"id": "g", "kind": "label", "text": "사진_1.png는 없음", "frame": [0, 180, 100, 20]}
            """#)
        #expect(try FindingsTestSupport.findings(.labelFileName, in: screen).isEmpty)
    }

    @Test("the asset name pattern accepts the usual asset spellings",
          arguments: ["icon_cart.png", "IMG_0234", "img_0234", "ic-heart-filled", "img-0234", "ic-cart", "btnClose",
                      "iconCart", "img0234", "star@2x", "banner.JPG", "photo.heic"])
    func assetNames(name: String) {
        #expect(AssetNamePattern.looksLikeFileName(name))
    }

    @Test("the asset name pattern refuses words people write",
          arguments: ["Wi-Fi", "e-mail", "check-in", "COVID-19", "iCloud", "icons", "OK", "v1.5", "a_", "장바구니", "Node.js"])
    func notAssetNames(name: String) {
        #expect(!AssetNamePattern.looksLikeFileName(name))
    }

    // MARK: stops.duplicate-adjacent

    @Test("an image labelled like the caption after it says the same words twice")
    func imageAndCaption() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "banner", "kind": "image", "label": "봄 세일", "frame": [0, 0, 300, 100]},
            {"id": "caption", "kind": "label", "text": "봄  세일.", "frame": [0, 110, 300, 20]}
            """#)
        let findings = try FindingsTestSupport.findings(.stopsDuplicateAdjacent, in: screen)
        #expect(findings.map(\.elements) == [["banner", "caption"]])
        #expect(findings.first?.message == #""banner" and "caption" say the same words one after another: "봄 세일"."#)
    }

    @Test("a run of three identical stops is one finding; the same words apart are none")
    func runsAndDistance() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "a", "kind": "button", "text": "더 보기", "frame": [0, 0, 100, 44]},
            {"id": "b", "kind": "button", "text": "더 보기", "frame": [0, 50, 100, 44]},
            {"id": "c", "kind": "button", "text": "더 보기", "frame": [0, 100, 100, 44]},
            {"id": "d", "kind": "label", "text": "중간", "frame": [0, 150, 100, 44]},
            {"id": "e", "kind": "button", "text": "더 보기", "frame": [0, 200, 100, 44]}
            """#)
        let findings = try FindingsTestSupport.findings(.stopsDuplicateAdjacent, in: screen)
        #expect(findings.map(\.elements) == [["a", "b", "c"]])
        #expect(findings.first?.message.hasPrefix(#""a", "b" and "c" say"#) == true)
    }

    @Test("stops that differ in value are not duplicates, and unlabelled neighbours are left to label.missing")
    func differentValuesAndEmpty() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "a", "kind": "label", "text": "Choose a Fruit", "frame": [0, 0, 100, 44]},
            {"id": "b", "kind": "button", "label": "Choose a Fruit", "value": "Apple", "frame": [0, 50, 100, 44]},
            {"id": "c", "kind": "button", "frame": [0, 100, 44, 44]},
            {"id": "d", "kind": "button", "frame": [0, 150, 44, 44]}
            """#)
        #expect(try FindingsTestSupport.findings(.stopsDuplicateAdjacent, in: screen).isEmpty)
    }
}
