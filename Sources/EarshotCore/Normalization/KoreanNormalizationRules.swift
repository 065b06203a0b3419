import Foundation

/// The data behind Korean normalization, read from `voices/normalization/ko.json`: number words,
/// counters, units, currencies, letter names.
///
/// Everything a tester may want to correct (a counter that takes native numbers, a unit's
/// reading, a letter name) lives here rather than in code; every section is required so the file
/// shows the whole behaviour, and every mistake is reported with its file, line and column.
public struct KoreanNormalizationRules: Sendable {
    /// Which numbers a counter word takes.
    public enum CounterKind: String, Sendable {
        /// 한, 두, 세 … 아흔아홉 (up to `Numbers.nativeMax`), Sino-Korean beyond.
        case native
        /// 일, 이, 삼 …
        case sino
    }

    /// Number words.
    public struct Numbers: Sendable {
        /// 영 일 이 … 구: the ten digits.
        public var sinoDigits: [String]
        /// The places within a group of four: "", 십, 백, 천.
        public var sinoPlaces: [String]
        /// The groups of four digits: "", 만, 억, 조 …
        public var sinoGroups: [String]
        /// Place or group words said without a leading 일 (십 not 일십, 만 not 일만).
        public var omitOneBefore: Set<String>
        /// Counter forms of 1 to 9: 한 두 세 네 다섯 …
        public var nativeOnes: [String]
        /// Tens before a non-zero unit: 열 스물 서른 …
        public var nativeTens: [String]
        /// Round tens before a counter: 열 스무 서른 …
        public var nativeRoundTens: [String]
        /// The largest number read with native words; larger ones are Sino-Korean.
        public var nativeMax: Int
        public var decimalPoint: String
        public var minus: String
        public var plus: String
        /// Magnitude words written after digits (`3만`, `2천만`), read fused with the number.
        public var magnitudes: [String]
    }

    public var numbers: Numbers
    /// Counter words glued after a number, by the numbers they take.
    public var counters: [String: CounterKind]
    /// Fixed readings of one counter with one number (6월 → 유월), replacing number and counter.
    public var counterReadings: [String: [Int: String]]
    /// Unit symbols after a number and their readings; `{}` marks where the number goes
    /// (`섭씨 {} 도`), otherwise the reading follows the number.
    public var units: [String: String]
    /// Currency symbols written before a number and the word read after it.
    public var currencies: [String: String]
    public var hourCounter: String
    public var minuteCounter: String
    public var secondCounter: String
    public var yearCounter: String
    public var monthCounter: String
    public var dayCounter: String
    /// Characters between two numbers that make a range (`1~3개`).
    public var rangeSymbols: Set<Character>
    /// The word read between the two ends of a range, glued to the first (`한 개에서 세 개`).
    public var rangeWord: String
    /// The word between the two sides of a ratio that is not a time (`1:1` 일 대 일).
    public var ratioWord: String
    /// The word between denominator and numerator (`삼분의 일`).
    public var fractionWord: String
    /// `a/b` with `a < b <= maxDenominator` is a fraction; other `M/D` pairs are dates.
    public var fractionMaxDenominator: Int
    /// Words before a number that make it an ordinal read in Sino-Korean (`제3장` 제 삼 장).
    public var ordinalPrefixes: [String]
    /// How 0 is read when digits are read one by one (phone numbers, codes).
    public var digitZero: String
    /// Put between the groups of a phone number (VoiceOver pauses at each hyphen).
    public var digitGroupSeparator: String
    /// Digit strings without commas at least this long, with no counter, are read one by one.
    public var longDigitsFrom: Int
    /// Hyphenated digit groups with at least this many digits in all are phone numbers.
    public var phoneDigitsFrom: Int
    /// Korean names of the Latin capital letters, for spelled abbreviations.
    public var letters: [Character: String]
    /// Spelled abbreviations are all-capital words of this many letters.
    public var spellingMinLength: Int
    public var spellingMaxLength: Int
    /// All-capital words that are read as words, not spelled (`ON`, `SALE`).
    public var spellingExceptions: Set<String>

    /// The value of the file's `normalizer` key that selects these rules.
    public static let normalizerName = "korean"

    /// Reads rules from a JSON file.
    public static func load(path: String) throws -> KoreanNormalizationRules {
        try KoreanNormalizationRules(node: JSONDocument.load(path: path))
    }

