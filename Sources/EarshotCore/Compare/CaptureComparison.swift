import Foundation

/// What a real screen reader said for a screen, swipe by swipe, as a capture file holds it
/// (docs/compare.md): plain text (one utterance per line), JSON Lines with an `utterance`
/// field, or an aloud capture file (`captures.NAME.steps[].utterance`, from Xcode 27's
/// `XCUIVoiceOverService`).
public struct ScreenReaderCapture: Sendable, Equatable {
    public var utterances: [String]
    /// The name of the captured screen in a capture file of several.
    public var name: String?
    /// False when the capture stopped before the last element (aloud's `coverage.complete`):
    /// stops after the ones it reached are then not compared.
    public var complete: Bool
    /// True when step 0 is the focus VoiceOver had when the capture began (aloud's
    /// `"action": "current"`): it may be VoiceOver's own `VoiceOver on`, or carry the app's
    /// name before the element.
    public var startsWithCurrentFocus: Bool
    /// The screen reader that was captured (named in the comparison's lines).
    public var reader: ScreenReaderName
    /// True when the text was `earshot read`'s own output (every line `N/M ID: words`): the
    /// prefixes were taken off, and the command says that this compares Earshot with itself.
    public var isEarshotReading = false

    public init(utterances: [String], name: String? = nil, complete: Bool = true, startsWithCurrentFocus: Bool = false,
                reader: ScreenReaderName = ScreenReaders.standard.name) {
        self.reader = reader
        self.utterances = utterances
        self.name = name
        self.complete = complete
        self.startsWithCurrentFocus = startsWithCurrentFocus
    }

    /// Reads a capture file; `name` picks a screen in an aloud file of several (required then).
    public static func load(path: String, name: String?) throws -> ScreenReaderCapture {
        let text = try TextFileDecoding.read(path: path)
        return try parse(text, file: StandardInput.label(for: path), name: name)
    }

    public static func parse(_ text: String, file: String, name: String?) throws -> ScreenReaderCapture {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("{"), let root = try? JSONDocument.parse(text, file: file),
           case .object(let members) = root.value, members.contains(where: { $0.key == "captures" }) {
            return try aloud(root, file: file, name: name)
        }
        if trimmed.hasPrefix("{") {
            var utterances: [String] = []
            // Any line end: LF, CRLF (one Character in Swift, never equal to "\n") or CR.
            for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let node = try JSONDocument.parse(String(line), file: file)
                let object = try node.anyObject()
                guard let utterance = try object.string("utterance") else {
                    throw DataFileError("a JSON Lines capture has an \"utterance\" on every line; line \(index + 1) has none",
                                        at: SourceLocation(file: file, line: index + 1, column: 1))
                }
                utterances.append(utterance)
            }
            return ScreenReaderCapture(utterances: utterances, name: name)
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let read = lines.map(readingPrefix(of:))
        if !lines.isEmpty, read.allSatisfy({ $0 != nil }) {
            var capture = ScreenReaderCapture(utterances: zip(lines, read).map { String($0.dropFirst($1!)) }, name: name)
            capture.isEarshotReading = true
            return capture
        }
        return ScreenReaderCapture(utterances: lines, name: name)
    }

    /// The length of `read`'s `N/M ID: ` prefix on a line (`3/5 name: 에어맥스 90, 머리말`), or nil.
    static func readingPrefix(of line: String) -> Int? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func digits() -> Bool {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index > start
        }
        guard digits(), index < scalars.count, scalars[index] == "/" else { return nil }
        index += 1
        guard digits(), index < scalars.count, scalars[index] == " " else { return nil }
        index += 1
        let idStart = index
        while index < scalars.count, scalars[index] != ":", scalars[index] != " " { index += 1 }
        guard index > idStart, index + 1 < scalars.count, scalars[index] == ":", scalars[index + 1] == " " else { return nil }
        return String(String.UnicodeScalarView(scalars[0...(index + 1)])).count
    }

    private static func aloud(_ root: JSONNode, file: String, name: String?) throws -> ScreenReaderCapture {
        let top = try root.anyObject()
        let capturesNode = try top.required("captures")
        guard case .object(let captures) = capturesNode.value else {
            throw capturesNode.typeError(expected: "an object of captured screens")
        }
        guard !captures.isEmpty else {
            throw DataFileError("\"captures\" is empty: a capture file holds at least one captured screen", at: capturesNode.location)
        }
        let names = captures.map(\.key)
        let member: JSONMember
        if let name {
            guard let found = captures.first(where: { $0.key == name }) else {
                throw DataFileError("no captured screen \"\(name)\"" + NameSuggestion.didYouMean(name, in: names)
                                    + "; the file has \(names.joined(separator: ", "))", at: capturesNode.location)
            }
            member = found
        } else {
            guard captures.count == 1 else {
                throw DataFileError("the file captures \(captures.count) screens (\(names.joined(separator: ", "))): pick one with --capture NAME",
                                    at: capturesNode.location)
            }
            member = captures[0]
        }
        let capture = try member.node.anyObject()
        if capture["commands"] != nil, capture["steps"] == nil {
            return try talkBack(capture, name: member.key)
        }
        var utterances: [String] = []
        var startsWithCurrent = false
        for (index, step) in try capture.required("steps").arrayItems().enumerated() {
            let object = try step.anyObject()
            if index == 0, try object.string("action") == "current" { startsWithCurrent = true }
            utterances.append(try object.requiredString("utterance"))
        }
        var complete = true
        if let coverage = capture["coverage"] { complete = try coverage.anyObject().bool("complete") ?? true }
        return ScreenReaderCapture(utterances: utterances, name: member.key, complete: complete, startsWithCurrentFocus: startsWithCurrent)
    }
}

