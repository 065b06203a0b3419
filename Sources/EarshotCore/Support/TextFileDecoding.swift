import Foundation

/// Turns the bytes of a text input into a string, honouring byte order marks.
///
/// Xcode writes `.strings` files as UTF-16 with a byte order mark or as UTF-8; spreadsheets
/// export CSV as UTF-8, often with a mark. UTF-16 is read only with its byte order mark: without
/// one the file is UTF-8 (guessing UTF-16 from zero bytes once turned a label with a NUL into
/// Chinese). A control character other than tab and line ends (a NUL, an escape) is an error at
/// its line and column, so what is spoken and what the manifest records never disagree.
public enum TextFileDecoding {
    public static func read(path: String) throws -> String {
        try decode(try contents(path: path), file: StandardInput.label(for: path))
    }

    /// What to say after "file not found": the nearest name in its folder when one is close
    /// enough to be a typo (`; did you mean "samples/screens/board-list.json"?`), or that the
    /// folder itself is missing. Reads at most 10,000 names of the folder.
    public static func missingFileHint(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
            return " (there is no folder \(folder))"
        }
        guard let entries = FileManager.default.enumerator(atPath: folder.isEmpty ? "." : folder) else { return "" }
        entries.skipDescendants()
        var names: [String] = []
        while names.count < 10_000, let entry = entries.nextObject() as? String {
            entries.skipDescendants()
            names.append(entry)
        }
        guard let near = nearestName(to: name, in: names) else { return "" }
        return NameSuggestion.didYouMean(folder.isEmpty ? near : (folder as NSString).appendingPathComponent(near))
    }

    /// The file's bytes, or an I/O error saying whether it is missing or unreadable; `-` is
    /// standard input.
    public static func contents(path: String) throws -> Data {
        if path == "-" { return try StandardInput.contents() }
        let descriptor: Int32
        do {
            descriptor = try SystemCall.open(path, O_RDONLY | O_CLOEXEC)
        } catch {
            let reason = error.code == ENOENT ? "file not found" + missingFileHint(path) : "cannot read file (\(error.reason))"
            throw FileIOError(path: path, reason: reason)
        }
        defer { try? SystemCall.close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw FileIOError(path: path, reason: "is a folder, not a file") }
            if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > InputLimits.maximumBytes {
                throw InputLimits.tooLarge(path, size: Int(info.st_size))
            }
        }
        return try InputLimits.read(descriptor: descriptor, name: path)
    }

    /// The text in Unicode NFC (composed Hangul syllables, composed accents), as every input
    /// text is read.
    public static func decode(_ data: Data, file: String) throws -> String {
        UnicodeNFC.composed(try decodeAsWritten(data, file: file))
    }

    static func decodeAsWritten(_ data: Data, file: String) throws -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes.dropFirst(3), file: file) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try checked(utf16(bytes.dropFirst(2), bigEndian: false, file: file), file: file) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try checked(utf16(bytes.dropFirst(2), bigEndian: true, file: file), file: file) }
        return try checked(utf8(bytes[...], file: file), file: file)
    }

    /// The text, or an error at its first control character (tab, line feed and carriage
    /// return are text).
    static func checked(_ text: String, file: String) throws -> String {
        func isControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F }
        // Every byte is looked at, without a branch per byte (the loop vectorizes).
        let hasControl = text.utf8.withContiguousStorageIfAvailable { bytes in
            // Eight bytes at a time: a word with no byte under 0x20 and no 0x7F has none; one with
            // a line end or tab is looked at byte by byte.
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
                let below20 = (word &- ones &* 0x20) & ~word & high
                let deletes = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & high
                if below20 | deletes != 0, bytes[index..<index + 8].contains(where: isControl) { return true }
                index += 8
            }
            return bytes[index...].contains(where: isControl)
        } ?? text.utf8.contains(where: isControl)
        guard hasControl else { return text }
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D || value == 0x7F {
                let hex = String(value, radix: 16, uppercase: true)
                var message = "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in the text"
                if value == 0 {
                    message += " (a NUL: if this is UTF-16 without a byte order mark, convert it to UTF-8)"
                }
                throw DataFileError(message, at: SourceLocation(file: file, line: line, column: column))
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return text
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

/// The largest input Earshot reads, from a file or standard input: far above any real screen,
/// dump or label table (a 10,000-node page source is about 5 MB), so that `/dev/zero` on
/// standard input, or a file that is not an input at all, ends with a message instead of
/// growing until the machine stops it.
public enum InputLimits {
    public static let maximumBytes = 256 << 20

    static func tooLarge(_ name: String, size: Int? = nil) -> DataFileError {
        let what = name == StandardInput.name ? "standard input" : "the file"
        let measured = size.map { " (\($0 >> 20) MiB)" } ?? ""
        return DataFileError("\(what) is larger than \(maximumBytes >> 20) MiB\(measured), Earshot's limit for one input: nothing was read from it",
                             at: SourceLocation(file: name, line: 1, column: 1))
    }

    /// Reads a descriptor to its end in pieces, stopping past the limit.
    static func read(descriptor: Int32, name: String) throws -> Data {
        do {
            return Data(try SystemCall.readToEnd(descriptor, limit: maximumBytes) { tooLarge(name) })
        } catch let error as SystemCall.Failure {
            throw FileIOError(path: name, reason: "cannot read (\(error.reason))")
        }
    }
}
