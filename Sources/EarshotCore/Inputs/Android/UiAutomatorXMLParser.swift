import Foundation

/// Reads Android's accessibility dumps, in either of the two forms uiautomator writes them:
///
/// - Appium UiAutomator2 page source (`driver.page_source`): a `<hierarchy>` root, then one
///   element per view named after its class (`<android.widget.TextView …>`, with `$`, `@`, `#`
///   and `&` turned into dots), its attributes `class`, `package`, `text`, `content-desc`,
///   `resource-id`, `checkable` … `bounds`, `displayed`, and in newer servers `hint`,
///   `a11y-important`, `screenReaderFocusable`, `heading`, `pane-title`.
/// - `adb shell uiautomator dump` (and androidx.test's `dumpWindowHierarchy`): a `<hierarchy>`
///   root of `<node>` elements with the same attributes, `visible-to-user` for `displayed`.
///
/// Each view is one `AndroidDumpNode`, in the dump's order; nothing is dropped or regrouped
/// (TalkBack's rules decide later what is focused). The XML is read by `DumpXMLParser`; every
/// error (a `bounds` that is not `[left,top][right,bottom]`, a `<node>` without `class`, a flag
/// that is not `true` or `false`) is told at the line and column of the offending attribute.
enum UiAutomatorXMLParser {
    static let root = "hierarchy"
    static let rawNode = "node"

