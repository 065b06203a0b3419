import Foundation
import Testing

/// A command run twice with the same arguments succeeds twice: what Earshot wrote last time is
/// replaced, not taken for a clash between two of its options; two options that do name one
/// path are refused before anything is written.
@Suite("Reruns replace their own outputs; two options naming one path are refused", .serialized)
struct RerunTests {
    static let root = CLIRunner.repositoryRoot

    /// The arguments of the demo's check (scripts/demo.sh) on its default scenario, writing into `out`.
    static func demoArguments(out: String) -> [String] {
        let name = "cart-walkthrough"
        return ["check", "samples/scenarios/\(name).json", "-o", "\(out)/\(name).wav", "--transcript", "\(out)/\(name).vtt",
                "--transcript", "\(out)/\(name).jsonl", "--findings", "\(out)/\(name).findings.json", "--report", "\(out)/\(name).html"]
    }

    @Test("the demo's check, run twice into the same folder, succeeds twice and writes the same transcript")
    func demoTwice() throws {
        // The test runs what the script runs: its command line, word for word.
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.sh"), encoding: .utf8)
        #expect(script.contains(#".build/debug/earshot check "$scenario" -o "out/$name.wav" --transcript "out/$name.vtt" --transcript "out/$name.jsonl" \"#))
        #expect(script.contains(#"--findings "out/$name.findings.json" --report "out/$name.html""#))
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var transcripts: [String] = []
        for run in 1...2 {
            let result = try CLIRunner.run(Self.demoArguments(out: folder.path), currentDirectory: Self.root)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
            #expect(!result.stderr.contains("same file"), "run \(run): \(result.stderr)")
            transcripts.append(try String(contentsOf: folder.appendingPathComponent("cart-walkthrough.vtt"), encoding: .utf8))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cart-walkthrough.html").path))
        }
        #expect(transcripts[0] == transcripts[1])
        #expect(transcripts[0].contains("-->"))
    }

    @Test("check -o X.wav --report X.html --report-audio external twice: the page's audio is the -o file, replaced")
    func checkWithAudioBesideTwice() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("x.wav").path, page = folder.appendingPathComponent("x.html").path
        for run in 1...2 {
            let result = try CLIRunner.run(["check", "samples/scenarios/cart-queued.json", "-o", wav, "--report", page,
                                            "--report-audio", "external"], currentDirectory: Self.root)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("src=\"./x.wav\""), "run \(run)")
            #expect(result.stdout.components(separatedBy: "wrote \(wav)").count == 2, "run \(run): \(result.stdout)")
        }
        let head = try #require(FileHandle(forReadingAtPath: wav)).readData(ofLength: 4)
        #expect(head == Data("RIFF".utf8))
    }

    @Test("read --report with its audio in a folder beside the page, twice: the folder is filled again")
    func readReportTwice() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("h.html").path
        var listings: [[String]] = []
        for run in 1...2 {
            let result = try CLIRunner.run(["read", "--report", page, "--report-audio", "external", "samples/screens/product-list.json"],
                                           currentDirectory: Self.root)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
            #expect(!result.stderr.contains("is a folder"), "run \(run): \(result.stderr)")
            listings.append(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("h-audio").path).sorted())
        }
        #expect(listings[0] == listings[1] && listings[0].count > 2, "\(listings)")
        // A link planted in the folder is still refused.
        let planted = folder.appendingPathComponent("h-audio").appendingPathComponent(listings[0][0])
        try FileManager.default.removeItem(at: planted)
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: folder.appendingPathComponent("elsewhere.wav").path)
        let linked = try CLIRunner.run(["read", "--report", page, "--report-audio", "external", "samples/screens/product-list.json"],
                                       currentDirectory: Self.root)
        #expect(linked.status == 64 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere.wav").path))
    }

    @Test("two options naming one output path are refused (64) before anything is written, whether the file exists or not")
    func twoOptionsOnePath() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.out").path
        let cases: [[String]] = [
            ["lint", "--junit", report, "--sarif", report, "samples/screens/product-list.json"],
            ["lint", "--junit", report, "--sarif", folder.path + "/./report.out", "samples/screens/product-list.json"],
            ["check", "-q", "--junit", report, "--findings", report, "samples/scenarios/cart-queued.json"],
            ["check", "-q", "--transcript", folder.path + "/t.vtt", "--transcript", folder.path + "/sub/../t.vtt", "samples/scenarios/cart-queued.json"],
        ]
        for arguments in cases {
            let result = try CLIRunner.run(arguments, currentDirectory: Self.root)
            #expect(result.status == 64 && result.stderr.contains("are the same file"), "\(arguments): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments)")
        }
    }

    @Test("--density takes Android's densities only: 0.75 to 4, or 120dpi to 640dpi")
    func densityRange() throws {
        for value in ["0.5", "0.001", "1e-308", "1e308dpi", "4.5", "100dpi", "nan", "infdpi", "-2"] {
            let result = try CLIRunner.run(["lint", "--density", value, "samples/screens/product-list.json"], currentDirectory: Self.root)
            #expect(result.status == 64 && result.stderr.contains("from 0.75 to 4"), "\(value): \(result.stderr)")
        }
        for value in ["0.75", "2.625", "4", "420dpi", "120dpi", "640DPI"] {
            let result = try CLIRunner.run(["lint", "--density", value, "samples/screens/product-list.json"], currentDirectory: Self.root)
            #expect([0, 1].contains(result.status), "\(value): \(result.stderr)")
        }
    }
}
