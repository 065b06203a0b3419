import Foundation
@testable import EarshotCore

/// Scenarios written inline for the tests, run on a virtual clock with a `TimedDevice` (speech
/// 1 s, earcons 0.25 s unless a test says otherwise) and the Korean profile's timing
/// (hint pause 0.75, gesture window 1.0, queue gap 0.1, earcon gap 0.05).
enum ScenarioTestSupport {
    /// A shop page: a title, an add-to-cart button, a cart badge, and a long list.
    static let screen = #"""
    {
      "screen": "shop",
      "elements": [
        { "id": "title", "kind": "label", "text": "상품", "traits": ["header"], "frame": [0, 0, 300, 44] },
        { "id": "add", "kind": "button", "text": "담기", "frame": [0, 50, 300, 44] },
        { "id": "cart", "kind": "button", "label": "장바구니", "value": "0개", "frame": [0, 100, 300, 44] },
        { "id": "level", "kind": "slider", "label": "수량", "adjustable": { "values": ["1", "2"], "index": 0 }, "frame": [0, 150, 300, 44] }
      ]
    }
    """#

    /// Scenario JSON around `steps` with the shop screen inline.
    static func scenarioText(_ steps: String, screen: String = screen) -> String {
        #"{ "screen": \#(screen), "steps": [\#(steps)] }"#
    }

    static func parse(_ steps: String, screen: String = screen) throws -> Scenario {
        try ScenarioFile.parse(scenarioText(steps, screen: screen), path: "test.json")
    }

    static func run(_ steps: String, device: TimedDevice = TimedDevice()) throws -> ScenarioResult {
        let runner = try ScenarioRunner(scenario: try parse(steps), profile: try ScreenTestSupport.profile("ko"),
                                        clock: VirtualClock(), device: device)
        return try runner.run()
    }

    /// The error a scenario text gives when parsed.
    static func parseError(_ text: String) -> DataFileError? {
        do {
            _ = try ScenarioFile.parse(text, path: "test.json")
            return nil
        } catch let error as DataFileError {
            return error
        } catch {
            return DataFileError("unexpected error \(error)", at: SourceLocation(file: "", line: 0, column: 0))
        }
    }
}

/// Times that went through 0.1 and 0.05 steps: equal within a microsecond.
func near(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) < 1e-6
}

extension UtteranceFate {
    var start: Double? { startTime }
    var end: Double? {
        switch self {
        case .spoken(_, let end): end
        case .cut(_, let at, _): at
        case .dropped: nil
        }
    }
    var dropCode: String? {
        if case .dropped(_, let reason) = self { return reason.code }
        return nil
    }
    var isCut: Bool {
        if case .cut = self { return true }
        return false
    }
}