    static func read(_ data: Data, file: String) throws -> AndroidDump {
        guard data.contains(where: { !PageSourceXMLParser.isXMLSpace($0) }) else {
            throw DataFileError("the file is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let text = try TextFileDecoding.decode(data, file: file)
        let builder = TreeBuilder()
        var reader = DumpXMLParser(text: text, file: file)
        try reader.read(start: builder.start, end: builder.end)
        guard let hierarchy = builder.hierarchy else {
            throw DataFileError("no <hierarchy> root: this XML is not an Android uiautomator dump",
                                at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard !builder.roots.isEmpty else {
            throw DataFileError("the <hierarchy> holds no views: an Android dump has one element per view inside it",
                                at: hierarchy)
        }
        return AndroidDump(roots: builder.roots, form: builder.sawRawNode ? .uiautomatorDump : .appiumPageSource,
                           attributesSeen: builder.attributesSeen, nodeCount: builder.nodeCount)
    }

    /// Which attribute sets which field of `AndroidView`: the dumps' names, with the other
    /// spellings Appium's server and uiautomator write for the same property.
    enum Field: Int, CaseIterable {
        case className, packageName, resourceID, text, contentDescription, hint, stateDescription, paneTitle
        case clickable, longClickable, focusable, checkable, checked, selected, enabled, password, focused, scrollable
        case heading, displayed, screenReaderFocusable, importantForAccessibility, bounds

        /// Values that are names repeated across a dump (class, package, resource id).
        var repeats: Bool { self == .className || self == .packageName || self == .resourceID }
    }

    static let fields: [String: Field] = [
        "class": .className, "package": .packageName, "resource-id": .resourceID, "text": .text,
        "content-desc": .contentDescription, "hint": .hint, "state-description": .stateDescription,
        "pane-title": .paneTitle, "clickable": .clickable, "long-clickable": .longClickable, "focusable": .focusable,
        "checkable": .checkable, "checked": .checked, "selected": .selected, "enabled": .enabled,
        "password": .password, "focused": .focused, "scrollable": .scrollable, "heading": .heading, "displayed": .displayed,
        "visible-to-user": .displayed, "screen-reader-focusable": .screenReaderFocusable,
        "screenReaderFocusable": .screenReaderFocusable, "important-for-accessibility": .importantForAccessibility,
        "a11y-important": .importantForAccessibility, "bounds": .bounds,
    ]

    /// Builds `AndroidDumpNode`s from the reader's start and end tags.
    private final class TreeBuilder {
        var hierarchy: SourceLocation?
        var stack: [AndroidDumpNode] = []
        var roots: [AndroidDumpNode] = []
        /// The fields seen, one bit each (`Field.rawValue`).
        var fieldsSeen: UInt64 = 0
        var attributesSeen: Set<Field> { Set(Field.allCases.filter { fieldsSeen & (1 << $0.rawValue) != 0 }) }
        var sawRawNode = false
        var depth = 0
        var nodeCount = 0

        func start(_ tag: DumpXMLParser.StartTag) throws {
            depth += 1
            if depth == 1 {
                guard tag.name == UiAutomatorXMLParser.root else {
                    throw DataFileError("the root element is <\(tag.name)>: an Android uiautomator dump starts with <hierarchy>",
                                        at: tag.location)
                }
                hierarchy = tag.location
                return
            }
            if tag.name == UiAutomatorXMLParser.root {
                throw DataFileError("a <hierarchy> inside the hierarchy: a dump has one, at its root", at: tag.location)
            }
            guard stack.count < DumpLimits.maximumDepth else { throw DumpLimits.tooDeep(at: tag.location) }
            if tag.name == UiAutomatorXMLParser.rawNode { sawRawNode = true }
            stack.append(try node(tag))
            nodeCount += 1
        }

        func end(_ name: String) throws {
            depth -= 1
            guard depth > 0, let finished = stack.popLast() else { return }
            if stack.isEmpty {
                roots.append(finished)
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }

        private func node(_ tag: DumpXMLParser.StartTag) throws -> AndroidDumpNode {
            var view = AndroidView(className: "")
            var frame: Frame?
            var className: String?
            try tag.bytes.withUnsafeBufferPointer { document in
                for index in 0..<tag.attributeCount {
                    let (nameRange, plainValue) = tag.rawBytes(at: index)
                    guard let field = field(named: UnsafeBufferPointer(rebasing: document[nameRange]), at: index, in: tag)
                    else { continue }
                    fieldsSeen |= 1 << field.rawValue
                    let raw = plainValue.map { UnsafeBufferPointer(rebasing: document[$0]) }
                    // A flag or bounds as dumps write them, read from the bytes; anything else
                    // (a reference, another spelling, an error) the long way, as text.
                    switch field {
                    case .clickable, .longClickable, .focusable, .checkable, .checked, .selected, .enabled, .password,
                         .focused, .scrollable, .heading, .displayed, .screenReaderFocusable:
                        let value = try raw.flatMap(Self.plainFlag) ?? flag(tag, at: index)
                        switch field {
                        case .clickable: view.isClickable = value
                        case .longClickable: view.isLongClickable = value
                        case .focusable: view.isFocusable = value
                        case .checkable: view.isCheckable = value
                        case .checked: view.isChecked = value
                        case .selected: view.isSelected = value
                        case .enabled: view.isEnabled = value
                        case .password: view.isPassword = value
                        case .focused: view.isFocused = value
                        case .scrollable: view.isScrollable = value
                        case .heading: view.isHeading = value
                        case .displayed: view.isDisplayed = value
                        default: view.isScreenReaderFocusable = value
                        }
                    case .bounds:
                        if let raw, let plain = Self.plainFrame(raw) {
                            frame = plain
                        } else {
                            frame = try Self.frame(bounds: text(tag, at: index), at: { tag.location(at: index) })
                        }
                    case .importantForAccessibility:
                        view.isImportantForAccessibility = try Self.importance(text(tag, at: index), name: tag.name(at: index),
                                                                              at: tag.location(at: index))
                    default:
                        // Texts: nil when empty; names that repeat (class, package, resource id) shared.
                        let value: String?
                        if let raw {
                            value = raw.isEmpty ? nil : string(raw, shared: field.repeats)
                        } else {
                            value = nonEmpty(text(tag, at: index))
                        }
                        switch field {
                        case .className: className = value ?? ""
                        case .packageName: view.packageName = value
                        case .resourceID: view.resourceID = value
                        case .text: view.text = value
                        case .contentDescription: view.contentDescription = value
                        case .hint: view.hint = value
                        case .stateDescription: view.stateDescription = value
                        default: view.paneTitle = value
                        }
                    }
                }
            }
            if let className = nonEmpty(className) {
                view.className = className
            } else if tag.name == UiAutomatorXMLParser.rawNode {
                throw DataFileError(
                    "a <node> without a class: every node of a uiautomator dump names its view's class (class=\"android.widget.TextView\")",
                    at: className == nil ? tag.location : tag.location(of: "class"))
            } else {
                // Appium names the element after the class: the name stands for a missing attribute.
                view.className = tag.name
            }
            return AndroidDumpNode(view: view, frame: frame, location: tag.location)
        }

        /// The attribute names of the last tags by position: dumps write the same names in the same
        /// order on every node, so a name is matched by comparing its bytes with the last tag's.
        private var namesByPosition: [(name: [UInt8], field: Field?)] = []

        private func field(named name: UnsafeBufferPointer<UInt8>, at index: Int, in tag: DumpXMLParser.StartTag) -> Field? {
            if index < namesByPosition.count, ByteComparison.same(namesByPosition[index].name, name) {
                return namesByPosition[index].field
            }
            let field = UiAutomatorXMLParser.fields[tag.name(at: index)]
            let entry = (Array(name), field)
            if index < namesByPosition.count {
                namesByPosition[index] = entry
            } else if index == namesByPosition.count {
                namesByPosition.append(entry)
            }
            return field
        }

        /// Strings already made for values that repeat.
        private var shared = InternedStrings()

        /// The value's text, in NFC (every input text is), one string for the same bytes when `shared`.
        private func string(_ bytes: UnsafeBufferPointer<UInt8>, shared isShared: Bool) -> String {
            func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String { UnicodeNFC.composed(String(decoding: bytes, as: UTF8.self)) }
            return isShared ? shared.string(bytes, making: make) : make(bytes)
        }

        /// The value at `index` as text, in NFC.
        private func text(_ tag: DumpXMLParser.StartTag, at index: Int) -> String {
            UnicodeNFC.composed(tag.value(at: index))
        }

        /// `true` or `false` as dumps write them; nil for anything else.
        private static func plainFlag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            switch bytes.count {
            case 4 where bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "r") && bytes[2] == UInt8(ascii: "u")
                && bytes[3] == UInt8(ascii: "e"):
                return true
            case 5 where bytes[0] == UInt8(ascii: "f") && bytes[1] == UInt8(ascii: "a") && bytes[2] == UInt8(ascii: "l")
                && bytes[3] == UInt8(ascii: "s") && bytes[4] == UInt8(ascii: "e"):
                return false
            default:
                return nil
            }
        }

        /// A flag written otherwise: any case of `true` or `false`, else an error at the attribute.
        private func flag(_ tag: DumpXMLParser.StartTag, at index: Int) throws -> Bool {
            let value = text(tag, at: index)
            switch value.lowercased() {
            case "true": return true
            case "false": return false
            default: throw DataFileError("\(tag.name(at: index))=\"\(value)\" is not true or false", at: tag.location(at: index))
            }
        }

        /// `a11y-important` is `true`/`false`; Android's own values (`yes`, `no`, `auto`,
        /// `noHideDescendants`) are taken too: `auto` says nothing.
        private static func importance(_ value: String, name: String, at location: SourceLocation) throws -> Bool? {
            switch value.lowercased() {
            case "true", "yes": return true
            case "false", "no", "nohidedescendants": return false
            case "auto": return nil
            default:
                throw DataFileError("\(name)=\"\(value)\" is not true or false (or yes, no, auto, noHideDescendants)", at: location)
            }
        }

        /// `[left,top][right,bottom]` in pixels → x, y, width, height.
        static func frame(bounds: String, at location: () -> SourceLocation) throws -> Frame {
            if let frame = plainFrame(bounds.utf8) { return frame }
            func fail(_ why: String) -> DataFileError {
                DataFileError("bounds=\"\(bounds)\" \(why): bounds are [left,top][right,bottom] in whole pixels, such as [0,66][1080,220]",
                              at: location())
            }
            var numbers: [Int] = []
            var rest = Substring(bounds)
            for _ in 0..<2 {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else { throw fail("is not two bracketed corners") }
                let pair = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",", omittingEmptySubsequences: false)
                guard pair.count == 2 else { throw fail("has a corner that is not two numbers") }
                for part in pair {
                    // Android's Rect holds 32-bit ints: a wider number is no real bound (and could
                    // overflow the width).
                    guard let number = Int32(part.trimmingCharacters(in: .whitespaces)) else {
                        throw fail("has \"\(part)\", which is not a whole number of pixels")
                    }
                    numbers.append(Int(number))
                }
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { throw fail("has more after its two corners") }
            guard numbers[2] >= numbers[0], numbers[3] >= numbers[1] else {
                throw fail("has its right or bottom edge before its left or top one")
            }
            return Frame(x: Double(numbers[0]), y: Double(numbers[1]), width: Double(numbers[2] - numbers[0]),
                         height: Double(numbers[3] - numbers[1]))
        }

        /// The frame of bounds written as every dump writes them, `[0,66][1080,220]` with no
        /// spaces, read from the bytes; nil for anything else, which `frame` reads (and refuses)
        /// the long way.
        static func plainFrame(_ bounds: String) -> Frame? { plainFrame(bounds.utf8) }

        static func plainFrame<Bytes: Sequence<UInt8>>(_ bounds: Bytes) -> Frame? {
            var numbers = (0, 0, 0, 0)
            var count = 0
            var utf8 = bounds.makeIterator()
            for corner in 0..<2 {
                guard utf8.next() == UInt8(ascii: "[") else { return nil }
                for part in 0..<2 {
                    var number = 0
                    var digits = 0
                    var sign = 1
                    var byte = utf8.next()
                    if byte == UInt8(ascii: "-") {
                        sign = -1
                        byte = utf8.next()
                    }
                    while let digit = byte, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                        number = number * 10 + Int(digit - UInt8(ascii: "0"))
                        digits += 1
                        guard digits <= 9 else { return nil }
                        byte = utf8.next()
                    }
                    guard digits > 0, byte == (part == 0 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return nil }
                    number *= sign
                    switch corner * 2 + part {
                    case 0: numbers.0 = number
                    case 1: numbers.1 = number
                    case 2: numbers.2 = number
                    default: numbers.3 = number
                    }
                    count += 1
                }
            }
            guard count == 4, utf8.next() == nil, numbers.2 >= numbers.0, numbers.3 >= numbers.1 else { return nil }
            return Frame(x: Double(numbers.0), y: Double(numbers.1), width: Double(numbers.2 - numbers.0),
                         height: Double(numbers.3 - numbers.1))
        }
    }
}

/// One view of an Android dump, as written: what it says of itself, its bounds, where its
/// element starts in the file, and its children in the dump's order.
struct AndroidDumpNode: Sendable {
    var view: AndroidView
    /// `bounds` in the device's pixels; nil when the dump has none.
    var frame: Frame?
    var location: SourceLocation
    var children: [AndroidDumpNode] = []
}

/// A whole Android dump: its top views (one per window) and which attributes it has at all, so
/// the note can say what it cannot tell.
struct AndroidDump: Sendable {
    enum Form: Sendable {
        /// Appium UiAutomator2 page source: elements named after their classes.
        case appiumPageSource
        /// `uiautomator dump`: `<node>` elements.
        case uiautomatorDump

        /// How the dump's one note names it.
        var name: String {
            switch self {
            case .appiumPageSource: "Appium page source"
            case .uiautomatorDump: "uiautomator dump"
            }
        }
    }

    var roots: [AndroidDumpNode]
    var form: Form
    var attributesSeen: Set<UiAutomatorXMLParser.Field>
    /// The views in all (for the builder's tables, sized once).
    var nodeCount = 0
}
