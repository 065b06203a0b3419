import Foundation

/// Rewrites Korean UI text so eSpeak NG's ko voice reads numbers, symbols and abbreviations the
/// way VoiceOver on iOS does (`평점 4.8점` → `평점 사 점 팔 점`, `3개` → `세 개`).
///
/// The text is scanned once, left to right. At a digit (or a sign or currency symbol before one)
/// the longest reading pattern wins, in this order: date, phone number, time, `a/b`, then a plain
/// number with what follows it (unit, counter, magnitude word). All-capital Latin words are
/// spelled with Korean letter names; other Latin words are kept for eSpeak's English reading.
/// All words come from `KoreanNormalizationRules`.
public struct KoreanNormalizer: TextNormalizer {
    public let rules: KoreanNormalizationRules
    let reader: KoreanNumberWords
    /// Counters and unit symbols as scalar arrays by their first scalar, longest first, for
    /// prefix matching in the scanned text; magnitude words likewise, longest first.
    let counterPatterns: [Unicode.Scalar: [CounterPattern]]
    let unitPatterns: [Unicode.Scalar: [UnitPattern]]
    let magnitudePatterns: [[Unicode.Scalar]]
    let ordinalPatterns: [[Unicode.Scalar]]
    let currencyWords: [Unicode.Scalar: String]
    let rangeScalars: Set<Unicode.Scalar>

    public init(rules: KoreanNormalizationRules) {
        self.rules = rules
        reader = KoreanNumberWords(words: rules.numbers)
        counterPatterns = Dictionary(grouping: rules.counters.map {
            CounterPattern(scalars: Array($0.key.unicodeScalars), word: $0.key, kind: $0.value)
        }, by: { $0.scalars[0] }).mapValues { $0.sorted { $0.scalars.count > $1.scalars.count } }
        unitPatterns = Dictionary(grouping: rules.units.map {
            UnitPattern(scalars: Array($0.key.unicodeScalars), reading: $0.value)
        }, by: { $0.scalars[0] }).mapValues { $0.sorted { $0.scalars.count > $1.scalars.count } }
        magnitudePatterns = rules.numbers.magnitudes.map { Array($0.unicodeScalars) }
            .sorted { $0.count > $1.count }
        ordinalPatterns = rules.ordinalPrefixes.map { Array($0.unicodeScalars) }
        var currencies: [Unicode.Scalar: String] = [:]
        for (symbol, word) in rules.currencies {
            if let scalar = symbol.unicodeScalars.first { currencies[scalar] = word }
        }
        currencyWords = currencies
        rangeScalars = Set(rules.rangeSymbols.flatMap { $0.unicodeScalars })
    }

    public func normalize(_ text: String) -> String {
        normalizeCounting(text).text
    }

    /// The symbols (not letters or digits) the rules read with a number: the first character of
    /// each unit and currency (`℃`, `°`, `%`, `㎞`, `₩`).
    public var symbolsReadWithNumbers: Set<Character> {
        Set((Array(rules.units.keys) + Array(rules.currencies.keys)).compactMap(\.first).filter { !$0.isLetter && !$0.isNumber })
    }

    /// The text's reading and how many times the pass looked at a scalar of the input: the
    /// measure the tests hold to a constant per scalar, so the cost stays linear in the text.
    func normalizeCounting(_ text: String) -> (text: String, looks: Int) {
        var rewriter = KoreanTextRewriter(normalizer: self, text: text)
        let result = rewriter.run()
        return (result, rewriter.looks.count)
    }
}

struct CounterPattern: Sendable {
    var scalars: [Unicode.Scalar]
    var word: String
    var kind: KoreanNormalizationRules.CounterKind
}

struct UnitPattern: Sendable {
    var scalars: [Unicode.Scalar]
    var reading: String
}

/// What may follow a number and changes how it is read.
enum NumberSuffix {
    case none
    /// A counter word glued to the number (`개`, `시간`).
    case counter(String, KoreanNormalizationRules.CounterKind)
    /// A unit symbol (`km`, `%`) with its reading, possibly a `{}` template.
    case unit(String)
}

/// A number as written: sign, currency, digits, decimal or dotted parts.
struct WrittenNumber {
    enum Sign { case none, minus, plus }
    var sign = Sign.none
    var currency: String?
    var integer: [UInt8] = []
    var hasCommas = false
    var fraction: [UInt8]?
    /// Three or more dot-separated parts (`17.2.1`, `192.168.0.1`).
    var dottedParts: [[UInt8]]?
    /// Index of the first scalar (sign, currency or digit) and just past the number.
    var start = 0
    var end = 0