extension ScreenReaderCapture {
    /// aloud's TalkBack capture (`captures.NAME.commands[]`, TalkBack's own speech requests):
    /// the walk from the top, each `first` or `next` command that moved focus (`status`
    /// `focused`) an utterance, its speech requests joined with a space (TalkBack speaks the
    /// hint as a request of its own after the element). `hello` says nothing, `reset` may carry
    /// the window's title before the element, and a move at an edge (`status` `edge`) says
    /// nothing: none of them is compared.
    static func talkBack(_ capture: JSONObjectFields, name: String) throws -> ScreenReaderCapture {
        var utterances: [String] = []
        for command in try capture.required("commands").arrayItems() {
            let object = try command.anyObject()
            guard let action = try object.string("action"), ["first", "next"].contains(action),
                  try object.string("status") == "focused" else { continue }
            let texts = try (object.array("speech") ?? []).map { try $0.anyObject().requiredString("text") }
            if !texts.isEmpty { utterances.append(texts.joined(separator: " ")) }
        }
        var complete = true
        if let coverage = capture["coverage"] { complete = try coverage.anyObject().bool("complete") ?? true }
        return ScreenReaderCapture(utterances: utterances, name: name, complete: complete, startsWithCurrentFocus: false,
                                   reader: TalkBack.name)
    }
}

/// One focus stop as Earshot says it: the utterance, and the hint VoiceOver says after it.
public struct EarshotUtterance: Sendable, Equatable {
    public var id: String
    public var text: String
    public var hint: String?

    public init(id: String, text: String, hint: String? = nil) {
        self.id = id
        self.text = text
        self.hint = hint
    }
}

/// A capture against Earshot's stops, utterance by utterance (docs/compare.md).
///
/// Texts are compared without case, punctuation or spacing (`Same label Button` is Earshot's
/// `Same label, Button`), with the hint when the capture has it (`Notifications Switch button
/// on Double tap to toggle setting.`). The alignment knows how captures are made:
/// - step 0 of a capture that starts at the current focus stands for the first stop; when it is
///   `VoiceOver on` (VoiceOver announcing itself as the harness turned it on) it says nothing of
///   that stop and is not compared; when it is the app's name followed by the stop, it agrees;
/// - at the last element `moveForward` stays there and says it again: a run of the same
///   utterance after the last stop is a repeat, not an extra element;
/// - a capture that stopped at its step limit (`coverage.complete: false`) did not reach the
///   stops after its last one: those are not compared.
/// The rest is aligned in order with the fewest edits: an utterance matching its stop agrees, a
/// pair at the same place that does not match differs, a stop the capture lacks is missing, an
/// utterance Earshot lacks is extra.
public struct CaptureComparison: Sendable {
    /// The screen reader the capture heard.
    public let reader: ScreenReaderName
    public enum Verdict: String, Sendable {
        case agree, differ, missing, extra
        /// Not compared: `VoiceOver on`, a repeat at the last element, a stop past the capture.
        case skipped
    }

    public struct Line: Sendable, Equatable {
        public var verdict: Verdict
        /// The capture's step (0-based), when the line has one.
        public var step: Int?
        public var captured: String?
        /// The stop's number (1-based) and Earshot's words, with the hint when it was compared.
        public var stop: Int?
        public var earshot: String?
        public var note: String?
    }

    public var lines: [Line] = []

