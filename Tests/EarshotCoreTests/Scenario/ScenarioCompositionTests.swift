import Foundation
import Testing
@testable import EarshotCore

/// `include` and `extends` (docs/scenario-format.md, "Sharing one app description"): the
/// bundled suite in samples/suite shares one app description among flows that the samples in
/// samples/scenarios write out in full.
@Suite("Scenarios composed from shared files")
struct ScenarioCompositionTests {
    static let root = FindingsTestSupport.repositoryRoot

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Each utterance's words and fate: what a composed flow and its expanded file must share
    /// (the `source` differs: `line 5` against `line 13`).
    static func heard(_ file: String) throws -> [String] {
        let scenario = try ScenarioFile.load(path: path(file))
        let profile = try ScreenTestSupport.profile("ko")
        let runner = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                        device: try EstimatedSpeechDevice(profile: profile))
        return try runner.run().transcript.entries.map { "\($0.utterance.text) \($0.fate.readable)" }
    }

    @Test("three flows sharing one included app description hear what their expanded files hear",
          arguments: [("samples/suite/delete-post.json", "samples/scenarios/flow-delete-after.json"),
                      ("samples/suite/refresh-while-open.json", "samples/scenarios/flow-refresh-after.json"),
                      ("samples/suite/leave-before-restore.json", "samples/scenarios/flow-ghost-after.json")])
    func sharedAppDescription(composed: String, expanded: String) throws {
        let composedHeard = try Self.heard(composed)
        #expect(composedHeard.count > 8)
        #expect(composedHeard == (try Self.heard(expanded)))
    }

    @Test("a composed scenario takes the base's steps first and names the files it read")
    func composedShape() throws {
        let scenario = try ScenarioFile.load(path: Self.path("samples/suite/delete-post.json"))
        #expect(scenario.title == "Deleting the opened post: focus goes to the previous post")
        #expect(scenario.screens.map(\.name) == ["board", "detail"])
        #expect(scenario.reader == ReaderSettings(remembersFocus: false, animation: 0.35))
        #expect(scenario.includedFiles.map { ($0 as NSString).lastPathComponent }
                == ["open-post.json", "board-app.json", "reader.json"])
        #expect(scenario.steps.map(\.source).prefix(4) == ["open-post.json line 6", "open-post.json line 7", "open-post.json line 8", "line 5"])
        // Screen paths in the part are read from the part's folder.
        #expect(scenario.screens[0].file?.hasSuffix("samples/screens/board-list.json") == true)
    }

    /// Writes files into a fresh folder and returns it.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-compose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let screen = #"{"screen": "s", "elements": [{"id": "ok", "kind": "button", "text": "확인", "frame": [0, 0, 100, 44]}]}"#

    @Test("an error inside an included file names that file's line and column and the include chain")
    func errorInIncludedFile() throws {
        let folder = try Self.folder([
            "flow.json": """
                {
                  "include": "parts/app.json",
                  "steps": [{"gesture": "next"}]
                }
                """,
            "parts/app.json": "",
        ].filter { !$0.key.contains("/") })
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try """
            {
              "include": "screens.json",
              "app": {"s": {"onActivate": {"okk": [{"navigate": "s", "transition": "push"}]}}}
            }
            """.write(to: folder.appendingPathComponent("parts/app.json"), atomically: true, encoding: .utf8)
        try #"{"screens": {"s": \#(Self.screen)}}"#.write(to: folder.appendingPathComponent("parts/screens.json"),
                                                          atomically: true, encoding: .utf8)
        let flow = folder.appendingPathComponent("flow.json").path
        let error = try #require(throws: DataFileError.self) { try ScenarioFile.load(path: flow) }
        #expect(error.location.file.hasSuffix("parts/app.json"))
        #expect(error.location.line == 3)
        #expect(error.location.column == 32)
        #expect(error.message.hasPrefix("no element \"okk\""))
        #expect(error.message.hasSuffix("(included from \(flow):2:14)"))
        // A syntax error in a file two includes down names both include entries.
        try #"{"screens": {"s": "#.write(to: folder.appendingPathComponent("parts/screens.json"), atomically: true, encoding: .utf8)
        let nested = try #require(throws: DataFileError.self) { try ScenarioFile.load(path: flow) }
        #expect(nested.location.file.hasSuffix("parts/screens.json"))
        #expect(nested.message.hasSuffix("(included from \(folder.path)/parts/app.json:2:14, from \(flow):2:14)"))
    }

    @Test("two included files naming the same screen, a cycle, and a missing file are located errors")
    func conflictsAndCycles() throws {
        let folder = try Self.folder([
            "a.json": #"{"screens": {"s": \#(Self.screen)}}"#,
            "b.json": #"{"screens": {"s": \#(Self.screen)}}"#,
            "loop.json": #"{"include": "loop2.json", "voice": "ko"}"#,
            "loop2.json": #"{"include": "loop.json"}"#,
            "twice.json": #"{"include": ["a.json", "b.json"], "steps": []}"#,
            "override.json": #"{"include": ["a.json"], "screens": {"s": \#(Self.screen)}, "steps": [{"gesture": "next"}]}"#,
            "cycle.json": #"{"include": "loop.json", "screen": \#(Self.screen), "steps": []}"#,
            "missing.json": #"{"include": "nowhere.json", "steps": []}"#,
        ])
        let twice = try #require(throws: DataFileError.self) {
            try ScenarioFile.load(path: folder.appendingPathComponent("twice.json").path)
        }
        #expect(twice.message.hasPrefix("screen \"s\" is given twice: at \(folder.path)/a.json:1:14 and here"))
        #expect(twice.location.file.hasSuffix("b.json"))
        // The scenario's own screen of the same name replaces the included one.
        #expect(try ScenarioFile.load(path: folder.appendingPathComponent("override.json").path).screens.count == 1)
        let cycle = try #require(throws: DataFileError.self) {
            try ScenarioFile.load(path: folder.appendingPathComponent("cycle.json").path)
        }
        #expect(cycle.message.contains("includes itself"))
        let missing = try #require(throws: DataFileError.self) {
            try ScenarioFile.load(path: folder.appendingPathComponent("missing.json").path)
        }
        #expect(missing.message.hasPrefix("included file \"nowhere.json\" not found"))
        #expect(missing.location.line == 1 && missing.location.column == 13)
    }

    /// A chain of `count` parts, each including (or extending) the next; the last holds the screen.
    static func chain(_ count: Int, key: String) throws -> String {
        var files: [String: String] = [:]
        for index in 0..<count {
            let next = index + 1 < count ? #""\#(key)": "part\#(index + 1).json", "#: ""
            files["part\(index).json"] = key == "extends" && index + 1 == count
                ? #"{"screen": \#(Self.screen), "steps": [{"gesture": "next"}]}"#
                : key == "extends" ? #"{\#(next)"steps": []}"# : #"{\#(next)"voice": "ko"}"#
        }
        if key == "include" { files["part\(count - 1).json"] = #"{"screens": {"s": \#(Self.screen)}}"# }
        files["flow.json"] = #"{"\#(key)": "part0.json", "steps": [{"gesture": "next"}]}"#
        return try Self.folder(files).appendingPathComponent("flow.json").path
    }

    @Test("a chain deeper than the limit is a located error naming the limit, not a crash", arguments: ["include", "extends"])
    func deepChain(key: String) throws {
        // 2,000 levels once overflowed the stack (SIGSEGV).
        let flow = try Self.chain(2_000, key: key)
        let error = try #require(throws: DataFileError.self) { try ScenarioFile.load(path: flow) }
        #expect(error.message.contains("more than \(ScenarioComposition.maximumDepth) files deep in include and extends (Earshot's limit)"))
        #expect(error.location.file.hasSuffix("part\(ScenarioComposition.maximumDepth - 1).json"))
        // A chain within the limit composes.
        let shallow = try ScenarioFile.load(path: try Self.chain(ScenarioComposition.maximumDepth - 1, key: key))
        #expect(shallow.includedFiles.count == ScenarioComposition.maximumDepth - 1)
    }

    @Test("parts that include the next twice stop at the readings limit at once")
    func includeBomb() throws {
        // Each level doubles the readings: 22 levels are 4 million, which once took a minute.
        var files: [String: String] = ["flow.json": #"{"include": "p0.json", "screen": \#(Self.screen), "steps": []}"#]
        for level in 0..<22 { files["p\(level).json"] = #"{"include": ["p\#(level + 1).json", "p\#(level + 1).json"]}"# }
        files["p22.json"] = #"{"description": "empty"}"#
        let flow = try Self.folder(files).appendingPathComponent("flow.json").path
        let started = ContinuousClock.now
        let error = try #require(throws: DataFileError.self) { try ScenarioFile.load(path: flow) }
        #expect(error.message.contains("past \(ScenarioComposition.maximumReadings) files taken in through include and extends"))
        #expect(ContinuousClock.now - started < .seconds(5))
        // Five levels (62 readings of six files) compose.
        files = ["flow.json": #"{"include": "p0.json", "screen": \#(Self.screen), "steps": []}"#]
        for level in 0..<5 { files["p\(level).json"] = #"{"include": ["p\#(level + 1).json", "p\#(level + 1).json"]}"# }
        files["p5.json"] = #"{"description": "empty"}"#
        let small = try ScenarioFile.load(path: try Self.folder(files).appendingPathComponent("flow.json").path)
        #expect(small.includedFiles.count == 6)
    }
}
