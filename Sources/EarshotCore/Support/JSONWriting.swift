/// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
public func jsonString(_ text: String) -> String {
    // Most texts need no escape: copy them whole. (Manifests and worker messages write
    // thousands of these per second; a scalar loop was a tenth of a render's planning time.)
    if !text.utf8.contains(where: needsEscape) { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// True for a UTF-8 byte that may start something `jsonString` escapes: a control character,
/// a quote, a backslash, DEL, or the lead byte of U+2028 / U+2029 (checked in full there).
private func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
}

/// `value` with exactly `places` decimals, rounded half away from zero, without a locale or
/// floating-point noise: `fixedDecimal(1.5, places: 3)` is `1.500`. Times in transcripts and
/// findings are written this way so the same run always gives the same text.
public func fixedDecimal(_ value: Double, places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    // Times and durations are bounded where they are read; this still cannot trap on any Double.
    let product = (value * Double(scale)).rounded()
    let scaled = product.isNaN ? 0 : Int(max(-1e15, min(1e15, product)))
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    guard places > 0 else { return "\(sign)\(magnitude)" }
    let fraction = String(magnitude % scale)
    return "\(sign)\(magnitude / scale).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
}

extension SourceLocation {
    /// `{"file": "a.json", "line": 3, "column": 5}`.
    var json: String {
        "{\"file\": \(jsonString(file)), \"line\": \(line), \"column\": \(column)}"
    }
}
