import EarshotCore

/// Reads an Apple `.strings` table (`"key" = "value";`) as Xcode writes it: UTF-8 or UTF-16
/// with a byte order mark, `/* */` and `//` comments, escapes `\" \\ \n \t \r \Uxxxx` and octal.
///
/// A malformed entry is reported with its line and reading goes on from the next line, so one
/// typo does not hide the rest of the table. Values are format strings: their placeholders are
/// filled later, per voice (`FormatPlaceholders`).
public enum StringsTableParser {
    public static func read(path: String) throws -> BatchInputContents {
        try parse(TextFileDecoding.read(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) -> BatchInputContents {
        var scanner = StringsScanner(scalars: Array(text.unicodeScalars), file: file)
        var contents = BatchInputContents()
        while true {
            do {
                guard let entry = try scanner.nextEntry() else { break }
                contents.items.append(BatchItem(
                    input: file, line: entry.line, key: entry.key, content: .formatString(entry.value)))
            } catch let error as DataFileError {
                contents.problems.append(error)
                scanner.skipPastLine(error.location.line)
            } catch {
                break
            }
        }
        return contents
    }
}

private struct StringsScanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

    func fail(_ message: String, at location: SourceLocation? = nil) -> DataFileError {
        DataFileError(message, at: location ?? self.location)
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
        if scalars[index] == "\n" || (scalars[index] == "\r" && (index + 1 >= scalars.count || scalars[index + 1] != "\n")) {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Recovery after an error: continue at the start of the line after `errorLine`.
    mutating func skipPastLine(_ errorLine: Int) {
        while index < scalars.count, line <= errorLine { advance() }
    }

    mutating func skipSpaceAndComments() throws {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = current, next != "\n", next != "\r" { advance() }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = location
                advance(); advance()
                while true {
                    guard let next = current else { throw fail("a /* comment is never closed with */", at: start) }
                    if next == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        advance(); advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    /// The next `"key" = "value";`, or nil at the end of the table.
    mutating func nextEntry() throws -> (line: Int, key: String, value: String)? {
        try skipSpaceAndComments()
        guard current != nil else { return nil }
        let line = self.line
        let key = try readString(what: "a quoted key")
        try skipSpaceAndComments()
        let value: String
        if current == ";" {
            // `"key";` is allowed by the format and means the value is the key itself.
            value = key
        } else {
            guard current == "=" else { throw fail("expected = after the key \"\(key)\"") }
            advance()
            try skipSpaceAndComments()
            value = try readString(what: "a quoted value")
            // A missing `;` is reported where the value ends, not at the next entry's line.
            let valueEnd = location
            try skipSpaceAndComments()
            guard current == ";" else { throw fail("expected ; after the value of \"\(key)\"", at: valueEnd) }
        }
        guard current == ";" else { throw fail("expected ; after the key \"\(key)\"") }
        advance()
        return (line, key, value)
    }

    /// A quoted string, or an unquoted word of letters, digits and `_$.:/-` as old tables allow.
    mutating func readString(what: String) throws -> String {
        guard let first = current else { throw fail("expected \(what), found the end of the file") }
        if first != "\"" {
            var word = String.UnicodeScalarView()
            while let scalar = current, scalar.isASCII,
                  scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$.:/-".unicodeScalars.contains(scalar) {
                word.append(scalar)
                advance()
            }
            guard !word.isEmpty else { throw fail("expected \(what) in double quotes, found '\(Character(first))'") }
            return String(word)
        }
        let start = location
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw fail("a quoted string is never closed (a \" is missing)", at: start) }
            if scalar == "\n" && what == "a quoted key" {
                throw fail("a quoted key runs past the end of the line (a \" is missing)", at: start)
            }
            advance()
            if scalar == "\"" { return String(text) }
            if scalar != "\\" {
                text.append(scalar)
                continue
            }
            guard let escaped = current else { throw fail("the file ends inside an escape", at: start) }
            advance()
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "U", "u":
                var code = try readHex(count: 4)
                if (0xD800..<0xDC00).contains(code), current == "\\", index + 1 < scalars.count,
                   scalars[index + 1] == "U" || scalars[index + 1] == "u" {
                    advance(); advance()
                    let low = try readHex(count: 4)
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("\\U escape: a high surrogate must be followed by a low one") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(code) else { throw fail("\\U escape names no character (unpaired surrogate)") }
                text.append(decoded)
            case "0"..."7":
                var code = escaped.value - 0x30
                var digits = 1
                while digits < 3, let next = current, ("0"..."7").contains(next) {
                    code = code * 8 + next.value - 0x30
                    advance()
                    digits += 1
                }
                text.append(Unicode.Scalar(code)!)
            default:
                // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
                text.append(escaped)
            }
        }
    }

    mutating func readHex(count: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let scalar = current, scalar.isASCII, let digit = Int(String(scalar), radix: 16) else {
                throw fail("\\U escape needs \(count) hex digits")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }
}
