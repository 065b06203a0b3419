/// A strict, single-pass reader of the XML accessibility dumps are written in (WebDriverAgent
/// page source, Android's uiautomator XML): elements and their attributes, in document order, each start tag located at
/// its `<`. Its cost and memory are linear in the file, with no size limit of its own (libxml2,
/// which read page source before, refused documents over 10 MB and attribute values over
/// 10 MB as "error 1"), and every error is told in words at the line and column where the
/// offending construct starts.
///
/// What it reads: an XML declaration and processing instructions (skipped), comments, CDATA
/// sections and character data (skipped: page source carries everything in attributes), the
/// five predefined entities and character references (`&amp;`, `&#x1F600;`) in attribute
/// values, and attribute values normalized as XML says (a tab or line end becomes a space). A
/// DOCTYPE is refused: no dump has one, so no DTD, external entity or entity expansion is
/// ever read.
struct DumpXMLReader {
    /// A start tag: its name, its attributes in the order written, where its `<` is, and where
    /// each attribute's name starts (in the attributes' order), for errors about one value.
    struct StartTag {
        var name: String
        var attributes: [(name: String, value: String)]
        var location: SourceLocation
        /// The byte offset of each attribute's name, turned into a line and column only when asked.
        var attributeOffsets: [Int] = []
        var locator: Locator?

        /// Where the attribute `name` is written, else the tag's `<`.
        func location(of name: String) -> SourceLocation {
            guard let index = attributes.firstIndex(where: { $0.name == name }), index < attributeOffsets.count,
                  let locator else {
                return location
            }
            return locator.location(at: attributeOffsets[index])
        }
    }

    /// Turns byte offsets into lines and columns (a column counts characters: UTF-8 continuation
    /// bytes are not characters). The reader keeps only the offset as it goes; a location is
    /// counted when one is needed, from the last one asked for (start tags come in order, so the
    /// whole file is counted once; an error about an earlier place counts back to it).
    final class Locator {
        let file: String
        private let bytes: [UInt8]
        private var offset = 0
        private var line = 1
        private var column = 1

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        func location(at target: Int) -> SourceLocation {
            let end = min(target, bytes.count)
            if end < offset {
                // Back (an error about an earlier place): uncount the lines between, and count the
                // column from the start of the line.
                var lineStart = end
                bytes.withUnsafeBufferPointer { buffer in
                    for index in end..<offset where buffer[index] == 0x0A { line -= 1 }
                    while lineStart > 0, buffer[lineStart - 1] != 0x0A { lineStart -= 1 }
                }
                offset = lineStart
                column = 1
            }
            bytes.withUnsafeBufferPointer { buffer in
                var index = offset
                while index < end {
                    let byte = buffer[index]
                    index += 1
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                }
            }
            offset = max(offset, end)
            return SourceLocation(file: file, line: line, column: column)
        }
    }

    let file: String
    private let bytes: [UInt8]
    private var index = 0
    private let locator: Locator

    init(text: String, file: String) {
        self.file = file
        bytes = Array(text.utf8)
        locator = Locator(bytes: bytes, file: file)
    }

