import EarshotAudio
import EarshotCore
import Foundation
import Testing

@Suite("earshot read")
struct ReadCommandTests {
    static let productList = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-list.json").path

    @Test("--no-audio prints the golden read-out of a sample screen")
    func noAudioPrintsGolden() throws {
        let result = try CLIRunner.run(["read", "--no-audio", Self.productList])
        #expect(result.status == 0)
        let golden = try String(contentsOfFile: Self.productList.replacingOccurrences(of: ".json", with: ".read.txt"), encoding: .utf8)
        #expect(result.stdout == golden)
    }

    @Test("-o writes one WAV per focus stop, named by position and id")
    func outputWritesOneWAVPerStop() throws {
        let folder = try CLIRunner.temporaryFolder().appendingPathComponent("stops")
        let result = try CLIRunner.run(["read", "-o", folder.path, Self.productList])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["001-title.wav", "002-card-1.wav", "003-card-2.wav", "004-card-3.wav", "005-more.wav"])
        let card = try WAVFile.read(path: folder.appendingPathComponent("002-card-1.wav").path)
        let title = try WAVFile.read(path: folder.appendingPathComponent("001-title.wav").path)
        // The card says far more than the heading, and its hint follows after a pause.
        #expect(card.duration > title.duration * 2)
    }

    @Test("a malformed screen file exits 65 naming file, line and column")
    func malformedScreenIsDataError() throws {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("bad.json").path
        try "{\n  \"elements\": [\n    {\"id\": \"a\", \"kind\": \"button\", \"traits\": [\"buton\"]}\n  ]\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["read", "--no-audio", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):3:"))
        #expect(result.stderr.contains("button"))
    }

    @Test("a missing screen file exits 74")
    func missingScreenIsIOError() throws {
        let result = try CLIRunner.run(["read", "--no-audio", "/nonexistent/screen.json"])
        #expect(result.status == 74)
    }
}
