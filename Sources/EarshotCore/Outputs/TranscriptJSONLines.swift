/// The transcript as JSON Lines, one object per utterance then one per `announcementDidFinish`,
/// so other tools can read what was presented (after Orca's output recorder). When durations
/// were estimated, a first `{"type":"note","durations":"estimated",...}` object says so; when
/// the run was made at an asked rate, a `{"type":"note","rate":WPM,...}` object says which.
///
/// Keys are written in a fixed order and times with six decimals (microseconds, finer than one
/// sample at 22050 Hz), so the same transcript always gives the same bytes.
extension SpeechTranscript {
    public var jsonLines: String { jsonLines(engineText: nil) }

    /// The JSON Lines with, when `engineText` gives one, the text as handed to the speech engine
    /// (after normalization) beside the original.
    public func jsonLines(engineText: ((Utterance) -> String?)?) -> String {
        var lines: [String] = []
        if durationsEstimated {
            lines.append(object([("type", jsonString("note")), ("durations", jsonString("estimated")),
                                 ("text", jsonString(Self.estimatedDurationsNote))]))
        }
        if let rate {
            lines.append(object([("type", jsonString("note")), ("rate", String(rate)),
                                 ("text", jsonString(Self.rateNote(rate)))]))
        }
        for entry in entries {
            let u = entry.utterance
            var fields: [(String, String)] = [
                ("type", jsonString("utterance")), ("id", String(u.id)), ("kind", jsonString(u.kind.code)),
            ]
            if let earcon = u.earcon { fields.append(("earcon", jsonString(earcon.rawValue))) }
            fields.append(("text", jsonString(u.text)))
            if let engine = engineText?(u) { fields.append(("engineText", jsonString(engine))) }
            fields += [
                ("priority", jsonString(u.priority.rawValue)), ("queued", String(u.queued)),
                ("element", u.elementID.map(jsonString) ?? "null"),
            ]
            if let language = u.language { fields.append(("language", jsonString(language))) }
            if let spans = u.spans { fields.append(("spans", SpeechSpan.jsonArray(spans))) }
            fields += [("gesture", String(u.isGestureSpeech)), ("cause", jsonString(u.cause))]
            if let source = u.source { fields.append(("source", jsonString(source))) }
            fields.append(("requestedAt", fixedDecimal(u.requestedAt, places: 6)))
            switch entry.fate {
            case .spoken(let start, let end):
                fields += [("fate", jsonString("spoken")), ("start", fixedDecimal(start, places: 6)), ("end", fixedDecimal(end, places: 6))]
            case .cut(let start, let at, let by):
                fields += [("fate", jsonString("cut")), ("start", fixedDecimal(start, places: 6)), ("end", fixedDecimal(at, places: 6)),
                           ("cutBy", by.utteranceID.map(String.init) ?? "null"), ("cutCause", jsonString(by.cause))]
            case .dropped(let at, let reason):
                fields += [("fate", jsonString("dropped")), ("at", fixedDecimal(at, places: 6)), ("reason", jsonString(reason.code)),
                           ("reasonText", jsonString(reason.description))]
            }
            lines.append(object(fields))
        }
        for result in announcementResults {
            lines.append(object([
                ("type", jsonString("announcementDidFinish")), ("id", String(result.utteranceID)),
                ("text", jsonString(result.text)), ("wasSuccessful", String(result.wasSuccessful)),
                ("time", fixedDecimal(result.time, places: 6)),
            ]))
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

extension UtteranceKind {
    /// A stable name for machine-readable transcripts.
    public var code: String {
        switch self {
        case .element: "element"
        case .hint: "hint"
        case .announcement: "announcement"
        case .pageScroll: "pageScroll"
        case .layoutString: "layoutString"
        case .liveRegion: "liveRegion"
        case .earcon: "earcon"
        }
    }
}

private func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}"
}


