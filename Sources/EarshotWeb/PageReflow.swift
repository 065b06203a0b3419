import EarshotCore
import Foundation

/// Reflow at 320 CSS pixels (`WebReflow`; docs/web.md "Reflow at 320 pixels"): the window is
/// narrowed to 320 CSS pixels (`Emulation.setDeviceMetricsOverride`, height kept, one device
/// pixel a CSS pixel, not a phone), the page laid out again (two animation frames awaited), and
/// measured in one script: the document's scroll width, the outermost elements whose box reaches
/// past the window's right edge, and the controls (elements in the Tab order, drawn) whose box
/// lies partly outside the window. Left out, as WCAG 2.2 1.4.10 lets them scroll: what is inside
/// a table, a grid, `pre`, `code`, an image, `svg`, `canvas`, `video`, a frame, a map, math, an
/// application, and elements with `overflow` that scrolls (their own content scrolls, not the
/// page). Last of what is done to a page: the window stays narrow after it.
///
/// A page the measure fails on keeps its tree, with a note and no reflow.
extension BrowserSession {
    func measureReflow(_ tree: inout WebPageTree, nodeIDs: [Int: String]) {
        let group = "earshot-reflow"
        defer { _ = try? call("Runtime.releaseObjectGroup", ["objectGroup": group], deadline: Date().addingTimeInterval(10),
                              waitingFor: "for the browser to let the reflow's objects go") }
        do {
            let deadline = Date().addingTimeInterval(60)
            let what = "for the browser to lay out \(tree.url) 320 CSS pixels wide"
            let height = max(200, tree.viewport.height)
            try call("Emulation.setDeviceMetricsOverride", ["width": WebPageLimits.reflowWidth, "height": height, "deviceScaleFactor": 1, "mobile": false],
                     deadline: deadline, waitingFor: what)
            let answer = try PageScriptAnswer(self, expression: Self.reflowScript, group: group, awaitPromise: true,
                                              subject: "the reflow's script", deadline: deadline, waitingFor: what)
            guard let facts = answer.facts as? [String: Any] else {
                throw BrowserError.unavailable("the reflow's script's answer has no facts")
            }
            func node(_ index: Int) throws -> String? { try answer.backendID(index).flatMap { nodeIDs[$0] } }
            var at = 0
            func parts(_ key: String) throws -> [WebReflow.Part] {
                try (facts[key] as? [[String: Any]] ?? []).compactMap { fact in
                    defer { at += 1 }
                    guard let selector = pageText(fact["selector"] as? String) else { return nil }
                    return WebReflow.Part(node: try node(at), element: String(selector.prefix(WebPageLimits.longestCoverSelector)),
                                          right: (fact["right"] as? NSNumber)?.intValue ?? 0)
                }
            }
            let wide = try parts("wide"), cut = try parts("cut")
            tree.reflow = WebReflow(width: WebPageLimits.reflowWidth, scrollWidth: (facts["scrollWidth"] as? NSNumber)?.intValue ?? 0,
                                    wide: wide, cut: cut)
        } catch {
            tree.reflow = nil
            tree.notes.append(WebPageLimits.keptText("the page laid out 320 CSS pixels wide could not be measured (\(error)), so reflow.overflow was not checked"))
        }
    }

    /// The measure, run in the page: `{nodes, facts}`, `facts` (JSON) `{scrollWidth, wide:
    /// [{selector, right}], cut: [{selector, right}]}`, `nodes` the elements of `wide` then `cut`.
    static let reflowScript = """
        new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(done); }); }).then(function () {
          var root = document.scrollingElement || document.documentElement;
          var width = root.clientWidth, left = scrollX;
          var exempt = 'table, [role=table], [role=grid], [role=treegrid], pre, code, img, [role=img], svg, canvas, video, iframe, map, math, [role=math], [role=application]';
          function scrolls(element) {
            var style = getComputedStyle(element);
            return /auto|scroll|hidden|clip/.test(style.overflowX);
          }
          function selector(element) {
            var text = element.localName;
            if (element.id) { text += '#' + element.id; }
            for (var i = 0; i < element.classList.length && i < 3; i++) { text += '.' + element.classList[i]; }
            return text.slice(0, \(WebPageLimits.longestCoverSelector));
          }
          function inside(element) {
            for (var around = element; around && around !== document.body; around = around.parentElement) {
              if (around.matches(exempt)) { return true; }
              if (around !== element && scrolls(around)) { return true; }
            }
            return false;
          }
          var wide = [], cut = [];
          var all = document.body ? document.body.querySelectorAll('*') : [];
          for (var i = 0; i < all.length; i++) {
            var element = all[i];
            if (element.getClientRects().length === 0) { continue; }
            if (element.checkVisibility && !element.checkVisibility({visibilityProperty: true})) { continue; }
            var box = element.getBoundingClientRect();
            if (box.width < 1 || box.height < 1) { continue; }
            var right = box.right + left;
            if (root.scrollWidth > width && right > width + 1 && !inside(element)) {
              var parent = element.parentElement;
              var outer = !parent || parent === document.body || parent.getBoundingClientRect().right + left <= width + 1;
              if (outer) { wide.push({element: element, right: Math.round(right)}); }
            }
            if (element.tabIndex >= 0 && !element.disabled && (box.left + left < -1 || right > width + 1) && !inside(element)) {
              cut.push({element: element, right: Math.round(right)});
            }
          }
          wide.sort(function (a, b) { return b.right - a.right; });
          wide = wide.slice(0, 20);
          cut = cut.slice(0, 50);
          var nodes = wide.map(function (item) { return item.element; }).concat(cut.map(function (item) { return item.element; }));
          function facts(list) { return list.map(function (item) { return {selector: selector(item.element), right: item.right}; }); }
          return {nodes: nodes, facts: JSON.stringify({scrollWidth: root.scrollWidth, wide: facts(wide), cut: facts(cut)})};
        })
        """
}
