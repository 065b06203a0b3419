/// The `android` object of a screen file's element (docs/screen-format.md, "Android views"): an
/// `AndroidView` as JSON, read and written with one table of keys so the two cannot drift.
///
/// Keys are the dump's attributes in camelCase (`resourceId`, `contentDescription`,
/// `longClickable`); `class` is required; a flag is written only when it differs from its
/// default (`enabled` and `displayed` default to true, the others to false;
/// `screenReaderFocusable` and `importantForAccessibility` are written whenever the dump said).
enum AndroidViewKeys {
    private enum Value {
        case string(WritableKeyPath<AndroidView, String?>)
        case flag(WritableKeyPath<AndroidView, Bool>, defaultValue: Bool)
        case optionalFlag(WritableKeyPath<AndroidView, Bool?>)
        /// A count or index, 0 or more.
        case optionalCount(WritableKeyPath<AndroidView, Int?>)
    }

    /// In the order they are written; `class` comes first, on its own. (Computed: key paths are
    /// not `Sendable`, so the table cannot be a stored static.)
    private static var table: [(key: String, value: Value)] { [
        ("package", .string(\.packageName)),
        ("resourceId", .string(\.resourceID)),
        ("text", .string(\.text)),
        ("contentDescription", .string(\.contentDescription)),
        ("hint", .string(\.hint)),
        ("stateDescription", .string(\.stateDescription)),
        ("paneTitle", .string(\.paneTitle)),
        ("clickable", .flag(\.isClickable, defaultValue: false)),
        ("longClickable", .flag(\.isLongClickable, defaultValue: false)),
        ("focusable", .flag(\.isFocusable, defaultValue: false)),
        ("checkable", .flag(\.isCheckable, defaultValue: false)),
        ("checked", .flag(\.isChecked, defaultValue: false)),
        ("selected", .flag(\.isSelected, defaultValue: false)),
        ("enabled", .flag(\.isEnabled, defaultValue: true)),
        ("password", .flag(\.isPassword, defaultValue: false)),
        ("focused", .flag(\.isFocused, defaultValue: false)),
        ("scrollable", .flag(\.isScrollable, defaultValue: false)),
        ("heading", .flag(\.isHeading, defaultValue: false)),
        ("displayed", .flag(\.isDisplayed, defaultValue: true)),
        ("screenReaderFocusable", .optionalFlag(\.isScreenReaderFocusable)),
        ("importantForAccessibility", .optionalFlag(\.isImportantForAccessibility)),
        ("collectionRowCount", .optionalCount(\.collectionRowCount)),
        ("collectionColumnCount", .optionalCount(\.collectionColumnCount)),
        ("itemRowIndex", .optionalCount(\.itemRowIndex)),
        ("itemColumnIndex", .optionalCount(\.itemColumnIndex)),
    ] }

    static var keys: [String] { ["class"] + table.map(\.key) }

    /// The dumps' own spellings, which a hand-edited file is likely to carry over: each is
    /// refused with the key it means (edit distance alone misses `content-desc`).
    static let dumpSpellings: [String: String] = [
        "content-desc": "contentDescription", "contentDesc": "contentDescription", "resource-id": "resourceId",
        "resourceID": "resourceId", "className": "class", "packageName": "package", "long-clickable": "longClickable",
        "state-description": "stateDescription", "pane-title": "paneTitle", "screen-reader-focusable": "screenReaderFocusable",
        "important-for-accessibility": "importantForAccessibility", "a11y-important": "importantForAccessibility",
        "visible-to-user": "displayed",
    ]

    /// Reads an `android` object; an unknown key is refused with the nearest valid one.
    static func decode(_ node: JSONNode) throws -> AndroidView {
        let table = table
        if case .object(let members) = node.value,
           let member = members.first(where: { dumpSpellings[$0.key] != nil }) {
            throw DataFileError("unknown key \"\(member.key)\"" + NameSuggestion.didYouMean(dumpSpellings[member.key]),
                                at: member.keyLocation)
        }
        let object = try node.object(allowing: keys)
        let classNode = try object.required("class")
        let className = try classNode.stringValue()
        guard !className.isEmpty else {
            throw DataFileError("an Android view's class cannot be empty (e.g. \"android.widget.TextView\")",
                                at: classNode.location)
        }
        var view = AndroidView(className: className)
        for (key, value) in table {
            switch value {
            case .string(let path): view[keyPath: path] = nonEmpty(try object.string(key))
            case .flag(let path, let defaultValue): view[keyPath: path] = try object.bool(key) ?? defaultValue
            case .optionalFlag(let path): view[keyPath: path] = try object.bool(key)
            case .optionalCount(let path):
                guard let member = object[key] else { continue }
                let count = try member.intValue()
                guard count >= 0 else {
                    throw DataFileError("\"\(key)\" must be 0 or more, not \(count)", at: member.location)
                }
                view[keyPath: path] = count
            }
        }
        return view
    }

    /// The object on one line: `{"class": "android.widget.Switch", "checkable": true, …}`.
    static func object(_ view: AndroidView) -> String {
        let table = table
        var members = ["\"class\": \(jsonString(view.className))"]
        for (key, value) in table {
            switch value {
            case .string(let path):
                if let text = view[keyPath: path] { members.append("\"\(key)\": \(jsonString(text))") }
            case .flag(let path, let defaultValue):
                if view[keyPath: path] != defaultValue { members.append("\"\(key)\": \(view[keyPath: path])") }
            case .optionalFlag(let path):
                if let flag = view[keyPath: path] { members.append("\"\(key)\": \(flag)") }
            case .optionalCount(let path):
                if let count = view[keyPath: path] { members.append("\"\(key)\": \(count)") }
            }
        }
        return "{" + members.joined(separator: ", ") + "}"
    }
}
