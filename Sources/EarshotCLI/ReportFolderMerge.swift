import EarshotCore
import EarshotReport
import Foundation

/// What `earshot merge` writes when it joins `test --report` folders, checked before anything
/// is written:
/// - the output is not one of the shards, nor inside one (copying a shard into itself would
///   never end);
/// - every entry of the shards is a regular file (the pages and their audio), and a name in
///   two shards is the same bytes in both (the shared assets), else the shards disagree;
/// - an entry already in the output is replaced only when the last merge into that folder wrote
///   it (its names are kept in `.earshot-merged`), so a folder or file of the user's that
///   happens to share a page's name is never touched and the same merge can be run again.
/// Each file goes in through a temporary name and a rename; the list of names is written last.
struct ReportFolderMerge {
    /// The file in the output folder naming what the last merge wrote there.
    static let ledgerName = ".earshot-merged"

    let output: String
    /// The files to write, by name in the output, each from the first shard holding it.
    let files: [(name: String, source: String)]

    init(inputs: [String], output: String) throws {
        self.output = output
        let outputPath = OutputSafety.resolvedPath(output)
        for input in inputs {
            let inputPath = OutputSafety.resolvedPath(input)
            if outputPath == inputPath || outputPath.hasPrefix(inputPath + "/") {
                throw OutputPathError("-o \(output) is \(outputPath == inputPath ? "the shard folder" : "inside the shard folder") \(input): merge writes into a folder of its own, outside every shard; nothing was written")
            }
        }
        var chosen: [String: String] = [:]
        var order: [String] = []
        for folder in inputs {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
                throw FileIOError(path: folder, reason: "cannot list the report folder (\(error.localizedDescription))")
            }
            for name in names where name != "index.html" && !name.hasPrefix(".") {
                let source = (folder as NSString).appendingPathComponent(name)
                guard Self.isFile(source) else {
                    throw DataFileError("\(name) is \(FileKind(atPath: source)?.description ?? "gone"), not a page or audio file that earshot test --report writes",
                                        at: SourceLocation(file: source, line: 1, column: 1))
                }
                if let first = chosen[name] {
                    guard FileManager.default.contentsEqual(atPath: first, andPath: source) else {
                        throw DataFileError("\(first) and \(source) differ: two shards of one run never write different files of one name",
                                            at: SourceLocation(file: source, line: 1, column: 1))
                    }
                    continue
                }
                chosen[name] = source
                order.append(name)
            }
        }
        files = order.map { ($0, chosen[$0]!) }
        try checkOutput()
    }

    /// Whether something (a link included, even a broken one) is at `path`.
    static func exists(_ path: String) -> Bool {
        SystemCall.linkStatus(path) != nil
    }

    /// Whether `path` is a regular file (not a link, folder or special file).
    static func isFile(_ path: String) -> Bool { exists(path) && FileKind(atPath: path) == nil }

    /// The names the last merge into the output wrote (empty for a new folder).
    private var ledger: Set<String> {
        let file = (output as NSString).appendingPathComponent(Self.ledgerName)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// The output is a folder (or nothing yet), and nothing of the user's would be replaced.
    private func checkOutput() throws {
        guard Self.exists(output) else { return }
        guard FileKind(atPath: AtomicFile.destination(of: output)) == .folder else {
            throw OutputPathError("-o \(output) is \(FileKind(atPath: output)?.description ?? "a file"), not a folder: merge of report folders writes a folder; nothing was written")
        }
        let written = ledger
        for name in files.map(\.name) + ["index.html"] {
            let target = (output as NSString).appendingPathComponent(name)
            guard Self.exists(target) else { continue }
            guard written.contains(name), Self.isFile(target) else {
                throw OutputPathError("\(target) exists and is not a file an earlier merge wrote there: merge never replaces what it did not write (choose a new or empty folder, or move it); nothing was written")
            }
        }
    }

    /// Copies the files and writes the merged index, then the list of what was written.
    func write(index: String) throws {
        try createFolder(output)
        for (name, source) in files {
            try PageFiles.copyFile(source, to: (output as NSString).appendingPathComponent(name), followingLinks: false)
        }
        try AtomicFile.write(index, to: (output as NSString).appendingPathComponent("index.html"), followingLinks: false)
        let names = (files.map(\.name) + ["index.html"]).sorted()
        try AtomicFile.write(names.joined(separator: "\n") + "\n", to: (output as NSString).appendingPathComponent(Self.ledgerName),
                             followingLinks: false)
    }
}
