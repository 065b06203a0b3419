import EarshotCore
import EarshotExplore
import Foundation
import Testing

/// explore's command lines: the bounded line reader, and the fuzz corpus of command input
/// (Tests/FuzzCorpus/explore-commands, which scripts/fuzz.sh feeds to the same two steps).
@Suite("explore's command reader")
struct ExploreCommandCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus/explore-commands")

    @Test("lines past the limit are skipped whole and counted, CRLF and a last line without its end are read")
    func boundedLines() {
        let text = "next\r\n" + String(repeating: "x", count: 300) + "\nprevious\n" + String(repeating: "y", count: 250) + "\nlast"
        let reader = CommandLineEditor(data: Data(text.utf8), limit: 100)
        var items: [CommandLineEditor.Item] = []
        while let item = reader.next() { items.append(item) }
        #expect(items == [.line("next"), .tooLong(line: 2, bytes: 301), .line("previous"), .tooLong(line: 4, bytes: 251), .line("last")])
    }

    @Test("a 5 MB word that is no command is named by its start and length, with no did-you-mean search over it")
    func hugeUnknownWord() {
        let word = String(repeating: "nexx", count: 1_250_000)
        let message = (try? ExploreAction.parse(word)).map { "parsed as \($0)" }
            ?? { do { _ = try ExploreAction.parse(word); return "" } catch { return "\(error)" } }()
        #expect(message.contains("unknown command \"nexxnexxnexx"), "\(message.prefix(200))")
        #expect(message.contains("… (5000000 bytes)"), "\(message.prefix(200))")
        #expect(message.utf8.count < 200, "the message is one short line, not the word")
        // A near miss still gets its suggestion.
        let near = { do { _ = try ExploreAction.parse("nxet"); return "" } catch { return "\(error)" } }()
        #expect(near.contains("did you mean \"next\"?"), "\(near)")
    }

    @Test("each corpus input is read and parsed without a crash",
          arguments: (try? FileManager.default.contentsOfDirectory(atPath: corpus.path))?.sorted() ?? [])
    func replay(name: String) throws {
        let reader = CommandLineEditor(data: try Data(contentsOf: Self.corpus.appendingPathComponent(name)), limit: 4096)
        var lines = 0
        while let item = reader.next() {
            lines += 1
            if case .line(let line) = item { _ = try? ExploreAction.parse(line) }
        }
        #expect(lines > 0)
    }
}
