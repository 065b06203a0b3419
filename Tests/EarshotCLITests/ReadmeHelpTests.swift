import Foundation
import Testing

/// The README's command synopses are the command registry's: each `<!-- help: COMMAND -->`
/// block holds the USAGE and OPTIONS lines `earshot COMMAND --help` prints (written by
/// scripts/readme-help.py), and every command has one. They once lagged `--help` by a dozen
/// options.
@Suite("README synopses match --help")
struct ReadmeHelpTests {
    static let readme = CLIRunner.repositoryRoot.appendingPathComponent("README.md")

    /// Command name and block text, in README order.
    static func blocks() throws -> [(command: String, text: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var found: [(String, String)] = []
        var rest = Substring(text)
        while let start = rest.range(of: "<!-- help: ") {
            let afterName = rest[start.upperBound...]
            guard let nameEnd = afterName.range(of: " -->\n"), let end = afterName.range(of: "<!-- /help -->") else { break }
            let name = String(afterName[..<nameEnd.lowerBound])
            found.append((name, String(afterName[nameEnd.upperBound..<end.lowerBound])))
            rest = afterName[end.upperBound...]
        }
        return found
    }

    /// USAGE up to the end of OPTIONS of `--help`, indented as the README block holds it.
    static func synopsis(_ command: String) throws -> String {
        let help = try CLIRunner.run([command, "--help"]).stdout
        let lines = help.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "USAGE:"))
        let options = try #require(lines.firstIndex(of: "OPTIONS:"))
        let end = lines[options...].firstIndex(of: "") ?? lines.count
        return "\n" + lines[start..<end].map { ("    " + $0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n\n"
    }

    @Test("every command has a block, and each block is its --help USAGE and OPTIONS")
    func blocksMatchHelp() throws {
        let blocks = try Self.blocks()
        let top = try CLIRunner.run(["--help"]).stdout
        let commandLines = top.components(separatedBy: "\n").drop { $0 != "COMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
        let commands = commandLines.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 11, "\(commands)")
        #expect(Set(blocks.map(\.command)) == Set(commands), "README blocks \(blocks.map(\.command)), registry \(commands)")
        for block in blocks {
            #expect(block.text == (try Self.synopsis(block.command)),
                    "README's block for \(block.command) differs from --help: run scripts/readme-help.py")
        }
    }
}