    public var agreed: Int { lines.filter { $0.verdict == .agree }.count }
    public var compared: Int { lines.filter { $0.verdict != .skipped }.count }
    public var allAgree: Bool { compared > 0 && agreed == compared }

    /// Lower case, letters and digits only, one space between words.
    public static func normalized(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character.isWhitespace || character == "," || character == ";" || character == "." || character == ":" {
                if !current.isEmpty { words.append(current); current = "" }
            }
            // Other marks ($, %, quotes, hyphens) are left out without splitting the word.
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// Whether a captured utterance says this stop: its words, or its words and its hint.
    static func says(_ captured: String, _ stop: EarshotUtterance) -> Bool {
        let heard = normalized(captured)
        if heard == normalized(stop.text) { return true }
        if let hint = stop.hint { return heard == normalized(stop.text + " " + hint) }
        return false
    }

    public init(capture: ScreenReaderCapture, stops: [EarshotUtterance]) {
        reader = capture.reader
        var heard = Array(capture.utterances.enumerated())
        var firstLines: [Line] = []
        var firstStop = 0
        // Step 0 at the current focus.
        // A reader's own words as it is turned on (VoiceOver's "VoiceOver on"), by whose they are.
        let startUp = ScreenReaders.all.compactMap { reader in reader.startUpWords.map { (Self.normalized($0), reader.title) } }
        func startUpReader(_ words: String) -> String? { startUp.first { $0.0 == words }?.1 }
        if capture.startsWithCurrentFocus || heard.first.map({ startUpReader(Self.normalized($0.element)) != nil }) == true,
           let first = heard.first, let stop = stops.first {
            let words = Self.normalized(first.element)
            if let starter = startUpReader(words) {
                firstLines.append(Line(verdict: .skipped, step: 0, captured: first.element, stop: 1, earshot: stop.text,
                                       note: "\(starter)'s own words as it starts, in place of the first stop"))
                heard.removeFirst()
                firstStop = 1
            } else if !Self.says(first.element, stop) {
                let own = Self.normalized(stop.text), withHint = stop.hint.map { Self.normalized(stop.text + " " + $0) }
                if words.hasSuffix(" " + own) || withHint.map({ words.hasSuffix(" " + $0) }) == true {
                    let prefix = first.element.split(separator: " ").first.map(String.init) ?? ""
                    firstLines.append(Line(verdict: .agree, step: 0, captured: first.element, stop: 1, earshot: Self.spoken(stop, first.element),
                                           note: "after the app's name (\(prefix)), as VoiceOver says it for the focus it starts on"))
                    heard.removeFirst()
                    firstStop = 1
                }
            }
        }
        // Repeats at the last element: a run of the same utterance at the end, less as many of
        // it as Earshot's last stops say (two last buttons with one label are two stops).
        var remaining = Array(stops.dropFirst(firstStop))
        var repeats: [(offset: Int, element: String)] = []
        if let last = heard.last {
            let words = Self.normalized(last.element)
            let run = heard.reversed().prefix { Self.normalized($0.element) == words }.count
            let said = remaining.reversed().prefix { Self.says(last.element, $0) }.count
            let kept = max(1, min(run, said))
            repeats = Array(heard.suffix(run - kept))
            heard.removeLast(run - kept)
        }
        // A capture cut short by its step limit reached only as many stops as it has steps.
        var beyond: [EarshotUtterance] = []
        if !capture.complete, remaining.count > heard.count {
            beyond = Array(remaining[heard.count...])
            remaining = Array(remaining[..<heard.count])
        }
        lines = firstLines + Self.align(heard, remaining, firstStop: firstStop)
        if let last = lines.last(where: { $0.captured != nil }) {
            for item in repeats {
                lines.append(Line(verdict: .skipped, step: item.offset, captured: item.element, stop: last.stop, earshot: nil,
                                  note: "the same again: VoiceOver stays on the last element it reached"))
            }
        }
        for (index, stop) in beyond.enumerated() {
            lines.append(Line(verdict: .skipped, step: nil, captured: nil, stop: firstStop + remaining.count + index + 1, earshot: stop.text,
                              note: "past the end of the capture, which stopped at its step limit"))
        }
    }

    /// Earshot's words as compared: with the hint when the capture said one.
    static func spoken(_ stop: EarshotUtterance, _ captured: String) -> String {
        guard let hint = stop.hint, !says(captured, EarshotUtterance(id: stop.id, text: stop.text)) else { return stop.text }
        return stop.text + " " + hint
    }

    /// Cells of the edit table one stretch between anchors may take: past it (a stretch of
    /// thousands of lines with no line in common), the stretch is paired in order instead.
    static let tableLimit = 250_000

    /// Work done by the last alignments: the edit-table cells filled (a counting test reads it).
    nonisolated(unsafe) static var cellsFilled = 0

    /// The fewest edits between the utterances and the stops (agree 0; differ, missing, extra 1),
    /// in time that grows with the input, not with its square: each text is normalized once and
    /// compared as a number; the agreeing lines at both ends are matched first, then lines
    /// that occur once on each side and in the same order (anchors); only the stretches between
    /// them go through an edit table, each bounded by `tableLimit` cells (a longer stretch is
    /// paired in order: differ, then missing or extra).
    private static func align(_ heard: [(offset: Int, element: String)], _ stops: [EarshotUtterance], firstStop: Int) -> [Line] {
        // Each distinct normalized text a number: a heard line agrees with a stop when its number
        // is the stop's words' or the stop's words and hint's.
        var numbers: [String: Int] = [:]
        func number(_ text: String) -> Int {
            if let known = numbers[text] { return known }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
        let heardKeys = heard.map { number(normalized($0.element)) }
        let stopKeys = stops.map { stop in
            (text: number(normalized(stop.text)), withHint: stop.hint.map { number(normalized(stop.text + " " + $0)) })
        }
        func agrees(_ i: Int, _ j: Int) -> Bool { heardKeys[i] == stopKeys[j].text || heardKeys[i] == stopKeys[j].withHint }

        var pairs: [(i: Int?, j: Int?, agree: Bool)] = []
        // Anchors: lines whose number occurs once among the heard and once among the stops.
        var heardCount: [Int: Int] = [:], stopCount: [Int: Int] = [:], stopAt: [Int: Int] = [:]
        for key in heardKeys { heardCount[key, default: 0] += 1 }
        for (j, keys) in stopKeys.enumerated() {
            for key in Set([keys.text] + (keys.withHint.map { [$0] } ?? [])) {
                stopCount[key, default: 0] += 1
                stopAt[key] = j
            }
        }
        var candidates: [(i: Int, j: Int)] = []
        for (i, key) in heardKeys.enumerated() where heardCount[key] == 1 && stopCount[key] == 1 {
            candidates.append((i, stopAt[key]!))
        }
        var anchors = longestIncreasing(candidates)
        anchors.append((heard.count, stops.count))
        var i = 0, j = 0
        for anchor in anchors {
            pairs += alignStretch(i..<anchor.i, j..<anchor.j, agrees: agrees)
            if anchor.i < heard.count { pairs.append((anchor.i, anchor.j, true)) }
            (i, j) = (anchor.i + 1, anchor.j + 1)
        }
        return pairs.map { pair in
            switch (pair.i, pair.j) {
            case let (i?, j?):
                Line(verdict: pair.agree ? .agree : .differ, step: heard[i].offset, captured: heard[i].element,
                     stop: firstStop + j + 1, earshot: spoken(stops[j], heard[i].element))
            case let (nil, j?):
                Line(verdict: .missing, step: nil, captured: nil, stop: firstStop + j + 1, earshot: stops[j].text)
            case let (i?, nil):
                Line(verdict: .extra, step: heard[i].offset, captured: heard[i].element, stop: nil, earshot: nil)
            case (nil, nil):
                Line(verdict: .skipped, step: nil, captured: nil, stop: nil, earshot: nil)
            }
        }
    }

    /// The anchors in order on both sides: the longest run of candidates increasing in both
    /// (candidates come increasing in `i`; patience sorting, n log n).
    private static func longestIncreasing(_ candidates: [(i: Int, j: Int)]) -> [(i: Int, j: Int)] {
        var tails: [Int] = []            // index into candidates of the smallest tail of each length
        var previous = Array(repeating: -1, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[tails[middle]].j < candidate.j { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [(i: Int, j: Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            result.append(candidates[index])
            index = previous[index]
        }
        return result.reversed()
    }

    /// One stretch between anchors: agreeing lines at its ends matched, the middle by the
    /// fewest edits (an edit table of at most `tableLimit` cells), else paired in order.
    private static func alignStretch(_ heard: Range<Int>, _ stops: Range<Int>,
                                     agrees: (Int, Int) -> Bool) -> [(i: Int?, j: Int?, agree: Bool)] {
        var (low, high) = (heard.lowerBound, heard.upperBound)
        var (stopLow, stopHigh) = (stops.lowerBound, stops.upperBound)
        var head: [(i: Int?, j: Int?, agree: Bool)] = [], tail: [(i: Int?, j: Int?, agree: Bool)] = []
        while low < high, stopLow < stopHigh, agrees(low, stopLow) {
            head.append((low, stopLow, true))
            low += 1
            stopLow += 1
        }
        while low < high, stopLow < stopHigh, agrees(high - 1, stopHigh - 1) {
            tail.append((high - 1, stopHigh - 1, true))
            high -= 1
            stopHigh -= 1
        }
        let n = high - low, m = stopHigh - stopLow
        var middle: [(i: Int?, j: Int?, agree: Bool)] = []
        if (n + 1) * (m + 1) > tableLimit {
            for k in 0..<max(n, m) {
                let i = k < n ? low + k : nil, j = k < m ? stopLow + k : nil
                middle.append((i, j, i != nil && j != nil && agrees(i!, j!)))
            }
        } else if n > 0 || m > 0 {
            cellsFilled += (n + 1) * (m + 1)
            let width = m + 1
            var cost = Array(repeating: 0, count: (n + 1) * width)
            for i in 0...n { cost[i * width] = i }
            for j in 0...m { cost[j] = j }
            if n > 0 && m > 0 {
                for i in 1...n {
                    for j in 1...m {
                        let match = cost[(i - 1) * width + j - 1] + (agrees(low + i - 1, stopLow + j - 1) ? 0 : 1)
                        cost[i * width + j] = min(match, cost[(i - 1) * width + j] + 1, cost[i * width + j - 1] + 1)
                    }
                }
            }
            var i = n, j = m
            while i > 0 || j > 0 {
                if i > 0, j > 0 {
                    let agree = agrees(low + i - 1, stopLow + j - 1)
                    // On a tie with a missing stop, the stop is the one missing: an utterance is
                    // matched with the earliest stop that says it (two buttons with one label).
                    let missingTies = agree && cost[i * width + j] == cost[i * width + j - 1] + 1
                    if cost[i * width + j] == cost[(i - 1) * width + j - 1] + (agree ? 0 : 1), !missingTies {
                        middle.append((low + i - 1, stopLow + j - 1, agree))
                        i -= 1
                        j -= 1
                        continue
                    }
                }
                if j > 0, i == 0 || cost[i * width + j] == cost[i * width + j - 1] + 1 {
                    middle.append((nil, stopLow + j - 1, false))
                    j -= 1
                } else {
                    middle.append((low + i - 1, nil, false))
                    i -= 1
                }
            }
            middle.reverse()
        }
        return head + middle + tail.reversed()
    }

    /// One plain line per utterance, then `N of M utterances agree`. A control character in a
    /// capture (CR, ESC, U+009B) is shown as its code (`TerminalText`), never sent raw.
    public var text: String {
        var out = ""
        for raw in lines {
            var line = raw
            line.captured = line.captured.map(TerminalText.visible)
            line.earshot = line.earshot.map(TerminalText.visible)
            let step = line.step.map { "step \($0)" }, stop = line.stop.map { "stop \($0)" }
            let place = [step, stop].compactMap { $0 }.joined(separator: ", ")
            switch line.verdict {
            case .agree: out += "agree    \(place): \"\(line.captured ?? "")\""
            case .differ: out += "differ   \(place): \(reader.title) \"\(line.captured ?? "")\", Earshot \"\(line.earshot ?? "")\""
            case .missing: out += "missing  \(place): Earshot \"\(line.earshot ?? "")\", not in the capture"
            case .extra: out += "extra    \(place): \(reader.title) \"\(line.captured ?? "")\", no such stop in Earshot"
            case .skipped: out += "skipped  \(place): \"\(line.captured ?? line.earshot ?? "")\""
            }
            if let note = line.note { out += " (\(note))" }
            out += "\n"
        }
        out += "\(agreed) of \(compared) utterances agree\n"
        return out
    }

    /// The lines as JSON Lines (`verdict`, `step`, `captured`, `stop`, `earshot`, `note`), then a
    /// summary object.
    public var jsonLines: String {
        var out = ""
        for line in lines {
            var members: [(String, String)] = [("verdict", jsonString(line.verdict.rawValue))]
            if let step = line.step { members.append(("step", String(step))) }
            if let captured = line.captured { members.append(("captured", jsonString(captured))) }
            if let stop = line.stop { members.append(("stop", String(stop))) }
            if let earshot = line.earshot { members.append(("earshot", jsonString(earshot))) }
            if let note = line.note { members.append(("note", jsonString(note))) }
            out += "{" + members.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
        }
        out += "{\"agree\": \(agreed), \"compared\": \(compared)}\n"
        return out
    }
}
