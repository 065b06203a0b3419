/// The touch-target checks (`target.too-small`, `target.below-platform`) on a screen's frames.
///
/// A target is an element the user can activate by touch, whether or not the screen reader
/// merges it into a larger stop: on iOS an element with a button, link, switch, adjustable, tab,
/// back-button, keyboard-key or text-field role (or an activation); on Android a clickable or
/// long-clickable view, as Google's Accessibility Test Framework (ATF) `TouchTargetSizeCheck`
/// takes them. Hidden and disabled elements and elements with an empty frame are not targets.
///
/// A web page's targets (CSS pixels) are checked against WCAG's 24 by 24 only.
///
/// Sizes are in points (iOS, and Earshot's own screen files) or dp: an Android dump's frames are
/// pixels, divided by the screen's `pixelDensity` (`--density`); without one, an Android
/// screen's targets are not checked (`uncheckedReason`), never measured against a guessed density.
///
/// - `target.too-small` (error): smaller than 24 by 24 in either dimension (WCAG 2.2 2.5.8)
///   unless the spacing exception holds: a 24-wide circle on the target's centre meets no other
///   target and no other undersized target's circle.
/// - `target.below-platform` (warning): not too small by the above, but smaller than the
///   platform's guideline: 44 by 44 points (Apple's Human Interface Guidelines) or 48 by 48 dp
///   (Android; 32 dp in the dimension that touches the screen's edge, as ATF allows).
///
/// Exempt, each documented in docs/findings.md: an inline link (a link inside a text, WCAG's
/// inline exception); an iOS switch at the system's own size (51 by 31: the system sets it, as
/// WCAG exempts user-agent controls); a target inside a larger activatable element reports
/// `target.too-small` as a warning only (the parent may do the same, which a tree cannot tell:
/// ATF lowers the same case to a warning).
enum TargetSizeCheck {
    /// WCAG 2.2 2.5.8's minimum, in points or dp.
    static let minimum = 24.0
    static let iOSGuideline = 44.0
    static let androidGuideline = 48.0
    /// ATF: a target against the screen's edge may be this small in that dimension.
    static let androidEdgeGuideline = 32.0
    /// UISwitch's size, set by the system.
    static let systemSwitch = (width: 51.0, height: 31.0)

    static let targetTraits: AccessibilityTraits = [.button, .link, .switch, .adjustable, .tab, .backButton, .keyboardKey,
                                                    .textField, .searchField, .secureTextField]

    /// One target with its size in points or dp.
    struct Target {
        var id: String
        var name: String
        /// The frame in points or dp.
        var frame: Frame
        /// The frame as the file gives it (pixels for an Android dump).
        var rawFrame: Frame
        var ancestors: [String]
        var isInlineLink: Bool
        /// A control whose size the system sets: an iOS switch at UISwitch's size, the scroll
        /// indicator VoiceOver exposes as "Vertical scroll bar, N pages".
        var isSystemControl: Bool
        /// The nearest activatable ancestor at least `minimum` in both dimensions, if any.
        var largerParent: String?

        var isUndersized: Bool { frame.width < TargetSizeCheck.minimum || frame.height < TargetSizeCheck.minimum }
        var centre: (x: Double, y: Double) { (frame.x + frame.width / 2, frame.y + frame.height / 2) }
    }

    /// Why the screen's targets cannot be measured, or nil when they can.
    static func uncheckedReason(_ screen: Screen) -> String? {
        guard screen.isAndroidDump, screen.pixelDensity == nil else { return nil }
        return "target size not checked: an Android dump's frames are pixels and the dump does not say the screen's density; give --density (the device's scale, e.g. 2.625, or its dpi, e.g. 420dpi)"
    }

    @Sendable static func undersizedTargets(_ linted: LintedScreen) -> [Finding] { findings(linted.screen) }

