import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads WebDriverAgent page source XML (Appium's XCUITest driver `getPageSource`, WDA's
/// `GET /source`): one XML element per node, named after its type (`XCUIElementTypeButton`),
/// with `name`, `label`, `value`, `placeholderValue`, `enabled`, `visible`, `accessible`,
/// `x y width height`, `traits` and `customActions` attributes, any of which may be missing;
/// wrapped in `<AppiumAUT>` by Appium, bare from WDA.
///
/// Parsing is Foundation's `XMLParser` (libxml2): external entities are never resolved, and a
/// malformed file is reported at the line and column libxml2 gives for its first error.
enum PageSourceXMLReader {
    static let typePrefix = "XCUIElementType"
    static let wrapper = "AppiumAUT"

    static func read(_ data: Data, file: String) throws -> Dump {
        guard data.contains(where: { !isXMLSpace($0) }) else {
            throw DataFileError("the file is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        // libxml2 hands names in bytes that are not UTF-8 through as they are, and Foundation's
        // XMLParser then traps building a String from them (found by fuzzing: `<\u{E5}nn>`):
        // the text is checked first, UTF-8 (or UTF-16 with its byte order mark, which libxml2
        // converts itself).
        if !data.starts(with: [0xFF, 0xFE]), !data.starts(with: [0xFE, 0xFF]) {
            _ = try TextFileDecoding.decode(data, file: file)
        }
        let builder = TreeBuilder(data: data, file: file)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error { throw error }
        guard !builder.roots.isEmpty else {
            throw DataFileError("no XCUIElementType elements: this XML is not WebDriverAgent page source",
                                at: SourceLocation(file: file, line: 1, column: 1))
        }
        return Dump(format: .wdaXML, roots: builder.roots, notes: notes(builder))
    }

    /// What this capture cannot say, judged from the attributes it has.
    private static func notes(_ builder: TreeBuilder) -> [String] {
        var notes = ["page source has no hints (XCTest does not expose accessibilityHint); hints are not heard"]
        if !builder.sawAttribute.contains("customActions") {
            notes.append("page source has no customActions attribute (WebDriverAgent writes it only with includeCustomActionsInPageSource); \"actions available\" is not heard")
        }
        if !builder.sawAttribute.contains("traits") {
            notes.append("page source has no traits attribute (WebDriverAgent before 9.12); traits come from the element types")
        }
        if !builder.sawAttribute.contains("accessible") {
            notes.append("page source has no accessible attribute; focus stops are chosen by element type and label")
        }
        return notes
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// Builds `DumpNode`s from the parser's events, remembering where each start tag begins.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let file: String
        let bytes: [UInt8]
        /// Byte offset of the start of each line (line 1 at index 0).
        let lineStarts: [Int]
        var stack: [DumpNode] = []
        var roots: [DumpNode] = []
        var error: DataFileError?
        var sawAttribute: Set<String> = []
        var elementDepth = 0

        init(data: Data, file: String) {
            self.file = file
            self.bytes = [UInt8](data)
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
            self.lineStarts = starts
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            guard error == nil else { return }
            elementDepth += 1
            let location = startOfTag(endingAt: parser.lineNumber, column: parser.columnNumber)
            if name == PageSourceXMLReader.wrapper, elementDepth == 1 { return }
            guard stack.count < DumpLimits.maximumDepth else {
                error = DumpLimits.tooDeep(at: location)
                parser.abortParsing()
                return
            }
            guard name.hasPrefix(PageSourceXMLReader.typePrefix) else {
                fail(elementDepth == 1
                     ? "the root element is <\(name)>: WebDriverAgent page source starts with <AppiumAUT> or an <XCUIElementType…> element"
                     : "unexpected element <\(name)>: page source elements are named XCUIElementType…",
                     at: location, parser: parser)
                return
            }
            for key in attributes.keys where key == "traits" || key == "customActions" || key == "accessible" {
                sawAttribute.insert(key)
            }
            do {
                stack.append(try node(type: String(name.dropFirst(PageSourceXMLReader.typePrefix.count)),
                                      attributes: attributes, at: location))
            } catch let failure as DataFileError {
                error = failure
                parser.abortParsing()
            } catch {}
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard error == nil else { return }
            elementDepth -= 1
            guard name.hasPrefix(PageSourceXMLReader.typePrefix), let finished = stack.popLast() else { return }
            if stack.isEmpty {
                roots.append(finished)
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard error == nil else { return }
            let code = (parseError as NSError).code
            let place = SourceLocation(file: file, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
            var message = "malformed XML: " + PageSourceXMLReader.describe(code)
            if code == 76, let open = stack.last {
                message += " (the open element is <XCUIElementType\(open.type)> from line \(open.location.line), column \(open.location.column))"
            }
            error = DataFileError(message, at: place)
        }

        private func fail(_ message: String, at location: SourceLocation, parser: XMLParser) {
            error = DataFileError(message, at: location)
            parser.abortParsing()
        }

        /// Where the reading has got to: events come in document order, so finding each tag
        /// starts from the previous one and the whole file is walked once.
        private var cursor = (line: 1, column: 1, offset: 0)

        /// libxml2 reports a start tag at its closing `>` (columns in characters); the node is
        /// located at its `<`, found by walking back (a `<` cannot occur inside an attribute).
        private func startOfTag(endingAt line: Int, column: Int) -> SourceLocation {
            guard line >= 1, line <= lineStarts.count, !bytes.isEmpty else {
                return SourceLocation(file: file, line: max(1, line), column: 1)
            }
            let lineStart = lineStarts[line - 1]
            var (cursorLine, cursorColumn, cursorOffset) = cursor
            if line != cursorLine || column < cursorColumn { (cursorLine, cursorColumn, cursorOffset) = (line, 1, lineStart) }
            let location: SourceLocation = bytes.withUnsafeBufferPointer { bytes in
                let lineEnd = (line < lineStarts.count ? lineStarts[line] : bytes.count) - 1
                // Characters to bytes (UTF-8 continuation bytes are not characters).
                while cursorOffset < lineEnd, cursorColumn < column {
                    cursorOffset += 1
                    while cursorOffset < bytes.count, bytes[cursorOffset] & 0xC0 == 0x80 { cursorOffset += 1 }
                    cursorColumn += 1
                }
                // Back to the '<' on this line, counting the characters passed.
                var offset = min(cursorOffset, bytes.count - 1)
                var back = 0
                while offset > lineStart, bytes[offset] != UInt8(ascii: "<") {
                    offset -= 1
                    if bytes[offset] & 0xC0 != 0x80 { back += 1 }
                }
                if bytes[offset] == UInt8(ascii: "<") {
                    return SourceLocation(file: file, line: line, column: max(1, cursorColumn - back))
                }
                // A start tag whose attributes span lines: find its '<' on an earlier line.
                var lineIndex = line - 1
                while offset > 0, bytes[offset] != UInt8(ascii: "<") {
                    offset -= 1
                    if lineIndex > 0, offset < lineStarts[lineIndex] { lineIndex -= 1 }
                }
                var startColumn = 1
                for index in lineStarts[lineIndex]..<offset where bytes[index] & 0xC0 != 0x80 { startColumn += 1 }
                return SourceLocation(file: file, line: lineIndex + 1, column: startColumn)
            }
            cursor = (cursorLine, cursorColumn, cursorOffset)
            return location
        }

        private func node(type: String, attributes written: [String: String], at location: SourceLocation) throws -> DumpNode {
            // Every input text is NFC.
            let attributes = written.mapValues(SpeechTextPipeline.nfc)
            func flag(_ key: String) throws -> Bool? {
                guard let text = attributes[key] else { return nil }
                switch text.lowercased() {
                case "true", "1", "yes": return true
                case "false", "0", "no": return false
                default: throw DataFileError("attribute \(key)=\"\(text)\" is not true or false", at: location)
                }
            }
            func number(_ key: String) throws -> Double? {
                guard let text = attributes[key] else { return nil }
                guard let value = Double(text), value.isFinite else {
                    throw DataFileError("attribute \(key)=\"\(text)\" is not a finite number", at: location)
                }
                return value
            }
            let name = nonEmpty(attributes["name"]), label = attributes["label"]
            var frame: Frame?
            if let x = try number("x"), let y = try number("y"), let width = try number("width"),
               let height = try number("height") {
                guard width >= 0, height >= 0 else {
                    throw DataFileError("a frame cannot have a negative width or height", at: location)
                }
                frame = Frame(x: x, y: y, width: width, height: height)
            }
            return DumpNode(
                type: type,
                // WDA's name is the identifier when one is set, else the label.
                identifier: name != nil && name != label ? name : nil,
                label: label, value: attributes["value"], placeholder: attributes["placeholderValue"],
                hint: nil, isEnabled: try flag("enabled"), isVisible: try flag("visible"),
                isAccessible: try flag("accessible"),
                traits: attributes["traits"].map(DumpTraits.split),
                customActions: attributes["customActions"].map { $0.split(separator: ",").map(String.init) },
                frame: frame, location: location
            )
        }
    }

    /// libxml2's error numbers (NSXMLParserError uses the same) in words.
    static func describe(_ code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "the document ends too early, or has content after its root element"
        case 9: "a character that XML does not allow"
        case 23: "an entity reference without its closing ';'"
        case 26: "an undeclared entity (escape '&' as &amp;)"
        case 33, 34: "a string that is not closed"
        case 38: "'<' inside an attribute value (escape it as &lt;)"
        case 39: "an attribute value without quotes"
        case 40: "an attribute value that is not closed"
        case 41: "an attribute without a value"
        case 42: "the same attribute twice in one element"
        case 65: "a space is missing (between attributes?)"
        case 68: "a name is missing (after '<'?)"
        case 73: "'>' is missing"
        case 76: "an end tag does not match the element it closes"
        case 77: "an element is not closed"
        case 85: "the elements are not properly nested"
        case 86: "content after the end of the document"
        default: "error \(code)"
        }
    }
}

/// Trait names as the capture tools write them.
enum DumpTraits {
    /// `"Button, Selected"` → `["Button", "Selected"]`; `""` → `[]`.
    static func split(_ text: String) -> [String] {
        text.split(separator: ",").compactMap { part in
            let name = part.trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
    }
}
