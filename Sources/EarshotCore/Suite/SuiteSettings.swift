import Foundation

/// What a folder of scenarios carries for the scenarios under it, in `earshot-suite.json`
/// (docs/test-suites.md, "A folder's own settings"): the baseline an app under audit keeps its
/// known findings in, so `earshot test` over a tree that holds the folder passes as the folder's
/// owner meant without a `--baseline` on every command line.
///
/// ```json
/// {"earshotSuite": 1, "baseline": "baseline.json"}
/// ```
///
/// Paths are relative to the settings file. A `--baseline` given on the command line is used
/// for every scenario instead.
public struct SuiteSettings: Sendable, Equatable {
    public static let fileName = "earshot-suite.json"

    /// The settings file.
    public var path: String
    /// The baseline file for the scenarios under the folder, resolved against the settings file.
    public var baseline: String?

    public init(path: String, baseline: String? = nil) {
        self.path = path
        self.baseline = baseline
    }

    public static func load(path: String) throws -> SuiteSettings {
        let root = try JSONDocument.load(path: path)
        let top = try root.object(allowing: ["earshotSuite", "baseline"])
        let version = try top.required("earshotSuite").intValue()
        guard version == 1 else {
            throw DataFileError("suite settings version \(version) is not one this Earshot reads (1)", at: try top.required("earshotSuite").location)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let baseline = try top.string("baseline").map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
        return SuiteSettings(path: path, baseline: baseline)
    }

    /// The settings file nearest above `scenario`: in its folder or a parent, up to and
    /// including `root` (the folder the run was given, or the scenario's own folder for a file
    /// named directly); nil when there is none.
    public static func nearest(to scenario: String, root: String) -> String? {
        let top = ScenarioComposition.standardized(root)
        var folder = (ScenarioComposition.standardized(scenario) as NSString).deletingLastPathComponent
        while true {
            let candidate = folder.isEmpty ? fileName : (folder as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let inside = top.isEmpty ? !folder.isEmpty : folder.hasPrefix(top == "/" ? "/" : top + "/")
            guard folder != top, inside else { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The baselines the folders of `files` carry, each with the files it marks: for each file,
    /// the settings nearest above it within the path it was found through (`roots`: the paths
    /// the run was given), when they name a baseline. Each settings file and baseline is read once.
    public static func baselines(for files: [String], roots: [String]) throws -> [(settings: SuiteSettings, baseline: FindingBaseline, files: [String])] {
        var groups: [(settings: SuiteSettings, baseline: FindingBaseline, files: [String])] = []
        var index: [String: Int] = [:]
        var unused = Set<String>()
        for file in files {
            let standardFile = ScenarioComposition.standardized(file)
            let root = roots.first { root in
                let top = ScenarioComposition.standardized(root)
                return top.isEmpty || standardFile == top || standardFile.hasPrefix(top + "/")
            }
            let searchRoot = root.map { ScenarioComposition.standardized($0) == standardFile ? (file as NSString).deletingLastPathComponent : $0 }
                ?? (file as NSString).deletingLastPathComponent
            guard let path = nearest(to: file, root: searchRoot), !unused.contains(path) else { continue }
            if let at = index[path] {
                groups[at].files.append(file)
                continue
            }
            let settings = try load(path: path)
            guard let baselinePath = settings.baseline else {
                unused.insert(path)
                continue
            }
            index[path] = groups.count
            groups.append((settings, try FindingBaseline.load(path: baselinePath), [file]))
        }
        return groups
    }
}
