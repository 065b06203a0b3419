import EarshotCore
import Foundation

/// A screen drawn from its frames, as SVG, with its focus stops numbered in reading order, and
/// the same stops as an ordered list beside it (the drawing's text).
///
/// Every element with a frame is a thin grey rectangle; an element that is no focus stop of its
/// own (hidden, decoration, a wrapper, merged into a stop) is dashed and faint. Each stop is a
/// blue rectangle with its number in a circle at its top left, and the elements merged into it
/// are dashed outlines inside it. A stop is focusable: focusing or pointing at it shows what
/// the screen reader says there, and activating it plays it when the page has its speech. Touch targets
/// smaller than the minimum or the platform's size (`target.too-small`, `target.below-platform`)
/// are outlined in red, dashed, and listed in words after the stops; so is a stop reached but
/// covered by another drawn over its centre (`focus.covered`), with its cover shaded.
///
/// With a picture of the screen (a web page's screenshot), the picture is shown in place of the
/// grey frames, at most `pictureWidth` CSS pixels wide, with the same stops and outlines drawn
/// over it, and the list follows it; the picture's text names it and points to the list.
public struct ScreenDrawing {
    public var screen: Screen
    public var stops: [FocusStop]
    public var spoken: [SpokenDescription]
    /// A `data:` URI or file name of each stop's speech, when the page can play it.
    public var audio: [String?]
    /// What the screen looked like (a web page's screenshot), drawn under the stops.
    public var picture: ScreenPicture?
    /// The stops reached but covered, as the reader hears the screen (`focus.covered`).
    public var covered: [Finding]

    /// The widest a picture is shown, in CSS pixels of the report page.
    static let pictureWidth = 640.0

    /// The drawing of a screen as `generator` reads it.
    public init(screen: Screen, generator: DescriptionGenerator, audio: [String?] = [], picture: ScreenPicture? = nil) {
        let reading = ReadReport(screen: screen, generator: generator)
        self.init(screen: screen, reading: reading, audio: audio, picture: picture,
                  covered: ScreenLinter.coveredFindings(for: screen, generator: generator, stops: reading.lines.map(\.stop)))
    }

    /// The drawing of a screen already read (`read --report` draws the stops it listed): each
    /// stop as heard after the one before it, as `read` says it (NVDA says the containers
    /// entered since the previous stop). `covered`: the screen's `focus.covered` findings, drawn
    /// over the stops.
    public init(screen: Screen, reading: ReadReport, audio: [String?] = [], picture: ScreenPicture? = nil,
                covered: [Finding] = []) {
        self.screen = screen
        stops = reading.lines.map(\.stop)
        spoken = reading.lines.map(\.speech)
        self.audio = audio
        self.picture = picture
        self.covered = covered.filter { $0.code == .focusCovered }
    }

    /// The text the screen reader says at stop `index` (0-based), hint after a pause.
    func said(_ index: Int) -> String {
        spoken[index].text + (spoken[index].hint.map { " (hint: \($0))" } ?? "")
    }

