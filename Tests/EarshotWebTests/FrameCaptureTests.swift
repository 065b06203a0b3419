import EarshotCore
import Foundation
import Glibc
import Testing
@testable import EarshotWeb

/// A frame's document read in place: its tree joined under the element that holds it, its boxes
/// where it lies on the page, and a page with an iframe read through the browser.
@Suite("Frames read in place")
struct FrameCaptureTests {
    static func node(_ id: String, _ role: String, parent: String?, children: [String] = [], backend: Int? = nil,
                     name: String? = nil) -> ChromiumAXTree.Node {
        let json: [String: Any?] = [
            "nodeId": id, "parentId": parent, "role": ["type": "role", "value": role],
            "name": name.map { ["type": "computedString", "value": $0] }, "childIds": children, "backendDOMNodeId": backend,
        ]
        let data = try! JSONSerialization.data(withJSONObject: json.compactMapValues { $0 })
        return try! JSONDecoder().decode(ChromiumAXTree.Node.self, from: data)
    }

    static let page = [
        node("1", "RootWebArea", parent: nil, children: ["2", "3"], backend: 1),
        node("2", "heading", parent: "1", backend: 2, name: "Checkout"),
        node("3", "Iframe", parent: "1", backend: 3, name: "Card payment"),
    ]

    @Test("the frame's root becomes the holder's child, ids kept when none is taken")
    func joinedUnderHolder() {
        let frame = [
            Self.node("7", "RootWebArea", parent: nil, children: ["8"], backend: 7),
            Self.node("8", "heading", parent: "7", backend: 8, name: "Card details"),
        ]
        let joined = AXTreeReduction.joining(frame: frame, named: "f1", under: 3, in: Self.page)
        #expect(joined.count == 5)
        #expect(joined.first { $0.nodeId == "3" }?.childIds == ["7"])
        #expect(joined.first { $0.nodeId == "7" }?.parentId == "3")
        let nodes = AXTreeReduction.nodes(joined, dom: DOMFacts(snapshot: ChromiumDOMSnapshot()))
        #expect(nodes.map(\.id) == ["1", "2", "3", "7", "8"], "document order: the frame's document inside its holder")
    }

    @Test("a frame whose ids meet the page's is given ids of its own; a holder not in the tree leaves the tree as it was")
    func clashesAndMissingHolder() {
        let frame = [
            Self.node("2", "RootWebArea", parent: nil, children: ["9"], backend: 20),
            Self.node("9", "link", parent: "2", backend: 21, name: "Help"),
        ]
        let joined = AXTreeReduction.joining(frame: frame, named: "f1", under: 3, in: Self.page)
        #expect(joined.first { $0.nodeId == "3" }?.childIds == ["f1:2"])
        #expect(joined.first { $0.nodeId == "f1:9" }?.parentId == "f1:2")
        #expect(joined.filter { $0.nodeId == "2" }.count == 1, "the page's own node 2 is untouched")
        #expect(AXTreeReduction.joining(frame: frame, named: "f1", under: 99, in: Self.page).map(\.nodeId) == ["1", "2", "3"])
    }

    @Test("a frame's document's boxes are moved by where the frame's document starts on the page")
    func boxesOffset() throws {
        let snapshot = try JSONDecoder().decode(ChromiumDOMSnapshot.self, from: Data("""
            {"strings": ["main", "inner", "H1", "H2"],
             "documents": [
               {"frameId": 0, "nodes": {"backendNodeId": [2], "nodeName": [2]}, "layout": {"nodeIndex": [0], "bounds": [[8, 20, 700, 38]]}},
               {"frameId": 1, "scrollOffsetY": 5, "nodes": {"backendNodeId": [8], "nodeName": [3]}, "layout": {"nodeIndex": [0], "bounds": [[8, 19, 280, 28]]}}
             ]}
            """.utf8))
        let facts = DOMFacts(snapshot: snapshot, offsets: ["inner": (x: 10, y: 80)])
        #expect(facts.byBackendID[2]?.box == Frame(x: 8, y: 20, width: 700, height: 38))
        #expect(facts.byBackendID[8]?.box == Frame(x: 18, y: 99, width: 280, height: 28))
        #expect(DOMFacts.documentScrolls(snapshot)["inner"]?.y == 5)
    }

    @Test("a frame's document takes the lang of its own html element; the page's document keeps none of its own")
    func frameLanguage() throws {
        let snapshot = try JSONDecoder().decode(ChromiumDOMSnapshot.self, from: Data("""
            {"strings": ["main", "inner", "#document", "HTML", "lang", "en", "ko", "P"],
             "documents": [
               {"frameId": 0, "nodes": {"backendNodeId": [1, 2], "nodeName": [2, 3], "attributes": [[], [4, 5]]}},
               {"frameId": 1, "nodes": {"backendNodeId": [7, 8, 9], "nodeName": [2, 3, 7], "attributes": [[], [4, 6], []]}}
             ]}
            """.utf8))
        let facts = DOMFacts(snapshot: snapshot)
        #expect(facts.byBackendID[7]?.language == "ko", "the frame's document node")
        #expect(facts.byBackendID[8]?.language == "ko")
        #expect(facts.byBackendID[1]?.language == nil, "the page's language is the tree's own")
        #expect(facts.byBackendID[9]?.language == nil)
    }