    var integerValue: Int? { KoreanNumberWords.value(of: integer) }
    var isPlainInteger: Bool { sign == .none && currency == nil && fraction == nil && dottedParts == nil }
}

/// One pass over one text; holds the input scalars and the output being built.
///
/// The output is an array of scalars, made a string once at the end: appending a slice to a
/// `String.UnicodeScalarView` copies the whole view each time, which made a long label of Latin
/// words quadratic (a 4 M character label took 22 s).
struct KoreanTextRewriter {
    let normalizer: KoreanNormalizer
    let rules: KoreanNormalizationRules
    let reader: KoreanNumberWords
    let s: [Unicode.Scalar]
    var out = ScalarOutput()
    /// Every look at an input scalar through `scalar(_:)` and `digit(_:)`.
    let looks = LookCounter()

    init(normalizer: KoreanNormalizer, text: String) {
        self.normalizer = normalizer
        rules = normalizer.rules
        reader = normalizer.reader
        s = Array(text.unicodeScalars)
        out.scalars.reserveCapacity(s.count + s.count / 2)
    }

    mutating func run() -> String {
        var i = 0
        while i < s.count {
            if let end = formatSpecifierEnd(at: i) {
                out.append(contentsOf: s[i..<end])
                i = end
                continue
            }
            if startsNumber(at: i), let end = readNumberExpression(at: i) {
                i = end
                continue
            }
            if isLatin(s[i]) {
                i = readLatinWord(at: i)
                continue
            }
            out.append(s[i])
            i += 1
        }
        return out.string
    }

    /// The end of a string-table format specifier with a number in it (`%1$d`, `%2$@`, `%1d`),
    /// which is not a number to read; nil elsewhere.
    func formatSpecifierEnd(at i: Int) -> Int? {
        guard s[i] == "%", digit(i + 1) != nil else { return nil }
        var (_, end) = readDigits(at: i + 1)
        if scalar(end) == "$" { end += 1 }
        guard let conversion = scalar(end), "@dDiuUxXfFeEgGsSlcp".unicodeScalars.contains(conversion) else {
            return nil
        }
        return end + 1
    }

    // MARK: Character classes

