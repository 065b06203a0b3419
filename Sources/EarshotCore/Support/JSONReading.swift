/// Typed access to parsed JSON with errors that name the file, line and column.
///
/// `object(allowing:)` rejects keys that are not in the list and suggests the nearest valid one,
/// so a typo such as `"lable"` is reported instead of silently ignored.
extension JSONNode {
    /// A string naming a case of `T`; anything else is an error that lists or suggests the cases.
    func enumValue<T: RawRepresentable & CaseIterable>(_ type: T.Type, what: String) throws -> T
    where T.RawValue == String {
        let name = try stringValue()
        if let value = T(rawValue: name) { return value }
        throw DataFileError(NameSuggestion.unknown(what, name, in: T.allCases.map(\.rawValue)), at: location)
    }

    public func typeError(expected: String) -> DataFileError {
        DataFileError("expected \(expected), found \(typeName)", at: location)
    }

    public func object(allowing keys: [String]) throws -> JSONObjectFields {
        guard case .object(let members) = value else { throw typeError(expected: "an object") }
        for member in members where !keys.contains(member.key) {
            var message = "unknown key \"\(member.key)\""
            let suggestion = NameSuggestion.didYouMean(member.key, in: keys)
            message += suggestion.isEmpty ? "; valid keys: \(keys.joined(separator: ", "))" : suggestion
            throw DataFileError(message, at: member.keyLocation)
        }
        return JSONObjectFields(node: self, members: members)
    }

    /// An object read from another tool's format, whose keys are not all known: none refused.
    public func anyObject() throws -> JSONObjectFields {
        guard case .object(let members) = value else { throw typeError(expected: "an object") }
        return JSONObjectFields(node: self, members: members)
    }

    public func arrayItems() throws -> [JSONNode] {
        guard case .array(let items) = value else { throw typeError(expected: "an array") }
        return items
    }

    public func stringValue() throws -> String {
        guard case .string(let text) = value else { throw typeError(expected: "a string") }
        return text
    }

    public func doubleValue() throws -> Double {
        guard case .number(let number) = value else { throw typeError(expected: "a number") }
        return number
    }

    public func intValue() throws -> Int {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else {
            throw typeError(expected: "a whole number")
        }
        return Int(number)
    }

    public func boolValue() throws -> Bool {
        guard case .bool(let flag) = value else { throw typeError(expected: "true or false") }
        return flag
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// The members of one JSON object, read by key.
public struct JSONObjectFields: Sendable {
    public let node: JSONNode
    public let members: [JSONMember]

    public var location: SourceLocation { node.location }

    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    public subscript(key: String) -> JSONNode? {
        members.first { $0.key == key }?.node
    }

    public func required(_ key: String) throws -> JSONNode {
        guard let node = self[key] else {
            throw DataFileError("missing required key \"\(key)\"", at: location)
        }
        return node
    }

    public func string(_ key: String) throws -> String? { try optional(key) { try $0.stringValue() } }
    public func double(_ key: String) throws -> Double? { try optional(key) { try $0.doubleValue() } }
    public func int(_ key: String) throws -> Int? { try optional(key) { try $0.intValue() } }
    public func bool(_ key: String) throws -> Bool? { try optional(key) { try $0.boolValue() } }
    public func array(_ key: String) throws -> [JSONNode]? { try optional(key) { try $0.arrayItems() } }

    public func requiredString(_ key: String) throws -> String { try required(key).stringValue() }
    public func requiredDouble(_ key: String) throws -> Double { try required(key).doubleValue() }

    /// A string array, or a single string taken as a one-element array.
    public func strings(_ key: String) throws -> [String]? {
        try optional(key) { node in
            if case .string(let one) = node.value { return [one] }
            return try node.arrayItems().map { try $0.stringValue() }
        }
    }

    /// `null` counts as absent, so files may spell out defaults.
    private func optional<T>(_ key: String, _ read: (JSONNode) throws -> T) throws -> T? {
        guard let node = self[key], !node.isNull else { return nil }
        return try read(node)
    }
}

extension JSONNode {
    /// The one member of this object whose key says what it does (a step's `gesture`, a
    /// behaviour's `navigate`), from `actions`. Not an object: a type error naming `thing`. No
    /// such key: an error listing them, or naming the nearest to the first other key (keys in
    /// `ignoring`, such as timing, are not taken for a misspelt action). Two: an error at the second.
    func singleAction(from actions: [String], ignoring: [String] = [], thing: String, unknownWord: String) throws -> JSONMember {
        guard case .object(let members) = value else { throw typeError(expected: "\(thing) object") }
        let found = members.filter { actions.contains($0.key) }
        guard let action = found.first else {
            if let unknown = members.first(where: { !ignoring.contains($0.key) }) {
                let suggestion = NameSuggestion.didYouMean(unknown.key, in: actions)
                if !suggestion.isEmpty {
                    throw DataFileError("unknown \(unknownWord) \"\(unknown.key)\"" + suggestion, at: unknown.keyLocation)
                }
            }
            throw DataFileError("\(thing) needs one of: \(actions.joined(separator: ", "))", at: location)
        }
        if found.count > 1 {
            throw DataFileError("\(thing) does one thing: found both \"\(found[0].key)\" and \"\(found[1].key)\"",
                                at: found[1].keyLocation)
        }
        return action
    }
}
