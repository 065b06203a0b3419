import EarshotCore
import Foundation

/// Where axe-core's script is found, and how to install it (docs/web.md, "axe-core in the
/// page"). axe-core is no part of Earshot: `scripts/install-axe.sh` installs it from the Python
/// registry (axe-playwright-python 0.1.8, which ships axe-core 4.12.1, pinned by its hash), into
/// `.build/axe` of a checkout or `PREFIX/share/earshot/axe` (`scripts/install.sh`).
public enum AxeScript {
    /// The file the package ships, under the folder pip installs it into.
    public static let packagePath = "axe_playwright_python/axe.min.js"
    /// What a run without axe says, for the rows it would have judged and the run's note.
    public static let missing = "axe-core not installed: scripts/install-axe.sh installs it (pip, axe-playwright-python 0.1.8, which ships axe-core 4.12.1), or set EARSHOT_AXE to an axe.min.js"

    /// The script, in this order: `$EARSHOT_AXE` (an `axe.min.js`, or the folder pip installed
    /// the package into), then `share/earshot/axe` beside an installed binary, then `.build/axe`
    /// of the checkout the binary was built in; or why there is none. `$EARSHOT_AXE` set to
    /// nothing turns axe off.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = VoiceLibrary.executablePath()) -> Result<String, AxeUnavailable> {
        let files = FileManager.default
        func script(in place: String) -> String? {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: place, isDirectory: &isFolder) else { return nil }
            let file = isFolder.boolValue ? place + "/" + packagePath : place
            return files.isReadableFile(atPath: file) ? file : nil
        }
        if let chosen = environment["EARSHOT_AXE"] {
            if chosen.isEmpty { return .failure(AxeUnavailable(reason: "axe-core turned off ($EARSHOT_AXE is empty)")) }
            return script(in: chosen).map { .success($0) }
                ?? .failure(AxeUnavailable(reason: "axe-core not installed where $EARSHOT_AXE says (\(chosen) is neither axe.min.js nor a folder holding \(packagePath)): scripts/install-axe.sh FOLDER installs it there"))
        }
        let binFolder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        if let found = script(in: binFolder.deletingLastPathComponent().appendingPathComponent("share/earshot/axe").path) {
            return .success(found)
        }
        var folder = binFolder
        for _ in 0..<6 {
            if let found = script(in: folder.appendingPathComponent(".build/axe").path) { return .success(found) }
            folder.deleteLastPathComponent()
        }
        return .failure(AxeUnavailable(reason: missing))
    }
}

/// Why axe-core did not run on a page.
public struct AxeUnavailable: Error, Sendable, Equatable {
    public var reason: String
}

/// axe-core run in the page as loaded (`axe.run` on the document, `runOnly` the WCAG 2.0, 2.1
/// and 2.2 A and AA tags, the violations and incomplete results with their elements), into
/// `WebPageTree.axe`. The page's frames of its own site get axe too, so axe enters them as it
/// does (its frame messages); a frame of another site is left, after a second's wait. Every
/// rule that ran is kept with the criteria of its tags, whatever its outcome (a criterion it
/// bears on counts as checked). The elements axe names are identified one by one
/// (`DOM.describeNode`) as nodes of the tree. A page axe fails on keeps its tree, with the
/// failure as the reason (`AxeStatus.unavailable`).
extension BrowserSession {
    /// The tags `runOnly` asks for: WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's names).
    static let axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

