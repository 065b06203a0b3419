import EarshotCore
import Foundation

/// A command's options as one struct, decoded once from its command line.
///
/// Every stored property is an option (`@Option`, `@Repeated`, `@Flag`) or a group of options
/// several commands share (`@Group`, itself a `CommandOptions`). The declarations, in the order
/// they are written (a group's in its place), are the command's table: what `parse` accepts, and
/// what its help, its manual section and its completions list. A command reads its options as
/// fields (`parsed.quiet`, `parsed.audit.standard`), so reading one it did not declare does not
/// compile. `OptionTableTests` holds every stored property to being a declaration.
///
/// Adding an option: a field with its declaration in the command's `Options`, placed where the
/// help should list it; an option several commands take is a static `OptionDeclaration` (the
/// shared ones are in Arguments.swift) or a group, written once.
///
/// How it works: `init()` runs each wrapper's initializer in declaration order. While `table`
/// or `parse` runs, a task-local `OptionDecoding` is current; each wrapper adds its row to it
/// and, when parsing, takes its value from the command line (a value it cannot convert is a
/// usage error, the first one thrown once every option is decoded). So every option's value is
/// checked before the command runs: a bad `--rate` is said before a missing input file, as
/// swift-argument-parser does, where it once depended on when the command happened to read it.
public protocol CommandOptions {
    init()
}

extension CommandOptions {
    /// Every option the struct declares, in declaration order, groups in their place.
    public static var table: [OptionSpec] {
        let decoding = OptionDecoding(parsed: nil)
        _ = OptionDecoding.$current.withValue(decoding) { Self() }
        return decoding.table
    }

    /// Parses `arguments` against the table (an unknown option is a usage error with a
    /// suggestion) and decodes every option once.
    public static func parse(_ arguments: [String]) throws -> Parsed<Self> {
        let raw = try parseArguments(arguments, options: table)
        let decoding = OptionDecoding(parsed: raw)
        let options = OptionDecoding.$current.withValue(decoding) { Self() }
        if let error = decoding.firstError { throw error }
        return Parsed(options: options, positionals: raw.positionals)
    }
}

/// A decoded command line: the command's options, read as its fields (`parsed.quiet`), and
/// its positional arguments in order.
@dynamicMemberLookup
public struct Parsed<Options: CommandOptions> {
    public let options: Options
    public let positionals: [String]

    public subscript<Value>(dynamicMember field: KeyPath<Options, Value>) -> Value {
        options[keyPath: field]
    }

    /// The one input file a command takes (`SCREEN.json`); a usage error if none or several are given.
    public func singleInput(_ placeholder: String, kind: String) throws -> String {
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(positionals.isEmpty ? "missing \(placeholder)" : "give exactly one \(kind)")
        }
        return path
    }
}

/// One option's declaration: its row of the table and how its text becomes its value. The
/// options several commands share are declared once as static members (`.rate`, `.reader`).
public struct OptionDeclaration<Value> {
    public var spec: OptionSpec
    /// Converts the text given; a usage error names the option (`--rate expects a whole number …`).
    public var decode: (String) throws -> Value

    public init(spec: OptionSpec, decode: @escaping (String) throws -> Value) {
        self.spec = spec
        self.decode = decode
    }

    /// The option with another help text (a shared option that means more in one command).
    public func described(_ help: String) -> Self {
        var copy = self
        copy.spec.help = help
        return copy
    }

    public func offering(_ values: [String]) -> Self {
        var copy = self
        copy.spec.choices = values
        return copy
    }
}

extension OptionDeclaration where Value == String {
    /// An option whose value is its text.
    public static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> Self {
        OptionDeclaration(spec: .value(name, short: short, valueName, help)) { $0 }
    }

    /// An option whose value is one of `names` (names that are not a type's cases, such as
    /// transcript formats' extensions), kept as text: the command says what a wrong one means.
    public static func choice(_ name: String, _ names: [String], valueName: String? = nil, _ help: String) -> Self {
        OptionDeclaration(spec: .choice(name, names, valueName: valueName, help)) { $0 }
    }
}

extension OptionDeclaration where Value: NamedCases {
    /// An option whose value is one of a closed list of names: its placeholder (`a|b|c`, or
    /// `valueName` when given) and the values completions offer are the list's cases; any other
    /// value is a usage error with the one "did you mean" message and the valid names.
    public static func choice(_ name: String, valueName: String? = nil, _ help: String) -> Self {
        OptionDeclaration(spec: .choice(name, Value.names, valueName: valueName, help)) { text in
            guard let found = Value(rawValue: text) else { throw UsageError(Value.unknownName(text, what: "--\(name)")) }
            return found
        }
    }
}

