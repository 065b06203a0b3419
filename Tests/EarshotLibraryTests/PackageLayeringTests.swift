import Foundation
import Testing

/// The layers as Package.swift declares them and as the source files use them: a file imports
/// only modules its target declares, and nothing a product ships depends on a test target.
@Suite("The package's layers are the ones it declares")
struct PackageLayeringTests {
    /// One target of the manifest, as `swift package dump-package` describes it.
    struct Target {
        var name: String
        var type: String
        /// The folder of its sources, relative to the repository.
        var path: String
        var dependencies: [String]
    }

    /// The manifest's targets and products (product name to its targets).
    static func manifest() throws -> (targets: [String: Target], products: [String: [String]]) {
        // A scratch folder of its own, so that the run does not wait for the build lock of the
        // `swift test` running this test.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try CoreConsumerTests().run(CoreConsumerTests().swiftExecutable(),
                                               ["package", "--package-path", repositoryRoot.path,
                                                "--scratch-path", scratch.path, "dump-package"])
        try #require(dump.status == 0, "dump-package failed:\n\(dump.output)")
        // Warnings may come before the JSON on the shared output.
        let json = Data(dump.output[dump.output.firstIndex(of: "{")!...].utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var targets: [String: Target] = [:]
        for entry in root["targets"] as? [[String: Any]] ?? [] {
            let name = entry["name"] as! String
            let type = entry["type"] as! String
            let path = entry["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            let dependencies = (entry["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency["byName"] ?? dependency["target"] ?? dependency["product"]).flatMap { ($0 as? [Any])?.first as? String }
            }
            targets[name] = Target(name: name, type: type, path: path, dependencies: dependencies)
        }
        var products: [String: [String]] = [:]
        for entry in root["products"] as? [[String: Any]] ?? [] {
            products[entry["name"] as! String] = entry["targets"] as? [String] ?? []
        }
        return (targets, products)
    }

    /// The modules a folder's Swift files import, each with the first file that does.
    static func imports(under folder: String) -> [String: String] {
        var found: [String: String] = [:]
        let base = repositoryRoot.appendingPathComponent(folder).path
        for file in (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? []).sorted()
        where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: base + "/" + file, encoding: .utf8) else { continue }
            // Imports start their line; an indented one is text inside a string (a program a test builds).
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let module = String(words[index + 1])
                if found[module] == nil { found[module] = folder + "/" + file }
            }
        }
        return found
    }

    @Test("every module of the package a file imports is declared by the file's target, and none is re-exported")
    func importsAreDeclared() throws {
        let (targets, _) = try Self.manifest()
        var checked = 0
        for target in targets.values where target.type != "system" {
            for (module, file) in Self.imports(under: target.path) where targets[module] != nil && module != target.name {
                #expect(target.dependencies.contains(module),
                        "\(file) imports \(module), which \(target.name) does not declare in Package.swift")
                checked += 1
            }
            let base = repositoryRoot.appendingPathComponent(target.path).path
            for file in FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [] where file.hasSuffix(".swift") {
                let text = (try? String(contentsOfFile: base + "/" + file, encoding: .utf8)) ?? ""
                let reexports = text.split(separator: "\n").contains { $0.hasPrefix("@_exported ") }
                #expect(!reexports, "\(target.path)/\(file) re-exports a module")
            }
        }
        #expect(checked > 50, "only \(checked) imports of package modules found; is the repository where the test looks?")
    }

    @Test("no target a product ships depends on a test target or on code under Tests/, however indirectly")
    func shippedTargetsDependOnNoTests() throws {
        let (targets, products) = try Self.manifest()
        #expect(products["earshot"] == ["EarshotCLI"] && products["earshot-bench"] == ["EarshotBench"])
        for (product, roots) in products {
            var seen = Set<String>()
            var queue = roots
            while let name = queue.popLast() {
                guard seen.insert(name).inserted, let target = targets[name] else { continue }
                #expect(target.type != "test" && !target.path.hasPrefix("Tests/"),
                        "the product \(product) depends on \(name) (\(target.path))")
                queue += target.dependencies
            }
        }
    }

    @Test("one target per workflow: check, render and explore use none of each other, what they share uses none of them, and the programs draw no page")
    func workflowsStandApart() throws {
        let (targets, _) = try Self.manifest()
        let workflows: Set = ["EarshotCheck", "EarshotRender", "EarshotExplore"]
        for name in workflows.union(["EarshotPlayback", "EarshotReport", "EarshotWorkers"]).sorted() {
            let target = try #require(targets[name], "Package.swift declares no \(name)")
            #expect(workflows.intersection(target.dependencies).isEmpty,
                    "\(name) depends on \(workflows.intersection(target.dependencies).sorted())")
        }
        // A page is drawn (`html(provenance:`) by its workflow's target, never by a program.
        for folder in ["Sources/EarshotCLI", "Sources/EarshotBench"] {
            let base = repositoryRoot.appendingPathComponent(folder).path
            for file in FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [] where file.hasSuffix(".swift") {
                let text = (try? String(contentsOfFile: base + "/" + file, encoding: .utf8)) ?? ""
                if folder.hasSuffix("Bench") && file == "ReportBenchmark.swift" { continue }  // measures the page drawing itself
                #expect(!text.contains(".html(provenance:"), "\(folder)/\(file) draws a report page")
            }
        }
    }

    @Test("the portable core declares no dependency, and only the programs link the built-in voices")
    func coreStandsAlone() throws {
        let (targets, _) = try Self.manifest()
        #expect(targets["EarshotCore"]?.dependencies == [])
        let linkingVoices = targets.values.filter { $0.type != "test" && $0.dependencies.contains("EarshotVoices") }.map(\.name)
        #expect(Set(linkingVoices) == ["EarshotCLI", "EarshotBench"])
        let coreFiles = FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("Sources/EarshotCore").path)?
            .allObjects as? [String] ?? []
        #expect(!coreFiles.contains { $0.hasSuffix(".generated.swift") }, "generated data is back in the core")
    }
}
