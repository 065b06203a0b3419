import EarshotCore
import Foundation

/// Text spacing (`WebTextSpacing`; docs/web.md "Text spacing"): WCAG 2.2 1.4.12's spacing is
/// given to the page by a stylesheet of Earshot's (every element's line height 1.5 times its
/// font size, letters 0.12 and words 0.16 times apart, paragraphs 2 times apart below, each
/// `!important` with a selector no ordinary rule of the page outweighs), and the page is
/// measured before and after in one script, which takes the stylesheet away again:
///
/// - each box that hides what does not fit (`overflow: hidden` or `clip`, more than 2 pixels
///   each way, holding text) whose text reaches further past its inner edges, in an axis it
///   hides (its text nodes' line boxes; a box inside it that clips or scrolls by its own box);
/// - each element's own text (its text nodes' line boxes) lying over another element's text
///   where it did not before (text in fixed and sticky boxes, SVG drawings and math left out:
///   the window, or coordinates, decide what lies under them).
///
/// The page's light DOM alone: a shadow root or a frame does not take a document's stylesheet.
/// A page the measure fails on keeps its tree, with a note and no text spacing.
extension BrowserSession {
    func measureTextSpacing(_ tree: inout WebPageTree, nodeIDs: [Int: String]) {
        let group = "earshot-text-spacing"
        defer { _ = try? call("Runtime.releaseObjectGroup", ["objectGroup": group], deadline: Date().addingTimeInterval(10),
                              waitingFor: "for the browser to let the text spacing's objects go") }
        do {
            let deadline = Date().addingTimeInterval(60 + Double(min(tree.nodes.count, 10_000_000)) / 1_000)
            let answer = try PageScriptAnswer(self, expression: Self.textSpacingScript, group: group, awaitPromise: true,
                                              subject: "the text spacing's script", deadline: deadline,
                                              waitingFor: "for the browser to lay out \(tree.url) with WCAG 1.4.12's text spacing")
            guard let facts = answer.facts as? [String: Any] else {
                throw BrowserError.unavailable("the text spacing's script's answer has no facts")
            }
            // The first of a part's chain (its text, the element, the elements around it) that is a node of the tree.
            func node(_ chain: Any?) throws -> String? {
                for index in chain as? [NSNumber] ?? [] {
                    if let id = try answer.backendID(index.intValue).flatMap({ nodeIDs[$0] }) { return id }
                }
                return nil
            }
            func parts(_ key: String) throws -> [WebTextSpacing.Part] {
                try (facts[key] as? [[String: Any]] ?? []).prefix(WebPageLimits.mostSpacingParts).compactMap { fact in
                    guard let selector = pageText(fact["selector"] as? String) else { return nil }
                    let text = WebPageLimits.keptText(fact["text"] as? String ?? "")
                    let pixels = (fact["pixels"] as? NSNumber)?.intValue ?? 0
                    return WebTextSpacing.Part(node: try node(fact["chain"]), element: String(selector.prefix(WebPageLimits.longestCoverSelector)),
                                               text: String(text.prefix(WebPageLimits.longestSpacingText)),
                                               pixels: min(max(pixels, 0), WebPageLimits.largestViewportSide * 100),
                                               other: pageText(fact["other"] as? String).map { String($0.prefix(WebPageLimits.longestCoverSelector)) })
                }
            }
            tree.textSpacing = WebTextSpacing(clipped: try parts("clipped"), overlapping: try parts("overlapping"))
        } catch {
            tree.textSpacing = nil
            tree.notes.append(WebPageLimits.keptText("the page with WCAG 1.4.12's text spacing could not be measured (\(error)), so text.spacing-lost was not checked"))
        }
    }

    /// The stylesheet: WCAG 2.2 1.4.12's four values. `:is()` takes the specificity of its
    /// most specific argument, so `:is(#a#a#a, *)` matches every element and outweighs a rule
    /// of the page with up to three ids (**Earshot's choice**: a reader's own stylesheet
    /// would be the user's, above the author's `!important`; a page's script cannot tell).
    static let textSpacingStyle = ":is(#earshot-spacing#earshot-spacing#earshot-spacing, *) { line-height: 1.5 !important; "
        + "letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } "
        + ":is(#earshot-spacing#earshot-spacing#earshot-spacing, p) { margin-bottom: 2em !important; }"

