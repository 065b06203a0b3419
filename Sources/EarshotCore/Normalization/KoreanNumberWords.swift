/// Spells numbers as Korean words: Sino-Korean (만 이천), native counter forms (스무), decimals
/// (사 점 팔) and digit by digit (공 일 공).
///
/// Numbers arrive as arrays of digit values (0–9, most significant first) so that order numbers
/// and amounts longer than any integer type are still read.
public struct KoreanNumberWords: Sendable {
    public let words: KoreanNormalizationRules.Numbers

    public init(words: KoreanNormalizationRules.Numbers) {
        self.words = words
    }

    /// The largest number of digits `sino` can read (four per group word).
    public var maxSinoDigits: Int { words.sinoGroups.count * 4 }

    /// Sino-Korean reading, groups of four digits separated by spaces where VoiceOver pauses
    /// (12000 → 만 이천, 2024 → 이천이십사); nil when the number has more digits than there are
    /// group words.
    public func sino(_ digits: some Collection<UInt8>) -> String? {
        let significant = Array(digits.drop { $0 == 0 })
        if significant.isEmpty { return words.sinoDigits[0] }
        guard significant.count <= maxSinoDigits else { return nil }
        var parts: [String] = []
        let groupCount = (significant.count + 3) / 4
        for group in stride(from: groupCount - 1, through: 0, by: -1) {
            let end = significant.count - group * 4
            let start = max(0, end - 4)
            let groupDigits = significant[start..<end]
            guard groupDigits.contains(where: { $0 != 0 }) else { continue }
            let groupWord = words.sinoGroups[group]
            if group > 0, groupDigits.drop(while: { $0 == 0 }).elementsEqual([1]),
               words.omitOneBefore.contains(groupWord) {
                parts.append(groupWord)
                continue
            }
            parts.append(readGroup(groupDigits) + groupWord)
        }
        return parts.joined(separator: " ")
    }

    /// Reads up to four digits (1234 → 천이백삼십사).
    private func readGroup(_ digits: ArraySlice<UInt8>) -> String {
        var text = ""
        for (offset, digit) in digits.enumerated() where digit != 0 {
            let place = words.sinoPlaces[digits.count - 1 - offset]
            if !(digit == 1 && !place.isEmpty && words.omitOneBefore.contains(place)) {
                text += words.sinoDigits[Int(digit)]
            }
            text += place
        }
        return text
    }

    /// Sino-Korean reading of a small number.
    public func sino(_ number: Int) -> String {
        sino(Self.digits(of: number)) ?? words.sinoDigits[0]
    }

    /// Native counter form (1 → 한, 20 → 스무, 24 → 스물네); nil outside 1...nativeMax.
    public func native(_ number: Int) -> String? {
        guard number >= 1, number <= words.nativeMax else { return nil }
        let tens = number / 10, ones = number % 10
        if ones == 0 { return words.nativeRoundTens[tens] }
        return words.nativeTens[tens] + words.nativeOnes[ones]
    }

    /// The digits after a decimal point, each read on its own (.05 → 영오).
    public func fractionDigits(_ digits: some Collection<UInt8>) -> String {
        digits.map { words.sinoDigits[Int($0)] }.joined()
    }

    /// Digits read one by one with spaces, 0 read as `zero` (010 → 공 일 공).
    public func digitByDigit(_ digits: some Collection<UInt8>, zero: String) -> String {
        digits.map { $0 == 0 ? zero : words.sinoDigits[Int($0)] }.joined(separator: " ")
    }

    /// The digit values of a non-negative number.
    public static func digits(of number: Int) -> [UInt8] {
        String(max(0, number)).utf8.map { $0 - UInt8(ascii: "0") }
    }

    /// The value of up to 18 digits; nil when longer.
    public static func value(of digits: some Collection<UInt8>) -> Int? {
        guard digits.count <= 18 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1) }
    }
}
