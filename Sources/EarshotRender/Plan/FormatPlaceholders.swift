import EarshotCore
import Foundation

/// Fills the printf-style placeholders of a `.strings` value (`%@`, `%d`, `%1$@`, `%.1f`, `%%`)
/// with sample values, so the audio says "이벤트 3개" instead of reading out "percent d".
///
/// Samples are looked up by the conversion character first (`i`), then by its kind: `@` for
/// objects and strings (`@ s S`), `d` for integers (`d i u o x X c` with any length modifier),
/// `f` for floating point (`f F e E g G a A`). Numbers keep the placeholder's precision
/// (`%.2f` with 4.5 gives `4.50`); a field width is ignored, as padding is not heard and tables
/// such as FluentUI's write `%1d` meaning a position. `%%` is a percent sign.
/// An unknown conversion is left as written. A precision above `maximumPrecision` is an error for
/// that entry (`%.99999d` would be an hour of zeros; `%.99999999999f` crashed the formatter).
public struct FormatPlaceholders: Sendable, Equatable {
    /// The largest precision filled in; more digits are never meant to be heard.
    public static let maximumPrecision = 64

    /// Sample values by conversion character or kind (`@`, `d`, `f`).
    public var samples: [Character: String]

    public init(samples: [Character: String]) {
        self.samples = samples
    }

    /// The documented defaults: a person's name for strings, 3 for integers, 4.5 for decimals.
    /// Korean profiles get a Korean name; every other language an English one.
    public static func defaults(language: String) -> FormatPlaceholders {
        let name = language.lowercased().hasPrefix("ko") ? "홍길동" : "Alex"
        return FormatPlaceholders(samples: ["@": name, "d": "3", "f": "4.5"])
    }

    /// These samples with `overrides` (from `--placeholder C=VALUE`) taking precedence.
    public func merging(_ overrides: [Character: String]) -> FormatPlaceholders {
        FormatPlaceholders(samples: samples.merging(overrides) { _, new in new })
    }

    /// Parses `--placeholder` values such as `@=홍길동` or `d=3`.
    public static func parseOverride(_ text: String) -> (Character, String)? {
        guard let equals = text.firstIndex(of: "="), text.distance(from: text.startIndex, to: equals) == 1 else { return nil }
        let conversion = text[text.startIndex]
        guard kind(of: conversion) != nil else { return nil }
        return (conversion, String(text[text.index(after: equals)...]))
    }

    /// Conversion characters a placeholder may end with.
    public static let conversions = "@sSdiuoxXcCfFeEgGaA"

    static func kind(of conversion: Character) -> Character? {
        switch conversion {
        case "@", "s", "S": "@"
        case "d", "i", "u", "o", "x", "X", "c", "C", "D", "U", "O": "d"
        case "f", "F", "e", "E", "g", "G", "a", "A": "f"
        default: nil
        }
    }

    /// `format` with every placeholder replaced by its sample; a precision over the maximum
    /// throws `PlaceholderError` naming the placeholder and where it starts.
    public func fill(_ format: String) throws -> String {
        var output = ""
        var characters = Array(format)
        characters.append("\0")
        var index = 0
        while index < characters.count - 1 {
            let character = characters[index]
            guard character == "%" else {
                output.append(character)
                index += 1
                continue
            }
            if characters[index + 1] == "%" {
                output.append("%")
                index += 2
                continue
            }
            guard let placeholder = Placeholder.parse(characters, at: index + 1) else {
                output.append(character)
                index += 1
                continue
            }
            let digits = placeholder.precision.dropFirst()
            if digits.count > 2 || (Int(digits) ?? 0) > Self.maximumPrecision {
                throw PlaceholderError(placeholder: String(characters[index..<placeholder.end]), offset: index)
            }
            output += sample(for: placeholder)
            index = placeholder.end
        }
        return output
    }

    private func sample(for placeholder: Placeholder) -> String {
        let kind = Self.kind(of: placeholder.conversion)!
        let value = samples[placeholder.conversion] ?? samples[kind] ?? (kind == "@" ? "Alex" : kind == "d" ? "3" : "4.5")
        switch kind {
        case "d":
            guard let number = Int(value) else { return value }
            if placeholder.conversion == "c" || placeholder.conversion == "C" { return value }
            let conversion: String = switch placeholder.conversion {
            case "x": "lx"
            case "X": "lX"
            case "o", "O": "lo"
            case "u", "U": "lu"
            default: "ld"
            }
            return String(format: "%" + placeholder.precision + conversion, number)
        case "f":
            guard let number = Double(value) else { return value }
            // Without an explicit precision the sample is spoken as written, not as 4.500000.
            guard !placeholder.precision.isEmpty else { return value }
            return String(format: "%" + placeholder.precision + String(placeholder.conversion), number)
        default:
            return value
        }
    }
}

/// One parsed `%[n$][flags][width][.precision][length]conversion`.
private struct Placeholder {
    var precision = ""
    var conversion: Character = "@"
    /// Index just past the conversion character.
    var end = 0

    static func parse(_ characters: [Character], at start: Int) -> Placeholder? {
        var placeholder = Placeholder()
        var index = start
        func digits() -> String {
            var text = ""
            while characters[index].isASCII, characters[index].isNumber {
                text.append(characters[index])
                index += 1
            }
            return text
        }
        // A leading run of digits is a position if `$` follows, else the width.
        let leading = digits()
        if characters[index] == "$" {
            guard !leading.isEmpty else { return nil }
            index += 1
        } else {
            index = start
        }
        while "-+ #0'".contains(characters[index]) {
            index += 1
        }
        if characters[index] == "*" {
            index += 1
        } else {
            _ = digits()
        }
        if characters[index] == "." {
            index += 1
            if characters[index] == "*" {
                index += 1
            } else {
                placeholder.precision = "." + digits()
            }
        }
        while "hlqLzjt".contains(characters[index]) { index += 1 }
        let conversion = characters[index]
        guard conversion != "\0", FormatPlaceholders.kind(of: conversion) != nil else { return nil }
        placeholder.conversion = conversion
        placeholder.end = index + 1
        return placeholder
    }
}

/// A placeholder whose precision is past `FormatPlaceholders.maximumPrecision`.
public struct PlaceholderError: Error, Equatable {
    /// The placeholder as written (`%.99999d`).
    public var placeholder: String
    /// Its position in the string, in characters from 0.
    public var offset: Int

    public var message: String {
        "placeholder \(placeholder) asks for more than \(FormatPlaceholders.maximumPrecision) digits of precision; nothing is rendered for this entry"
    }
}
