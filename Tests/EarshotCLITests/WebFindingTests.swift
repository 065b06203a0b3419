import Foundation
import Testing

/// The web's own findings (docs/findings.md, "On web pages"), found on real pages in Chromium:
/// each bad case is reported with its moment, elements and criteria, and the page done right
/// beside it is not.
@Suite("Web findings on real pages", .serialized)
struct WebFindingTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples/web")

    struct Found: Equatable {
        var code: String
        var time: Double?
        var elements: [String]
        var criteria: [String]
    }

    /// The dynamic findings of `earshot check` on a scenario (the page's static findings, its
    /// targets and names, are left out), and what it printed.
    static func check(_ scenario: URL) throws -> (found: [Found], stdout: String, status: Int32) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("findings.json")
        let result = try CLIRunner.run(["check", scenario.path, "--findings", json.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let found = list.filter { $0["time"] is Double }.map { item in
            Found(code: item["code"] as? String ?? "", time: item["time"] as? Double, elements: item["elements"] as? [String] ?? [],
                  criteria: (item["criteria"] as? [[String: Any]] ?? []).map { "\($0["standard"] ?? "") \($0["id"] ?? "")" })
        }
        return (found, result.stdout, result.status)
    }

    @Test("the focused button removed: focus lost to the document; removed after focus moved on: nothing")
    func focusLost() throws {
        let run = try Self.check(Self.fixtures.appendingPathComponent("findings-focus.json"))
        #expect(run.found == [Found(code: "focus.lost-to-document", time: 0, elements: ["remove-bad"],
                                    criteria: ["wcag22 2.4.3", "kwcag22 2.1.2", "ksx3253 6.1"])])
        #expect(run.stdout.contains("\"remove-bad\" had keyboard focus and was removed from the page; focus fell to the document and stayed there until \"click remove-good\" at 00:01.000"), "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test("a dialog that takes no focus is found; one that takes it at once or before the user's next action is not")
    func dialogs() throws {
        let run = try Self.check(Self.fixtures.appendingPathComponent("findings-dialog.json"))
        let dialogs = run.found.filter { $0.code == "dialog.focus-not-moved" }
        #expect(dialogs == [Found(code: "dialog.focus-not-moved", time: 0, elements: ["dialog-bad"],
                                  criteria: ["wcag22 2.4.3", "kwcag22 2.1.2", "ksx3253 6.1"])])
        #expect(run.stdout.contains("The dialog \"dialog-bad\" (Unfocused) appeared and keyboard focus did not move into it before \"click open-good\" at 00:01.000"), "\(run.stdout)")
        // NVDA follows the focus each dialog takes, the late one at its timer's moment (200 ms
        // after the click, on the desk check's clock), cutting the speech of the focus before.
        #expect(run.stdout.contains("00:01.000  \"Focused dialog OK button\"  cut at 00:02.000 by focus move (page)  (focus move (page), line 7)"), "\(run.stdout)")
        #expect(run.stdout.contains("00:02.200  \"Late dialog OK button\"  cut at 00:03.000 by focus move (page)  (focus move (page))"), "\(run.stdout)")
    }

    @Test("short text shown in answer outside any region is never heard; the same in a status region is said; a long story and a change long after an action are not judged")
    func unheardText() throws {
        let run = try Self.check(Self.fixtures.appendingPathComponent("findings-text.json"))
        #expect(run.found == [Found(code: "live.change-unheard", time: 0.2, elements: ["saved", "text-12"],
                                    criteria: ["wcag22 4.1.3", "ksx3253 5.6"])])
        #expect(run.stdout.contains("0.2 s after \"click save\" the page showed \"Saved\" in \"saved\" outside any live region"), "\(run.stdout)")
        // The click focuses its button, which NVDA says first (its focus event); the status
        // region's polite change waits behind it and is heard when the next click's focus cuts
        // that button's speech (NVDA drops the speech of a focus that moved on, not the rest).
        #expect(run.stdout.contains("00:01.000  \"Save, said button\"  cut at 00:02.000 by focus move (page)"), "\(run.stdout)")
        #expect(run.stdout.contains("00:02.100  \"Saved and said\"  spoken to"), "\(run.stdout)")
    }

    @Test("a region inserted with its text: found, and noted at the moment")
    func createdFilled() throws {
        let run = try Self.check(Self.fixtures.appendingPathComponent("live-inserted.json"))
        #expect(run.found.map(\.code) == ["live.created-filled"])
        #expect(run.found.first?.elements == ["inserted"] && run.found.first?.time == 0)
        #expect(run.stdout.contains("00:00.000 note: live region \"inserted\" came into the page with its text already in it: \"Inserted already filled\" is not said"), "\(run.stdout)")
        #expect(run.status == 0, "the scenario expects it")
    }

    @Test("the shop's silent cart: check says when and by which criterion the cart message is never heard; the shop done right has no finding")
    func shopFlow() throws {
        let silent = try Self.check(Self.samples.appendingPathComponent("shop-flow.json"))
        #expect(silent.found.map(\.code) == ["live.change-unheard", "live.created-filled"])
        let cart = try #require(silent.found.first)
        // The click at 8.658 s; the server's answer 300 ms later.
        #expect(cart.elements.first == "cart" && abs((cart.time ?? 0) - 8.958) < 0.0005, "\(cart)")
        #expect(silent.stdout.contains("error (expected) live.change-unheard at 8.958 s [cart, "), "\(silent.stdout)")
        #expect(silent.stdout.contains("the page showed \"Cart: 1 item\" in \"cart\" outside any live region and away from focus: nothing is said, so the user never hears it.\n  Fix: Put the message in a live region"), "\(silent.stdout)")
        #expect(silent.stdout.contains("  Criteria: WCAG 2.2 4.1.3; KS X 3253 5.6\n"))
        // In Korean, the same two findings, the cart's at its own moment (Korean speech is longer).
        let korean = try Self.check(Self.samples.appendingPathComponent("shop-flow-ko.json"))
        #expect(korean.found.map(\.code) == ["live.change-unheard", "live.created-filled"])
        #expect(korean.stdout.contains("the page showed \"장바구니: 1개\" in \"cart\" outside any live region"), "\(korean.stdout)")
        let right = try Self.check(Self.samples.appendingPathComponent("shop-cart.json"))
        #expect(right.found.isEmpty, "\(right.found)")
        #expect(right.status == 0)
    }
}
