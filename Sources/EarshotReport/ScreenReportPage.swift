import EarshotCore
import Foundation

/// `earshot read --report`'s page for one screen or dump: the drawing with its numbered stops, a
/// play control per stop (each stop's speech embedded), what the input could not say, and the
/// static findings with their positions.
public struct ScreenReportPage {
    public var file: String
    public var drawing: ScreenDrawing
    public var notes: [String]
    public var findings: [Finding]
    /// Where the stops' speech is when it is not in the page (`--report-audio external`).
    public var audioNote: String?
    /// The speaking rate the stops were spoken at, when one was asked for over the profile's (`--rate`).
    public var rate: Int?
    /// The screen reader the stops are read by (`ScreenReader.title`).
    public var readerTitle = "VoiceOver"

    public init(file: String, drawing: ScreenDrawing, notes: [String], findings: [Finding]) {
        self.file = file
        self.drawing = drawing
        self.notes = notes
        self.findings = findings
    }

    public func html(provenance: String, speechLanguage: String) -> String {
        let title = drawing.screen.name
        var summary = "<p>File <code>\(HTML.text(PagePath.shown(file)))</code>: \(drawing.stops.count) focus stops; \(HTML.text(FindingReport.summary(findings))).</p>"
        if !notes.isEmpty {
            summary += "<p>What the file could not say:</p><ul>" + notes.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul>"
        }
        if let audioNote { summary += "<p>\(HTML.text(audioNote))</p>" }
        if let rate { summary += "<p>Spoken at \(rate) words a minute.</p>" }
        let screen = "<p id=\"stop-said\" class=\"said\" aria-live=\"polite\">Focus or point at a numbered stop to see what \(HTML.text(readerTitle)) says there; activate it, or its Play button, to hear it.</p>\n"
            + drawing.html(key: "s1", title: "screen \(title)")
        let page = ReportPage(kind: "Screen", title: title, summary: summary, sections: [
            .init(id: "screen", title: "Focus stops", html: screen),
            .init(id: "findings", title: "Findings", html: DeskCheckReport.findingsList(findings)),
        ], speechLanguage: speechLanguage)
        return page.html(provenance: provenance)
    }
}
