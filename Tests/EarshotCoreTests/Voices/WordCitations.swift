import Foundation

/// What the words tests of NVDA and TalkBack share: the shape of a citation, and re-running an
/// extraction script on an upstream snapshot named by the environment.
enum WordCitations {
    /// Why `value` is not a citation of a file of `repository` (nil when it is one): an object
    /// with the repository, the file's path, a 40-digit commit, a key and, when given, a line.
    static func problem(with value: Any?, repository: String) -> String? {
        guard let citation = value as? [String: Any] else { return "no citation" }
        if citation["repository"] as? String != repository { return "repository is not \(repository)" }
        guard let path = citation["path"] as? String, !path.isEmpty, !path.hasPrefix("/") else { return "no path" }
        guard let commit = citation["commit"] as? String, commit.count == 40,
              commit.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return "no 40-digit commit" }
        guard let key = citation["key"] as? String, !key.isEmpty else { return "no key" }
        if let line = citation["line"], (line as? Int).map({ $0 < 1 }) ?? true { return "line \(line) is not a line" }
        return nil
    }

    /// Why `value` is not a citation of one of Earshot's own tables beside the data (nil when it
    /// is one): `{"table": "voices/...", "key": ...}` naming a file that exists.
    static func tableProblem(with value: Any?, root: URL) -> String? {
        guard let citation = value as? [String: Any], let table = citation["table"] as? String,
              citation["key"] is String else { return "no citation" }
        guard table.hasPrefix("voices/"), FileManager.default.fileExists(atPath: root.appendingPathComponent(table).path)
        else { return "\(table) does not exist" }
        return nil
    }

    /// The words of a file without what only says where they come from.
    static func words(_ profile: [String: Any]) -> NSDictionary {
        var words = profile
        for key in ["source", "citations", "licence"] { words[key] = nil }
        return words as NSDictionary
    }

    /// Runs an extraction script with `arguments` and `--out` a new folder; returns the folder and the script's errors.
    static func extract(script: URL, arguments: [String]) throws -> (folder: URL, status: Int32, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments + ["--out", folder.path]
        let errors = Pipe()
        process.standardOutput = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (folder, process.terminationStatus, message)
    }

    /// Options from the environment, split at spaces (`EARSHOT_TALKBACK_SNAPSHOT_OPTIONS="--commit ... --date ..."`).
    static func options(_ variable: String) -> [String] {
        (ProcessInfo.processInfo.environment[variable] ?? "").split(separator: " ").map(String.init)
    }
}