    /// The measure, run in the page: `{nodes, facts}`, `facts` (JSON) `{clipped: [{selector,
    /// text, pixels, chain}], overlapping: [{selector, text, pixels, other, chain}]}`, each
    /// `chain` indices into `nodes` (the part's first text, its element, two elements around).
    static let textSpacingScript = """
        (async function () {
          function frames() { return new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(done); }); }); }
          var body = document.body;
          if (!body) { return {nodes: [], facts: JSON.stringify({clipped: [], overlapping: []})}; }
          var hides = /hidden|clip/;
          function selector(element) {
            var text = element.localName;
            if (element.id) { text += '#' + element.id; }
            for (var i = 0; i < element.classList.length && i < 3; i++) { text += '.' + element.classList[i]; }
            return text.slice(0, \(WebPageLimits.longestCoverSelector));
          }
          function shown(element) {
            if (element.getClientRects().length === 0) { return false; }
            return !element.checkVisibility || element.checkVisibility({visibilityProperty: true, opacityProperty: true});
          }
          function words(text) { return text.replace(/\\s+/g, ' ').trim().slice(0, \(WebPageLimits.longestSpacingText)); }
          // The element's text as read: its text nodes' words, a space between nodes (a line
          // break, <br>, is one), the first 80 characters.
          function textOf(element) {
            var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), parts = [], length = 0;
            for (var node = walker.nextNode(); node && length < \(WebPageLimits.longestSpacingText); node = walker.nextNode()) {
              parts.push(node.data);
              length += node.data.length;
            }
            return words(parts.join(' '));
          }
          var pinned = new Map();
          // Whether the element is in a fixed or sticky box (or an SVG drawing or math, whose
          // text is placed by coordinates), walked up once and kept for every element passed.
          function inPinnedBox(element) {
            var passed = [], answer = false;
            for (var at = element; at && at !== body; at = at.parentElement) {
              if (pinned.has(at)) { answer = pinned.get(at); break; }
              passed.push(at);
              var position = getComputedStyle(at).position;
              if (position === 'fixed' || position === 'sticky' || at.localName === 'svg' || at.localName === 'math') { answer = true; break; }
            }
            passed.forEach(function (each) { pinned.set(each, answer); });
            return answer;
          }
          function firstText(element) {
            var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {acceptNode: function (node) {
              return /\\S/.test(node.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP; }});
            return walker.nextNode();
          }
          // What is measured, chosen once, with the page's own spacing.
          var boxes = [], holders = [];
          var all = body.querySelectorAll('*');
          for (var i = 0; i < all.length && i < 50000; i++) {
            var element = all[i];
            if (!shown(element)) { continue; }
            var style = getComputedStyle(element);
            var x = hides.test(style.overflowX), y = hides.test(style.overflowY);
            if ((x || y) && boxes.length < 2000 && element.clientWidth > 2 && element.clientHeight > 2 && firstText(element)) {
              boxes.push({element: element, x: x, y: y});
            }
            if (holders.length < 5000 && !inPinnedBox(element)) {
              for (var child = element.firstChild; child; child = child.nextSibling) {
                if (child.nodeType === 3 && /\\S/.test(child.data)) { holders.push(element); break; }
              }
            }
          }
          // How far the box's text reaches past its inner edges (its padding box), right or left
          // and down or up, in CSS pixels: its text nodes' line boxes, shown, and of a box inside
          // it that clips or scrolls on its own its border box instead (what shows of it).
          function reach(box) {
            var element = box.element, outer = element.getBoundingClientRect();
            var left = outer.left + element.clientLeft, top = outer.top + element.clientTop;
            var right = left + element.clientWidth, bottom = top + element.clientHeight;
            var past = {x: 0, y: 0}, counted = 0;
            function add(rect) {
              if (rect.width < 1 || rect.height < 1) { return; }
              past.x = Math.max(past.x, rect.right - right, left - rect.left);
              past.y = Math.max(past.y, rect.bottom - bottom, top - rect.top);
            }
            var walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {acceptNode: function (node) {
              if (node.nodeType === 3) { return /\\S/.test(node.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP; }
              var style = getComputedStyle(node);
              if (style.display === 'none' || style.visibility === 'hidden') { return NodeFilter.FILTER_REJECT; }
              if (style.overflowX !== 'visible' || style.overflowY !== 'visible') { add(node.getBoundingClientRect()); return NodeFilter.FILTER_REJECT; }
              return NodeFilter.FILTER_SKIP;
            }});
            for (var text = walker.nextNode(); text && counted < 2000; text = walker.nextNode()) {
              counted += 1;
              var range = document.createRange();
              range.selectNodeContents(text);
              var rects = range.getClientRects();
              for (var r = 0; r < rects.length; r++) { add(rects[r]); }
            }
            return {x: box.x ? past.x : 0, y: box.y ? past.y : 0};
          }
          // Each pair of holders whose texts' line boxes overlap, with the overlap's height.
          function overlaps() {
            var lines = [];
            holders.forEach(function (element, owner) {
              for (var child = element.firstChild; child; child = child.nextSibling) {
                if (child.nodeType !== 3 || !/\\S/.test(child.data)) { continue; }
                var range = document.createRange();
                range.selectNodeContents(child);
                var rects = range.getClientRects();
                for (var r = 0; r < rects.length && lines.length < 20000; r++) {
                  var rect = rects[r];
                  if (rect.width >= 1 && rect.height >= 1) { lines.push({owner: owner, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom}); }
                }
              }
            });
            lines.sort(function (a, b) { return a.top - b.top; });
            var found = new Map(), compared = 0;
            for (var a = 0; a < lines.length && compared < 2000000; a++) {
              var one = lines[a];
              for (var b = a + 1; b < lines.length && lines[b].top < one.bottom - 2; b++) {
                compared += 1;
                var two = lines[b];
                if (one.owner === two.owner) { continue; }
                var wide = Math.min(one.right, two.right) - Math.max(one.left, two.left);
                var high = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
                if (wide > 2 && high > 2) {
                  var key = Math.min(one.owner, two.owner) + ',' + Math.max(one.owner, two.owner);
                  found.set(key, Math.max(found.get(key) || 0, high));
                }
              }
            }
            return found;
          }
          var reachBefore = boxes.map(reach), overlapsBefore = overlaps();
          var sheet = document.createElement('style');
          sheet.textContent = \(jsonString(textSpacingStyle));
          (document.head || document.documentElement).appendChild(sheet);
          var reachAfter, overlapsAfter;
          try {
            await frames();
            reachAfter = boxes.map(reach);
            overlapsAfter = overlaps();
          } finally {
            sheet.remove();
          }
          var nodes = [];
          function chain(element, text) {
            var list = [];
            if (text) { list.push(nodes.length); nodes.push(text); }
            for (var around = element, up = 0; around && around !== body && up < 3; around = around.parentElement, up++) {
              list.push(nodes.length);
              nodes.push(around);
            }
            return list;
          }
          var clipped = [], overlapping = [];
          boxes.forEach(function (box, index) {
            var before = reachBefore[index], after = reachAfter[index];
            var grew = (after.x > 1 && after.x > before.x + 1) || (after.y > 1 && after.y > before.y + 1);
            if (grew && clipped.length < \(WebPageLimits.mostSpacingParts)) {
              clipped.push({selector: selector(box.element), text: textOf(box.element), pixels: Math.round(Math.max(after.x, after.y)),
                            chain: chain(box.element, firstText(box.element))});
            }
          });
          overlapsAfter.forEach(function (high, key) {
            if (overlapping.length >= \(WebPageLimits.mostSpacingParts)) { return; }
            if (overlapsBefore.has(key) && overlapsBefore.get(key) + 2 >= high) { return; }
            var pair = key.split(',').map(Number);
            // Named by the text that comes first in the page: a box that does not grow spills
            // its text down over what follows it.
            var one = holders[pair[0]], two = holders[pair[1]];
            var first = one.compareDocumentPosition(two) & Node.DOCUMENT_POSITION_FOLLOWING ? one : two;
            var other = first === one ? two : one;
            var own = [], text = null;
            for (var child = first.firstChild; child; child = child.nextSibling) {
              if (child.nodeType === 3) { own.push(child.data); if (!text && /\\S/.test(child.data)) { text = child; } }
            }
            overlapping.push({selector: selector(first), text: words(own.join(' ')), pixels: Math.round(high), other: selector(other),
                              chain: chain(first, text)});
          });
          return {nodes: nodes, facts: JSON.stringify({clipped: clipped, overlapping: overlapping})};
        })()
        """
}

extension PageCapture {
    /// The text-spacing measure alone on the page at `address` (`earshot-bench web`): the page
    /// loaded and read as `capture` does, then the measure timed, in seconds, with what it found.
    public func timeTextSpacing(_ address: String) throws -> (seconds: Double, measured: WebTextSpacing?) {
        let session = try BrowserSession.start(viewport: viewport, allowNetwork: allowNetwork, pageAddress: address)
        defer { session.close() }
        let read = try session.load(address, timeout: timeout).read()
        var tree = read.tree
        let started = ContinuousClock.now
        session.measureTextSpacing(&tree, nodeIDs: read.nodeIDs)
        let took = ContinuousClock.now - started
        return (Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18, tree.textSpacing)
    }
}
