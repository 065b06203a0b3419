import EarshotCore
import Testing
@testable import EarshotWeb

/// The keys a scenario may name (the core's `PageKey.namedKeys`) and the keys the browser is
/// sent (`KeyStroke`'s table of DOM codes and virtual key codes) are one list.
@Suite("The keys a page is sent")
struct KeyStrokeTests {
    @Test("every key a step may name has its code, and the table has no other")
    func oneList() {
        #expect(Set(PageKey.namedKeys) == Set(KeyStroke.named.keys))
    }

    @Test("shift+Tab is a raw key down and up with the shift bit; a letter types itself")
    func events() {
        let tab = KeyStroke(.shiftTab).events
        #expect(tab.map { $0["type"] as? String } == ["rawKeyDown", "keyUp"])
        #expect(tab.first?["modifiers"] as? Int == 8 && tab.first?["windowsVirtualKeyCode"] as? Int == 9)
        let letter = KeyStroke(PageKey("a")).events
        #expect(letter.first?["text"] as? String == "a" && letter.first?["code"] as? String == "KeyA")
    }
}
