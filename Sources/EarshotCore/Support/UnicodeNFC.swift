import Foundation

/// Unicode normalization form C, as every text Earshot reads is kept (JSON strings and keys,
/// decoded text files, attributes of XML dumps) and as the engine is given it.
public enum UnicodeNFC {
    /// Unicode NFC (composed Hangul syllables, composed accents). Text that cannot change is
    /// returned as it is without Foundation's conversion, which costs tens of microseconds a
    /// string (a profile's 4,000 symbol names are read at every start).
    public static func composed(_ text: String) -> String {
        mayChange(text) ? text.precomposedStringWithCanonicalMapping : text
    }

    /// A quick check in the spirit of Unicode's NFC_Quick_Check: false when no scalar can
    /// compose with its neighbour or be replaced (no combining mark, no conjoining jamo, no
    /// singleton such as U+2126 or the CJK compatibility ideographs).
    static func mayChange(_ text: String) -> Bool {
        // Most text is ASCII and Hangul syllables: read from the bytes, the rest scalar by scalar.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                // Eight ASCII bytes at a time.
                if index + 8 <= bytes.count,
                   UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                // Below U+0300 (0xCC is the first lead byte of a scalar from U+0300 on).
                if byte < 0xCC {
                    index += 1
                    continue
                }
                guard byte >= 0xEA, byte <= 0xED, index + 2 < bytes.count else { return false }
                let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
                    | UInt32(bytes[index + 2] & 0x3F)
                guard scalar >= 0xAC00, scalar <= 0xD7A3 else { return false }
                index += 3
            }
            return true
        }
        if plain == true { return false }
        for scalar in text.unicodeScalars where scalar.value >= 0x300 {
            // A precomposed Hangul syllable is a letter that stays as it is (a trailing jamo after
            // it is checked as itself).
            if scalar.value >= 0xAC00 && scalar.value <= 0xD7A3 { continue }
            if sensitive.contains(where: { $0.contains(scalar.value) }) { return true }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: continue
            }
        }
        return false
    }

    /// Scalars NFC may replace or compose that are not marks: conjoining Hangul jamo, and the
    /// singletons and composition exclusions (Greek tonos forms, Ohm and Kelvin signs, angle
    /// brackets, Indic nukta forms, Tibetan, Hebrew presentation forms, CJK compatibility
    /// ideographs, musical symbols).
    static let sensitive: [ClosedRange<UInt32>] = [
        0x0340...0x0344, 0x0374...0x0374, 0x037E...0x037E, 0x0387...0x0387, 0x0958...0x095F, 0x09DC...0x09DF,
        0x0A33...0x0A36, 0x0A59...0x0A5E, 0x0B5C...0x0B5D, 0x0F43...0x0FB9, 0x1100...0x11FF, 0x1F00...0x1FFF,
        0x2000...0x2001, 0x2126...0x212B, 0x2329...0x232A, 0x2ADC...0x2ADC, 0xA960...0xA97F, 0xD7B0...0xD7FF,
        0xF900...0xFAFF, 0xFB1D...0xFB4E, 0x1D15E...0x1D1C0, 0x2F800...0x2FA1F,
    ]
}
