import Foundation

/// A scenario run once under each of several screen readers (`test --readers
/// nvda,voiceover,talkback`), and what each said at each step, set side by side.
///
/// The steps are the scenario's own, the same in every run; an utterance belongs to the step
/// that caused it (`Utterance.source`: `line 12`, or `…, after line 12` for what the page or the
/// app did after it), so the readers are aligned by step, not by time: each reader takes its
/// own time to say a step. What is compared is the words each reader said for the step, in
/// the order it asked for them, with the fate of those not heard in full (`(cut)`,
/// `(dropped)`); sounds are left out, as each reader has its own (Earshot's choice: a sound
/// that differs is the reader's nature, not the page's).
///
/// Each run keeps its own expectations, golden and findings; the comparison makes no finding
/// (docs/test-suites.md, "Under several screen readers").
public struct ReaderComparison: Sendable {
    /// One run of the scenario and the reader that heard it.
    public struct Run: Sendable {
        public var reader: ScreenReaderName
        public var result: ScenarioResult

        public init(reader: ScreenReaderName, result: ScenarioResult) {
            self.reader = reader
            self.result = result
        }
    }

    /// One step and what each reader said for it.
    public struct Step: Sendable, Equatable {
        /// The step in a few words: `line 10 (next)`; for speech no step caused, its cause.
        public var label: String
        /// The words each reader said, in the order of the runs; an empty list: nothing.
        public var said: [ScreenReaderName: [String]]

        /// Whether two readers said different words (or one said nothing).
        public var differs: Bool { Set(said.values).count > 1 }
    }

    /// The runs in the order of the readers given.
    public private(set) var runs: [Run]
    /// Every step that was performed or caused speech, in the scenario's order.
    public private(set) var steps: [Step]

    public var readers: [ScreenReaderName] { runs.map(\.reader) }

    /// The steps whose words differ between the readers.
    public var differing: [Step] { steps.filter(\.differs) }

    public init(runs: [Run], scenario: Scenario) {
        self.runs = runs
        steps = Self.align(runs, scenario: scenario)
    }

    /// What one utterance says in the comparison: its words in quotes, and its fate when it was
    /// not heard in full. Nil for a sound or an empty text (nothing heard).
    static func words(_ entry: TranscriptEntry) -> String? {
        let u = entry.utterance
        guard u.earcon == nil, !u.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        switch entry.fate {
        case .spoken: return "\"\(u.text)\""
        case .cut: return "\"\(u.text)\" (cut)"
        case .dropped(_, let reason): return "\"\(u.text)\" (dropped: \(reason.code))"
        }
    }

    static func align(_ runs: [Run], scenario: Scenario) -> [Step] {
        // The steps that act (not expectations), by their source, in file order.
        let acting = scenario.steps.filter { if case .expect = $0.action { return false } else { return true } }
        var stepIndex: [String: Int] = [:]
        for (index, step) in acting.enumerated() where stepIndex[step.source] == nil { stepIndex[step.source] = index }
        func stepOf(_ source: String?) -> String {
            guard let source else { return "" }
            if stepIndex[source] != nil { return source }
            // Speech the page or the app caused after a step: `…, after line 12`; or what a
            // step set off: `line 14, live region error`.
            if let range = source.range(of: ", after ", options: .backwards) {
                let tail = String(source[range.upperBound...])
                if stepIndex[tail] != nil { return tail }
            }
            if let range = source.range(of: ", ") {
                let head = String(source[..<range.lowerBound])
                if stepIndex[head] != nil { return head }
            }
            return source
        }
        // Speech no step caused (a page's own timer, a region filled as it loads) is placed
        // after the step whose speech came before it, in the first run that has it.
        var after: [String: [String]] = [:]
        var seen = Set(acting.map(\.source))
        var said: [String: [ScreenReaderName: [String]]] = [:]
        for run in runs {
            var last = ""
            for entry in run.result.transcript.entries.sorted(by: { $0.utterance.id < $1.utterance.id }) {
                let key = stepOf(entry.utterance.source)
                if stepIndex[key] != nil { last = key }
                guard let words = words(entry) else { continue }
                if seen.insert(key).inserted { after[stepIndex[key] == nil ? last : key, default: []].append(key) }
                said[key, default: [:]][run.reader, default: []].append(words)
            }
        }
        var order = after[""] ?? []
        for step in acting where !order.contains(step.source) {
            order.append(step.source)
            order += after[step.source] ?? []
        }
        var labels: [String: String] = [:]
        // A gesture by the name the scenario writes (`next`), not by one reader's (`swipe right`).
        func summary(_ step: ScenarioStep) -> String {
            if case .gesture(let gesture) = step.action { return gesture.stepName.rawValue }
            return step.summary
        }
        for step in acting where labels[step.source] == nil { labels[step.source] = "\(step.source) (\(summary(step)))" }
        return order.compactMap { key in
            let spoken = said[key] ?? [:]
            // A pause or an app step nobody spoke at says nothing to compare.
            if spoken.isEmpty, let index = stepIndex[key], !acting[index].isUserGesture { return nil }
            var all: [ScreenReaderName: [String]] = [:]
            for run in runs { all[run.reader] = spoken[run.reader] ?? [] }
            return Step(label: labels[key] ?? (key.isEmpty ? "no step (the page itself)" : key), said: all)
        }
    }

    /// The steps as plain lines for a terminal screen reader: a step where the readers agree is
    /// one line, `line 13 (next): the same under every reader: "Sign in"`; one where they differ
    /// says so, then one line per reader, `  voiceover: "Sign in, button" then "double tap"`.
    public var readableSteps: String {
        steps.map { step in
            func spoken(_ words: [String]) -> String { words.isEmpty ? "nothing" : words.joined(separator: " then ") }
            guard step.differs else {
                return "\(step.label): the same under every reader: \(spoken(step.said[readers[0]] ?? []))\n"
            }
            return "\(step.label): differs\n" + readers.map { "  \($0.rawValue): \(spoken(step.said[$0] ?? []))\n" }.joined()
        }.joined()
    }
}

extension ScenarioResult {
    /// Names `reader` on every finding of the run (a run of `test --readers`): the same page
    /// gives each reader's findings, in its wording.
    public mutating func nameReader(_ reader: ScreenReaderName) {
        for index in findings.indices { findings[index].reader = reader }
    }
}
