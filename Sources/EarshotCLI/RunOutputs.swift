import EarshotCore
import Foundation

/// The one check every command makes before it writes: each output against every file the run
/// reads (its inputs, and through a scenario the parts, bases, screens and voice it takes in,
/// and a voice profile named by path), and no two outputs the same file (`OutputSafety.check`).
/// An output that is a symbolic link a user named is written through; a note says where.
enum RunOutputs {
    /// Throws `OutputPathError` (exit 64) when an output is a file the run reads; prints a note
    /// for each output that is a symbolic link. `voice` is `--voice`, counted when it is a path.
    /// `notingLinks` false: the outputs are in a folder the command owns, where a link is refused.
    static func check(_ outputs: [(option: String, path: String)], inputs: [String], voice: String? = nil,
                      notingLinks: Bool = true) throws {
        try OutputSafety.check(outputs: outputs, inputs: filesRead(inputs, voice: voice))
        for (option, path) in outputs where notingLinks && path != "-" {
            guard case .link = FileKind(atPath: path) else { continue }
            standardError("note: \(option) \(path) is a symbolic link: Earshot writes the file it leads to, \(AtomicFile.destination(of: path)) (a read-only one is never replaced)")
        }
    }

    /// Every file a run over `inputs` reads: each input, and for a scenario what it takes in.
    static func filesRead(_ inputs: [String], voice: String? = nil) -> [String] {
        var files = inputs.flatMap(ScenarioFile.inputFiles(path:))
        if let voice, isVoicePath(voice) { files.append(voice) }
        return files
    }

    /// A `--voice` that names a file (a path or a .json name), not a voice of the library.
    static func isVoicePath(_ voice: String) -> Bool {
        voice.contains("/") || voice.lowercased().hasSuffix(".json")
    }
}
