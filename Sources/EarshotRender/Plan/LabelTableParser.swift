import EarshotCore

/// Reads a CSV table of elements: a header row naming the columns (`id,label,value,traits,hint`,
/// in any order; `label` is required), then one element per row.
///
/// Fields follow RFC 4180: commas separate, double quotes enclose fields holding commas, quotes
/// (written twice) or line breaks. `traits` lists trait names separated by spaces, `|` or `;`.
/// A row that cannot be read is reported with its line and the other rows still render.
public enum LabelTableParser {
    public static let columns = ["id", "label", "value", "traits", "hint"]

    public static func read(path: String) throws -> BatchInputContents {
        try parse(TextFileDecoding.read(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) -> BatchInputContents {
        var contents = BatchInputContents()
        let records: [CSVRecord]
        do {
            records = try CSVRecord.split(text, file: file)
        } catch let error as DataFileError {
            contents.problems.append(error)
            return contents
        } catch {
            return contents
        }
        guard let header = records.first(where: { !$0.isBlank }) else { return contents }
        var columnIndex: [String: Int] = [:]
        for (index, rawName) in header.fields.enumerated() {
            let name = rawName.trimmingWhitespace().lowercased()
            let location = SourceLocation(file: file, line: header.line, column: 1)
            guard columns.contains(name) else {
                var message = "unknown column \"\(rawName)\" in the header"
                message += NameSuggestion.didYouMean(name, in: columns)
                message += " (valid columns: \(columns.joined(separator: ", ")))"
                contents.problems.append(DataFileError(message, at: location))
                return contents
            }
            guard columnIndex[name] == nil else {
                contents.problems.append(DataFileError("column \"\(name)\" appears twice in the header", at: location))
                return contents
            }
            columnIndex[name] = index
        }
        guard columnIndex["label"] != nil else {
            contents.problems.append(DataFileError(
                "the header has no \"label\" column (expected columns: \(columns.joined(separator: ", ")))",
                at: SourceLocation(file: file, line: header.line, column: 1)))
            return contents
        }
        for record in records where record.line > header.line && !record.isBlank {
            let location = SourceLocation(file: file, line: record.line, column: 1)
            guard record.fields.count <= header.fields.count else {
                contents.problems.append(DataFileError(
                    "\(record.fields.count) fields but the header has \(header.fields.count) columns (quote fields that contain commas)",
                    at: location))
                continue
            }
            func field(_ name: String) -> String {
                guard let index = columnIndex[name], index < record.fields.count else { return "" }
                return record.fields[index].trimmingWhitespace()
            }
            let fields = ElementFields(
                label: field("label"),
                value: field("value"),
                traits: field("traits").split(whereSeparator: { $0 == " " || $0 == "|" || $0 == ";" }).map(String.init),
                hint: field("hint")
            )
            guard !(fields.label.isEmpty && fields.value.isEmpty && fields.traits.isEmpty && fields.hint.isEmpty) else {
                contents.problems.append(DataFileError("the row has nothing to speak (empty label, value, traits and hint)", at: location))
                continue
            }
            let id = field("id")
            contents.items.append(BatchItem(
                input: file, line: record.line,
                key: id.isEmpty ? String(record.line) : id,
                nameHint: id.isEmpty ? "line-" + zeroPadded(record.line, width: 4) : id,
                content: .element(fields)
            ))
        }
        return contents
    }
}

/// One CSV record with the line it starts on.
struct CSVRecord {
    var line: Int
    var fields: [String]

    var isBlank: Bool { fields.allSatisfy { $0.trimmingWhitespace().isEmpty } }

    static func split(_ text: String, file: String) throws -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        func endRecord() {
            fields.append(field)
            records.append(CSVRecord(line: recordLine, fields: fields))
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while let character = pending {
            pending = characters.next()
            if inQuotes {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = characters.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            case "\"" where field.trimmingWhitespace().isEmpty && !fieldWasQuoted:
                field = ""
                inQuotes = true
                fieldWasQuoted = true
                quoteLine = line
            default:
                field.append(character)
            }
        }
        if inQuotes {
            throw DataFileError("a quoted field is never closed (a \" is missing)", at: SourceLocation(file: file, line: quoteLine, column: 1))
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
