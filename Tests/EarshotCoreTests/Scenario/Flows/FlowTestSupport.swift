import Foundation
@testable import EarshotCore

/// A board (title, filter button, posts 1–3, create button), a post detail (back, title,
/// delete) and a filter sheet, each control 44 points high (no touch-target finding), for app-flow scenarios written inline; run on a virtual clock
/// with a `TimedDevice` (speech 1 s, earcons 0.25 s).
enum FlowTestSupport {
    static let board = #"""
    { "screen": "board", "elements": [
      { "id": "title", "kind": "label", "text": "게시판", "traits": ["header"], "frame": [0, 0, 300, 44] },
      { "id": "filter", "kind": "button", "text": "필터", "frame": [0, 44, 300, 44] },
      { "id": "posts", "kind": "view", "children": [
        { "id": "post-1", "kind": "button", "text": "첫째 글", "frame": [0, 88, 300, 44] },
        { "id": "post-2", "kind": "button", "text": "둘째 글", "frame": [0, 132, 300, 44] },
        { "id": "post-3", "kind": "button", "text": "셋째 글", "frame": [0, 176, 300, 44] }
      ] },
      { "id": "compose", "kind": "button", "text": "글쓰기", "frame": [0, 300, 300, 44] }
    ] }
    """#

    static let detail = #"""
    { "screen": "detail", "elements": [
      { "id": "back", "kind": "button", "text": "뒤로", "frame": [0, 0, 100, 44] },
      { "id": "detail-title", "kind": "label", "text": "글 내용", "traits": ["header"], "frame": [0, 50, 300, 44] },
      { "id": "delete", "kind": "button", "text": "삭제", "frame": [0, 100, 300, 44] }
    ] }
    """#

    static let sheet = #"""
    { "screen": "sheet", "elements": [
      { "id": "sheet-title", "kind": "label", "text": "필터", "traits": ["header"], "frame": [0, 0, 300, 40] },
      { "id": "close", "kind": "button", "text": "닫기", "frame": [0, 50, 300, 44] }
    ] }
    """#

    /// Touch points (x 10) on the board and the detail.
    static func touch(_ y: Int, after: Double? = nil) -> String {
        #"{ "gesture": "touch", "x": 10, "y": \#(y)\#(after.map { #", "after": \#($0)"# } ?? "") }"#
    }
    static let post1 = 100, post2 = 150, post3 = 190, filterY = 60
    static let backY = 10, deleteY = 110, closeY = 60

    /// The board's `app` entry: posts open the detail; `onAppear` is given.
    static func boardApp(onAppear: String = "", extra: String = "") -> String {
        #"""
        "board": { "create": "compose", "onAppear": [\#(onAppear)],
                   "onActivate": { "posts": [ { "navigate": "detail" } ],
                                   "filter": [ { "navigate": "sheet", "transition": "present" } ] } \#(extra) }
        """#
    }

    /// The detail's `app` entry: back pops (or `back` kind), delete removes post 2 and pops.
    static func detailApp(back: String = "pop", onAppear: String = "") -> String {
        #"""
        "detail": { "onAppear": [\#(onAppear)],
                    "onActivate": { "back": [ { "navigate": "board", "transition": "\#(back)" } ],
                                    "delete": [ { "delete": "post-2" }, { "navigate": "board", "transition": "\#(back)" } ] } }
        """#
    }

    static let sheetApp = #"""
    "sheet": { "onActivate": { "close": [ { "navigate": "board", "transition": "dismiss" } ] } }
    """#

    static func scenario(app: [String], steps: [String], reader: String? = nil) throws -> Scenario {
        let text = #"""
        { "screens": { "board": \#(board), "detail": \#(detail), "sheet": \#(sheet) },
          \#(reader.map { #""reader": \#($0),"# } ?? "")
          "app": { \#(app.joined(separator: ",\n")) },
          "steps": [ \#(steps.joined(separator: ",\n")) ] }
        """#
        return try ScenarioFile.parse(text, path: "flow.json")
    }

    /// Runs the scenario; returns the runner (for the desk's final focus) and the result.
    static func run(app: [String], steps: [String], reader: String? = nil) throws -> (ScenarioRunner, ScenarioResult) {
        let runner = try ScenarioRunner(scenario: try scenario(app: app, steps: steps, reader: reader),
                                        profile: try ScreenTestSupport.profile("ko"), clock: VirtualClock(),
                                        device: TimedDevice())
        return (runner, try runner.run())
    }

    static let activate = #"{ "gesture": "activate" }"#

    /// Open post 2, then go back with the back button.
    static let openPost2AndReturn = [touch(post2), activate, touch(backY), activate, #"{ "pause": 3 }"#]
}

extension ScenarioResult {
    var codes: [String] { findings.map(\.code.rawValue) }
}
