import Foundation
import Testing
@testable import EarshotCore

/// An invalid field's `aria-errormessage`: NVDA speaks the message's text last of the field's
/// properties, after "invalid entry" and the description (`getPropertiesSpeech` on Tab, before
/// an edit's text; `getControlFieldSpeech` in browse mode, after the value; NVDA's speech.py at
/// 00235ec1), only while the field is invalid; Chromium gives the relation only then too.
@Suite("NVDA says an invalid field's error message")
struct NVDAErrorMessageTests {
    /// A form: an invalid email field naming its message and a hint, the message (a paragraph
    /// of two texts), the hint; `invalid` false drops the relation, as Chromium does.
    static func form(invalid: Bool) throws -> Screen {
        var field: [String: WebProperty] = ["invalid": .text(invalid ? "true" : "false"), "focusable": .bool(true),
                                            "editable": .text("plaintext")]
        if invalid { field["errormessage"] = .text("missing m") }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Sign in", children: ["2", "3", "4"]),
            .init(id: "2", role: "textbox", name: "Email", description: "We never share it", value: "x", properties: field),
            .init(id: "3", role: "paragraph", children: ["5", "6"], domID: "m"),
            .init(id: "4", role: "paragraph", children: ["7"], domID: "h"),
            .init(id: "5", role: "StaticText", name: "Enter an address with"),
            .init(id: "6", role: "StaticText", name: "@ in it"),
            .init(id: "7", role: "StaticText", name: "We never share it"),
        ]
        let tree = WebPageTree(url: "file:///form.html", title: "Sign in", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "form")
    }

    static func said(_ screen: Screen, voice: String = "en") throws -> (tab: String, browse: String) {
        let profile = try ScreenTestSupport.profile(voice)
        let nvda = try NVDA(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: nvda)
        let stops = nvda.stops(of: screen)
        let field = try #require(stops.first { $0.nvda?.web.role.isTextEntry == true })
        return (nvda.describeJump(to: field, .focusable, after: nil, by: generator).text,
                generator.describe(field, after: nil).text)
    }

    @Test("Tab: the message after invalid entry and the description, before the edit's text; down arrow: after the value; an unknown id is skipped")
    func invalidField() throws {
        let (tab, browse) = try Self.said(try Self.form(invalid: true))
        #expect(tab == "Email edit invalid entry We never share it Enter an address with @ in it x", "\(tab)")
        #expect(browse.hasSuffix("invalid entry x Enter an address with @ in it"), "\(browse)")
    }

    @Test("a valid field: no relation, no message")
    func validField() throws {
        let (tab, browse) = try Self.said(try Self.form(invalid: false))
        #expect(!tab.contains("Enter an address") && !browse.contains("Enter an address"), "\(tab) | \(browse)")
        #expect(tab.contains("We never share it"), "\(tab)")
    }
}
