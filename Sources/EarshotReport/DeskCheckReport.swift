import EarshotCore
import Foundation

/// The page of one desk check (`earshot check --report`, one per scenario of `earshot test
/// --report`): the timeline WAV with its captions, the timeline drawn as SVG, the transcript,
/// the expectations, the findings, and every screen shown with its focus stops.
public struct DeskCheckReport {
    /// How the page gets its audio.
    public enum Audio {
        /// The WAV embedded in the page (the page is one file): its `data:` URI, or the marker
        /// `PageAudio` streams the file's bytes in for.
        case embedded(String)
        /// A file name relative to the page (`--report-audio external`).
        case external(String)
        /// No audio (the engine was not used).
        case none
    }

    public var scenario: Scenario
    public var result: ScenarioResult
    public var generator: DescriptionGenerator
    public var audio: Audio
    /// The WebVTT captions of the same timeline.
    public var captions: String
    public var speechLanguage: String
    /// The `--standard` table of the run, shown after the findings when set.
    public var conformance: ConformanceReport?
    /// The sweep of speaking rates this run is the first of (`check --rates`): the page then
    /// shows every rate's fates side by side and the sweep's findings.
    public var sweep: RateSweep?

    public init(scenario: Scenario, result: ScenarioResult, generator: DescriptionGenerator, audio: Audio,
                captions: String, speechLanguage: String) {
        self.scenario = scenario
        self.result = result
        self.generator = generator
        self.audio = audio
        self.captions = captions
        self.speechLanguage = speechLanguage
    }

    /// Whether the run passed: every expectation held and every error finding was expected.
    public var passed: Bool { result.passed && !result.findings.hasUnexpectedErrors }

    public func html(provenance: String, golden: String? = nil) -> String {
        let title = scenario.title ?? (scenario.path as NSString).lastPathComponent
        let failed = result.failedExpectations.count
        var verdict = passed ? "Passed" : "Failed"
        verdict += ": \(result.expectations.count - failed) of " + counted(result.expectations.count, "expectation") + " held; "
        verdict += FindingReport.summary(result.findings)
        var summary = "<p class=\"verdict \(passed ? "passed" : "failed")\">\(HTML.text(verdict)).</p>\n"
        summary += "<p>Scenario <code>\(HTML.text(PagePath.shown(scenario.path)))</code>"
        if let golden { summary += ", golden transcript <code>\(HTML.text(PagePath.shown(golden)))</code>" }
        summary += "; \(HTML.text(clockTime(result.endTime))) of audio, \(result.transcript.entries.count) utterances"
        if let rate = sweep?.rates.first ?? result.transcript.rate {
            summary += ", spoken at \(rate) words a minute"
        }
        summary += ".</p>"
        if let sweep {
            summary += "<p>\(HTML.text(sweep.passed ? "Every rate held" : "Not every rate held")): rates \(sweep.rates.map(String.init).joined(separator: ", ")) words a minute; "
                + "\(counted(sweep.changes.count, "utterance")) changed fate. The audio, timeline and transcript below are at \(sweep.rates[0]).</p>"
        }
        var page = ReportPage(kind: "Desk check", title: title, summary: summary, sections: [
            .init(id: "listen", title: "Listen", html: listen()),
        ] + (sweep.map { [.init(id: "rates", title: "Speaking rates", html: Self.ratesSection($0))] } ?? []) + [

            .init(id: "timeline-section", title: "Timeline", html: timeline()),
            .init(id: "transcript", title: "Transcript", html: transcriptTable()),
            .init(id: "expectations", title: "Expectations", html: expectationsTable()),
            .init(id: "findings", title: "Findings", html: Self.findingsList(result.findings)),
        ] + (conformance.map { [.init(id: "conformance", title: "Conformance: \($0.standard.name)", html: ConformanceSection.html($0))] } ?? []) + [
            .init(id: "screens", title: "Screens", html: screens()),
        ], speechLanguage: speechLanguage)
        page.trailer = "<pre id=\"report-vtt\" hidden>\(HTML.text(captions))</pre>\n"
        return page.html(provenance: provenance)
    }

    // MARK: - Sections

