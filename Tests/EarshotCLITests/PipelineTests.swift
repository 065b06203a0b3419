import Foundation
import Testing

/// `-` as standard input and output, `read --json`, `earshot help COMMAND`, and texts that
/// start with `-` (README, "Pipelines").
@Suite("Pipelines: standard input and output, read --json, help")
struct PipelineTests {
    static let root = CLIRunner.repositoryRoot
    static let board = Self.root.appendingPathComponent("samples/screens/board-list.json")

    @Test("cat screen.json | earshot read --no-audio - reads what the file reads; errors name <stdin>")
    func readStandardInput() throws {
        let fromFile = try CLIRunner.run(["read", "--no-audio", Self.board.path])
        let fromInput = try CLIRunner.run(["read", "--no-audio", "-"], input: try Data(contentsOf: Self.board))
        #expect(fromInput.status == 0)
        #expect(fromInput.stdout == fromFile.stdout)
        #expect(fromInput.stdout.hasPrefix("1/7 back: 커뮤니티, 뒤로 버튼\n"))
        let dump = Self.root.appendingPathComponent("samples/dumps/settings-top.xml")
        let dumpInput = try CLIRunner.run(["read", "--no-audio", "-"], input: try Data(contentsOf: dump))
        #expect(dumpInput.stdout == (try CLIRunner.run(["read", "--no-audio", dump.path])).stdout)
        #expect(dumpInput.stderr.hasPrefix("<stdin>: note: what this page source cannot tell: the app's own hints"))
        let broken = try CLIRunner.run(["read", "--no-audio", "-"], input: Data("{\"elements\": [\n".utf8))
        #expect(broken.status == 65)
        #expect(broken.stderr.hasPrefix("<stdin>:2:1: error:"))
    }

    @Test("read --json prints one JSON object per focus stop, in reading order, with its source position")
    func readJSON() throws {
        let result = try CLIRunner.run(["read", "--json", Self.board.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        let text = try CLIRunner.run(["read", "--no-audio", Self.board.path]).stdout.split(separator: "\n")
        #expect(lines.count == text.count)
        let fileLines = try String(contentsOf: Self.board, encoding: .utf8).components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Array(object.keys).sorted() == ["count", "frame", "hint", "id", "index", "source", "text", "traits"])
            #expect(object["index"] as? Int == index + 1)
            #expect(object["count"] as? Int == lines.count)
            let id = try #require(object["id"] as? String)
            // The plain listing's line for the same stop: "N/M id: text (hint: …)".
            #expect(text[index].hasPrefix("\(index + 1)/\(lines.count) \(id): \(object["text"] as? String ?? "?")"))
            #expect((object["frame"] as? [Double])?.count == 4)
            let source = try #require(object["source"] as? [String: Any])
            #expect(source["file"] as? String == Self.board.path)
            let lineNumber = try #require(source["line"] as? Int)
            #expect(fileLines[lineNumber - 1].contains("\"id\": \"\(id)\""))
        }
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["traits"] as? [String] == ["button", "backButton"])
        #expect(first["hint"] is NSNull)
    }

    @Test("lint --findings - writes the JSON array to standard output and the report to standard error")
    func lintFindingsToStandardOutput() throws {
        let shop = Self.root.appendingPathComponent("samples/lint/shop-before.json").path
        let result = try CLIRunner.run(["lint", "--findings", "-", shop])
        #expect(result.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String ?? "" } == ["label.missing", "target.below-platform", "label.file-name", "target.below-platform", "focus.fragmented", "stops.duplicate-adjacent", "label.repeats-trait", "label.unnamed-symbol", "label.only-symbols", "label.ambiguous-abbreviation", "label.language-mismatch", "speech.ipa-unmapped"])
        let location = try #require(findings[0]["location"] as? [String: Any])
        #expect(location["file"] as? String == shop)
        #expect(location["line"] as? Int == 10)
        #expect(result.stderr.contains("\(shop): 12 findings (1 error, 9 warnings, 2 notes)"))
        // A screen file from standard input.
        let piped = try CLIRunner.run(["lint", "-"], input: try Data(contentsOf: URL(fileURLWithPath: shop)))
        #expect(piped.stdout.contains("<stdin>:10:17: error label.missing [search]"))
        // Two reports cannot share standard output.
        let both = try CLIRunner.run(["lint", "--findings", "-", "--sarif", "-", shop])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--sarif and --findings both name standard output") || both.stderr.contains("--findings and --sarif both name standard output"))
    }

    @Test("check reads a scenario from standard input and writes its WAV to standard output")
    func checkPipes() throws {
        let folder = try CLIRunner.temporaryFolder()
        let scenarios = Self.root.appendingPathComponent("samples/scenarios")
        let scenario = try Data(contentsOf: scenarios.appendingPathComponent("screen-changed.json"))
        let piped = try CLIRunner.run(["check", "-o", "-", "-"], input: scenario, currentDirectory: scenarios)
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = folder.appendingPathComponent("timeline.wav")
        let written = try CLIRunner.run(["check", "-o", file.path, "screen-changed.json"], currentDirectory: scenarios)
        #expect(written.status == 0)
        let wav = try Data(contentsOf: file)
        let bytes = piped.data
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        #expect(bytes[4..<8] == Data([0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(bytes[40..<44] == Data([0xFF, 0xFF, 0xFF, 0xFF]))
        // The same header fields otherwise, and the same samples.
        #expect(bytes[8..<40] == wav[8..<40])
        #expect(bytes.count == wav.count)
        #expect(bytes[44...] == wav[44...])
        // The transcript goes to standard error, its lines naming <stdin>'s steps.
        #expect(piped.stderr.contains("expectations, 0 failed"))
        // --transcript - with a format.
        let jsonl = try CLIRunner.run(["check", "--transcript", "-", "--transcript-format", "jsonl", "screen-changed.json"],
                                      currentDirectory: scenarios)
        let first = try #require(jsonl.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix(#"{"type":"utterance""#))
    }

    @Test("earshot help read is earshot read --help; an unknown command is a usage error")
    func helpCommand() throws {
        for command in ["read", "check", "test", "lint", "speak"] {
            let help = try CLIRunner.run(["help", command])
            #expect(help.status == 0)
            #expect(help.stdout == (try CLIRunner.run([command, "--help"])).stdout)
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
        }
        let unknown = try CLIRunner.run(["help", "raed"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("did you mean \"read\"?"))
    }

    @Test("a text starting with - is spoken after --, and speak --help says so; - reads the text from standard input")
    func dashText() throws {
        let spoken = try CLIRunner.run(["speak", "--no-audio", "--", "-5도, 흐림"])
        #expect(spoken.status == 0)
        #expect(spoken.stdout == "-5도, 흐림\n")
        let helpText = try CLIRunner.run(["speak", "--", "--help"])
        #expect(helpText.status != 0 || !helpText.stdout.hasPrefix("OVERVIEW"))
        let helpOption = try CLIRunner.run(["speak", "--no-audio", "--", "--help"])
        #expect(helpOption.stdout == "--help\n")
        let help = try CLIRunner.run(["speak", "--help"]).stdout
        #expect(help.contains("put -- before it, which ends the\n        options") || help.contains("put -- before it"))
        let fromInput = try CLIRunner.run(["speak", "--no-audio", "-"], input: Data("장바구니\n".utf8))
        #expect(fromInput.stdout == "장바구니\n")
    }
}
