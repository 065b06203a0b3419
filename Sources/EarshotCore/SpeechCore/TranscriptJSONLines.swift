/// The transcript as JSON Lines, one object per utterance then one per `announcementDidFinish`,
/// so other tools can read what was presented (after Orca's output recorder).
///
/// Keys are written in a fixed order and times with six decimals (microseconds, finer than one
/// sample at 22050 Hz), so the same transcript always gives the same bytes.
extension SpeechTranscript {
    public var jsonLines: String {
        var lines: [String] = []
        for entry in entries {
            let u = entry.utterance
            var fields: [(String, String)] = [
                ("type", json("utterance")), ("id", String(u.id)), ("kind", json(u.kind.code)),
            ]
            if let earcon = u.earcon { fields.append(("earcon", json(earcon.rawValue))) }
            fields += [
                ("text", json(u.text)), ("priority", json(u.priority.rawValue)), ("queued", String(u.queued)),
                ("element", u.elementID.map(json) ?? "null"),
            ]
            if let language = u.language { fields.append(("language", json(language))) }
            fields += [("gesture", String(u.isGestureSpeech)), ("cause", json(u.cause))]
            if let source = u.source { fields.append(("source", json(source))) }
            fields.append(("requestedAt", jsonTime(u.requestedAt)))
            switch entry.fate {
            case .spoken(let start, let end):
                fields += [("fate", json("spoken")), ("start", jsonTime(start)), ("end", jsonTime(end))]
            case .cut(let start, let at, let by):
                fields += [("fate", json("cut")), ("start", jsonTime(start)), ("end", jsonTime(at)),
                           ("cutBy", by.utteranceID.map(String.init) ?? "null"), ("cutCause", json(by.cause))]
            case .dropped(let at, let reason):
                fields += [("fate", json("dropped")), ("at", jsonTime(at)), ("reason", json(reason.code)),
                           ("reasonText", json(reason.description))]
            }
            lines.append(object(fields))
        }
        for result in announcementResults {
            lines.append(object([
                ("type", json("announcementDidFinish")), ("id", String(result.utteranceID)),
                ("text", json(result.text)), ("wasSuccessful", String(result.wasSuccessful)),
                ("time", jsonTime(result.time)),
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
        case .earcon: "earcon"
        }
    }
}

private func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(json($0.0)):\($0.1)" }.joined(separator: ",") + "}"
}

/// A JSON string literal.
private func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// Seconds with six decimals, as a JSON number.
private func jsonTime(_ seconds: Double) -> String {
    let micro = Int((seconds * 1_000_000).rounded())
    let sign = micro < 0 ? "-" : ""
    let magnitude = abs(micro)
    let fraction = String(magnitude % 1_000_000)
    return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
}
