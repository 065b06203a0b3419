import Foundation

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
struct DumpXMLParser {
    /// A start tag: its name, where its `<` is, and its attributes in the order written, kept
    /// as byte ranges of the document until a reader asks for a name or value as text (a reader
    /// that knows its attribute names matches them as bytes, and turns into strings only the
    /// values it keeps). A tag is valid during the `start` call it is given to.
    struct StartTag {
        var name: String
        var location: SourceLocation
        /// The document's bytes (shared, not copied).
        let bytes: [UInt8]
        fileprivate let spans: [AttributeSpan]
        /// The values that had references or line ends, as they read after replacing them.
        fileprivate let decoded: [String]
        let locator: Locator

        var attributeCount: Int { spans.count }

        /// The attributes as strings, in the order written.
        var attributes: [(name: String, value: String)] {
            spans.indices.map { (name(at: $0), value(at: $0)) }
        }

        func name(at index: Int) -> String {
            String(decoding: bytes[spans[index].name], as: UTF8.self)
        }

        /// The value, its references replaced and its white space normalized.
        func value(at index: Int) -> String {
            let span = spans[index]
            return span.decoded >= 0 ? decoded[span.decoded] : String(decoding: bytes[span.value], as: UTF8.self)
        }

        /// The bytes of the name, and of the value when it is written as it reads (nil when it had a
        /// reference or a line end: ask `value(at:)`).
        func rawBytes(at index: Int) -> (name: Range<Int>, value: Range<Int>?) {
            let span = spans[index]
            return (span.name, span.decoded >= 0 ? nil : span.value)
        }

        /// Where the attribute `name` is written, else the tag's `<`.
        func location(of name: String) -> SourceLocation {
            guard let index = spans.indices.first(where: { self.name(at: $0) == name }) else { return location }
            return locator.location(at: spans[index].name.lowerBound)
        }

        /// Where the attribute at `index` is written.
        func location(at index: Int) -> SourceLocation {
            locator.location(at: spans[index].name.lowerBound)
        }
    }

