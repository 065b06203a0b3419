import Foundation

/// Puts a scenario together from the files it names (docs/scenario-format.md, "Sharing one app
/// description"), so that a suite of flows for one app describes the app once.
///
/// - `"extends": "base.json"`: a base scenario. Its title, voice, screens, start, app, reader
///   and steps are this scenario's too; its steps run first, then this file's.
/// - `"include": "app.json"` or a list of files: parts holding any of `screens`, `app`,
///   `reader`, `voice` (and `include` themselves).
///
/// What the scenario's own file says wins over what it takes in (a screen of the same name
/// replaces the included one in its place; an `app` entry replaces the screen's whole entry);
/// two included files (or the base and a part) naming the same screen, app entry, reader or
/// voice is an error that names both places, since the suite would then depend on the order of
/// the list. Relative paths inside a file are read from that file's folder. A file including
/// itself, directly or not, is an error.
///
/// Bounds: a chain of `include` and `extends` is at most `maximumDepth` files deep (a deeper one
/// once ended the process with a stack overflow), and one scenario takes in at most
/// `maximumReadings` files counting repeats (a part including the next twice, 22 levels down,
/// once took a minute); each file is parsed once however often it is taken in.
///
/// The result is one JSON object with the nodes of all the files, each keeping its own file,
/// line and column, so every later error names the file it is in; `chains` says how each file
/// was reached, for those errors to add.
public struct ScenarioComposition {
    static let includeKeys = ["include", "extends"]
    /// The keys merged by name.
    static let namedSections = ["screens", "app"]
    /// The keys taken whole.
    static let wholeSections = ["title", "voice", "start", "reader"]
    /// The deepest chain of `include` / `extends` entries one scenario may have.
    public static let maximumDepth = 64
    /// How many files one scenario may take in through `include` and `extends`, repeats counted.
    public static let maximumReadings = 1_000

    /// The composed top-level object.
    var root: JSONNode
    /// Every file read besides the scenario's own, in the order read.
    var files: [String] = []
    /// For each such file, the `include` / `extends` entries that led to it, innermost first.
    var chains: [String: [SourceLocation]] = [:]

    /// Composes `root` (the scenario file at `path`); a scenario naming no other file comes
    /// back as it is.
    init(_ root: JSONNode, path: String) throws {
        self.root = root
        guard case .object(let members) = root.value,
              members.contains(where: { Self.includeKeys.contains($0.key) }) else { return }
        var reading = Reading()
        let layer = try reading.layer(root, file: path, chain: [], visiting: [Self.standardized(path)], isPart: false)
        self.root = layer.composedNode(at: root.location)
        files = reading.files
        chains = reading.chains
    }

    /// Adds the include chain to an error found in an included file.
    func located(_ error: DataFileError) -> DataFileError {
        guard let chain = chains[error.location.file], !chain.isEmpty else { return error }
        let path = chain.map { "from \($0)" }.joined(separator: ", ")
        return DataFileError(error.message + " (included \(path))", at: error.location)
    }

    /// A path with `.` and `..` resolved lexically (for pages named after files).
    public static func standardizedPath(_ path: String) -> String { standardized(path) }

    /// A path with `.` and `..` resolved lexically, for telling one file from another.
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// The files read so far.
    private struct Reading {
        var files: [String] = []
        var chains: [String: [SourceLocation]] = [:]
        /// Each file's parsed tree, read once.
        var parsed: [String: JSONNode] = [:]
        /// Files taken in so far, repeats counted.
        var readings = 0

        /// One file's contribution, with what it takes in merged below its own members.
        mutating func layer(_ node: JSONNode, file: String, chain: [SourceLocation], visiting: [String],
                            isPart: Bool) throws -> Layer {
            let allowed = isPart ? InputKind.scenarioPartKeys
                                 : ScenarioFile.topLevelKeys
            let object = try node.object(allowing: allowed)
            var taken = Layer()
            if let base = object["extends"] {
                taken = try merge(taken, try other(base, from: file, chain: chain, visiting: visiting, isPart: false))
            }
            if let include = object["include"] {
                let items: [JSONNode] = if case .array(let items) = include.value { items } else { [include] }
                for item in items {
                    taken = try merge(taken, try other(item, from: file, chain: chain, visiting: visiting, isPart: true))
                }
            }
            return taken.overridden(by: try Layer(own: object))
        }