    /// The fates of every utterance whose fate changes with the rate, one column per rate, then
    /// each rate's verdict and the sweep's findings.
    static func ratesSection(_ sweep: RateSweep) -> String {
        var out = "<table><caption>Utterances whose fate changes with the speaking rate (words a minute)</caption><thead><tr><th scope=\"col\">Utterance</th>"
        out += sweep.rates.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead><tbody>\n"
        if sweep.changes.isEmpty {
            out += "<tr><td colspan=\"\(sweep.rates.count + 1)\">Every utterance has the same fate at every rate.</td></tr>\n"
        }
        for change in sweep.changes {
            let u = change.utterance
            let what = u.earcon.map { "[\($0.spokenName)]" } ?? "\"\(u.text)\""
            out += "<tr><th scope=\"row\">\(HTML.text(what)) <span class=\"cause\">(\(HTML.text(([u.cause] + (u.source.map { [$0] } ?? [])).joined(separator: ", "))))</span></th>"
            for rate in sweep.rates {
                let fate = change.fates[rate] ?? nil
                out += "<td>\(HTML.text(fate.map(\.briefReadable) ?? "not asked for"))</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n<table><caption>Each rate's verdict</caption><thead><tr><th scope=\"col\">Rate</th><th scope=\"col\">Expectations</th><th scope=\"col\">Findings</th><th scope=\"col\">End</th></tr></thead><tbody>\n"
        for run in sweep.runs {
            let failed = run.result.failedExpectations.count
            out += "<tr><th scope=\"row\">\(run.rate) words a minute</th><td>\(run.result.expectations.count - failed) of \(run.result.expectations.count) held</td>"
            out += "<td>\(HTML.text(FindingReport.summary(run.result.findings)))</td><td>\(HTML.text(clockTime(run.result.endTime)))</td></tr>\n"
        }
        out += "</tbody></table>\n<h3>Findings across rates</h3>\n" + findingsList(sweep.findings)
        return out
    }

    func listen() -> String {
        let source: String
        switch audio {
        case .embedded(let embedded): source = embedded
        case .external(let file): source = HTML.relativeURL(file)
        case .none: return "<p>No audio was rendered for this run.</p>"
        }
        var out = "<audio id=\"report-audio\" controls preload=\"auto\" src=\"\(HTML.attribute(source))\">"
        out += "<track kind=\"captions\" default srclang=\"\(HTML.attribute(speechLanguage))\" label=\"Transcript\" src=\"\(HTML.dataURI(Data(captions.utf8), type: "text/vtt"))\">"
        out += "Your browser cannot play the audio.</audio>\n"
        out += "<p>The whole desk check as \(HTML.text(generator.reader.title)) would say it, cuts and sounds in place, with the transcript as captions. In the timeline below, activate a bar to play from its start.</p>"
        if case .external(let file) = audio {
            out += "<p>The audio is the file <code>\(HTML.text(file))</code> beside this page: keep the two together.</p>"
        }
        return out
    }

    /// The x position of a time, and the SVG's width.
    struct Scale {
        static let gutter = 90.0
        var perSecond: Double
        var width: Double

        init(duration: Double) {
            let seconds = max(duration, 1)
            perSecond = min(80, max(30, 1200 / seconds))
            width = Self.gutter + seconds * perSecond + 40
            if width > 30_000 {
                perSecond = (30_000 - Self.gutter - 40) / seconds
                width = 30_000
            }
        }

        func x(_ time: Double) -> Double { Self.gutter + time * perSecond }
    }

    /// A bar's words, shortened to `limit` characters.
    static func short(_ text: String, _ limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// `spoken`, `cut` or `dropped`.
    static func fateWord(_ fate: UtteranceFate) -> String {
        if case .cut = fate { return "cut" }
        if case .dropped = fate { return "dropped" }
        return "spoken"
    }

    /// How the timeline and the transcript name an utterance's kind: a live region with its
    /// politeness as the reader spoke it (`live region polite`, `live region assertive`), the
    /// transcript's code for the rest (`element`, `announcement`), `earcon` for a sound.
    static func kindWords(_ utterance: Utterance) -> String {
        if utterance.kind == .liveRegion { return utterance.cause.hasPrefix("live region") ? utterance.cause : "live region" }
        return utterance.kind.isEarcon ? "earcon" : utterance.kind.code
    }

    /// A live region's fate with the time it waited behind other speech first (`queued 0.850 s,
    /// then spoken 00:01.200 to 00:02.300`): a polite change waits its turn, an assertive one
    /// the end of what is being said. Other utterances: their fate as it is.
    static func fateWords(_ entry: TranscriptEntry, _ fate: String) -> String {
        guard entry.utterance.kind == .liveRegion, let start = entry.fate.startTime,
              start - entry.utterance.requestedAt > 0.0005 else { return fate }
        return "queued \(fixedDecimal(start - entry.utterance.requestedAt, places: 3)) s, then \(fate)"
    }

    /// The first lane free at `start`, taken up to `end` (a new lane when none is free).
    static func lane(_ lanes: inout [Double], from start: Double, to end: Double) -> Int {
        if let free = lanes.firstIndex(where: { $0 <= start }) {
            lanes[free] = end
            return free
        }
        lanes.append(end)
        return lanes.count - 1
    }

    /// As much of `text` as fits in `width` pixels, with an ellipsis; empty when not even two
    /// characters fit.
    static func fitted(_ text: String, width: Double) -> String {
        if textWidth(text) <= width { return text }
        var out = ""
        for character in text {
            if textWidth(out + String(character) + "…") > width { break }
            out.append(character)
        }
        return out.count < 2 ? "" : out + "…"
    }

    /// The width text takes at 12 px: wide for Hangul and CJK, narrow otherwise.
    static func textWidth(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { width, scalar in
            width + (scalar.value >= 0x1100 && (scalar.value <= 0x11FF || scalar.value >= 0x2E80) ? 12.5 : 7.2)
        }
    }

    func timeline() -> String {
        let scale = Scale(duration: result.endTime)
        // In time order, as the transcript lists them (ties in the order they were asked for).
        let entries = result.transcript.entries.sorted { a, b in
            let ta = a.fate.startTime ?? a.fate.decisionTime, tb = b.fate.startTime ?? b.fate.decisionTime
            return ta < tb - 1e-9 || (abs(ta - tb) <= 1e-9 && a.utterance.id < b.utterance.id)
        }
        // Bars in lanes so that no two overlap. A bar's label stays inside it: as much of it as
        // fits, with an ellipsis (the script shortens it again by the browser's own measure);
        // the whole text is the bar's name and title, and the transcript's row.
        struct Placed { var index: Int; var lane: Int; var x: Double; var width: Double; var label: String; var full: String }
        var speechLanes: [Double] = [], soundLanes: [Double] = []
        var placed: [Placed] = []
        for (index, entry) in entries.enumerated() {
            let fate = entry.fate
            let start = fate.startTime ?? fate.decisionTime
            let x = scale.x(start)
            let words = entry.utterance.earcon.map { "[\($0.spokenName)]" } ?? Self.short(entry.utterance.text, 200)
            let word = Self.fateWord(fate)
            let label = word == "spoken" ? words : word + " · " + words
            // A dropped utterance took no time: its bar is as wide as its words (up to 240 px),
            // so that "dropped" and what was lost can be read on it.
            let width = fate.endTime.map { max(4, scale.x($0) - x) } ?? min(240, Self.textWidth(label) + 8)
            let number = entry.utterance.kind.isEarcon
                ? Self.lane(&soundLanes, from: x, to: x + width + 2)
                : Self.lane(&speechLanes, from: x, to: x + width + 2)
            placed.append(Placed(index: index, lane: number, x: x, width: width,
                                 label: Self.fitted(label, width: width - 8), full: label))
        }
        // The user's gestures and the app's steps, in lanes of their rows, so that each label is
        // whole and no marker's line crosses another's label.
        struct Marker { var time: Double; var x: Double; var lane: Int; var label: String; var title: String }
        var markerRows: [[Marker]] = []
        var markerLanes: [Int] = []
        for user in [true, false] {
            var lanes: [Double] = []
            var markers: [Marker] = []
            for performed in result.performedSteps where performed.step.isUserGesture == user {
                let x = scale.x(performed.time)
                let label = Self.short(performed.step.summary, 60)
                let lane = Self.lane(&lanes, from: x, to: x + 3 + Self.textWidth(label) + 8)
                markers.append(Marker(time: performed.time, x: x, lane: lane, label: label,
                                      title: "\(clockTime(performed.time)) \(performed.step.summary) (\(performed.step.source))"))
            }
            markerRows.append(markers)
            markerLanes.append(max(1, lanes.count))
        }
        // The findings with a time, in lanes of their row likewise.
        var findingLanes: [Double] = []
        var findingMarkers: [Marker] = []
        for finding in result.findings {
            guard let time = finding.time else { continue }
            let words = "\(finding.severity.rawValue) \(finding.code.rawValue)"
            let x = scale.x(time)
            let lane = Self.lane(&findingLanes, from: x, to: x + 3 + Self.textWidth(words) + 8)
            findingMarkers.append(Marker(time: time, x: x, lane: lane, label: words, title: "\(clockTime(time)) \(words)"))
        }
        let laneHeight = 26.0, top = 24.0
        let speechRows = max(1, speechLanes.count), soundRows = max(1, soundLanes.count)
        let rows: [(name: String, y: Double, height: Double)] = {
            var y = top
            var list: [(String, Double, Double)] = []
            for (name, count) in [("Speech", speechRows), ("Sounds", soundRows), ("User", markerLanes[0]), ("App", markerLanes[1]),
                                  ("Findings", max(1, findingLanes.count))] {
                let height = Double(count) * laneHeight + 6
                list.append((name, y, height))
                y += height
            }
            return list
        }()
        let height = rows.last!.y + rows.last!.height + 10
        let n = SVGWriter.number
        var svg = SVGWriter()
        svg.open("svg", ["id": "timeline", "role": "group",
                         "aria-label": "Timeline: \(entries.count) utterances; activate one to play from its start",
                         "width": n(scale.width), "height": n(height), "data-scale": n(scale.perSecond),
                         "data-offset": n(Scale.gutter)])
        svg.lineBreak()
        svg.open("defs")
        svg.open("pattern", ["id": "hatch", "width": "6", "height": "6", "patternUnits": "userSpaceOnUse",
                             "patternTransform": "rotate(45)"])
        svg.element("rect", ["width": "6", "height": "6", "fill": "#fee2e2"])
        svg.element("line", ["x1": "0", "y1": "0", "x2": "0", "y2": "6", "stroke": "#9b1c1c", "stroke-width": "2"])
        svg.close()
        svg.close()
        svg.lineBreak()
        // The time axis, one tick a second (every five past a minute).
        svg.open("g", ["class": "axis", "aria-hidden": "true"])
        let step = result.endTime > 60 ? 5 : 1
        var second = 0
        while Double(second) <= result.endTime + 0.001 {
            let x = scale.x(Double(second))
            svg.element("line", ["x1": n(x), "y1": n(top - 6), "x2": n(x), "y2": n(height - 10)])
            if second % (step * 5) == 0 || step == 1 && second % 2 == 0 {
                svg.element("text", ["x": n(x + 2), "y": "12"], text: String(clockTime(Double(second)).dropLast(4)))
            }
            second += step
        }
        svg.close()
        svg.lineBreak()
        for row in rows {
            svg.element("text", ["class": "rowname", "x": "4", "y": n(row.y + 17), "aria-hidden": "true"], text: row.name)
            svg.lineBreak()
        }
        for item in placed {
            let entry = entries[item.index]
            let u = entry.utterance
            let row = u.kind.isEarcon ? rows[1] : rows[0]
            let y = row.y + Double(item.lane) * laneHeight + 3
            let start = entry.fate.startTime ?? entry.fate.decisionTime
            let fate = Self.fateWord(entry.fate)
            let kind = u.kind.isEarcon ? "earcon" : u.kind.code
            let words = u.earcon.map { "the \($0.spokenName)" } ?? "“\(u.text)”"
            let cause = ([u.cause] + (u.source.map { [$0] } ?? [])).joined(separator: ", ")
            let aria = "\(clockTime(start)), \(Self.kindWords(u)): \(words), \(Self.fateWords(entry, entry.fate.readable)) (\(cause))"
            svg.open("g", ["class": "bar k-\(kind) f-\(fate)", "tabindex": "0", "role": "button",
                           "data-start": fixedDecimal(start, places: 3),
                           "data-end": entry.fate.endTime.map { fixedDecimal($0, places: 3) } ?? "",
                           "data-fate": fate, "data-kind": kind, "aria-label": aria])
            svg.element("title", text: aria)
            svg.element("rect", ["x": n(item.x), "y": n(y), "width": n(item.width), "height": "20", "rx": "3"])
            var attributes = [("class", "bar-label"), ("x", n(item.x + 4)), ("y", n(y + 14)), ("aria-hidden", "true")]
            if item.label != item.full { attributes.append(("data-full", item.full)) }
            svg.element("text", attributes, text: item.label)
            svg.close()
            svg.lineBreak()
        }
        // The user's gestures and the app's steps, then the findings, as markers on their rows:
        // a marker's line runs down its own lane only, beside its label.
        func marker(_ row: (name: String, y: Double, height: Double), lane: Int, at x: Double, finding: Bool, title: String,
                    label: String) {
            let y = row.y + Double(lane) * laneHeight
            svg.open("g", ["class": finding ? "marker finding" : "marker", "aria-hidden": "true"])
            svg.element("title", text: title)
            svg.element("line", ["x1": n(x), "y1": n(y + 2), "x2": n(x), "y2": n(y + laneHeight)])
            if !label.isEmpty { svg.element("text", ["x": n(x + 3), "y": n(y + 17)], text: label) }
            svg.close()
            svg.lineBreak()
        }
        for (number, markers) in markerRows.enumerated() {
            for item in markers {
                marker(rows[2 + number], lane: item.lane, at: item.x, finding: false, title: item.title, label: item.label)
            }
        }
        for item in findingMarkers {
            marker(rows[4], lane: item.lane, at: item.x, finding: true, title: item.title, label: item.label)
        }
        svg.element("line", ["id": "playhead", "class": "playhead", "x1": n(Scale.gutter), "y1": n(top - 6),
                             "x2": n(Scale.gutter), "y2": n(height - 10), "aria-hidden": "true"])
        svg.lineBreak()
        svg.close()
        precondition(svg.isBalanced)
        let liveRegions = entries.contains { $0.utterance.kind == .liveRegion }
        let legend = """
            <ul class="legend" aria-label="How to read the timeline">
            <li><span class="swatch k-element"></span>Focus reading</li>
            <li><span class="swatch k-hint"></span>Hint</li>
            <li><span class="swatch k-announcement"></span>Announcement</li>
            <li><span class="swatch k-earcon"></span>Earcon (sounds row)</li>\(liveRegions ? "\n<li><span class=\"swatch k-liveRegion\"></span>Live region (polite or assertive: the bar's name says which, and how long it was queued)</li>" : "")
            <li>Solid outline: spoken in full; dashed: cut, the label starts with “cut”; hatched: dropped, the label starts with “dropped” (a dropped bar took no time: it is as wide as its words)</li>
            <li>A label longer than its bar ends in “…”: focus or point at the bar for the whole text</li>
            </ul>
            """
        let said = "<p id=\"bar-said\" class=\"said\">Focus or point at a bar to see its whole text here.</p>"
        return legend + "\n" + said + "\n<div class=\"scroll\">\n" + svg.markup + "\n</div>\n" + stepsTable()
            + "<p>Each bar's words, fate and cause are also in the transcript table; findings are listed under Findings.</p>"
    }

    func stepsTable() -> String {
        var out = "<details><summary>Steps of the scenario in time order (the User and App rows)</summary>\n"
        out += "<table><thead><tr><th scope=\"col\">Time</th><th scope=\"col\">Who</th><th scope=\"col\">Step</th><th scope=\"col\">Scenario line</th></tr></thead><tbody>\n"
        for performed in result.performedSteps {
            out += "<tr><td class=\"num\">\(clockTime(performed.time))</td><td>\(performed.step.isUserGesture ? "User" : "App")</td>"
            out += "<td>\(HTML.text(performed.step.summary))</td><td>\(HTML.text(performed.step.source))</td></tr>\n"
        }
        return out + "</tbody></table></details>\n"
    }

    func transcriptTable() -> String {
        var rows: [(time: Double, order: Int, html: String)] = []
        for entry in result.transcript.entries {
            let u = entry.utterance
            let start = entry.fate.startTime ?? entry.fate.decisionTime
            let words = u.earcon.map { "[\(HTML.text($0.spokenName))]" } ?? "<span lang=\"\(HTML.attribute(u.language ?? speechLanguage))\">\(HTML.text(u.text))</span>"
            let fate: String = switch entry.fate {
            case .spoken(_, let end): "spoken to \(clockTime(end))"
            case .cut(_, let at, let by): "cut at \(clockTime(at)) by \(by.cause)"
            case .dropped(_, let reason): "dropped: \(reason.code)"
            }
            rows.append((start, u.id * 2, "<tr><td class=\"num\">\(clockTime(start))</td><td>\(words)</td><td>\(HTML.text(Self.fateWords(entry, fate)))</td><td>\(HTML.text(u.cause))</td><td>\(HTML.text(u.source ?? ""))</td></tr>"))
        }
        for report in result.transcript.announcementResults {
            rows.append((report.time, report.utteranceID * 2 + 1, "<tr><td class=\"num\">\(clockTime(report.time))</td><td><span lang=\"\(HTML.attribute(speechLanguage))\">\(HTML.text(report.text))</span></td><td>announcementDidFinish, wasSuccessful: \(report.wasSuccessful)</td><td>report to the app</td><td></td></tr>"))
        }
        rows.sort { $0.time < $1.time - 1e-9 || (abs($0.time - $1.time) <= 1e-9 && $0.order < $1.order) }
        var out = "<table><caption class=\"visually-hidden\">Transcript: every utterance in time order</caption>"
        out += "<thead><tr><th scope=\"col\">Time</th><th scope=\"col\">Words</th><th scope=\"col\">Fate</th><th scope=\"col\">Cause</th><th scope=\"col\">Scenario line</th></tr></thead><tbody>\n"
        out += rows.map(\.html).joined(separator: "\n")
        return out + "\n</tbody></table>"
    }

    func expectationsTable() -> String {
        guard !result.expectations.isEmpty else { return "<p>The scenario has no expectations.</p>" }
        var out = "<table><thead><tr><th scope=\"col\">Where</th><th scope=\"col\">Expectation</th><th scope=\"col\">Result</th><th scope=\"col\">What happened</th></tr></thead><tbody>\n"
        for expectation in result.expectations {
            let verdict = expectation.passed ? "<span class=\"passed\">held</span>" : "<span class=\"failed\">failed</span>"
            out += "<tr><td>\(HTML.text(PagePath.shown(expectation.location)))</td><td>\(HTML.text(expectation.expectation.summary))</td><td>\(verdict)</td><td>\(HTML.text(expectation.actual))</td></tr>\n"
        }
        return out + "</tbody></table>"
    }

    /// Findings as a list, each with its code, severity, time, elements, position, what it
    /// means, and the fix.
    public static func findingsList(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "<p>No findings.</p>" }
        var out = "<p>\(HTML.text(FindingReport.summary(findings))).</p>\n<ul class=\"findings\">\n"
        for finding in findings {
            let entry = finding.entry
            let marks = (finding.expected ? " (expected)" : "") + (finding.baseline.map { " (\($0.rawValue))" } ?? "")
            out += "<li class=\"finding\"><h3><span class=\"\(finding.failsRun ? "failed" : "")\">\(finding.severity.rawValue)\(marks)</span> <code>\(finding.code.rawValue)</code>: \(HTML.text(entry.title))</h3>\n<dl>"
            if let time = finding.time { out += "<dt>Time</dt><dd>\(clockTime(time))</dd>" }
            if !finding.elements.isEmpty { out += "<dt>Elements</dt><dd>\(finding.elements.map { "<code>\(HTML.text($0))</code>" }.joined(separator: ", "))</dd>" }
            if let location = finding.location { out += "<dt>Where</dt><dd>\(HTML.text(PagePath.shown(location)))</dd>" }
            if let element = finding.elementLocation { out += "<dt>Element at</dt><dd>\(HTML.text(PagePath.shown(element)))</dd>" }
            out += "<dt>What happened</dt><dd>\(HTML.text(finding.message))</dd>"
            out += "<dt>Why it matters</dt><dd>\(HTML.text(entry.meaning))</dd>"
            out += "<dt>Fix</dt><dd>\(HTML.text(finding.fix))</dd>"
            let criteria = finding.criteria
            out += "<dt>Criteria</dt><dd>" + (criteria.isEmpty ? "none: \(HTML.text(Criteria.mapping(for: finding.code).why))" : criteria.map { criterion in
                "<a href=\"\(HTML.attribute(criterion.url))\">\(HTML.text(criterion.reference))</a> \(HTML.text(criterion.title))\(criterion.level.map { " (\($0))" } ?? "")"
            }.joined(separator: "; ")) + "</dd></dl></li>\n"
        }
        return out + "</ul>"
    }

    func screens() -> String {
        var out = "<p id=\"stop-said\" class=\"said\" aria-live=\"polite\">Focus or point at a numbered stop to see what \(HTML.text(generator.reader.title)) says there.</p>\n"
        var seen = Set<String>()
        var index = 0
        for (name, screen) in result.screensShown where seen.insert(name).inserted {
            index += 1
            out += "<h3>\(HTML.text(name))</h3>\n"
            out += ScreenDrawing(screen: screen, generator: generator, picture: result.screenPictures[name])
                .html(key: "s\(index)", title: "screen \(name)")
        }
        return out
    }
}

extension UtteranceFate {
    /// When the fate was decided: the start for speech that played, the drop time otherwise.
    var decisionTime: Double {
        switch self {
        case .spoken(let start, _), .cut(let start, _, _): start
        case .dropped(let at, _): at
        }
    }

    /// The end of what played; nil for a drop.
    var endTime: Double? {
        switch self {
        case .spoken(_, let end): end
        case .cut(_, let at, _): at
        case .dropped: nil
        }
    }
}
