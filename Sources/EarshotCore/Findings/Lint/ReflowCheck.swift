/// `reflow.overflow`: a web page laid out 320 CSS pixels wide (WCAG 2.2 1.4.10's width: 1280 at
/// 400 percent zoom) that scrolls sideways, or that leaves a control partly outside the window
/// (`WebReflow`, measured where the page is read; docs/findings.md, docs/web.md "Reflow at 320
/// pixels").
///
/// - Sideways: the document wider than the window; the finding names the outermost elements
///   past the window's edge (what 1.4.10 lets scroll, tables, images, code, maps and the like,
///   and boxes that scroll on their own, were left out where the page was measured). One
///   finding for the page, since one too-wide element widens it all; none when only what may
///   scroll made it wider (a data table, a frame).
/// - Cut off: each control (an element in the Tab order) whose box lies partly outside the
///   window, named with what NVDA says where it is a stop.
enum ReflowCheck {
    static func uncheckedReason(_ screen: Screen) -> String? {
        guard screen.isWebPage else {
            return "only a web page read in the browser is laid out again 320 CSS pixels wide; an app needs a person with the largest text or a narrow window"
        }
        guard screen.webReflow != nil else {
            return "this page was not laid out 320 CSS pixels wide (a page as a scenario plays it, a tree imported by an earlier earshot, or a measure that failed, with a note); lint the page itself, or import it again"
        }
        return nil
    }

    @Sendable static func overflows(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil, let reflow = linted.screen.webReflow else { return [] }
        var findings: [Finding] = []
        // A page made wider only by what may scroll (a table, a frame) is none.
        if reflow.scrollsSideways, !reflow.wide.isEmpty {
            let named = reflow.wide.prefix(3).map { "\($0.element) (to \($0.right) px)" }
            let what = ": " + FindingText.listed(named) + (reflow.wide.count > 3 ? " and \(reflow.wide.count - 3) more" : "")
            findings.append(Finding(.reflowOverflow, elements: reflow.wide.compactMap(\.node),
                                    message: "Laid out \(reflow.width) CSS pixels wide, the page is \(reflow.scrollWidth) pixels wide and scrolls sideways\(what): a reader who zooms to 400 percent, or on a phone, scrolls both ways to read each line."))
        }
        var stopIndex: [String: Int] = [:]
        for (position, stop) in linted.stops.enumerated() { stopIndex[stop.id] = position }
        for part in reflow.cut {
            let heard = part.node.flatMap { stopIndex[$0] }.map { " (stop \($0 + 1): \(FindingText.quoted(linted.spoken[$0].text)))" } ?? ""
            findings.append(Finding(.reflowOverflow, elements: part.node.map { [$0] } ?? [],
                                    message: "Laid out \(reflow.width) CSS pixels wide, the control \(part.element)\(heard) lies partly outside the window (its right edge at \(part.right) px)."))
        }
        return findings
    }
}