    static func findings(_ screen: Screen) -> [Finding] {
        guard uncheckedReason(screen) == nil else { return [] }
        let android = screen.isAndroidDump
        let scale = android ? (screen.pixelDensity ?? 1) : 1
        let targets = collect(screen, scale: scale)
        let bounds = screenBounds(screen, scale: scale)
        // A web page's boxes are CSS pixels; the web has no platform guideline beyond WCAG's
        // 24 by 24 (2.5.5's 44 is level AAA), so a page gets `target.too-small` only.
        let web = screen.isWebPage
        let unit = android ? "dp" : web ? "CSS pixels" : "points"
        var findings: [Finding] = []
        for target in targets where !target.isInlineLink && !target.isSystemControl {
            let size = "\(plainNumber(rounded(target.frame.width))) by \(plainNumber(rounded(target.frame.height))) \(unit)"
            let pixels = android
                ? " (\(plainNumber(target.rawFrame.width)) by \(plainNumber(target.rawFrame.height)) pixels at density \(plainNumber(scale)))"
                : ""
            if target.isUndersized, let neighbour = crowdingNeighbour(of: target, among: targets) {
                var finding = Finding(.targetTooSmall, elements: [target.id],
                                      message: "\(target.name) is \(size)\(pixels), smaller than 24 by 24, and a 24-wide circle on its centre reaches \(neighbour.name).")
                if let parent = target.largerParent {
                    finding.severity = .warning
                    finding.message += " It lies inside \(FindingText.quoted(parent)), a larger target; a person judges whether that does the same."
                }
                findings.append(finding)
                continue
            }
            if web { continue }
            let guideline = android ? androidGuideline : iOSGuideline
            var needed = (width: guideline, height: guideline)
            if android {
                // ATF: against the screen's side a target may be narrower, against its top or bottom shorter.
                if touches(target.frame.x, bounds.x) || touches(target.frame.x + target.frame.width, bounds.x + bounds.width) {
                    needed.width = androidEdgeGuideline
                }
                if touches(target.frame.y, bounds.y) || touches(target.frame.y + target.frame.height, bounds.y + bounds.height) {
                    needed.height = androidEdgeGuideline
                }
            }
            // ATF compares whole dp; points are compared as written.
            let width = android ? target.frame.width.rounded() : target.frame.width
            let height = android ? target.frame.height.rounded() : target.frame.height
            guard width < needed.width || height < needed.height else { continue }
            let platform = android ? "Android's \(plainNumber(needed.width)) by \(plainNumber(needed.height)) dp" : "iOS's 44 by 44 points"
            var message = "\(target.name) is \(size)\(pixels), smaller than \(platform)"
            message += target.isUndersized ? " (below 24 by 24, but nothing else lies within 24 of its centre)." : "."
            findings.append(Finding(.targetBelowPlatform, elements: [target.id], message: message))
        }
        return findings
    }

    /// The first other target (or undersized target's circle) that a 24-wide circle on
    /// `target`'s centre meets; nil when the spacing exception holds.
    static func crowdingNeighbour(of target: Target, among targets: [Target]) -> Target? {
        let radius = minimum / 2
        let centre = target.centre
        for other in targets where other.id != target.id {
            // A target's own ancestors and descendants, and a target drawn around it, are not its
            // neighbours (the case of a control inside a larger target).
            if target.ancestors.contains(other.id) || other.ancestors.contains(target.id) || other.frame.contains(target.frame) {
                continue
            }
            let f = other.frame
            let dx = max(f.x - centre.x, 0, centre.x - (f.x + f.width))
            let dy = max(f.y - centre.y, 0, centre.y - (f.y + f.height))
            if dx * dx + dy * dy < radius * radius { return other }
            if other.isUndersized {
                let o = other.centre
                let distance = ((o.x - centre.x) * (o.x - centre.x) + (o.y - centre.y) * (o.y - centre.y)).squareRoot()
                if distance < 2 * radius { return other }
            }
        }
        return nil
    }