    @Test("through the browser: a Korean frame in an English page is read in Korean, the page around it in English", .enabled(if: (try? PageCapture.findBrowser()) != nil))
    func frameOfItsOwnLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-frame-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<!doctype html><html lang="en"><title>Outer</title><h1>Shop</h1><iframe title="Card payment" src="card.html"></iframe><button>Pay</button></html>"#
            .write(to: folder.appendingPathComponent("outer.html"), atomically: true, encoding: .utf8)
        try #"<!doctype html><html lang="ko"><title>카드</title><h2>카드 정보</h2><p>카드 번호를 입력하세요</p></html>"#
            .write(to: folder.appendingPathComponent("card.html"), atomically: true, encoding: .utf8)
        let tree = try PageCapture().capture(folder.appendingPathComponent("outer.html").absoluteString)
        #expect(tree.language == "en")
        let screen = try WebPageInterpreter.screen(from: tree, defaultName: "outer")
        let nvda = NVDA(words: try NVDAVocabulary.load(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices/nvda/en.json").path))
        let stops = nvda.stops(of: screen)
        let languages = Dictionary(stops.compactMap { stop in stop.label.map { ($0, stop.language) } }, uniquingKeysWith: { first, _ in first })
        #expect(languages["카드 정보"] == "ko", "\(languages)")
        #expect(languages["카드 번호를 입력하세요"] == "ko", "\(languages)")
        #expect(languages["Shop"] == "en" && languages["Pay"] == "en", "\(languages)")
    }

    /// Every node below `frame` in `tree`.
    static func nodes(inside frame: WebPageTree.Node, of tree: WebPageTree) -> [WebPageTree.Node] {
        let byID = Dictionary(tree.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var inside: [WebPageTree.Node] = []
        var stack = frame.children
        while let id = stack.popLast() {
            guard let node = byID[id] else { continue }
            inside.append(node)
            stack.append(contentsOf: node.children)
        }
        return inside
    }

    @Test("through the browser: the iframe's document is in the tree under the iframe, its boxes inside the iframe's", .enabled(if: (try? PageCapture.findBrowser()) != nil))
    func capturedPage() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/web/checkout.html").absoluteString
        let tree = try PageCapture().capture(page)
        let frame = try #require(tree.nodes.first { $0.role == "Iframe" })
        #expect(frame.name == "Card payment")
        let inside = Self.nodes(inside: frame, of: tree)
        let heading = try #require(inside.first { $0.role == "heading" })
        #expect(heading.name == "Card details")
        #expect(inside.contains { $0.role == "textbox" && $0.name == "Card number" })
        let outer = try #require(frame.box), inner = try #require(heading.box)
        #expect(inner.x > outer.x && inner.y > outer.y && inner.x + inner.width <= outer.x + outer.width
                && inner.y + inner.height <= outer.y + outer.height, "the heading \(inner) lies inside the iframe \(outer)")
    }

    @Test("through the browser: a frame of another site (localhost in a page of 127.0.0.1) is read in place too", .enabled(if: (try? PageCapture.findBrowser()) != nil))
    func frameOfAnotherSite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try StaticServer(folder: folder)
        defer { server.stop() }
        try #"<!doctype html><html lang="en"><title>Outer</title><h1>Shop</h1><iframe title="Card payment" src="http://localhost:\#(server.port)/card.html"></iframe><button>Pay</button></html>"#
            .write(to: folder.appendingPathComponent("outer.html"), atomically: true, encoding: .utf8)
        try #"<!doctype html><html lang="en"><title>Card</title><h2>Card details</h2><label>Card number <input></label></html>"#
            .write(to: folder.appendingPathComponent("card.html"), atomically: true, encoding: .utf8)
        let tree = try PageCapture().capture("http://127.0.0.1:\(server.port)/outer.html")
        let frame = try #require(tree.nodes.first { $0.role == "Iframe" })
        let inside = Self.nodes(inside: frame, of: tree)
        #expect(inside.contains { $0.role == "heading" && $0.name == "Card details" }, "the frame holds \(inside.map(\.role))")
        #expect(inside.contains { $0.role == "textbox" && $0.name == "Card number" })
        #expect(!tree.notes.contains { $0.contains("not read") }, "notes: \(tree.notes)")
    }
}

/// Python's static HTTP server on the loopback, serving one folder, for a page with a frame of
/// another site: `127.0.0.1` and `localhost` are two sites to the browser.
final class StaticServer {
    let process = Process()
    let port: Int

    struct Failure: Error { var what: String }

    init(folder: URL) throws {
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let until = Date().addingTimeInterval(10)
        while !Self.answers(port) {
            guard Date() < until, process.isRunning else {
                stop()
                throw Failure(what: "python3's http.server did not listen on port \(port)")
            }
            usleep(50_000)
        }
    }

    /// SIGKILL: a process this one starts inherits its blocked signals, and the test runner's
    /// threads block SIGTERM, so `terminate()` would never end the server.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port of the loopback nothing listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard socket >= 0, bound else { throw Failure(what: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func answers(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = Self.loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