    /// `heldTime`: the page's time is held (a scenario's page, `LiveBrowserPage`), so no timer
    /// of the page fires while axe runs. axe waits on zero-delay timers between its rules, so
    /// its script is evaluated with its own `setTimeout` and `clearTimeout` (`heldTimers`): each
    /// callback a microtask, in the order set, whatever its delay; axe then leaves the page's
    /// frames (their axe would wait on the frame's held timers) and does not preload the
    /// page's stylesheets (a preload's time-out would fire at once).
    func runAxe(_ tree: inout WebPageTree, nodeIDs: [Int: String], script: Result<String, AxeUnavailable>, heldTime: Bool = false) {
        let source: String
        switch script {
        case .failure(let why):
            tree.axe = .unavailable(why.reason)
            return
        case .success(let path):
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                tree.axe = .unavailable("axe-core's script \(path) could not be read")
                return
            }
            source = text
        }
        let group = "earshot-axe"
        defer { _ = try? call("Runtime.releaseObjectGroup", ["objectGroup": group], deadline: Date().addingTimeInterval(10),
                              waitingFor: "for the browser to let axe-core's objects go") }
        do {
            // A millisecond an element of the page beyond two minutes: axe walks the page many times.
            let deadline = Date().addingTimeInterval(120 + Double(min(tree.nodes.count, 10_000_000)) / 1_000)
            let what = "for axe-core's rules on \(tree.url)"
            let evaluation = heldTime ? Self.heldTimers + "(0, eval)('(function (setTimeout, clearTimeout) {\\n' + window.__earshotAxeSource + '\\n})(window.__earshotHeldTimers.set, window.__earshotHeldTimers.clear)')"
                : "(0, eval)(window.__earshotAxeSource)"
            let load = try call("Runtime.evaluate", ["expression": "window.__earshotAxeSource = \(jsonString(source)); \(evaluation); typeof axe",
                                                     "objectGroup": group, "returnByValue": true], deadline: deadline, waitingFor: what)
            guard ((load["result"] as? [String: Any])?["value"] as? String) == "object" else {
                throw BrowserError.unavailable("axe-core's script did not load in the page")
            }
            let answer = try PageScriptAnswer(self, expression: Self.axeScript(heldTime: heldTime), group: group, awaitPromise: true,
                                              subject: "axe-core", deadline: deadline, waitingFor: what)
            guard let facts = answer.facts as? [String: Any] else { throw BrowserError.unavailable("axe-core's answer has no facts") }
            func node(_ index: Int) throws -> String? { try answer.backendID(index).flatMap { nodeIDs[$0] } }
            func criteria(_ tags: Any?) -> [String] {
                Array(Set((tags as? [String] ?? []).compactMap(AxeRun.criterion(ofTag:)))).sorted {
                    $0.split(separator: ".").map { Int($0) ?? 0 }.lexicographicallyPrecedes($1.split(separator: ".").map { Int($0) ?? 0 })
                }
            }
            var rules: [AxeRule: [String]] = [:]
            for entry in facts["rules"] as? [[String: Any]] ?? [] {
                guard let rule = (entry["id"] as? String).flatMap(AxeRule.init(id:)) else { continue }
                rules[rule] = criteria(entry["tags"])
            }
            var results: [AxeResult] = []
            for entry in facts["results"] as? [[String: Any]] ?? [] {
                guard let rule = (entry["id"] as? String).flatMap(AxeRule.init(id:)),
                      let outcome = (entry["outcome"] as? String).flatMap(AxeOutcome.init(rawValue:)) else { continue }
                let nodes = try (entry["nodes"] as? [[String: Any]] ?? []).map { item in
                    AxeNode(node: try node((item["element"] as? NSNumber)?.intValue ?? -1),
                            target: WebPageLimits.keptText(item["target"] as? String ?? ""),
                            summary: (item["summary"] as? String).map(WebPageLimits.keptText))
                }
                results.append(AxeResult(rule: rule, outcome: outcome, impact: entry["impact"] as? String,
                                         help: WebPageLimits.keptText(entry["help"] as? String ?? ""),
                                         helpURL: WebPageLimits.keptText(entry["helpUrl"] as? String ?? ""),
                                         criteria: criteria(entry["tags"]), nodes: nodes))
            }
            tree.axe = .ran(AxeRun(version: facts["version"] as? String ?? "", rules: rules, results: results))
        } catch {
            tree.axe = .unavailable("axe-core did not finish on this page (\(error))")
        }
    }

    /// axe run in the page: `{nodes, facts}`. `facts` (JSON): axe's `version`, every rule that
    /// ran (`id`, `tags`) and each violation and incomplete result (`id`, `outcome`, `impact`,
    /// `help`, `helpUrl`, `tags`, `nodes`: `element`, the index in `nodes` of the element or -1
    /// for one in a frame, `target`, `summary`). axe's selectors: a frame's after ` >>> `, a
    /// shadow root's after ` >> `.
    static func axeScript(heldTime: Bool) -> String { """
        (async function () {
          var source = window.__earshotAxeSource, held = \(heldTime);
          delete window.__earshotAxeSource;
          // The page's own frames get axe too, so that axe.run enters them.
          if (!held) (function give(scope) {
            var frames = scope.querySelectorAll('iframe, frame');
            for (var i = 0; i < frames.length; i++) {
              try {
                var inner = frames[i].contentWindow;
                if (!inner || !inner.document) { continue; }
                if (!inner.axe) { inner.eval(source); }
                give(inner.document);
              } catch (error) { /* another site's frame: axe leaves it */ }
            }
          })(document);
          var tags = \(jsonString(axeTags.joined(separator: ",")));
          var answer = await axe.run(document, {runOnly: {type: 'tag', values: tags.split(',')},
                                                resultTypes: ['violations', 'incomplete'], elementRef: true,
                                                iframes: !held, frameWaitTime: 1000, preload: !held});
          var nodes = [], rules = [], results = [];
          ['violations', 'incomplete', 'passes', 'inapplicable'].forEach(function (kind) {
            answer[kind].forEach(function (rule) { rules.push({id: rule.id, tags: rule.tags}); });
          });
          function selector(target) {
            return target.map(function (part) { return Array.isArray(part) ? part.join(' >> ') : String(part); }).join(' >>> ');
          }
          [['violations', 'violation'], ['incomplete', 'incomplete']].forEach(function (kind) {
            answer[kind[0]].forEach(function (rule) {
              results.push({id: rule.id, outcome: kind[1], impact: rule.impact || null, help: rule.help, helpUrl: rule.helpUrl,
                            tags: rule.tags, nodes: rule.nodes.map(function (node) {
                              var index = -1;
                              if (node.element && node.element.nodeType === 1) { index = nodes.length; nodes.push(node.element); }
                              return {element: index, target: selector(node.target), summary: node.failureSummary || null};
                            })});
            });
          });
          return {nodes: nodes, facts: JSON.stringify({version: axe.version, rules: rules, results: results})};
        })()
        """ }

    /// axe's timers on a page whose time is held (`heldTime`): `set` runs its callback as a
    /// microtask with its arguments, whatever the delay, unless `clear` came first.
    static let heldTimers = """
        window.__earshotHeldTimers = (function () {
          var next = 1, cleared = new Set();
          return {
            set: function (callback) {
              var id = next++, args = Array.prototype.slice.call(arguments, 2);
              queueMicrotask(function () {
                if (cleared.delete(id)) { return; }
                if (typeof callback === 'function') { callback.apply(null, args); }
              });
              return id;
            },
            clear: function (id) { if (id) { cleared.add(id); } }
          };
        })();
        """
}