        /// The layer of a file named by an `include` or `extends` entry.
        mutating func other(_ entry: JSONNode, from file: String, chain: [SourceLocation], visiting: [String],
                            isPart: Bool) throws -> Layer {
            let relative = try entry.stringValue()
            let path = ScenarioComposition.standardized(ScenarioFile.resolve(relative, folder: ScenarioFile.folder(of: file)))
            if visiting.contains(path) {
                throw DataFileError("\"\(relative)\" includes itself (through \(visiting.joined(separator: " -> ")) -> \(path))",
                                    at: entry.location)
            }
            guard chain.count < ScenarioComposition.maximumDepth else {
                throw DataFileError("\"\(relative)\" is more than \(ScenarioComposition.maximumDepth) files deep in include and extends (Earshot's limit): flatten the chain", at: entry.location)
            }
            readings += 1
            guard readings <= ScenarioComposition.maximumReadings else {
                throw DataFileError("\"\(relative)\" takes this scenario past \(ScenarioComposition.maximumReadings) files taken in through include and extends, repeats counted (Earshot's limit): a part is included more often than it can mean to be", at: entry.location)
            }
            let chain = [entry.location] + chain
            let root: JSONNode
            if let known = parsed[path] {
                root = known
            } else {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw DataFileError("included file \"\(relative)\" not found (looked at \(path))", at: entry.location)
                }
                do {
                    root = try JSONDocument.load(path: path)
                } catch let error as DataFileError {
                    let path = chain.map { "from \($0)" }.joined(separator: ", ")
                    throw DataFileError(error.message + " (included \(path))", at: error.location)
                }
                parsed[path] = root
            }
            if chains[path] == nil {
                chains[path] = chain
                files.append(path)
            }
            return try layer(root, file: path, chain: chain, visiting: visiting + [path], isPart: isPart)
        }

        /// Two taken-in layers side by side: they may not both name the same thing.
        func merge(_ first: Layer, _ second: Layer) throws -> Layer {
            var merged = first
            for section in ScenarioComposition.namedSections {
                for member in second.named[section, default: []] {
                    if let earlier = merged.named[section, default: []].first(where: { $0.key == member.key }) {
                        throw DataFileError(
                            "\(section == "app" ? "app entry" : "screen") \"\(member.key)\" is given twice: at \(earlier.keyLocation) and here; name it once, or in the scenario itself to override both",
                            at: member.keyLocation)
                    }
                    merged.named[section, default: []].append(member)
                }
                if merged.sectionNodes[section] == nil { merged.sectionNodes[section] = second.sectionNodes[section] }
            }
            for (key, member) in second.whole {
                if let earlier = merged.whole[key] {
                    throw DataFileError(
                        "\"\(key)\" is given twice: at \(earlier.keyLocation) and here; give it once, or in the scenario itself to override both",
                        at: member.keyLocation)
                }
                merged.whole[key] = member
            }
            merged.steps += second.steps
            merged.single = merged.single ?? second.single
            return merged
        }
    }

    /// What one file says, or several merged.
    private struct Layer {
        var named: [String: [JSONMember]] = [:]
        /// The `screens` / `app` object nodes, for their location.
        var sectionNodes: [String: JSONNode] = [:]
        var whole: [String: JSONMember] = [:]
        var single: JSONMember?
        var steps: [JSONNode] = []
        var stepsNode: JSONNode?
        var description: JSONMember?

        init() {}

        /// A file's own members (the include keys already read).
        init(own object: JSONObjectFields) throws {
            for member in object.members {
                switch member.key {
                case "screens", "app":
                    guard case .object(let items) = member.node.value else {
                        throw member.node.typeError(expected: "an object")
                    }
                    sectionNodes[member.key] = member.node
                    named[member.key] = items
                case "steps":
                    stepsNode = member.node
                    steps = try member.node.arrayItems()
                case "screen": single = member
                case "description": description = member
                case "include", "extends": break
                default: whole[member.key] = member
                }
            }
        }

        /// This (taken-in) layer with a file's own members on top.
        func overridden(by own: Layer) -> Layer {
            var result = self
            for section in ScenarioComposition.namedSections {
                for member in own.named[section, default: []] {
                    if let index = result.named[section, default: []].firstIndex(where: { $0.key == member.key }) {
                        result.named[section]![index] = member
                    } else {
                        result.named[section, default: []].append(member)
                    }
                }
                if let node = own.sectionNodes[section] { result.sectionNodes[section] = node }
            }
            for (key, member) in own.whole { result.whole[key] = member }
            result.steps += own.steps
            result.stepsNode = own.stepsNode ?? stepsNode
            result.single = own.single ?? single
            result.description = own.description ?? description
            return result
        }

        /// The merged scenario object.
        func composedNode(at location: SourceLocation) -> JSONNode {
            var members: [JSONMember] = []
            for key in ["title", "voice"] { if let member = whole[key] { members.append(member) } }
            if let description { members.append(description) }
            if let single { members.append(single) }
            for section in ScenarioComposition.namedSections {
                guard let items = named[section], let node = sectionNodes[section] else { continue }
                let merged = JSONNode(.object(items), at: node.location)
                members.append(JSONMember(key: section, keyLocation: node.location, node: merged))
            }
            for key in ["start", "reader"] { if let member = whole[key] { members.append(member) } }
            if let stepsNode {
                members.append(JSONMember(key: "steps", keyLocation: stepsNode.location,
                                          node: JSONNode(.array(steps), at: stepsNode.location)))
            }
            return JSONNode(.object(members), at: location)
        }
    }
}
