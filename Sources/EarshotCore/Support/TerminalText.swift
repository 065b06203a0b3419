/// Text made safe to print on a terminal: a control character from a file or a keyboard (ESC,
/// CR, BEL, the C1 controls such as U+009B, a terminal's one-byte CSI) would otherwise move the
/// cursor, change colours or rewrite the line a screen reader reads. Each one is shown as its
/// code, `<U+001B>`; tab stays.
public enum TerminalText {
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// C0 controls but tab, DEL, and the C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 && value != 0x09 || (0x7F...0x9F).contains(value)
    }
}
