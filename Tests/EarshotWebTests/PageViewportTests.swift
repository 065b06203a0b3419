import EarshotCore
import Foundation
import Testing
@testable import EarshotWeb

/// The window a page is laid out in: a desktop's by default, a phone's when asked (size, pixel
/// ratio, touch, the phone browser's agent, mobile layout), in the tree's words and boxes.
@Suite("The window a page is read in", .serialized)
struct PageViewportTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/web/viewport.html").absoluteString

    @Test("names and sizes are read; anything else is refused", arguments: [
        ("iphone", "iphone", 390, 844, 3.0, true), ("ANDROID", "android", 412, 915, 2.625, true),
        ("desktop", "desktop", 1280, 800, 1.0, false), ("320x640", "320x640", 320, 640, 1.0, false),
        ("768x1024@2", "768x1024@2", 768, 1024, 2.0, false),
    ])
    func parses(_ argument: String, name: String, width: Int, height: Int, scale: Double, mobile: Bool) throws {
        let viewport = try #require(PageViewport(argument: argument))
        #expect(viewport.name == name && viewport.width == width && viewport.height == height)
        #expect(viewport.scale == scale && viewport.mobile == mobile)
    }

    @Test("a bad window is nil", arguments: ["phone", "320", "320x", "x640", "10x640", "320x640@9", "320x640@", "320x640@2@2", "9000x640"])
    func refuses(_ argument: String) {
        #expect(PageViewport(argument: argument) == nil)
    }

    @Test("the phones are data: voices/viewports/viewports.json, each with its source; an unknown name lists the names")
    func phonesAreData() throws {
        let phones = try PhoneWindows.all()
        #expect(phones.map(\.name) == ["iphone", "android"])
        #expect(phones.map(\.title) == ["iPhone 12 Pro", "Pixel 7"])
        #expect(try PageViewport.named().map(\.name) == ["desktop", "iphone", "android"])
        #expect(throws: UnknownPageWindow.self) { try PageViewport.named("iphon") }
        let error = try #require(try? { () throws -> String? in
            do { _ = try PageViewport.named("iphon"); return nil } catch { return "\(error)" }
        }())
        #expect(error == "unknown window \"iphon\"; did you mean \"iphone\"? (valid: desktop, iphone, android)", "\(error)")
    }

    @Test("a phone file with a bad entry is refused at its place", arguments: [
        (#"{"earshotViewports": 1, "viewports": [{"name": "Big Phone", "title": "x", "width": 400, "height": 800, "scale": 2, "from": {}}]}"#, "a phone's \"name\" is a lower-case word", 1),
        (#"{"earshotViewports": 1, "viewports": [{"name": "p", "title": "x", "width": 40, "height": 800, "scale": 2, "from": {}}]}"#, "\"width\" is in CSS pixels", 1),
        (#"{"earshotViewports": 1, "viewports": [{"name": "p", "title": "x", "width": 400, "height": 800, "scale": 9, "from": {}}]}"#, "\"scale\" is the device pixel ratio", 1),
        (#"{"earshotViewports": 1, "viewports": [{"name": "p", "title": "x", "width": 400, "height": 800, "scale": 2}]}"#, "says nowhere where its size comes from", 1),
        (#"{"earshotViewports": 2, "viewports": []}"#, "\"earshotViewports\" must be 1", 1),
    ])
    func badPhoneData(_ text: String, problem: String, line: Int) throws {
        do {
            _ = try PhoneWindows.decode(try JSONDocument.parse(text, file: "phones.json"))
            Issue.record("accepted: \(text)")
        } catch let error as DataFileError {
            #expect("\(error)".contains(problem), "\(error)")
            #expect("\(error)".contains("phones.json:\(line):"), "\(error)")
        }
    }

    @Test("the phone's browser version comes from the running browser")
    func agent() throws {
        #expect(try PageViewport.android.agent(browser: "Chromium/131.0.6778.85")?.contains("Chrome/131.0.6778.85 Mobile Safari") == true)
        #expect(try PageViewport.iPhone.agent(browser: "Chromium/131.0")?.contains("iPhone OS") == true)
        #expect(PageViewport.desktop.agent(browser: "Chromium/131.0") == nil)
    }

    /// The heading the page writes about its window, and the link boxes' widths.
    static func read(_ viewport: PageViewport) throws -> (said: String, linkWidths: [Double], wideShown: Bool) {
        let tree = try PageCapture(viewport: viewport).capture(page)
        let heading = try #require(tree.nodes.first { $0.role == "heading" }?.name)
        let links = tree.nodes.filter { $0.role == "link" }.compactMap { $0.box?.width }
        let wide = tree.nodes.contains { $0.name == "Only on a wide window" || $0.name?.contains("Only on a wide window") == true }
        #expect(tree.viewport.width == viewport.width && tree.viewport.height == viewport.height)
        return (heading, links, wide)
    }

    @Test("desktop: 1280 wide at 1, no touch; iphone and android: the phone's window, ratio, touch and browser, laid out narrow")
    func pageSeesItsWindow() throws {
        let desktop = try Self.read(.desktop)
        #expect(desktop.said == "1280 by 800, ratio 1, touch 0, desktop", "\(desktop.said)")
        #expect(desktop.linkWidths == [640, 640] && desktop.wideShown, "\(desktop)")
        let iPhone = try Self.read(try PageViewport.iPhone)
        #expect(iPhone.said == "390 by 844, ratio 3, touch 5, iPhone, coarse pointer", "\(iPhone.said)")
        #expect(iPhone.linkWidths == [195, 195] && !iPhone.wideShown, "\(iPhone)")
        let android = try Self.read(try PageViewport.android)
        #expect(android.said == "412 by 915, ratio 2.625, touch 5, Android, coarse pointer", "\(android.said)")
        #expect(android.linkWidths == [206, 206], "\(android)")
    }
}