    /// Reads the document, calling `start` at each start tag (also of an empty element) and
    /// `end` after each element's content, with the start tag's name. Either may throw to stop.
    mutating func read(start: (StartTag) throws -> Void, end: (String) throws -> Void) throws {
        var open: [(name: String, offset: Int)] = []
        var sawRoot = false
        while index < bytes.count {
            let hereOffset = index
            var here: SourceLocation { locator.location(at: hereOffset) }
            if bytes[index] != UInt8(ascii: "<") {
                if let text = try skipText(), open.isEmpty {
                    throw error(sawRoot ? "text after the end of the document" : "text before the root element", at: text)
                }
                continue
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction", from: here)
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment", from: here)
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw error("a CDATA section outside the root element", at: here) }
                try skip(past: "]]>", what: "a CDATA section", from: here)
            } else if starts(with: "<!") {
                throw error("a DOCTYPE or other declaration: dumps have none, and Earshot reads no DTD or entity declarations", at: here)
            } else if starts(with: "</") {
                advance(2)
                let name = try readName(what: "an end tag's name")
                skipSpace()
                guard peek == UInt8(ascii: ">") else { throw error("'>' is missing at the end of </\(name)", at: location) }
                advance(1)
                guard let top = open.popLast() else {
                    throw error("an end tag </\(name)> with no element open", at: here)
                }
                guard top.name == name else {
                    let opened = locator.location(at: top.offset)
                    throw error("the end tag </\(name)> does not match the open element <\(top.name)> from line \(opened.line), column \(opened.column)", at: here)
                }
                try end(name)
            } else {
                if sawRoot && open.isEmpty { throw error("a second root element: a document has one", at: here) }
                advance(1)
                let tag = try readStartTag(at: hereOffset)
                sawRoot = true
                try start(tag.tag)
                if tag.empty {
                    try end(tag.tag.name)
                } else {
                    open.append((tag.tag.name, hereOffset))
                }
            }
        }
        if let unclosed = open.last {
            let opened = locator.location(at: unclosed.offset)
            throw error("the element <\(unclosed.name)> from line \(opened.line), column \(opened.column) is not closed at the end of the file", at: location)
        }
        guard sawRoot else { throw error("no element: the document is empty", at: location) }
    }

    // MARK: Pieces

    private var location: SourceLocation { locator.location(at: index) }
    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String, at location: SourceLocation) -> DataFileError {
        DataFileError("malformed XML: " + message, at: location)
    }

    /// Moves past `count` bytes (lines and columns are counted by the locator when asked).
    private mutating func advance(_ count: Int) {
        index = min(index + count, bytes.count)
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private mutating func skip(past terminator: StaticString, what: String, from start: SourceLocation) throws {
        while index < bytes.count {
            if starts(with: terminator) {
                advance(terminator.utf8CodeUnitCount)
                return
            }
            advance(1)
        }
        throw error("\(what) from line \(start.line), column \(start.column) is not closed", at: location)
    }

    /// Character data up to the next `<`: its entity references are checked; returns where
    /// its first character that is not white space is, if any.
    private mutating func skipText() throws -> SourceLocation? {
        var first: SourceLocation?
        while let byte = peek, byte != UInt8(ascii: "<") {
            if first == nil, !Self.isSpace(byte) { first = location }
            if byte == UInt8(ascii: "&") {
                _ = try readReference()
                continue
            }
            advance(1)
        }
        return first
    }

    private mutating func skipSpace() {
        while let byte = peek, Self.isSpace(byte) { advance(1) }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private mutating func readName(what: String) throws -> String {
        guard let first = peek, Self.isNameStart(first) else {
            throw error("\(what) is missing" + (peek.map { " (found '\(Unicode.Scalar($0))')" } ?? " at the end of the file"), at: location)
        }
        let start = index
        while let byte = peek, Self.isNameByte(byte) { advance(1) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// After `<`: the name, the attributes, and `>` or `/>`.
    private mutating func readStartTag(at startOffset: Int) throws -> (tag: StartTag, empty: Bool) {
        let name = try readName(what: "an element name (after '<')")
        // Counted now, before any reference in a value is: the locator moves forward only.
        let start = locator.location(at: startOffset)
        var attributes: [(name: String, value: String)] = []
        var attributeOffsets: [Int] = []
        // Names seen, for a repeated one: the attributes themselves while they are few.
        var names = Set<String>()
        while true {
            let hadSpace = peek.map(Self.isSpace) ?? false
            skipSpace()
            guard let byte = peek else {
                throw error("the start tag <\(name) from line \(start.line), column \(start.column) is not closed", at: location)
            }
            if byte == UInt8(ascii: ">") {
                advance(1)
                return (StartTag(name: name, attributes: attributes, location: start, attributeOffsets: attributeOffsets,
                                 locator: locator), false)
            }
            if byte == UInt8(ascii: "/") {
                advance(1)
                guard peek == UInt8(ascii: ">") else { throw error("'>' is missing after '/' in <\(name)", at: location) }
                advance(1)
                return (StartTag(name: name, attributes: attributes, location: start, attributeOffsets: attributeOffsets,
                                 locator: locator), true)
            }
            guard hadSpace else { throw error("a space is missing before an attribute of <\(name)", at: location) }
            let attributeOffset = index
            let attribute = try readName(what: "an attribute name in <\(name)")
            skipSpace()
            guard peek == UInt8(ascii: "=") else { throw error("the attribute \(attribute) has no value (expected '=')", at: location) }
            advance(1)
            skipSpace()
            guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("the value of the attribute \(attribute) is not in quotes", at: location)
            }
            let repeated: Bool
            if attributes.count < 32 {
                repeated = attributes.contains { $0.name == attribute }
            } else {
                if names.isEmpty { names = Set(attributes.map(\.name)) }
                repeated = !names.insert(attribute).inserted
            }
            guard !repeated else {
                throw error("the attribute \(attribute) is given twice in <\(name)>", at: locator.location(at: attributeOffset))
            }
            let valueOffset = index
            advance(1)
            attributes.append((attribute, try readValue(quote: quote, attribute: attribute, from: valueOffset)))
            attributeOffsets.append(attributeOffset)
        }
    }

    /// An attribute value after its opening quote, references replaced and white space
    /// normalized (a line end, `\r\n` included, or a tab becomes one space).
    private mutating func readValue(quote: UInt8, attribute: String, from startOffset: Int) throws -> String {
        // The common value: nothing to replace, read straight from the bytes.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == quote {
                let value = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return value
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D || byte == 0x0A || byte == 0x09 { break }
            end += 1
        }
        var start: SourceLocation { locator.location(at: startOffset) }
        var value: [UInt8] = []
        var plainStart = index
        func flush(_ end: Int) { value.append(contentsOf: bytes[plainStart..<end]) }
        while true {
            guard let byte = peek else {
                throw error("the value of the attribute \(attribute) from line \(start.line), column \(start.column) is not closed", at: location)
            }
            switch byte {
            case quote:
                flush(index)
                advance(1)
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw error("'<' inside the value of the attribute \(attribute) (escape it as &lt;)", at: location)
            case UInt8(ascii: "&"):
                flush(index)
                let scalar = try readReference()
                value.append(contentsOf: Array(String(scalar).utf8))
                plainStart = index
            case 0x0D, 0x0A, 0x09:
                flush(index)
                let isCarriageReturn = byte == 0x0D
                advance(1)
                if isCarriageReturn, peek == 0x0A { advance(1) }
                value.append(0x20)
                plainStart = index
            default:
                advance(1)
            }
        }
    }

    /// `&name;` or `&#N;` / `&#xN;` at `&`: the character it stands for.
    private mutating func readReference() throws -> Unicode.Scalar {
        let startOffset = index
        var start: SourceLocation { locator.location(at: startOffset) }
        advance(1)
        let nameStart = index
        while let byte = peek, byte != UInt8(ascii: ";"), index - nameStart < 12,
              Self.isNameByte(byte) || byte == UInt8(ascii: "#") {
            advance(1)
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard peek == UInt8(ascii: ";"), !name.isEmpty else {
            throw error("'&' that does not start an entity reference (escape it as &amp;)", at: start)
        }
        advance(1)
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value),
                  value == 0x09 || value == 0x0A || value == 0x0D || value >= 0x20, value != 0xFFFE, value != 0xFFFF else {
                throw error("the character reference &\(name); is not a character XML allows", at: start)
            }
            return scalar
        }
        throw error("an undeclared entity &\(name); (XML knows &amp; &lt; &gt; &quot; &apos;; escape '&' as &amp;)", at: start)
    }
}
