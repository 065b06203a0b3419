import EarshotCore
import EarshotJack
import Foundation

/// The benchmark corpus: app-like Korean labels from the deterministic generator
/// (`scripts/mkcorpus.py N`: the same N gives the same lines), or from a file.
enum BenchmarkCorpus {
    /// `count` lines from the generator, found beside the repository from the working folder,
    /// the executable's folders or the repository it was built from.
    static func generated(count: Int) throws -> [String] {
        let script = try generatorPath()
        let (status, output) = try runToEnd("/usr/bin/env", ["python3", script, String(count)])
        guard status == 0 else {
            throw FileIOError(path: script, reason: "corpus generator exited with status \(status)")
        }
        return lines(of: output)
    }

    /// The non-empty lines of a corpus file.
    static func read(path: String) throws -> [String] {
        do {
            return lines(of: try String(contentsOfFile: path, encoding: .utf8))
        } catch {
            throw FileIOError(path: path, reason: "cannot read the corpus (\(error.localizedDescription))")
        }
    }

    private static func lines(of text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    private static func generatorPath() throws -> String {
        let relative = "scripts/mkcorpus.py"
        let folders = BenchmarkFiles.executableFolders + [BenchmarkFiles.repositoryRoot]
        let candidates = [relative] + folders.map { $0.appendingPathComponent(relative).standardized.path }
        guard let script = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw FileIOError(path: relative, reason: "corpus generator not found; pass --corpus FILE")
        }
        return script
    }
}
