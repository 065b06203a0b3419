import EarshotCore

/// The line protocol between `earshot render` and its worker processes (`earshot render
/// --worker`): one JSON object per line, a request on the worker's standard input and one
/// response per request, in order, on its standard output.
///
/// The parent picks each file's temporary name, so after stopping a worker it can remove a file
/// the worker left half-written.
public struct RenderRequest: Sendable, Equatable {
    /// The job's index in the run; echoed in the response.
    public var job: Int
    /// Path of the voice profile to speak with.
    public var profile: String
    /// The punctuation level over the profile's own (`--punctuation`), nil for the profile's.
    public var punctuation: PunctuationLevel?
    /// The speaking rate over the profile's own (`--rate`), nil for the profile's.
    public var rate: Int?
    public var segments: [String]
    /// For each segment, its spans with speech attributes (spoken by a speaker, span by span),
    /// or nil: the segment is the engine's text. Empty when no segment has any.
    public var spans: [[SpeechSpan]?]
    /// Silence between segments, in seconds.
    public var pause: Double
    /// A scenario file to run instead of speaking `segments`: the WAV is its timeline.
    public var scenario: String?
    /// The screen reader the scenario is heard by (`--reader`); nil: the scenario's own.
    public var reader: ScreenReaderKind?
    /// Where the finished WAV goes (absolute path), and the temporary name it is written under first.
    public var output: String
    public var temporary: String
    /// A scenario's transcript files (the format is the extension), each with its temporary name.
    public var transcripts: [OutputFile]

    /// A file the worker writes: its final path and the temporary name it is written under first.
    public struct OutputFile: Sendable, Equatable {
        public var output: String
        public var temporary: String

        public init(output: String, temporary: String) {
            self.output = output
            self.temporary = temporary
        }
    }

    public init(job: Int, profile: String, punctuation: PunctuationLevel? = nil, segments: [String],
                spans: [[SpeechSpan]?] = [], pause: Double,
                scenario: String? = nil, reader: ScreenReaderKind? = nil, output: String, temporary: String,
                transcripts: [OutputFile] = []) {
        self.job = job
        self.profile = profile
        self.punctuation = punctuation
        self.segments = segments
        self.spans = spans
        self.pause = pause
        self.scenario = scenario
        self.reader = reader
        self.output = output
        self.temporary = temporary
        self.transcripts = transcripts
    }

    /// The spans of segment `index` when it has speech attributes.
    public func spans(ofSegment index: Int) -> [SpeechSpan]? {
        spans.indices.contains(index) ? spans[index] : nil
    }

    /// Every temporary file the request may leave behind if its worker is stopped.
    public var temporaries: [String] { [temporary] + transcripts.map(\.temporary) }

    public var jsonLine: String {
        var line = "{\"job\":\(job),\"profile\":\(jsonString(profile)),\"segments\":[\(segments.map(jsonString).joined(separator: ","))],"
            + "\"pause\":\(pause),\"output\":\(jsonString(output)),\"temporary\":\(jsonString(temporary))"
        if let punctuation {
            line += ",\"punctuation\":\(jsonString(punctuation.rawValue))"
        }
        if let rate { line += ",\"rate\":\(rate)" }
        if !spans.isEmpty {
            line += ",\"spans\":[" + spans.map { $0.map(SpeechSpan.jsonArray) ?? "null" }.joined(separator: ",") + "]"
        }
        if let scenario {
            line += ",\"scenario\":\(jsonString(scenario))"
        }
        if let reader {
            line += ",\"reader\":\(jsonString(reader.rawValue))"
        }
        if !transcripts.isEmpty {
            let files = transcripts.map { "{\"output\":\(jsonString($0.output)),\"temporary\":\(jsonString($0.temporary))}" }
            line += ",\"transcripts\":[\(files.joined(separator: ","))]"
        }
        return line + "}"
    }

    public init(jsonLine: String) throws {
        let object = try JSONDocument.parse(jsonLine, file: "render request")
            .object(allowing: ["job", "profile", "punctuation", "rate", "segments", "spans", "pause", "scenario", "reader", "output",
                               "temporary", "transcripts"])
        let transcripts = try object["transcripts"].map { list in
            try list.arrayItems().map { node in
                let file = try node.object(allowing: ["output", "temporary"])
                return OutputFile(output: try file.requiredString("output"), temporary: try file.requiredString("temporary"))
            }
        }
        self.init(
            job: try object.required("job").intValue(),
            profile: try object.requiredString("profile"),
            punctuation: try object["punctuation"].map { node in
                guard let level = PunctuationLevel(rawValue: try node.stringValue()) else {
                    throw node.typeError(expected: "a punctuation level (all, some or none)")
                }
                return level
            },
            segments: try object.strings("segments") ?? [],
            spans: try object["spans"].map { list in
                try list.arrayItems().map { item in item.isNull ? nil : try item.arrayItems().map { try SpeechSpan(json: $0) } }
            } ?? [],
            pause: try object.double("pause") ?? 0,
            scenario: try object.string("scenario"),
            reader: try object["reader"].map { node in
                guard let reader = ScreenReaderKind(rawValue: try node.stringValue()) else {
                    throw node.typeError(expected: "a screen reader (voiceover or talkback)")
                }
                return reader
            },
            output: try object.requiredString("output"),
            temporary: try object.requiredString("temporary"),
            transcripts: transcripts ?? []
        )
        rate = try object.int("rate")
    }
}

/// A worker's answer to one request: the finished file's length and checksum, or why it failed.
public struct RenderResponse: Sendable, Equatable {
    public var job: Int
    public var outcome: Outcome

    public enum Outcome: Sendable, Equatable {
        /// `text` is what a scenario's listener heard (one utterance per line); nil for text jobs,
        /// whose text the parent already has.
        case rendered(samples: Int, sampleRate: Int, sha256: String, text: String? = nil)
        case failed(String)
        /// A file could not be written (a full disk, a read-only folder, a planted link): the
        /// run exits 74, as for any output it cannot write.
        case unwritable(String)
    }

    /// The answer for an error: `unwritable` for a file that could not be written.
    public static func failure(job: Int, _ error: Error) -> RenderResponse {
        RenderResponse(job: job, outcome: error is FileIOError ? .unwritable("\(error)") : .failed("\(error)"))
    }

    public init(job: Int, outcome: Outcome) {
        self.job = job
        self.outcome = outcome
    }

    public var jsonLine: String {
        switch outcome {
        case .rendered(let samples, let sampleRate, let sha256, let text):
            "{\"job\":\(job),\"samples\":\(samples),\"sampleRate\":\(sampleRate),\"sha256\":\(jsonString(sha256))"
                + (text.map { ",\"text\":\(jsonString($0))" } ?? "") + "}"
        case .failed(let message):
            "{\"job\":\(job),\"error\":\(jsonString(message))}"
        case .unwritable(let message):
            "{\"job\":\(job),\"error\":\(jsonString(message)),\"io\":true}"
        }
    }

    public init(jsonLine: String) throws {
        let object = try JSONDocument.parse(jsonLine, file: "render response")
            .object(allowing: ["job", "samples", "sampleRate", "sha256", "text", "error", "io"])
        let job = try object.required("job").intValue()
        if let message = try object.string("error") {
            self.init(job: job, outcome: try object.bool("io") == true ? .unwritable(message) : .failed(message))
        } else {
            self.init(job: job, outcome: .rendered(
                samples: try object.required("samples").intValue(),
                sampleRate: try object.required("sampleRate").intValue(),
                sha256: try object.requiredString("sha256"),
                text: try object.string("text")))
        }
    }
}
