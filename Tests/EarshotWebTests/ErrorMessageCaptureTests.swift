import EarshotCore
import Foundation
import Testing
@testable import EarshotWeb

/// A page's `aria-errormessage` reaches the reading through the browser: Chromium's relation on
/// the invalid field only, its element found by id in the captured tree, its text the message.
@Suite("An error message, from a page in the browser", .serialized)
struct ErrorMessageCaptureTests {
    @Test("the invalid field carries its message's text; the valid one none")
    func errorMessages() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/web/errors.html").absoluteString
        let tree = try PageCapture().capture(page)
        let screen = try WebPageInterpreter.screen(from: tree, defaultName: "errors")
        var messages: [String: String?] = [:]
        func walk(_ nodes: [AccessibilityNode]) {
            for node in nodes {
                if let web = node.web, web.role.isTextEntry { messages[node.label ?? ""] = web.errorMessage }
                walk(node.children)
            }
        }
        walk(screen.roots)
        #expect(messages["Email"] == "Enter an address with @ in it", "\(messages)")
        #expect(messages["Name"] == .some(nil), "\(messages)")
    }
}