    func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }
    func isLatin(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
    func isUpperLatin(_ c: Unicode.Scalar) -> Bool { c.value >= 0x41 && c.value <= 0x5A }
    func isHangul(_ c: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(c.value) || (0x1100...0x11FF).contains(c.value)
            || (0x3130...0x318F).contains(c.value)
    }
    func isWordScalar(_ c: Unicode.Scalar) -> Bool { isDigit(c) || isLatin(c) || isHangul(c) }
    func digit(_ i: Int) -> UInt8? {
        looks.count += 1
        guard i >= 0, i < s.count, isDigit(s[i]) else { return nil }
        return UInt8(s[i].value - 0x30)
    }
    func scalar(_ i: Int) -> Unicode.Scalar? {
        looks.count += 1
        return i >= 0 && i < s.count ? s[i] : nil
    }
    func matches(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + pattern.count <= s.count else { return false }
        for (offset, c) in pattern.enumerated() where s[i + offset] != c { return false }
        return true
    }

    /// A digit, or a sign or currency symbol directly before one.
    func startsNumber(at i: Int) -> Bool {
        guard let c = scalar(i) else { return false }
        if isDigit(c) { return true }
        if isHangul(c) || isLatin(c) || c == " " { return false }
        var j = i
        if isSign(at: j) { j += 1 }
        if let c = scalar(j), normalizer.currencyWords[c] != nil { j += 1 }
        return j > i && digit(j) != nil
    }

    /// A minus or plus that belongs to the number after it, not a hyphen between words or digits.
    func isSign(at i: Int) -> Bool {
        guard let c = scalar(i), c == "-" || c == "\u{2212}" || c == "+" else { return false }
        if let before = scalar(i - 1), isWordScalar(before) || before == "." { return false }
        return true
    }

    /// Reads digits from `i`; returns them and the index after them.
    func readDigits(at i: Int) -> ([UInt8], Int) {
        var j = i
        var digits: [UInt8] = []
        while let d = digit(j) {
            digits.append(d)
            j += 1
        }
        return (digits, j)
    }

    // MARK: Output

    /// Appends a reading, with a space before it when it would otherwise touch a word.
    mutating func emit(_ text: String) {
        if let last = out.last, isWordScalar(last) { out.append(" ") }
        out.append(contentsOf: text.unicodeScalars)
    }

    /// After a reading: a space when a digit or Latin letter follows directly, or any word when
    /// the reading did not end in a counter that glues to its particle (`세 개를`).
    mutating func separate(before i: Int, glueHangul: Bool) {
        guard let next = scalar(i) else { return }
        if isDigit(next) || isLatin(next) || (!glueHangul && isHangul(next)) { out.append(" ") }
    }

    // MARK: Number expressions

    /// Reads the number expression at `i`, appends its reading, and returns the index after it;
    /// nil when nothing at `i` is a number after all.
    mutating func readNumberExpression(at i: Int) -> Int? {
        var reading: (text: String, end: Int, glue: Bool)?
        if digit(i) != nil {
            reading = readDate(at: i) ?? readPhoneNumber(at: i) ?? readTime(at: i) ?? readRatio(at: i)
                ?? readSlash(at: i)
        }
        if reading == nil { reading = readQuantity(at: i) }
        guard let reading else { return nil }
        emit(reading.text)
        // A range symbol between two numbers is read as a word glued to the first end.
        if let c = scalar(reading.end), normalizer.rangeScalars.contains(c), startsNumber(at: reading.end + 1) {
            out.append(contentsOf: rules.rangeWord.unicodeScalars)
            out.append(" ")
            return reading.end + 1
        }
        separate(before: reading.end, glueHangul: reading.glue)
        return reading.end
    }

    /// `2024.05.01`, `2024-05-01`, `2024/5/1`, `2024. 5. 1.` → 이천이십사 년 오 월 일 일.
    func readDate(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        if let before = scalar(i - 1), isDigit(before) || before == "." { return nil }
        let (year, afterYear) = readDigits(at: i)
        guard year.count == 4, let separator = scalar(afterYear), ".-/".unicodeScalars.contains(separator) else {
            return nil
        }
        func skipSeparator(_ j: Int) -> Int? {
            guard scalar(j) == separator else { return nil }
            return separator == "." && scalar(j + 1) == " " ? j + 2 : j + 1
        }
        guard let monthStart = skipSeparator(afterYear) else { return nil }
        let (month, afterMonth) = readDigits(at: monthStart)
        guard (1...2).contains(month.count), let monthValue = KoreanNumberWords.value(of: month),
              (1...12).contains(monthValue), let dayStart = skipSeparator(afterMonth) else { return nil }
        let (day, afterDay) = readDigits(at: dayStart)
        guard (1...2).contains(day.count), let dayValue = KoreanNumberWords.value(of: day),
              (1...31).contains(dayValue) else { return nil }
        let end = afterDay
        if digit(end) != nil || (scalar(end) == separator && digit(end + 1) != nil) { return nil }
        let text = [
            counted(KoreanNumberWords.value(of: year)!, rules.yearCounter),
            counted(monthValue, rules.monthCounter),
            counted(dayValue, rules.dayCounter),
        ].joined(separator: " ")
        return (text, end, true)
    }

    /// `010-1234-5678`, `1588-1234`, `02-123-4567`: digit by digit, 0 as 공, a pause per group.
    func readPhoneNumber(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        if let before = scalar(i - 1), isDigit(before) || before == "-" { return nil }
        var groups: [[UInt8]] = []
        var j = i
        while true {
            let (group, after) = readDigits(at: j)
            let allowed = groups.isEmpty ? 2...4 : 3...4
            guard allowed.contains(group.count) else { return nil }
            groups.append(group)
            j = after
            guard scalar(j) == "-", digit(j + 1) != nil else { break }
            j += 1
        }
        guard groups.count >= 2, groups.reduce(0, { $0 + $1.count }) >= rules.phoneDigitsFrom else { return nil }
        let text = groups.map { reader.digitByDigit($0, zero: rules.digitZero) }
            .joined(separator: rules.digitGroupSeparator)
        return (text, j, true)
    }

    /// `3:30` → 세 시 삼십 분, `15:05:09` → 열다섯 시 오 분 구 초; `3:00` → 세 시.
    func readTime(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        if let before = scalar(i - 1), isDigit(before) || before == ":" { return nil }
        let (hour, afterHour) = readDigits(at: i)
        guard (1...2).contains(hour.count), scalar(afterHour) == ":" else { return nil }
        let (minute, afterMinute) = readDigits(at: afterHour + 1)
        guard minute.count == 2, let hourValue = KoreanNumberWords.value(of: hour), hourValue <= 24,
              let minuteValue = KoreanNumberWords.value(of: minute), minuteValue <= 59 else { return nil }
        var end = afterMinute
        var secondValue: Int?
        if scalar(end) == ":" {
            let (second, afterSecond) = readDigits(at: end + 1)
            guard second.count == 2, let value = KoreanNumberWords.value(of: second), value <= 59 else { return nil }
            secondValue = value
            end = afterSecond
        }
        if digit(end) != nil || scalar(end) == ":" { return nil }
        var parts = [counted(hourValue, rules.hourCounter)]
        if minuteValue > 0 || (secondValue ?? 0) > 0 { parts.append(counted(minuteValue, rules.minuteCounter)) }
        if let secondValue, secondValue > 0 { parts.append(counted(secondValue, rules.secondCounter)) }
        return (parts.joined(separator: " "), end, true)
    }

    /// `1:1`, `16:9` (not a time) → 일 대 일, 십육 대 구.
    func readRatio(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        if let before = scalar(i - 1), isDigit(before) || before == ":" { return nil }
        let (left, afterLeft) = readDigits(at: i)
        guard scalar(afterLeft) == ":" else { return nil }
        let (right, end) = readDigits(at: afterLeft + 1)
        guard !right.isEmpty, scalar(end) != ":", let leftWords = reader.sino(left),
              let rightWords = reader.sino(right) else { return nil }
        return (leftWords + " " + rules.ratioWord + " " + rightWords, end, false)
    }

    /// `1/3` → 삼분의 일 (a proper fraction with a small denominator), `5/1` → 오 월 일 일 (a
    /// month and day), other `a/b` → a fraction.
    func readSlash(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        if let before = scalar(i - 1), isDigit(before) || before == "/" || before == "." { return nil }
        let (top, afterTop) = readDigits(at: i)
        guard scalar(afterTop) == "/" else { return nil }
        let (bottom, end) = readDigits(at: afterTop + 1)
        guard !bottom.isEmpty, scalar(end) != "/", scalar(end) != ".",
              let a = KoreanNumberWords.value(of: top), let b = KoreanNumberWords.value(of: bottom), b > 0 else {
            return nil
        }
        let isFraction = a < b && b <= rules.fractionMaxDenominator
        if !isFraction, (1...12).contains(a), (1...31).contains(b), top.count <= 2, bottom.count <= 2 {
            return (counted(a, rules.monthCounter) + " " + counted(b, rules.dayCounter), end, true)
        }
        guard let denominator = reader.sino(bottom), let numerator = reader.sino(top) else { return nil }
        return (denominator + rules.fractionWord + " " + numerator, end, false)
    }

    /// A number with its sign, currency, unit, counter or magnitude word.
    func readQuantity(at i: Int) -> (text: String, end: Int, glue: Bool)? {
        guard let number = readWrittenNumber(at: i) else { return nil }
        if number.dottedParts == nil, let magnitude = readMagnitudes(after: number) {
            return magnitude
        }
        var (suffix, end) = readSuffix(at: number.end)
        // `1~3개`: the first end of a range takes the counter or unit of the second.
        if case .none = suffix, let c = scalar(end), normalizer.rangeScalars.contains(c),
           let second = readWrittenNumber(at: end + 1) {
            suffix = readSuffix(at: second.end).0
        }
        let text = render(number, suffix)
        if case .none = suffix { return (text, end, number.currency != nil) }
        return (text, end, true)
    }

    /// Sign, currency symbol, digits with thousands commas, decimal or dotted parts.
    func readWrittenNumber(at i: Int) -> WrittenNumber? {
        var number = WrittenNumber()
        number.start = i
        var j = i
        if isSign(at: j) {
            number.sign = s[j] == "+" ? .plus : .minus
            j += 1
        }
        if let c = scalar(j), let word = normalizer.currencyWords[c] {
            number.currency = word
            j += 1
        }
        let (integer, afterInteger) = readDigits(at: j)
        guard !integer.isEmpty else { return nil }
        number.integer = integer
        j = afterInteger
        // Thousands commas: only groups of exactly three digits after a lead of one to three.
        if integer.count <= 3 {
            while scalar(j) == ",", case let (group, after) = readDigits(at: j + 1), group.count == 3 {
                number.integer += group
                number.hasCommas = true
                j = after
            }
        }
        if scalar(j) == ".", digit(j + 1) != nil {
            let (fraction, afterFraction) = readDigits(at: j + 1)
            j = afterFraction
            if !number.hasCommas, scalar(j) == ".", digit(j + 1) != nil {
                var parts = [number.integer, fraction]
                while scalar(j) == ".", digit(j + 1) != nil {
                    let (part, after) = readDigits(at: j + 1)
                    parts.append(part)
                    j = after
                }
                number.dottedParts = parts
            } else {
                number.fraction = fraction
            }
        }
        number.end = j
        return number
    }

    /// `3만`, `2천만`, `1억 2천만`: the number fused with its magnitude words, read Sino-Korean.
    func readMagnitudes(after number: WrittenNumber) -> (text: String, end: Int, glue: Bool)? {
        var j = number.end
        var words = ""
        while let pattern = normalizer.magnitudePatterns.first(where: { matches($0, at: j) }),
              !longerCounter(than: pattern.count, at: j) {
            words += String(String.UnicodeScalarView(pattern))
            j += pattern.count
        }
        guard !words.isEmpty else { return nil }
        var numberText: String
        if number.fraction != nil {
            numberText = cardinal(number)
        } else if number.integer.drop(while: { $0 == 0 }).elementsEqual([1]),
                  let first = rules.numbers.magnitudes.first(where: { words.hasPrefix($0) }),
                  rules.numbers.omitOneBefore.contains(first) {
            numberText = ""
        } else {
            numberText = reader.sino(number.integer) ?? reader.digitByDigit(number.integer, zero: rules.digitZero)
        }
        var text = signed(numberText + words, number.sign)
        let (suffix, end) = readSuffix(at: j)
        switch suffix {
        case .none:
            if let currency = number.currency { text += " " + currency }
            return (text, end, number.currency != nil)
        case .counter(let word, _):
            return (text + " " + word + (number.currency.map { " " + $0 } ?? ""), end, true)
        case .unit(let reading):
            return (applyUnit(reading, to: text), end, true)
        }
    }

    /// Whether a counter longer than a magnitude word starts at `j` (`3조각` is pieces, not 조).
    func longerCounter(than length: Int, at j: Int) -> Bool {
        guard let first = scalar(j), let candidates = normalizer.counterPatterns[first] else { return false }
        return candidates.contains { $0.scalars.count > length && matches($0.scalars, at: j) }
    }

    /// A unit symbol (after an optional space, for multi-character units) or a counter word.
    func readSuffix(at j: Int) -> (NumberSuffix, Int) {
        for start in [j, j + 1] {
            if start == j + 1 && scalar(j) != " " { break }
            guard let first = scalar(start), let units = normalizer.unitPatterns[first] else { continue }
            for unit in units where matches(unit.scalars, at: start) {
                if start == j + 1, unit.scalars.count < 2, isLatin(unit.scalars[0]) { continue }
                let after = start + unit.scalars.count
                // A Latin unit must end the word: `5m` is metres, `5min` is not.
                if let last = unit.scalars.last, isLatin(last), let next = scalar(after), isLatin(next) { continue }
                return (.unit(unit.reading), after)
            }
        }
        guard let first = scalar(j), let counters = normalizer.counterPatterns[first] else { return (.none, j) }
        for counter in counters where matches(counter.scalars, at: j) {
            return (.counter(counter.word, counter.kind), j + counter.scalars.count)
        }
        return (.none, j)
    }

    /// The reading of a number with what follows it.
    func render(_ number: WrittenNumber, _ suffix: NumberSuffix) -> String {
        if let parts = number.dottedParts {
            let text = parts.map { reader.sino($0) ?? reader.digitByDigit($0, zero: rules.digitZero) }
                .joined(separator: " " + rules.numbers.decimalPoint + " ")
            return signed(text, number.sign)
        }
        var numberText: String
        switch suffix {
        case .counter(let word, let kind):
            if number.isPlainInteger, !ordinalBefore(number), let value = number.integerValue {
                if let fixed = rules.counterReadings[word]?[value] { return fixed }
                if kind == .native, let native = reader.native(value) { return native + " " + word }
            }
            numberText = cardinal(number)
            numberText += " " + word
        case .unit(let reading):
            return applyUnit(reading, to: signed(cardinal(number), number.sign))
        case .none:
            // Order numbers and codes: long digit runs without commas, or a leading zero.
            let integer = number.integer
            if number.fraction == nil, !number.hasCommas,
               integer.count >= rules.longDigitsFrom || (integer.count > 1 && integer.first == 0) {
                numberText = reader.digitByDigit(integer, zero: rules.digitZero)
            } else {
                numberText = cardinal(number)
            }
        }
        var text = signed(numberText, number.sign)
        if let currency = number.currency { text += " " + currency }
        return text
    }

    /// Sino-Korean reading with any decimal part (사 점 팔); digit by digit past 조 and 경.
    func cardinal(_ number: WrittenNumber) -> String {
        var text = reader.sino(number.integer) ?? reader.digitByDigit(number.integer, zero: rules.digitZero)
        if let fraction = number.fraction {
            text += " " + rules.numbers.decimalPoint + " " + reader.fractionDigits(fraction)
        }
        return text
    }

    func signed(_ text: String, _ sign: WrittenNumber.Sign) -> String {
        switch sign {
        case .none: text
        case .minus: rules.numbers.minus + " " + text
        case .plus: rules.numbers.plus + " " + text
        }
    }

    func applyUnit(_ reading: String, to number: String) -> String {
        reading.contains("{}") ? reading.replacingOccurrences(of: "{}", with: number) : number + " " + reading
    }

    /// A counted number as in `3시`, `30분`, `6월`: native, Sino or a fixed reading by the counter.
    func counted(_ value: Int, _ counter: String) -> String {
        if let fixed = rules.counterReadings[counter]?[value] { return fixed }
        if rules.counters[counter] == .native, let native = reader.native(value) { return native + " " + counter }
        return reader.sino(value) + " " + counter
    }

    /// Whether an ordinal prefix word (`제`) stands right before the number, at a word start.
    func ordinalBefore(_ number: WrittenNumber) -> Bool {
        let start = number.start
        for pattern in normalizer.ordinalPatterns {
            let prefixStart = start - pattern.count
            guard prefixStart >= 0, matches(pattern, at: prefixStart) else { continue }
            if let before = scalar(prefixStart - 1), isHangul(before) { continue }
            return true
        }
        return false
    }

    // MARK: Latin words

    /// Keeps a Latin word for eSpeak, or spells an all-capital abbreviation with Korean letter
    /// names (`USB` → 유 에스 비); a single capital glued to digits is spelled too (`S24`, `5G`).
    mutating func readLatinWord(at i: Int) -> Int {
        var j = i
        while let c = scalar(j), isLatin(c) { j += 1 }
        let word = String(String.UnicodeScalarView(s[i..<j]))
        let allCapitals = s[i..<j].allSatisfy(isUpperLatin)
        let gluedToDigit = digit(i - 1) != nil || digit(j) != nil
        // `DON'T` is a shouted word, not an abbreviation.
        let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}"]
        let inContraction = scalar(i - 1).map(apostrophes.contains) == true
            || scalar(j).map(apostrophes.contains) == true
        let length = j - i
        let spelled = allCapitals && !inContraction && !rules.spellingExceptions.contains(word)
            && ((rules.spellingMinLength...rules.spellingMaxLength).contains(length)
                || (gluedToDigit && length <= rules.spellingMaxLength))
        if spelled, case let names = word.compactMap({ rules.letters[$0] }), names.count == length {
            emit(names.joined(separator: " "))
            separate(before: j, glueHangul: true)
        } else {
            out.append(contentsOf: s[i..<j])
        }
        return j
    }
}

/// The rewriter's output: scalars appended one by one in amortized constant time.
struct ScalarOutput {
    var scalars: [Unicode.Scalar] = []

    var last: Unicode.Scalar? { scalars.last }

    mutating func append(_ scalar: Unicode.Scalar) { scalars.append(scalar) }

    mutating func append<S: Sequence>(contentsOf more: S) where S.Element == Unicode.Scalar {
        scalars.append(contentsOf: more)
    }

    var string: String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count * 3)
        for scalar in scalars { UTF8.encode(scalar) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// A count shared by the copies of a rewriter's non-mutating helpers.
final class LookCounter {
    var count = 0
}