    /// Decodes rules from parsed JSON, checking every value against what the normalizer needs.
    public init(node: JSONNode) throws {
        let root = try node.object(allowing: [
            "normalizer", "description", "numbers", "counters", "units", "currencies", "time", "date",
            "ranges", "ratios", "fractions", "ordinalPrefixes", "digitByDigit", "letters", "spelling",
        ])
        let kind = try root.requiredString("normalizer")
        guard kind == Self.normalizerName else {
            throw DataFileError("unknown normalizer \"\(kind)\"; valid normalizers: \(Self.normalizerName)",
                                at: root["normalizer"]!.location)
        }
        numbers = try Self.readNumbers(root.required("numbers"))

        let counterObject = try root.required("counters").object(allowing: ["native", "sino", "readings"])
        var counters: [String: CounterKind] = [:]
        for kind in [CounterKind.native, .sino] {
            for item in try counterObject.required(kind.rawValue).arrayItems() {
                let word = try Self.nonEmptyString(item)
                if let earlier = counters[word] {
                    throw DataFileError("counter \"\(word)\" is listed twice (already \(earlier.rawValue))",
                                        at: item.location)
                }
                counters[word] = kind
            }
        }
        self.counters = counters
        var readings: [String: [Int: String]] = [:]
        if let readingsNode = counterObject["readings"] {
            guard case .object(let members) = readingsNode.value else {
                throw readingsNode.typeError(expected: "an object of counter readings")
            }
            for member in members {
                guard counters[member.key] != nil else {
                    throw DataFileError("reading for \"\(member.key)\", which is not a listed counter",
                                        at: member.keyLocation)
                }
                guard case .object(let byNumber) = member.node.value else {
                    throw member.node.typeError(expected: "an object such as {\"6\": \"유월\"}")
                }
                var table: [Int: String] = [:]
                for entry in byNumber {
                    guard let number = Int(entry.key), number >= 0 else {
                        throw DataFileError("\"\(entry.key)\" is not a number; keys are numbers such as \"6\"",
                                            at: entry.keyLocation)
                    }
                    table[number] = try Self.nonEmptyString(entry.node)
                }
                readings[member.key] = table
            }
        }
        counterReadings = readings

        units = try Self.stringTable(root.required("units"), what: "unit") { symbol, reading, location in
            guard reading.components(separatedBy: "{}").count <= 2 else {
                throw DataFileError("reading of \"\(symbol)\" has more than one {} for the number", at: location)
            }
        }
        currencies = try Self.stringTable(root.required("currencies"), what: "currency") { symbol, _, location in
            guard symbol.unicodeScalars.count == 1 else {
                throw DataFileError("currency symbol \"\(symbol)\" must be a single character", at: location)
            }
        }

        let time = try root.required("time").object(allowing: ["hour", "minute", "second"])
        hourCounter = try time.requiredString("hour")
        minuteCounter = try time.requiredString("minute")
        secondCounter = try time.requiredString("second")
        let date = try root.required("date").object(allowing: ["year", "month", "day"])
        yearCounter = try date.requiredString("year")
        monthCounter = try date.requiredString("month")
        dayCounter = try date.requiredString("day")

        let ranges = try root.required("ranges").object(allowing: ["symbols", "word"])
        var symbols = Set<Character>()
        for item in try ranges.required("symbols").arrayItems() {
            let symbol = try item.stringValue()
            guard symbol.count == 1, let character = symbol.first else {
                throw DataFileError("range symbol \"\(symbol)\" must be a single character", at: item.location)
            }
            symbols.insert(character)
        }
        rangeSymbols = symbols
        rangeWord = try ranges.requiredString("word")

        ratioWord = try root.required("ratios").object(allowing: ["word"]).requiredString("word")

        let fractions = try root.required("fractions").object(allowing: ["word", "maxDenominator"])
        fractionWord = try fractions.requiredString("word")
        fractionMaxDenominator = try Self.ranged(fractions, "maxDenominator", 1...99)

        ordinalPrefixes = try root.required("ordinalPrefixes").arrayItems().map(Self.nonEmptyString)

        let digits = try root.required("digitByDigit").object(allowing: [
            "zero", "groupSeparator", "longDigitsFrom", "phoneDigitsFrom",
        ])
        digitZero = try digits.requiredString("zero")
        digitGroupSeparator = try digits.requiredString("groupSeparator")
        longDigitsFrom = try Self.ranged(digits, "longDigitsFrom", 2...40)
        phoneDigitsFrom = try Self.ranged(digits, "phoneDigitsFrom", 4...40)

        var letters: [Character: String] = [:]
        let letterTable = try Self.stringTable(root.required("letters"), what: "letter") { letter, _, location in
            guard letter.count == 1, let scalar = letter.unicodeScalars.first, ("A"..."Z").contains(scalar) else {
                throw DataFileError("letter \"\(letter)\" must be one capital letter A to Z", at: location)
            }
        }
        for (letter, name) in letterTable { letters[Character(letter)] = name }
        self.letters = letters

        let spelling = try root.required("spelling").object(allowing: ["minLength", "maxLength", "words"])
        spellingMinLength = try Self.ranged(spelling, "minLength", 1...20)
        spellingMaxLength = try Self.ranged(spelling, "maxLength", spellingMinLength...20)
        spellingExceptions = Set(try spelling.strings("words") ?? [])
    }

