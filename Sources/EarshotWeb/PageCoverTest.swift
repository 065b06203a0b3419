import EarshotCore
import Foundation

/// What is drawn over each element Tab reaches, by the browser's own hit test, with the element
/// scrolled where keyboard focus can rest on it (`focus.covered`; docs/web.md, "What covers a
/// focused element").
///
/// - The elements: every element of the document and its open shadow roots with a `tabIndex`
///   of 0 or more, not disabled, drawn (`checkVisibility`) and with a box; frames' documents
///   are not entered.
/// - Where: scrolled to the top of the window, then to its bottom (`scrollIntoView`, block
///   `start` and `end`, inline `nearest`, at once whatever the page's `scroll-behavior`; the
///   page's `scroll-padding` and the element's `scroll-margin` kept). Chromium scrolls a focused
///   element only when it is not wholly inside the window, so focus can rest at either edge,
///   where a sticky header or a fixed banner is (Earshot's choice of the two places).
/// - On a page where nothing moves against the page as it scrolls (no element fixed or sticky,
///   no box that scrolls but the page), what covers an element covers it wherever it is: the
///   window is scrolled once for each window's worth of the page that holds an element's centre,
///   and each element is tested there (`anywhere`). A scroll and a hit test after it cost
///   Chromium about 0.3 ms (a new layout of the page each time), a hit test alone some 6 µs.
/// - Covered: the topmost element at the element's centre (`elementsFromPoint`, which skips
///   what `pointer-events: none` lets through) is neither the element nor inside it, and the
///   element is drawn under it there; the first edge found covered is kept. The whole element
///   is hidden when no point of its centre and its four corners (1 px in) shows it.
/// - The cover's node: the nearest element from the topmost one outwards that has a node of the
///   tree, before the first one that also holds the covered element.
///
/// One script runs over the whole page; the DOM nodes it names (the covered and their covers)
/// are then identified (`DOM.describeNode`), only those, all asked at once (`PageScriptAnswer`). A page the test fails on
/// (a script error, a time-out) keeps its tree, with a note and `coversTested` false.
extension BrowserSession {
    func testCovers(_ tree: inout WebPageTree, nodeIDs: [Int: String]) {
        let group = "earshot-covers"
        defer { _ = try? call("Runtime.releaseObjectGroup", ["objectGroup": group], deadline: Date().addingTimeInterval(10),
                              waitingFor: "for the browser to let the hit test's objects go") }
        do {
            // A millisecond an element of the page beyond a minute, as for its tree.
            let deadline = Date().addingTimeInterval(60 + Double(min(tree.nodes.count, 10_000_000)) / 1_000)
            let what = "for the browser's hit test of what covers each focusable element of \(tree.url)"
            let answer = try PageScriptAnswer(self, expression: Self.coverScript, group: group, subject: "the hit test's script",
                                              deadline: deadline, waitingFor: what)
            guard let facts = answer.facts as? [[String: Any]] else {
                throw BrowserError.unavailable("the hit test's script's answer has no facts")
            }
            let backendID = answer.backendID
            let index = Dictionary(tree.nodes.indices.map { (tree.nodes[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            var at = 0
            for fact in facts {
                let chain = (fact["chain"] as? NSNumber)?.intValue ?? 0
                defer { at += 1 + chain }
                guard chain > 0, let element = try backendID(at), let covered = nodeIDs[element], let place = index[covered],
                      let edge = (fact["edge"] as? String).flatMap(WebCoverEdge.init(rawValue:)),
                      let selector = pageText(fact["selector"] as? String) else { continue }
                var cover: String?
                for step in 1...chain {
                    if let id = try backendID(at + step).flatMap({ nodeIDs[$0] }) {
                        cover = id
                        break
                    }
                }
                tree.nodes[place].cover = WebPageTree.Cover(node: cover, element: String(selector.prefix(WebPageLimits.longestCoverSelector)),
                                                             whole: fact["whole"] as? Bool ?? false, edge: edge)
            }
            tree.coversTested = true
        } catch {
            for index in tree.nodes.indices { tree.nodes[index].cover = nil }
            tree.coversTested = false
            tree.notes.append(WebPageLimits.keptText("the browser's hit test of what covers each focusable element did not finish "
                                                     + "(\(error)), so focus.covered was not checked"))
        }
    }

    /// An object's own properties by name, each as `Runtime.getProperties` gives its value.
    func properties(of object: String, deadline: Date, waitingFor what: @autoclosure () -> String) throws -> [String: [String: Any]] {
        let answer = try call("Runtime.getProperties", ["objectId": object, "ownProperties": true], deadline: deadline, waitingFor: what())
        var byName: [String: [String: Any]] = [:]
        for property in answer["result"] as? [[String: Any]] ?? [] {
            if let name = property["name"] as? String, let value = property["value"] as? [String: Any] { byName[name] = value }
        }
        return byName
    }

    /// The hit test, run in the page: `{nodes, facts}`. `facts` (JSON) has one entry for each
    /// element tested covered: `edge`, `whole`, the cover's `selector` and
    /// `chain`, how many of `nodes` after the element are the cover and the elements around it
    /// up to the first that holds the element too (the element first, then its chain, in turn).
    static let coverScript = """
        (function () {
          var nodes = [], facts = [], elements = [], moving = false;
          var root = document.scrollingElement || document.documentElement;
          function scrolls(style) {
            return /auto|scroll/.test(style.overflowX + ' ' + style.overflowY);
          }
          function gather(scope) {
            var all = scope.querySelectorAll('*');
            for (var i = 0; i < all.length; i++) {
              var element = all[i];
              if (element.shadowRoot) { gather(element.shadowRoot); }
              if (!moving) {
                var style = getComputedStyle(element);
                if (style.position === 'fixed' || style.position === 'sticky') { moving = true; }
                else if (element !== root && element !== document.body && scrolls(style)
                         && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth)) { moving = true; }
              }
              if (!(element.tabIndex >= 0) || element.disabled) { continue; }
              if (element.checkVisibility && !element.checkVisibility({visibilityProperty: true})) { continue; }
              if (element.getClientRects().length === 0) { continue; }
              elements.push(element);
            }
          }
          gather(document);
          function at(element, scope, x, y) {
            var list = scope.elementsFromPoint(x, y);
            if (list.length === 0) { return 'outside'; }
            var top = list[0];
            if (top === element || element.contains(top)) { return 'shown'; }
            for (var i = 1; i < list.length; i++) {
              if (list[i] === element || element.contains(list[i])) { return top; }
            }
            return 'absent';
          }
          function selector(element) {
            var text = element.localName;
            if (element.id) { text += '#' + element.id; }
            for (var i = 0; i < element.classList.length && i < 3; i++) { text += '.' + element.classList[i]; }
            return text.slice(0, \(WebPageLimits.longestCoverSelector));
          }
          // Whether the element, where it is now, is covered at its centre; if so, noted.
          function test(element, edge) {
            var scope = element.getRootNode();
            if (!scope.elementsFromPoint) { scope = document; }
            var box = element.getBoundingClientRect();
            if (box.width < 1 || box.height < 1) { return false; }
            var cover = at(element, scope, box.left + box.width / 2, box.top + box.height / 2);
            if (typeof cover === 'string') { return false; }
            var corners = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1],
                           [box.right - 1, box.bottom - 1]];
            var whole = corners.every(function (point) { return at(element, scope, point[0], point[1]) !== 'shown'; });
            var chain = [];
            for (var around = cover; around && !around.contains(element); around = around.parentElement) { chain.push(around); }
            nodes.push(element);
            nodes.push.apply(nodes, chain);
            facts.push({edge: edge, whole: whole, selector: selector(cover), chain: chain.length});
            return true;
          }
          if (moving) {
            // Something moves against the page as it scrolls: each element at each edge.
            var edges = [['start', 'top'], ['end', 'bottom']];
            for (var e = 0; e < elements.length; e++) {
              for (var k = 0; k < edges.length; k++) {
                elements[e].scrollIntoView({block: edges[k][0], inline: 'nearest', behavior: 'instant'});
                if (test(elements[e], edges[k][1])) { break; }
              }
            }
          } else {
            // Nothing does: one scroll for each window of the page that holds an element's
            // centre, and each element tested there.
            var width = innerWidth, height = innerHeight, steps = {}, keys = [];
            window.scrollTo({left: 0, top: 0, behavior: 'instant'});
            for (var i = 0; i < elements.length; i++) {
              var box = elements[i].getBoundingClientRect();
              var key = Math.max(0, Math.floor((box.left + box.width / 2) / width)) + ' '
                + Math.max(0, Math.floor((box.top + box.height / 2) / height));
              if (!steps[key]) { steps[key] = []; keys.push(key); }
              steps[key].push(i);
            }
            keys.forEach(function (key) {
              var place = key.split(' ');
              window.scrollTo({left: place[0] * width, top: place[1] * height, behavior: 'instant'});
              steps[key].forEach(function (index) { test(elements[index], 'anywhere'); });
            });
          }
          return {nodes: nodes, facts: JSON.stringify(facts)};
        })()
        """
}

/// What a script of Earshot's run in the page answers (the hit test, the reflow's measure,
/// axe-core's run, the keyboard walk's elements): an object `{facts, nodes}`, `facts` as JSON
/// text and `nodes` the page's elements the facts count into, each identified as its DevTools
/// node (`DOM.describeNode`), all of them asked at once (`BrowserSession.calls`): one round trip's
/// wait for the list, not one a node.
struct PageScriptAnswer {
    /// `facts`, parsed.
    var facts: Any
    /// The backend id of each of `nodes`, in turn (nil for one the browser gave none).
    private let ids: [Int?]

    /// Runs `expression` in the page's `group` (awaiting it when it gives a promise); `subject`
    /// names the script in errors ("the hit test's script").
    init(_ session: BrowserSession, expression: String, group: String, awaitPromise: Bool = false, subject: String,
         deadline: Date, waitingFor what: String) throws {
        var parameters: [String: Any] = ["expression": expression, "objectGroup": group, "returnByValue": false]
        if awaitPromise { parameters["awaitPromise"] = true }
        let answer = try session.call("Runtime.evaluate", parameters, deadline: deadline, waitingFor: what)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let detail = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? exception["text"] as? String ?? "an exception"
            throw BrowserError.unavailable("\(subject) failed in the page: \(detail.prefix(300))")
        }
        guard let result = (answer["result"] as? [String: Any])?["objectId"] as? String else {
            throw BrowserError.unavailable("\(subject) gave no answer")
        }
        let fields = try session.properties(of: result, deadline: deadline, waitingFor: what)
        guard let factsText = fields["facts"]?["value"] as? String, let list = fields["nodes"]?["objectId"] as? String,
              let facts = try? JSONSerialization.jsonObject(with: Data(factsText.utf8)) else {
            throw BrowserError.unavailable("\(subject)'s answer has no facts")
        }
        self.facts = facts
        let items = try session.properties(of: list, deadline: deadline, waitingFor: what)
        // The list's own properties are its indices (and `length`): the elements in turn.
        var objects: [String?] = []
        while let item = items[String(objects.count)] { objects.append(item["objectId"] as? String) }
        let asked = objects.compactMap { $0 }.map { (method: "DOM.describeNode", parameters: ["objectId": $0] as [String: Any]) }
        var described = try session.calls(asked, deadline: deadline, waitingFor: what).makeIterator()
        ids = objects.map { object in
            guard object != nil, let node = described.next()?["node"] as? [String: Any] else { return nil }
            return (node["backendNodeId"] as? NSNumber)?.intValue
        }
    }

    /// The DevTools backend id of `nodes[index]`; nil past the list's end.
    func backendID(_ index: Int) throws -> Int? {
        guard ids.indices.contains(index) else { return nil }
        return ids[index]
    }

    /// How many elements `nodes` holds.
    var count: Int { ids.count }
}