    /// One attribute of a start tag: its name's and value's byte ranges, and the index of its
    /// replaced value in `decoded` (-1 when the bytes are the value).
    fileprivate struct AttributeSpan {
        var name: Range<Int>
        var value: Range<Int>
        var decoded: Int
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
            guard end > offset else { return SourceLocation(file: file, line: line, column: column) }
            bytes.withUnsafeBufferPointer { buffer in
                // The line ends found by memchr (a dump's lines are long and its tags near their
                // starts), then the characters after the last one.
                let base = buffer.baseAddress!
                var from = offset
                while from < end, let found = memchr(base + from, 0x0A, end - from) {
                    line += 1
                    column = 1
                    from = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base + 1
                }
                var characters = 0
                for index in from..<end { characters &+= buffer[index] & 0xC0 != 0x80 ? 1 : 0 }
                column += characters
            }
            offset = max(offset, end)
            return SourceLocation(file: file, line: line, column: column)
        }
    }

    let file: String
    private let bytes: [UInt8]
    private var index = 0
    private let locator: Locator
    /// Reused for each start tag's attributes.
    private var spanBuffer: [AttributeSpan] = []
    private var decodedBuffer: [String] = []
    /// Element names read so far.
    private var elementNames = InternedStrings()

    init(text: String, file: String) {
        self.file = file
        bytes = Array(text.utf8)
        locator = Locator(bytes: bytes, file: file)
    }

    /// Reads the document, calling `start` at each start tag (also of an empty element) and
    /// `end` after each element's content, with the start tag's name. Either may throw to stop.
    mutating func read(start: (StartTag) throws -> Void, end: (String) throws -> Void) throws {
        var open: [(name: String, offset: Int, nameRange: Range<Int>)] = []
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
                let nameRange = try skipName(what: "an end tag's name")
                var name: String { String(decoding: bytes[nameRange], as: UTF8.self) }
                skipSpace()
                guard peek == UInt8(ascii: ">") else { throw error("'>' is missing at the end of </\(name)", at: location) }
                advance(1)
                guard let top = open.popLast() else {
                    throw error("an end tag </\(name)> with no element open", at: here)
                }
                guard sameBytes(top.nameRange, nameRange) else {
                    let opened = locator.location(at: top.offset)
                    throw error("the end tag </\(name)> does not match the open element <\(top.name)> from line \(opened.line), column \(opened.column)", at: here)
                }
                try end(top.name)
            } else {
                if sawRoot && open.isEmpty { throw error("a second root element: a document has one", at: here) }
                advance(1)
                let tag = try readStartTag(at: hereOffset)
                sawRoot = true
                try start(tag.tag)
                if tag.empty {
                    try end(tag.tag.name)
                } else {
                    open.append((tag.tag.name, hereOffset, hereOffset + 1..<hereOffset + 1 + tag.tag.name.utf8.count))
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

    private mutating func skipName(what: @autoclosure () -> String) throws -> Range<Int> {
        guard let first = peek, Self.isNameStart(first) else {
            throw error("\(what()) is missing" + (peek.map { " (found '\(Unicode.Scalar($0))')" } ?? " at the end of the file"), at: location)
        }
        let start = index
        while let byte = peek, Self.isNameByte(byte) { advance(1) }
        return start..<index
    }

    /// After `<`: the name, the attributes, and `>` or `/>`.
    private mutating func readStartTag(at startOffset: Int) throws -> (tag: StartTag, empty: Bool) {
        let name = try readElementName()
        // Counted now, before any reference in a value is: the locator moves forward only.
        let start = locator.location(at: startOffset)
        // The buffers of the last tag, empty and unshared again once that tag is gone.
        spanBuffer.removeAll(keepingCapacity: true)
        decodedBuffer.removeAll(keepingCapacity: true)
        // Names seen, for a repeated one: compared as bytes while they are few.
        var names = Set<String>()
        func tag() -> StartTag {
            StartTag(name: name, location: start, bytes: bytes, spans: spanBuffer, decoded: decodedBuffer, locator: locator)
        }
        while true {
            let hadSpace = peek.map(Self.isSpace) ?? false
            skipSpace()
            guard let byte = peek else {
                throw error("the start tag <\(name) from line \(start.line), column \(start.column) is not closed", at: location)
            }
            if byte == UInt8(ascii: ">") {
                advance(1)
                return (tag(), false)
            }
            if byte == UInt8(ascii: "/") {
                advance(1)
                guard peek == UInt8(ascii: ">") else { throw error("'>' is missing after '/' in <\(name)", at: location) }
                advance(1)
                return (tag(), true)
            }
            guard hadSpace else { throw error("a space is missing before an attribute of <\(name)", at: location) }
            let attributeOffset = index
            let nameRange = try skipName(what: "an attribute name in <\(name)")
            var attribute: String { String(decoding: bytes[nameRange], as: UTF8.self) }
            skipSpace()
            guard peek == UInt8(ascii: "=") else { throw error("the attribute \(attribute) has no value (expected '=')", at: location) }
            advance(1)
            skipSpace()
            guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("the value of the attribute \(attribute) is not in quotes", at: location)
            }
            let repeated: Bool
            if spanBuffer.count < 32 {
                repeated = spanBuffer.contains { sameBytes($0.name, nameRange) }
            } else {
                if names.isEmpty { names = Set(spanBuffer.map { String(decoding: bytes[$0.name], as: UTF8.self) }) }
                repeated = !names.insert(attribute).inserted
            }
            guard !repeated else {
                throw error("the attribute \(attribute) is given twice in <\(name)>", at: locator.location(at: attributeOffset))
            }
            let valueOffset = index
            advance(1)
            let value = try readValue(quote: quote, attribute: nameRange, from: valueOffset)
            switch value {
            case .plain(let range):
                spanBuffer.append(AttributeSpan(name: nameRange, value: range, decoded: -1))
            case .decoded(let text):
                decodedBuffer.append(text)
                spanBuffer.append(AttributeSpan(name: nameRange, value: valueOffset + 1..<index - 1,
                                                decoded: decodedBuffer.count - 1))
            }
        }
    }

    /// Whether two ranges of the document hold the same bytes.
    private func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer {
            ByteComparison.same(UnsafeBufferPointer(rebasing: $0[first]), UnsafeBufferPointer(rebasing: $0[second]))
        }
    }

    /// An element's name, the same string for the same bytes (a dump names few element types
    /// many times).
    private mutating func readElementName() throws -> String {
        let range = try skipName(what: "an element name (after '<')")
        return bytes.withUnsafeBufferPointer { document in
            elementNames.string(UnsafeBufferPointer(rebasing: document[range])) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The value read: its bytes when it is written as it reads, else its text.
    private enum Value {
        case plain(Range<Int>)
        case decoded(String)
    }

    /// An attribute value after its opening quote, references replaced and white space
    /// normalized (a line end, `\r\n` included, or a tab becomes one space).
    private mutating func readValue(quote: UInt8, attribute nameRange: Range<Int>, from startOffset: Int) throws -> Value {
        // The common value: nothing to replace, the bytes as they are.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == quote {
                let value = index..<end
                index = end + 1
                return .plain(value)
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D || byte == 0x0A || byte == 0x09 { break }
            end += 1
        }
        var start: SourceLocation { locator.location(at: startOffset) }
        var attribute: String { String(decoding: bytes[nameRange], as: UTF8.self) }
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
                return .decoded(String(decoding: value, as: UTF8.self))
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