    private static func readNumbers(_ node: JSONNode) throws -> Numbers {
        let object = try node.object(allowing: [
            "sinoDigits", "sinoPlaces", "sinoGroups", "omitOneBefore", "nativeOnes", "nativeTens",
            "nativeRoundTens", "nativeMax", "decimalPoint", "minus", "plus", "magnitudes",
        ])
        func words(_ key: String, count: ClosedRange<Int>, meaning: String) throws -> [String] {
            let list = try object.required(key)
            let items = try list.arrayItems().map { try $0.stringValue() }
            guard count.contains(items.count) else {
                let expected = count.count == 1 ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
                throw DataFileError("\"\(key)\" must list \(expected) words (\(meaning)), found \(items.count)",
                                    at: list.location)
            }
            return items
        }
        return Numbers(
            sinoDigits: try words("sinoDigits", count: 10...10, meaning: "for 0 to 9"),
            sinoPlaces: try words("sinoPlaces", count: 4...4, meaning: "ones, tens, hundreds, thousands"),
            sinoGroups: try words("sinoGroups", count: 2...10, meaning: "one per four digits"),
            omitOneBefore: Set(try object.strings("omitOneBefore") ?? []),
            nativeOnes: try words("nativeOnes", count: 10...10, meaning: "for 0 to 9, the first empty"),
            nativeTens: try words("nativeTens", count: 10...10, meaning: "for 0 to 90, the first empty"),
            nativeRoundTens: try words("nativeRoundTens", count: 10...10, meaning: "for 0 to 90, the first empty"),
            nativeMax: try ranged(object, "nativeMax", 1...99),
            decimalPoint: try object.requiredString("decimalPoint"),
            minus: try object.requiredString("minus"),
            plus: try object.requiredString("plus"),
            magnitudes: try object.strings("magnitudes") ?? []
        )
    }

    private static func nonEmptyString(_ node: JSONNode) throws -> String {
        let text = try node.stringValue()
        guard !text.isEmpty else { throw DataFileError("expected a non-empty string", at: node.location) }
        return text
    }

    private static func ranged(_ object: JSONObjectFields, _ key: String, _ range: ClosedRange<Int>) throws -> Int {
        let node = try object.required(key)
        let value = try node.intValue()
        guard range.contains(value) else {
            throw DataFileError("\"\(key)\" must be from \(range.lowerBound) to \(range.upperBound), found \(value)",
                                at: node.location)
        }
        return value
    }

    /// An object of non-empty string values, each key checked by `check`.
    private static func stringTable(
        _ node: JSONNode, what: String,
        check: (String, String, SourceLocation) throws -> Void
    ) throws -> [String: String] {
        guard case .object(let members) = node.value else {
            throw node.typeError(expected: "an object of \(what) readings")
        }
        var table: [String: String] = [:]
        for member in members {
            guard !member.key.isEmpty else { throw DataFileError("empty \(what) symbol", at: member.keyLocation) }
            let reading = try nonEmptyString(member.node)
            try check(member.key, reading, member.keyLocation)
            table[member.key] = reading
        }
        return table
    }
}
