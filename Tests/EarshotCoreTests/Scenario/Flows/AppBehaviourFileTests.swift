import Foundation
import Testing
@testable import EarshotCore

@Suite("The scenario's app section: behaviours read with file:line:column errors")
struct AppBehaviourFileTests {
    typealias F = FlowTestSupport

    /// The error the flow scenario gives with this `app` text.
    static func error(_ app: String) -> DataFileError? {
        do {
            _ = try F.scenario(app: [app], steps: [])
            return nil
        } catch let error as DataFileError {
            return error
        } catch {
            return nil
        }
    }

    @Test("a full app section reads into behaviours, restoration plans and transition kinds")
    func readsBehaviours() throws {
        let scenario = try F.scenario(app: [F.boardApp(onAppear: RestorationTests.restoreByID), F.detailApp(back: "swap")],
                                      steps: [], reader: #"{ "remembersFocus": true, "animation": 0.5 }"#)
        let board = try #require(scenario.app["board"])
        #expect(board.createButton == "compose")
        let plan = try #require(board.restorePlan)
        #expect(plan == RestorePlan(by: .id, list: "posts", fallback: [.previous, .next, .create], delay: 1))
        guard case .navigate(let screen, let kind) = try #require(board.onActivate["posts"]?.first) else {
            Issue.record("posts should navigate")
            return
        }
        #expect(screen == "detail" && kind == .push)
        guard case .navigate(_, let back) = try #require(scenario.app["detail"]?.onActivate["back"]?.first) else {
            Issue.record("back should navigate")
            return
        }
        #expect(back == .swap)
        #expect(scenario.reader == ReaderSettings(remembersFocus: true, animation: 0.5))
    }

    @Test("an unknown behaviour is reported where it is written, with the nearest name")
    func unknownBehaviour() throws {
        let error = try #require(Self.error(#""board": { "onActivate": { "posts": [ { "navigat": "detail" } ] } }"#))
        #expect(error.message.contains(#"unknown behaviour "navigat"; did you mean "navigate"?"#))
        #expect(error.location.line > 1)
    }

    @Test("an unknown screen, transition kind, fallback or element id is an error naming what is valid")
    func unknownNames() throws {
        #expect(Self.error(#""bord": {}"#)?.message.contains(#"did you mean "board"?"#) == true)
        #expect(Self.error(#""board": { "onActivate": { "posts": [ { "navigate": "detail", "transition": "popp" } ] } }"#)?
            .message.contains(#"unknown transition kind "popp"; did you mean "pop"?"#) == true)
        #expect(Self.error(#""board": { "onAppear": [ { "restoreFocus": { "list": "posts", "fallback": ["prev"] } } ] }"#)?
            .message.contains(#"unknown fallback "prev""#) == true)
        #expect(Self.error(#""board": { "onActivate": { "post-9": [ { "toggle": "selected" } ] } }"#)?
            .message.contains(#"no element "post-9" on any screen"#) == true)
    }

    @Test("restoreFocus belongs in onAppear")
    func restoreOnlyOnAppear() throws {
        let error = try #require(Self.error(#""board": { "onActivate": { "posts": [ { "restoreFocus": { "list": "posts" } } ] } }"#))
        #expect(error.message.contains(#""restoreFocus" belongs in a screen's "onAppear""#))
    }
}