    /// Every target of the screen, in tree order, with frames divided by `scale`.
    static func collect(_ screen: Screen, scale: Double) -> [Target] {
        var targets: [Target] = []
        // (id, frame in points, is activatable) of each ancestor, outermost first.
        var path: [(id: String, frame: Frame, activatable: Bool, isText: Bool)] = []
        var texts: [Frame] = []
        func visit(_ node: AccessibilityNode, inherited: Frame?) {
            guard !node.isOutOfReach, node.android?.isDisplayed ?? true else { return }
            let raw = node.frame ?? inherited
            let frame = raw.map { Frame(x: $0.x / scale, y: $0.y / scale, width: $0.width / scale, height: $0.height / scale) }
            let traits = node.kind.defaultTraits.union(node.traits)
            let isText = node.kind == .label || traits.contains(.staticText)
            let activatable = isActivatable(node, traits: traits)
            if let frame, let raw, activatable, frame.width > 0, frame.height > 0 {
                let parentIsText = path.last?.isText ?? false
                let inText = texts.contains { $0.contains(frame) && $0 != frame }
                let larger = path.last { $0.activatable && $0.frame.width >= minimum && $0.frame.height >= minimum }
                targets.append(Target(
                    id: node.id, name: displayName(node), frame: frame, rawFrame: raw, ancestors: path.map(\.id),
                    isInlineLink: traits.contains(.link) && (parentIsText || inText),
                    isSystemControl: node.android == nil && (isSystemSwitch(frame, traits: traits) || isScrollIndicator(node)),
                    largerParent: larger?.id))
            }
            if isText, let frame, !activatable { texts.append(frame) }
            path.append((node.id, frame ?? .zero, activatable, isText))
            for child in node.children { visit(child, inherited: raw) }
            path.removeLast()
        }
        for root in screen.roots { visit(root, inherited: nil) }
        // A control drawn inside another target that is large enough (the dictation button in
        // a search field) counts as inside a larger target, as a descendant would.
        for index in targets.indices where targets[index].largerParent == nil {
            let frame = targets[index].frame
            targets[index].largerParent = targets.first { other in
                other.id != targets[index].id && !other.isUndersized && other.frame.contains(frame) && other.frame != frame
            }?.id
        }
        return targets
    }

    static func isSystemSwitch(_ frame: Frame, traits: AccessibilityTraits) -> Bool {
        traits.contains(.switch) && abs(frame.width - systemSwitch.width) <= 1 && abs(frame.height - systemSwitch.height) <= 1
    }

    /// UIKit's scroll indicator, which XCUITest dumps as an adjustable element labelled
    /// "Vertical scroll bar, 2 pages" (English system words; other languages are not known).
    static func isScrollIndicator(_ node: AccessibilityNode) -> Bool {
        let label = node.label ?? ""
        return (label.hasPrefix("Vertical scroll bar") || label.hasPrefix("Horizontal scroll bar"))
    }

    /// Whether the tree says the node lets a touch through to what lies under it: an Android view
    /// that is neither clickable nor long-clickable does not take a touch. An iOS tree does not say.
    static func passesTouches(_ node: AccessibilityNode) -> Bool {
        guard let android = node.android else { return false }
        return !(android.isClickable || android.isLongClickable)
    }

    static func isActivatable(_ node: AccessibilityNode, traits: AccessibilityTraits) -> Bool {
        if let android = node.android {
            return android.isEnabled && (android.isClickable || android.isLongClickable)
        }
        guard !traits.contains(.notEnabled) else { return false }
        return !traits.isDisjoint(with: targetTraits) || node.activation != nil || node.adjustable != nil
    }

    /// The id in quotes, with the label when it says more.
    static func displayName(_ node: AccessibilityNode) -> String {
        let label = [node.label, node.attributedLabel, node.android?.contentDescription, node.text].lazy.compactMap(trimmed).first
        guard let label, label != node.id else { return FindingText.quoted(node.id) }
        return "\(FindingText.quoted(node.id)) (\(FindingText.quoted(label)))"
    }

    /// The union of the top-level frames: the screen the targets lie on.
    static func screenBounds(_ screen: Screen, scale: Double) -> Frame {
        let frames = screen.roots.compactMap(\.frame)
        guard let first = frames.first else { return .zero }
        var minX = first.x, minY = first.y, maxX = first.x + first.width, maxY = first.y + first.height
        for frame in frames.dropFirst() {
            minX = min(minX, frame.x); minY = min(minY, frame.y)
            maxX = max(maxX, frame.x + frame.width); maxY = max(maxY, frame.y + frame.height)
        }
        return Frame(x: minX / scale, y: minY / scale, width: (maxX - minX) / scale, height: (maxY - minY) / scale)
    }

    static func touches(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.5 }

    /// A size as a message says it: as written when it has at most one decimal, else whole.
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 == value ? value : value.rounded() }
}
