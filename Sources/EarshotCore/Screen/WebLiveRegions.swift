import Foundation

/// What a page's live regions say when the page changes (docs/web.md, "Live regions"): the
/// tree before and after a change are compared region by region.
///
/// - A region is a node with its own `aria-live` (`polite` or `assertive`; `role=alert` is
///   assertive and `status` and `log` polite, as Chromium exposes them).
/// - `aria-atomic`: the whole region's text is said when any of it changed; otherwise only the
///   text runs that are new or whose text changed (`aria-relevant`'s default, additions and text).
/// - A region that was not there before (inserted with its text already in it) says nothing:
///   NVDA voices changes inside a region it already knows (nvaccess/nvda issue 7906). An alert
///   inserted whole is said, as Chromium raises an alert event for it. The unsaid text is
///   returned with `silenced` `.createdFilled` (the finding `live.created-filled`).
/// - While a region is `aria-busy`, its changes are not said, then or after: NVDA drops them
///   (its live-region hook skips a node whose `container-busy` is true and keeps nothing;
///   nvaccess/nvda issue 20871). They are returned with `silenced` `.busy`, so a desk check can
///   say what a listener missed. With `held` (ARIA's intent, a scenario's choice) they wait
///   and are said when the region is no longer busy.
public enum WebLiveRegions {

    /// One thing a region says.
    public struct Change: Sendable, Equatable {
        public var text: String
        /// `polite` or `assertive`.
        public var politeness: WebLivePoliteness
        /// The region's element id.
        public var region: String
        /// An alert that appeared (`role=alert` inserted or shown with its text).
        public var isAlert = false
        /// Why the change is not said; nil: it is.
        public var silenced: Silence?

        /// Whether a reader says the change.
        public var heard: Bool { silenced == nil }
    }

    /// Why a region's new text is not said.
    public enum Silence: Sendable, Equatable {
        /// The region was `aria-busy`.
        case busy
        /// The region came into the page with the text already in it.
        case createdFilled
    }

    struct TextRun: Equatable {
        var id: String
        var text: String
    }

    /// What the page's regions say going from `before` to `after`, in document order.
    ///
    /// `held`: regions whose changes wait while they are busy (`ReaderSettings.BusyRegions.hold`),
    /// each as it was before it became busy. A held region says nothing while it is busy, and
    /// when it no longer is, says what changed since that earlier state.
    public static func changes(from before: Screen, to after: Screen, held: [String: AccessibilityNode]? = nil) -> [Change] {
        var changes: [Change] = []
        for region in Self.regions(in: after) {
            guard let web = region.web, let politeness = web.live else { continue }
            if held != nil, web.flag("busy") { continue }
            let now = Self.runs(in: region)
            let earlier: [TextRun]
            if let old = held?[region.id] ?? before.node(region.id), old.web?.live != nil {
                earlier = Self.runs(in: old)
            } else {
                // A region new to the page: only an alert speaks as it appears.
                let text = now.map(\.text).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty {
                    let isAlert = web.role == .alert
                    changes.append(Change(text: text, politeness: politeness, region: region.id, isAlert: isAlert,
                                          silenced: isAlert ? nil : .createdFilled))
                }
                continue
            }
            guard now != earlier else { continue }
            let said: [TextRun]
            if web.flag("atomic") {
                said = now
            } else {
                let relevant = Set((web.text("relevant") ?? "additions text").split(separator: " ").map(String.init))
                let old = Dictionary(earlier.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
                said = now.filter { run in
                    guard let previous = old[run.id] else { return relevant.contains("additions") || relevant.contains("all") }
                    return previous != run.text && (relevant.contains("text") || relevant.contains("all"))
                }
            }
            let text = said.map(\.text).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty {
                changes.append(Change(text: text, politeness: politeness, region: region.id, silenced: web.flag("busy") ? .busy : nil))
            }
        }
        return changes
    }

    /// The live regions of a screen, outermost only (a region inside another speaks as part of it).
    static func regions(in screen: Screen) -> [AccessibilityNode] {
        var found: [AccessibilityNode] = []
        func walk(_ node: AccessibilityNode) {
            if node.web?.live != nil {
                found.append(node)
                return
            }
            node.children.forEach(walk)
        }
        screen.roots.forEach(walk)
        return found
    }

    /// A region's text runs in document order (the names of its text nodes, and of its
    /// images and controls, which have no text nodes of their own).
    static func runs(in node: AccessibilityNode) -> [TextRun] {
        var runs: [TextRun] = []
        func walk(_ node: AccessibilityNode, top: Bool) {
            if let web = node.web, !top {
                if web.isText {
                    if let text = node.text, !text.allSatisfy(\.isWhitespace) { runs.append(TextRun(id: node.id, text: text)) }
                    return
                }
                if node.children.isEmpty, let name = web.name { runs.append(TextRun(id: node.id, text: name)) }
            }
            for child in node.children { walk(child, top: false) }
        }
        walk(node, top: true)
        return runs
    }
}