    /// The drawing and its list. `key` makes ids unique when a page has several screens.
    public func html(key: String, title: String) -> String {
        var frames: [(node: AccessibilityNode, depth: Int)] = []
        func walk(_ nodes: [AccessibilityNode], _ depth: Int) {
            for node in nodes {
                if node.frame != nil { frames.append((node, depth)) }
                walk(node.children, depth + 1)
            }
        }
        walk(screen.roots, 0)
        let all = frames.compactMap(\.node.frame) + stops.map(\.frame)
        let width: Double, scale: Double, height: Double
        if let picture {
            // The picture's own size sets the scale: the frames are in its units.
            width = min(Self.pictureWidth, picture.width)
            scale = width / picture.width
            height = picture.height * scale
        } else {
            let right = all.map { $0.x + $0.width }.max() ?? 375
            let bottom = all.map { $0.y + $0.height }.max() ?? 667
            width = 320.0
            scale = width / max(right, 1)
            height = max(120, bottom * scale)
        }
        let n = SVGWriter.number
        var svg = SVGWriter()
        func rect(_ frame: Frame, _ cls: String) {
            svg.element("rect", ["class": cls, "x": n(frame.x * scale), "y": n(frame.y * scale),
                                 "width": n(max(1, frame.width * scale)), "height": n(max(1, frame.height * scale))])
        }
        let stopIDs = Set(stops.map(\.id))
        let label = picture == nil
            ? "Drawing of \(title): \(stops.count) focus stops, numbered in reading order"
            : "Focus stops of \(title) on its screenshot: \(stops.count), numbered in reading order"
        svg.open("svg", ["class": picture == nil ? "screen-drawing" : "screen-drawing on-picture", "data-screen": screen.name,
                         "role": "group", "aria-label": label,
                         "width": n(width), "height": n(height), "viewBox": "0 0 \(n(width)) \(n(height))"])
        svg.lineBreak()
        // Everything that is not a stop, faint, under the stops; a picture shows them itself.
        var inside = Set<String>()
        for stop in stops { collect(screen.node(stop.id)?.children ?? [], into: &inside) }
        for (node, _) in frames where picture == nil && !stopIDs.contains(node.id) && !inside.contains(node.id) {
            svg.open("g", ["class": "node unreached", "aria-hidden": "true"])
            rect(node.frame!, "frame")
            svg.close()
            svg.lineBreak()
        }
        for (index, stop) in stops.enumerated() {
            let number = index + 1
            var attributes = [("class", "stop"), ("tabindex", "0"), ("role", "button"), ("data-index", "\(number)"),
                              ("data-key", "\(key)-\(number)"), ("data-id", stop.id), ("data-said", said(index)),
                              ("aria-label", "\(number): \(said(index))")]
            if index < audio.count, let source = audio[index] { attributes.append(("data-src", source)) }
            svg.open("g", attributes)
            rect(stop.frame, "frame")
            var merged = Set<String>()
            collect(screen.node(stop.id)?.children ?? [], into: &merged)
            for (node, _) in frames where merged.contains(node.id) { rect(node.frame!, "child") }
            let cx = stop.frame.x * scale + 9, cy = stop.frame.y * scale + 9
            svg.element("circle", ["cx": n(cx), "cy": n(cy), "r": "9"])
            svg.element("text", ["class": "stop-number", "x": n(cx), "y": n(cy + 4), "text-anchor": "middle",
                                 "aria-hidden": "true"], text: "\(number)")
            svg.close()
            svg.lineBreak()
        }
        let undersized = ScreenLinter.targetFindings(for: screen)
        for finding in undersized {
            guard let id = finding.elements.first, let frame = screen.node(id)?.frame else { continue }
            svg.open("g", ["class": finding.code == .targetTooSmall ? "target-small too-small" : "target-small", "aria-hidden": "true"])
            rect(frame, "frame")
            svg.close()
            svg.lineBreak()
        }
        for finding in covered {
            let frames = finding.elements.compactMap { id in stops.first { $0.id == id }?.frame }
            guard frames.count == 2 else { continue }
            svg.open("g", ["class": "covered", "aria-hidden": "true"])
            rect(frames[0], "frame")
            rect(frames[1], "cover")
            svg.close()
            svg.lineBreak()
        }
        svg.close()
        precondition(svg.isBalanced)
        var list = "<ol class=\"stops-list\" aria-label=\"\(HTML.attribute("Focus stops of \(title), in reading order"))\">\n"
        for (index, stop) in stops.enumerated() {
            let number = index + 1
            list += "<li id=\"item-\(key)-\(number)\"><code>\(HTML.text(stop.id))</code>: <span lang=\"\(HTML.attribute(stop.language ?? screen.language ?? "ko"))\">\(HTML.text(spoken[index].text))</span>"
            if let hint = spoken[index].hint { list += " <span class=\"hint\">(hint: \(HTML.text(hint)))</span>" }
            if index < audio.count, let source = audio[index] {
                // The audio is embedded once, on the drawing's stop; the button plays that.
                _ = source
                list += " <button type=\"button\" class=\"play\" data-stop=\"\(key)-\(number)\" aria-label=\"\(HTML.attribute("Play stop \(number)"))\">Play</button>"
            }
            list += "</li>\n"
        }
        if stops.isEmpty { list += "<li>No focus stops.</li>\n" }
        list += "</ol>"
        let faint = picture == nil ? frames.filter { !stopIDs.contains($0.node.id) && !inside.contains($0.node.id) }.count : 0
        var note = "<p>\(counted(stops.count, "focus stop"))"
        if faint > 0 { note += "; \(counted(faint, "element")) drawn dashed are no stop of their own (containers, hidden or decorative elements)" }
        note += ".</p>"
        if !undersized.isEmpty {
            note += "\n<p>Touch targets outlined in red, dashed, are smaller than they should be:</p>\n<ul class=\"undersized\">\n"
            for finding in undersized {
                note += "<li><code>\(finding.code.rawValue)</code> (\(finding.severity.rawValue)): \(HTML.text(finding.message))</li>\n"
            }
            note += "</ul>"
        }
        if !covered.isEmpty {
            note += "\n<p>Stops outlined in red are read but covered: what is shaded over each takes its double tap:</p>\n<ul class=\"covered\">\n"
            for finding in covered {
                note += "<li><code>\(finding.code.rawValue)</code> (\(finding.severity.rawValue)): \(HTML.text(finding.message))</li>\n"
            }
            note += "</ul>"
        }
        guard let picture else {
            return "<div class=\"pair\">\n\(svg.markup)\n<div>\n\(list)\n\(note)\n</div>\n</div>"
        }
        // The picture under the stops, the list after it (a page is wider than a phone's screen).
        let size = "\(plainNumber(picture.width)) by \(plainNumber(picture.height)) CSS pixels"
        let alternative = "Screenshot of \(screen.name), \(size), with its \(counted(stops.count, "focus stop")) outlined and numbered in reading order; the stops are listed below."
        let image = "<img class=\"screenshot\" src=\"\(HTML.dataURI(picture.png, type: "image/png"))\" alt=\"\(HTML.attribute(alternative))\" width=\"\(n(width))\" height=\"\(n(height))\">"
        return "<div class=\"picture-drawing\">\n<div class=\"picture-frame\">\n\(image)\n\(svg.markup)\n</div>\n<div>\n\(list)\n\(note)\n</div>\n</div>"
    }

    /// A size for the picture's text: whole numbers without a decimal point.
    private func plainNumber(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : fixedDecimal(value, places: 1)
    }

    private func collect(_ nodes: [AccessibilityNode], into ids: inout Set<String>) {
        for node in nodes {
            ids.insert(node.id)
            collect(node.children, into: &ids)
        }
    }
}
