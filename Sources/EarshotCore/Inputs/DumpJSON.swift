/// Lenient reading of the JSON the capture tools write: they add keys from version to version
/// (so unknown keys are ignored, unlike in Earshot's own files), write booleans as `"1"`/`"0"`
/// strings (WebDriverAgent) and values as strings, numbers or booleans (idb). A value of the
/// wrong shape is still an error at its line and column.
extension JSONNode {
    /// The members of an object, or a type error naming `what`.
    func dumpMembers(_ what: String) throws -> [String: JSONNode] {
        guard case .object(let members) = value else { throw typeError(expected: what) }
        var byKey: [String: JSONNode] = [:]
        for member in members { byKey[member.key] = member.node }
        return byKey
    }

    /// A string, or a number or boolean written as text; nil for null.
    func looseString() throws -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return flag ? "1" : "0"
        default: throw typeError(expected: "a string")
        }
    }

    /// `true`/`false`, or `"1"`/`"0"`/`"true"`/`"false"` as WebDriverAgent writes them; nil for null.
    func looseBool() throws -> Bool? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        case .number(let number) where number == 0 || number == 1: return number == 1
        case .string(let text):
            switch text.lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: break
            }
        default: break
        }
        throw typeError(expected: "true or false (or \"1\" / \"0\")")
    }

    /// Names written as an array of strings or as one comma-separated string; nil for null.
    func looseNames() throws -> [String]? {
        switch value {
        case .null: return nil
        case .string(let text): return DumpTraits.split(text)
        case .array(let items): return try items.compactMap { try $0.looseString() }
        default: throw typeError(expected: "a list of names")
        }
    }

    /// `{"x", "y", "width", "height"}` with finite numbers and no negative size; nil for null or
    /// when an edge is null (idb writes null for a non-finite edge).
    /// Older WebDriverAgent and Appium servers write `{"origin": {"x", "y"}, "size": {"width",
    /// "height"}}` (a CGRect as a dictionary), read the same way.
    func dumpRect() throws -> Frame? {
        if isNull { return nil }
        var members = try dumpMembers("a rectangle {\"x\", \"y\", \"width\", \"height\"}")
        if members["x"] == nil, let origin = members["origin"], let size = members["size"] {
            members = try origin.dumpMembers("a point {\"x\", \"y\"}")
                .merging(try size.dumpMembers("a size {\"width\", \"height\"}")) { first, _ in first }
        }
        var numbers: [Double] = []
        for key in ["x", "y", "width", "height"] {
            guard let node = members[key], !node.isNull else { return nil }
            let number = try node.doubleValue()
            guard number.isFinite else { throw node.typeError(expected: "a finite number") }
            if (key == "width" || key == "height") && number < 0 {
                throw DataFileError("\(key) cannot be negative", at: node.location)
            }
            numbers.append(number)
        }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

extension Frame {
    /// Reads `NSStringFromCGRect`'s `{{x, y}, {width, height}}`, as in WDA's `frame` and idb's `AXFrame`.
    init?(rectString text: String) {
        let numbers = text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] >= 0, numbers[3] >= 0 else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
