import Foundation

/// Turns the bytes of a text input into a string, honouring byte order marks.
///
/// Xcode writes `.strings` files as UTF-16 with a byte order mark or as UTF-8; spreadsheets
/// export CSV as UTF-8, often with a mark. Without a mark, UTF-8 is expected, but a file whose
/// first bytes look like UTF-16 (a zero byte beside ASCII) is read as UTF-16.
public enum TextFileDecoding {
    public static func read(path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read file" : "file not found"
            throw FileIOError(path: path, reason: reason)
        }
        return try decode(data, file: path)
    }

    public static func decode(_ data: Data, file: String) throws -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes.dropFirst(3), file: file) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false, file: file) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true, file: file) }
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[0] != 0, bytes[1] == 0 { return try utf16(bytes[...], bigEndian: false, file: file) }
            if bytes[0] == 0, bytes[1] != 0 { return try utf16(bytes[...], bigEndian: true, file: file) }
        }
        return try utf8(bytes[...], file: file)
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>, file: String) throws -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Name the first bad line so the user can find it.
        var line = 1
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { break }
            line += 1
            start = index + 1
        }
        throw DataFileError("not valid UTF-8 text (save the file as UTF-8 or UTF-16 with a byte order mark)",
                            at: SourceLocation(file: file, line: line, column: 1))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, file: String) throws -> String {
        guard bytes.count % 2 == 0 else {
            throw DataFileError("UTF-16 file with an odd number of bytes (cut short?)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            var line = 1
            for unit in units {
                if unit == 0x0A { line += 1 }
                if (0xD800..<0xE000).contains(unit) { break }
            }
            throw DataFileError("not valid UTF-16 text (unpaired surrogate)", at: SourceLocation(file: file, line: line, column: 1))
        }
        return text
    }
}

/// Splits text into lines the way editors count them: `\n`, `\r\n` or a lone `\r` end a line.
public func textLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        if character == "\n" || character == "\r\n" || character == "\r" {
            lines.append(text[start..<index])
            index = text.index(after: index)
            start = index
        } else {
            index = text.index(after: index)
        }
    }
    if start < text.endIndex { lines.append(text[start...]) }
    return lines
}
