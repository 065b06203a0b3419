import Testing
@testable import EarshotCore

/// Changing a screen by element id.
@Suite("Screens change by element id")
struct ScreenEditTests {
    typealias S = ScreenTestSupport

    func sample() throws -> Screen {
        try S.screen(#"""
        {"id": "list", "children": [
          {"id": "a", "kind": "button", "text": "A", "frame": [0, 0, 10, 10]},
          {"id": "b", "kind": "button", "text": "B", "frame": [0, 20, 10, 10]}
        ]}
        """#)
    }

    @Test("label, value and traits set by id are what the next read says")
    func setProperties() throws {
        var screen = try sample()
        try screen.setLabel("a", "첫째")
        try screen.setValue("a", "3개")
        try screen.addTraits("a", [.selected])
        try screen.setTraits("b", [.header])
        #expect(try S.spoken(screen) == ["첫째, 3개, 버튼, 선택됨", "B, 버튼, 머리말"])
        try screen.removeTraits("a", [.selected])
        #expect(try S.spoken(screen)[0] == "첫째, 3개, 버튼")
    }

    @Test("inserting under a parent at an index puts the element among its children")
    func insertAtIndex() throws {
        var screen = try sample()
        try screen.insert(AccessibilityNode(id: "c", kind: .label, text: "C", frame: Frame(x: 0, y: 10, width: 10, height: 5)),
                          under: "list", at: 1)
        #expect(screen.node("list")?.children.map(\.id) == ["a", "c", "b"])
        #expect(S.stopIDs(screen) == ["a", "c", "b"])
        #expect(screen.parentID(of: "c") == "list")
    }

    @Test("removing an element removes its subtree and its place in explicit orders")
    func removeSubtree() throws {
        var screen = try S.screen(#"""
        {"id": "box", "accessibilityElements": ["b", "a"], "children": [
          {"id": "a", "kind": "button", "text": "A"},
          {"id": "wrap", "children": [{"id": "b", "kind": "button", "text": "B"}]}
        ]}
        """#)
        #expect(S.stopIDs(screen) == ["b", "a"])
        try screen.remove("wrap")
        #expect(!screen.contains("b"))
        #expect(screen.node("box")?.accessibilityElements == ["a"])
        #expect(S.stopIDs(screen) == ["a"])
    }

    @Test("changes naming an unknown id, a taken id or a bad index are refused")
    func badChangesRefused() throws {
        var screen = try sample()
        #expect(throws: ScreenEditError.unknownElement("zz")) { try screen.setLabel("zz", "x") }
        #expect(throws: ScreenEditError.duplicateID("a")) { try screen.insert(AccessibilityNode(id: "a"), under: nil) }
        #expect(throws: ScreenEditError.indexOutOfRange(5, parent: "list", count: 2)) {
            try screen.insert(AccessibilityNode(id: "n"), under: "list", at: 5)
        }
        #expect(throws: ScreenEditError.unknownElement("ghost")) { try screen.remove("ghost") }
        #expect(screen == (try sample()))
    }

    @Test("an update cannot change an element's id or children behind the screen's back")
    func updateKeepsIdentity() throws {
        var screen = try sample()
        try screen.update("list") { node in
            node.id = "renamed"
            node.children = []
            node.label = "목록"
        }
        #expect(screen.node("list")?.children.count == 2)
        #expect(screen.node("list")?.label == "목록")
    }
}
