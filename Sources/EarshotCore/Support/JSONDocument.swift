import Foundation

/// A JSON value that remembers where in its file it was written, so that every data error can
/// name the file, line and column.
///
/// Foundation's decoders lose positions; screens, scenarios and voice profiles are read through
/// this parser instead. Objects keep their keys in file order.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// A short name of the value's JSON type, for error messages.
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var node: JSONNode
}

public enum JSONDocument {
    /// Reads and parses a JSON file (`-`: standard input, named `<stdin>`); a missing file is an
    /// I/O error, bad JSON a data error.
    public static func load(path: String) throws -> JSONNode {
        let data = try TextFileDecoding.contents(path: path)
        let file = StandardInput.label(for: path)
        // A byte order mark: UTF-16 (or marked UTF-8) text, decoded first.
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try parse(TextFileDecoding.decode(data, file: file), file: file)
        }
        return try parse(data, file: file)
    }

    /// Parses UTF-8 JSON text. `file` is only used to name the source in errors.
    public static func parse(_ data: Data, file: String) throws -> JSONNode {
        var parser = JSONParser(bytes: Array(data), file: file)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String, file: String) throws -> JSONNode {
        try parse(Data(text.utf8), file: file)
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = Array(bytes.dropFirst(3))
        } else {
            self.bytes = bytes
        }
        self.file = file
    }

    /// The last position computed on the current line, so a long line (minified JSON) is not
    /// re-counted from its start for every value: positions only move forward.
    var columnMark = (index: 0, column: 1)

    /// The current position; columns count Unicode scalars, so Korean text counts one per syllable.
    var location: SourceLocation {
        mutating get {
            if columnMark.index < lineStart || columnMark.index > index { columnMark = (lineStart, 1) }
            var column = columnMark.column
            var i = columnMark.index
            while i < index {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            columnMark = (index, column)
            return SourceLocation(file: file, line: line, column: column)
        }
    }

    mutating func fail(_ message: String, at location: SourceLocation? = nil) -> DataFileError {
        DataFileError(message, at: location ?? self.location)
    }

    mutating func parseDocument() throws -> JSONNode {
        skipWhitespace()
        if index >= bytes.count { throw fail("empty file: expected a JSON value") }
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
        return node
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONNode {
        guard depth < 512 else { throw fail("nesting deeper than 512 levels") }
        skipWhitespace()
        let start = location
        guard index < bytes.count else { throw fail("unexpected end of file: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
        case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
        // Every input text is NFC from here on (decomposed Hangul pasted from macOS tools reads
        // as the composed syllables it shows).
        case UInt8(ascii: "\""): return JSONNode(.string(UnicodeNFC.composed(try parseString())), at: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw fail("unexpected character \(describe(bytes[index])): expected a JSON value")
        }
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "0x%02X", byte)
    }

    mutating func expectWord(_ word: String) throws {
        let start = location
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw fail("invalid literal: expected '\(word)'", at: start)
            }
            index += 1
        }
    }

    mutating func parseObject(depth: Int, start: SourceLocation) throws -> JSONNode {
        index += 1
        var members: [JSONMember] = []
        // Keys seen, for duplicates: a set once the object is large (a voice's 4,000 symbol
        // names made the linear scan's Unicode comparisons take a quarter of a second).
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONNode(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(index < bytes.count ? "expected a quoted key" : "unexpected end of file inside an object")
            }
            let key = UnicodeNFC.composed(try parseString())
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains(where: { $0.key == key })
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate {
                throw fail("duplicate key \"\(key)\"", at: keyLocation)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after key \"\(key)\"")
            }
            index += 1
            let value = try parseValue(depth: depth + 1)
            members.append(JSONMember(key: key, keyLocation: keyLocation, node: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONNode(.object(members), at: start)
            }
            throw fail("expected ',' or '}' but found \(describe(bytes[index]))")
        }
    }

    mutating func parseArray(depth: Int, start: SourceLocation) throws -> JSONNode {
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONNode(.array(items), at: start)
        }
        while true {
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return JSONNode(.array(items), at: start)
            }
            throw fail("expected ',' or ']' but found \(describe(bytes[index]))")
        }
    }

    mutating func parseString() throws -> String {
        let start = location
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        var escaped = false
        func flushRun(_ end: Int) throws {
            if end > runStart {
                guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw fail("invalid UTF-8 in string", at: start)
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
        }
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if !escaped {
                    // No escape: the string is its bytes, validated once.
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw fail("invalid UTF-8 in string", at: start)
                    }
                    index += 1
                    return text
                }
                try flushRun(index)
                index += 1
                return String(scalars)
            }
            if byte == 0x0A || byte < 0x20 {
                throw fail("control character in string (strings cannot span lines)", at: start)
            }
            if byte == UInt8(ascii: "\\") {
                try flushRun(index)
                escaped = true
                index += 1
                guard index < bytes.count else { throw fail("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                // Text Earshot reads is spoken and written to manifests: a control character
                // (a NUL would end the text eSpeak NG is given) is refused where it is written.
                case UInt8(ascii: "b"): throw fail("control character U+0008 (\\b) in a string; only \\t, \\n and \\r are allowed")
                case UInt8(ascii: "f"): throw fail("control character U+000C (\\f) in a string; only \\t, \\n and \\r are allowed")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    if (code < 0x20 && code != 0x09 && code != 0x0A && code != 0x0D) || code == 0x7F {
                        let hex = String(code, radix: 16, uppercase: true)
                        throw fail("control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string; only \\t, \\n and \\r are allowed")
                    }
                    scalars.append(scalar)
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws -> Double {
        let start = location
        let first = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        guard digits() > 0 else { throw fail("invalid number", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number: digits expected after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number: digits expected in exponent", at: start) }
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        guard let value = Double(text) else { throw fail("invalid number", at: start) }
        // JSON has no infinity: a number too large for a double (1e999) is refused, not taken as one.
        guard value.isFinite else { throw fail("number \(text) is too large (at most about 1.8e308)", at: start) }
        return value
    }
}
