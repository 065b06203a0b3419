/// Runs a scenario's steps on a `DeskCheck` at their times and checks its expectations.
///
/// Timing (docs/scenario-format.md): `at` is seconds from the start, `after` is seconds after
/// the previous step (after the end of a pause); a gesture or app event without either happens
/// once everything said so far has been said (the tester listens to the end), never before the
/// previous step; an expectation without either looks from the time of the previous step.
/// A step whose time falls before the previous step's is an error at that step's position.
public struct ScenarioRunner {
    public let scenario: Scenario
    public let desk: DeskCheck

    /// A runner with its own desk check over the scenario's screens, on `clock` and `device`.
    public init(scenario: Scenario, profile: VoiceProfile, clock: TimelineClock, device: SpeechDevice,
                observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        self.scenario = scenario
        desk = try DeskCheck(screens: scenario.screens.map { ($0.name, $0.screen) }, startScreen: scenario.startScreen,
                             profile: profile, clock: clock, device: device, app: scenario.app,
                             reader: scenario.reader, observer: observer)
    }

    /// Performs every step, lets the speech finish, and evaluates the expectations.
    public func run() throws -> ScenarioResult {
        var cursor = 0.0
        var pending: [(step: ScenarioStep, expectation: Expectation, time: Double, focus: String?)] = []
        for step in scenario.steps {
            let time: Double
            switch step.timing {
            case .at(let at):
                guard at >= cursor - timeTolerance else {
                    throw DataFileError(
                        "time goes backwards: \"at\": \(plainNumber(at)) is before the previous step at \(clockTime(cursor))",
                        at: step.location)
                }
                time = at
            case .after(let delay): time = cursor + delay
            case .withPrevious: time = cursor
            case .whenIdle:
                desk.waitUntilIdle()
                time = max(cursor, desk.now)
            }
            desk.wait(until: time)
            do {
                switch step.action {
                case .gesture(let gesture): try desk.perform(gesture, source: step.source)
                case .post(let notification): try desk.post(notification, source: step.source)
                case .edit(let edit): try desk.edit(edit)
                case .editScreen(let edit, let screen): try desk.edit(edit, on: screen)
                case .show(let screen): try desk.show(screen: screen)
                case .transition(let screen, let focus, let kind):
                    try desk.transition(to: screen, kind: kind, focus: focus, source: step.source)
                case .pause: break
                case .expect(let expectation):
                    pending.append((step, expectation, time, desk.focusedID))
                }
            } catch let error as DeskCheckError {
                throw DataFileError("\(error.description) at \(clockTime(time))", at: step.location)
            }
            if case .expect = step.action { continue }
            cursor = time
            if case .pause(let seconds) = step.action { cursor += seconds }
        }
        desk.waitUntilIdle()
        desk.wait(until: cursor)
        let transcript = desk.finish()
        let results = pending.map { item in
            item.expectation.evaluate(transcript: transcript, at: item.time, focusedID: item.focus,
                                      location: item.step.location)
        }
        return ScenarioResult(transcript: transcript, expectations: results, notes: desk.notes,
                              endTime: max(desk.now, transcript.endTime),
                              findings: findings(transcript))
    }
}

extension ScenarioRunner {
    /// The static checks on each screen shown, then the flow's dynamic findings in time order;
    /// each names the scenario file as its source.
    func findings(_ transcript: SpeechTranscript) -> [Finding] {
        var all = desk.staticFindings() + FlowInspector.findings(log: desk.flow, transcript: transcript)
        for index in all.indices { all[index].source = scenario.path }
        return all.sortedByTime()
    }
}

/// What a scenario run produced.
public struct ScenarioResult: Sendable {
    /// Every utterance with its fate, and the `announcementDidFinish` reports.
    public var transcript: SpeechTranscript
    /// One per `expect` step, in file order.
    public var expectations: [ExpectationResult]
    /// Gestures that did nothing, and why.
    public var notes: [DeskCheckNote]
    /// The end of the timeline in seconds: the last sound's end, or the last step's time.
    public var endTime: Double
    /// The dynamic problems of the flow (`FlowInspector`), in time order.
    public var findings: [Finding]

    public init(transcript: SpeechTranscript, expectations: [ExpectationResult], notes: [DeskCheckNote],
                endTime: Double, findings: [Finding] = []) {
        self.findings = findings
        self.transcript = transcript
        self.expectations = expectations
        self.notes = notes
        self.endTime = endTime
    }

    public var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }

    /// True when every expectation held.
    public var passed: Bool { failedExpectations.isEmpty }
}

extension SpeechTranscript {
    /// The end of the last sound: the latest end of a spoken or cut utterance (0 if none).
    public var endTime: Double {
        entries.reduce(0) { latest, entry in
            switch entry.fate {
            case .spoken(_, let end): max(latest, end)
            case .cut(_, let at, _): max(latest, at)
            case .dropped: latest
            }
        }
    }
}
