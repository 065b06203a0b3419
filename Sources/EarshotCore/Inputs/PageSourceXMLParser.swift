import Foundation

/// Reads WebDriverAgent page source XML (Appium's XCUITest driver `getPageSource`, WDA's
/// `GET /source`): one XML element per node, named after its type (`XCUIElementTypeButton`),
/// with `name`, `label`, `value`, `placeholderValue`, `enabled`, `visible`, `accessible`,
/// `x y width height`, `traits` and `customActions` attributes, any of which may be missing;
/// wrapped in `<AppiumAUT>` by Appium, bare from WDA.
///
/// The XML is read by `DumpXMLParser`: linear in the file, no size limit but the one on every
/// input (`InputLimits`), no DTD or external entity ever read, and a malformed file reported in
/// words at the line and column where the fault starts.
enum PageSourceXMLParser {
    static let typePrefix = "XCUIElementType"
    static let wrapper = "AppiumAUT"

    static func read(_ data: Data, file: String) throws -> Dump {
        guard data.contains(where: { !isXMLSpace($0) }) else {
            throw DataFileError("the file is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        // UTF-8, or UTF-16 with its byte order mark; a control character is an error at its place.
        let text = try TextFileDecoding.decode(data, file: file)
        let builder = TreeBuilder(file: file)
        var reader = DumpXMLParser(text: text, file: file)
        try reader.read(start: builder.start, end: builder.end)
        guard !builder.roots.isEmpty else {
            throw DataFileError("no XCUIElementType elements: this XML is not WebDriverAgent page source",
                                at: SourceLocation(file: file, line: 1, column: 1))
        }
        return Dump(format: .wdaXML, roots: builder.roots, limitations: limitations(builder), formatName: "page source")
    }

    private static func limitations(_ builder: TreeBuilder) -> [String] {
        var limitations = [DumpLimitations.hints]
        if !builder.sawAttribute.contains("customActions") {
            limitations.append("custom actions (no customActions attribute: WebDriverAgent writes it only with includeCustomActionsInPageSource; \"actions available\" is not heard)")
        }
        if !builder.sawAttribute.contains("traits") {
            limitations.append("traits (no traits attribute: WebDriverAgent before 9.12; they come from the element types)")
        }
        if !builder.sawAttribute.contains("accessible") {
            limitations.append("which elements are accessible (no accessible attribute; focus stops are chosen by element type and label)")
        }
        return limitations
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// Builds `DumpNode`s from the reader's start and end tags.
    private final class TreeBuilder {
        let file: String
        var stack: [DumpNode] = []
        var roots: [DumpNode] = []
        var sawAttribute: Set<String> = []
        var elementDepth = 0

        init(file: String) { self.file = file }

        func start(_ tag: DumpXMLParser.StartTag) throws {
            elementDepth += 1
            let name = tag.name, location = tag.location
            if name == PageSourceXMLParser.wrapper, elementDepth == 1 { return }
            guard stack.count < DumpLimits.maximumDepth else { throw DumpLimits.tooDeep(at: location) }
            guard name.hasPrefix(PageSourceXMLParser.typePrefix) else {
                throw DataFileError(elementDepth == 1
                     ? "the root element is <\(name)>: WebDriverAgent page source starts with <AppiumAUT> or an <XCUIElementType…> element"
                     : "unexpected element <\(name)>: page source elements are named XCUIElementType…", at: location)
            }
            var attributes: [String: String] = [:]
            for (key, value) in tag.attributes {
                attributes[key] = value
                if key == "traits" || key == "customActions" || key == "accessible" { sawAttribute.insert(key) }
            }
            stack.append(try node(type: String(name.dropFirst(PageSourceXMLParser.typePrefix.count)),
                                  attributes: attributes, at: location))
        }

        func end(_ name: String) throws {
            elementDepth -= 1
            guard name.hasPrefix(PageSourceXMLParser.typePrefix), let finished = stack.popLast() else { return }
            if stack.isEmpty {
                roots.append(finished)
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }

        private func node(type: String, attributes written: [String: String], at location: SourceLocation) throws -> DumpNode {
            // Every input text is NFC.
            let attributes = written.mapValues(UnicodeNFC.composed)
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
