/// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
public func jsonString(_ text: String) -> String {
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

/// `value` with exactly `places` decimals, rounded half away from zero, without a locale or
/// floating-point noise: `fixedDecimal(1.5, places: 3)` is `1.500`. Times in transcripts and
/// findings are written this way so the same run always gives the same text.
public func fixedDecimal(_ value: Double, places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    guard places > 0 else { return "\(sign)\(magnitude)" }
    let fraction = String(magnitude % scale)
    return "\(sign)\(magnitude / scale).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
}