extension OptionDeclaration where Value == Int {
    /// An option whose value is a whole number.
    public static func wholeNumber(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> Self {
        OptionDeclaration(spec: .value(name, short: short, valueName, help)) { text in
            guard let number = Int(text) else { throw UsageError("--\(name) expects a whole number, got \"\(text)\"") }
            return number
        }
    }
}

extension OptionDeclaration where Value == Double {
    /// An option whose value is a number.
    public static func number(_ name: String, _ valueName: String, _ help: String) -> Self {
        OptionDeclaration(spec: .value(name, valueName, help)) { text in
            guard let number = Double(text) else { throw UsageError("--\(name) expects a number, got \"\(text)\"") }
            return number
        }
    }
}

/// A field that is an option: a declaration in its struct's table (`OptionTableTests` holds
/// every stored field of a command's options to being one, or a group).
public protocol OptionField {}

/// A field that is a group of options, with the group's own fields.
public protocol OptionGroupField {
    var options: any CommandOptions { get }
}

/// An option that takes a value: the last one given, converted; nil when it is not given.
@propertyWrapper
public struct Option<Value>: OptionField {
    public let wrappedValue: Value?

    public init(_ declaration: OptionDeclaration<Value>) {
        wrappedValue = OptionDecoding.current?.decode(declaration, lastOnly: true)?.last
    }

    /// An option whose value is its text.
    public init(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) where Value == String {
        self.init(.value(name, short: short, valueName, help))
    }
}

/// An option that may be given more than once: every value, in order.
@propertyWrapper
public struct Repeated<Value>: OptionField {
    public let wrappedValue: [Value]

    public init(_ declaration: OptionDeclaration<Value>) {
        wrappedValue = OptionDecoding.current?.decode(declaration, lastOnly: false) ?? []
    }

    public init(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) where Value == String {
        self.init(.value(name, short: short, valueName, help))
    }
}

/// An option without a value: true when it is given.
@propertyWrapper
public struct Flag: OptionField {
    public let wrappedValue: Bool

    public init(_ name: String, short: Character? = nil, _ help: String) {
        wrappedValue = OptionDecoding.current?.flag(.flag(name, short: short, help)) ?? false
    }
}

/// Options several commands share, declared once as a `CommandOptions` of their own
/// (`AuditOptions`, `ReportOutputs`, `ScreenInputOptions`), in their place in the table.
@propertyWrapper
public struct Group<Value: CommandOptions>: OptionGroupField {
    public let wrappedValue: Value

    public init() {
        wrappedValue = Value()
    }

    public var options: any CommandOptions { wrappedValue }
}

/// The table being collected, and the command line being decoded, while a `CommandOptions`
/// struct's `init()` runs (`CommandOptions.table`, `CommandOptions.parse`).
public final class OptionDecoding: Sendable {
    @TaskLocal public static var current: OptionDecoding?

    /// The command line; nil while only the table is collected.
    private let parsed: ParsedArguments?
    private let state = Locked(State())

    private struct State {
        var table: [OptionSpec] = []
        var firstError: (any Error)?
    }

    public init(parsed: ParsedArguments?) {
        self.parsed = parsed
    }

    public var table: [OptionSpec] { state.withLock { $0.table } }
    public var firstError: (any Error)? { state.withLock { $0.firstError } }

    /// Adds the option's row; when parsing, converts the values given (nil when none is; the
    /// last alone for an option given once: an earlier one is overridden, never read), and
    /// remembers the first conversion that fails.
    public func decode<Value>(_ declaration: OptionDeclaration<Value>, lastOnly: Bool) -> [Value]? {
        state.withLock { $0.table.append(declaration.spec) }
        guard let texts = parsed?.values[declaration.spec.name] else { return nil }
        do {
            return try (lastOnly ? Array(texts.suffix(1)) : texts).map(declaration.decode)
        } catch {
            state.withLock { $0.firstError = $0.firstError ?? error }
            return nil
        }
    }

    public func flag(_ spec: OptionSpec) -> Bool {
        state.withLock { $0.table.append(spec) }
        return parsed?.flags.contains(spec.name) ?? false
    }
}
