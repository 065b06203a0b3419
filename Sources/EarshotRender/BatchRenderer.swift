import Dispatch
import EarshotCore
import EarshotWorkers
import Foundation

/// How a render run is carried out.
public struct BatchRenderOptions: Sendable {
    /// Folder the WAV files and the manifest go to.
    public var outputDirectory: String
    /// Number of worker processes (each owns one speech engine).
    public var jobs: Int
    public var shard: Shard
    /// Where the manifest is written; nil: `manifest.jsonl`, or `manifest-I-of-N.jsonl` for a
    /// shard, in the output folder.
    public var manifestPath: String?
    /// Render every file even if it is current.
    public var force: Bool
    public var progress: RenderProgress.Style
    /// The command that starts a worker: the `earshot` binary with `render --worker`.
    public var workerCommand: [String]
    /// Other files the run writes into the folder afterwards (`index.html` with `--report`),
    /// checked with the rest before any work.
    public var extraOutputs: [String] = []

    public init(outputDirectory: String, jobs: Int, shard: Shard = .whole, manifestPath: String? = nil, force: Bool = false,
                progress: RenderProgress.Style = .quiet, workerCommand: [String]) {
        self.outputDirectory = outputDirectory
        self.jobs = jobs
        self.shard = shard
        self.manifestPath = manifestPath
        self.force = force
        self.progress = progress
        self.workerCommand = workerCommand
    }

    /// The manifest path this run writes.
    public var resolvedManifestPath: String {
        if let manifestPath { return manifestPath }
        let name = shard.count == 1 ? "manifest.jsonl" : "manifest-\(shard.index)-of-\(shard.count).jsonl"
        return (outputDirectory as NSString).appendingPathComponent(name)
    }
}

/// A file that could not be rendered, named by its input file and line.
public struct RenderFailure: Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var key: String
    public var voice: String
    public var message: String
    /// The file could not be written (a full disk, a read-only folder): the run exits 74.
    public var isIOError = false

    public var description: String { "\(location.file):\(location.line): error: \"\(key)\" in voice \(voice): \(message)" }
}

/// What a render run did.
public struct BatchRenderSummary: Sendable {
    /// Manifest entries of this run's share, in manifest order: rendered and skipped files.
    public var entries: [ManifestEntry] = []
    public var rendered = 0
    public var skipped = 0
    public var failures: [RenderFailure] = []
    /// The run was stopped by a signal before it finished; the manifest lists what was done.
    public var interruptedBy: Int32?
    /// Seconds of audio rendered in this run (skipped files not counted).
    public var renderedAudioSeconds = 0.0
    /// The manifest could not be written (a full disk): the failures are still reported, the
    /// journal is kept so the next run resumes, and the command exits 74.
    public var manifestError: FileIOError?
    public var manifestPath = ""
}

/// Renders a plan's jobs with worker processes, keeping the manifest in input order.
///
/// Safe to stop and resume: every file is written under a temporary name and renamed into place;
/// a file whose cache key (text, profile, version) is unchanged and whose WAV is complete is
/// skipped; each finished file is appended to a journal beside the manifest as it arrives, so
/// even a killed run resumes without redoing finished files; on SIGINT, SIGTERM or SIGHUP the
/// parent stops sending work, lets workers finish their current file for up to two seconds,
/// stops the rest (`WorkerPool`), removes their temporary files and writes the manifest of what
/// was finished.
///
/// A worker that has work and says nothing for `stallLimit` seconds (120; `EARSHOT_WORKER_STALL`
/// overrides) is killed: its current file fails with that reason, the rest go to another worker.
/// A file that fails keeps its previous manifest line when its previous WAV is still complete
/// (even with `--force`), so a failed run never empties a manifest.
public final class BatchRenderer {
    public static var stallLimit: Double { WorkerPoolSettings.defaultStallLimit }

    private let plan: RenderPlan
    private let options: BatchRenderOptions
    private let jobs: [RenderJob]

    public init(plan: RenderPlan, options: BatchRenderOptions) {
        self.plan = plan
        self.options = options
        self.jobs = Array(plan.jobs[options.shard.range(of: plan.jobs.count)])
    }

    public func run() throws -> BatchRenderSummary {
        let manifestPath = options.resolvedManifestPath
        let journalPath = Self.journalPath(for: manifestPath)
        // Nothing is written through a link planted in the folder: every output, the manifest
        // and its journal are checked before any work, and renamed into place without
        // following links as they finish.
        let ownFiles = jobs.flatMap { [$0.output] + $0.transcripts } + [manifestPath, journalPath]
            + (options.extraOutputs)
        try OutputSafety.checkOwnedFolder(options.outputDirectory, files: ownFiles, option: "render")
        for path in [manifestPath, journalPath] {
            if let kind = AtomicFile.linkOrSpecialKind(atPath: path) {
                throw OutputPathError("\(path) is \(kind): render writes its manifest only as a file of its own (remove it, then run again); nothing was written")
            }
        }
        try Self.makeDirectory(options.outputDirectory)
        try Self.makeDirectory((manifestPath as NSString).deletingLastPathComponent)

        var summary = BatchRenderSummary()
        summary.manifestPath = manifestPath
        var finished: [Int: ManifestEntry] = [:]
        /// The manifest line of every finished file, made once: journaled, then the manifest.
        var manifestLines: [Int: String] = [:]
        var queue: [RenderJob] = []
        let previous = loadCache(manifestPath: manifestPath, journalPath: journalPath)
        let cache = options.force ? [:] : previous
        for job in jobs {
            if let entry = cache[job.output], entry.cache == job.cacheKey,
               Self.isCompleteWAV(absolute(job.output)),
               job.transcripts.allSatisfy({ FileManager.default.fileExists(atPath: absolute($0)) }) {
                let current = job.manifestEntry(duration: entry.duration, sha256: entry.sha256,
                                                spokenText: job.scenario == nil ? nil : entry.text)
                finished[job.index] = current
                manifestLines[job.index] = current.jsonLine
                summary.skipped += 1
            } else {
                queue.append(job)
            }
        }
        try prepareFolders(for: queue)

        let journal = JournalFile(path: journalPath, keeping: jobs.compactMap { manifestLines[$0.index] })
        let progress = RenderProgress(style: options.progress, total: jobs.count)
        var failed: [Int: RenderFailure] = [:]
        func fail(_ job: RenderJob, _ message: String, io: Bool = false) {
            failed[job.index] = RenderFailure(location: job.item.location, key: job.item.key, voice: job.voice, message: message,
                                              isIOError: io)
        }
        let jobsByIndex = Dictionary(uniqueKeysWithValues: queue.map { ($0.index, $0) })
        // Each worker holds up to two files, so the next is already there when it answers.
        let pool = WorkerPool<RenderRequest>(WorkerPoolSettings(command: options.workerCommand, size: options.jobs, depth: 2,
                                                                stallLimit: Self.stallLimit))
        summary.interruptedBy = try pool.run(
            queue.map(request(for:)), request: \.jsonLine,
            answer: { line, pending in
                // Lines that are no answer (the sign of life of a long synthesis) are skipped.
                guard let response = try? RenderResponse(jsonLine: line),
                      let index = pending.firstIndex(where: { $0.job == response.job }),
                      let job = jobsByIndex[response.job] else { return nil }
                switch response.outcome {
                case .rendered(let samples, let sampleRate, let sha256, let text):
                    let duration = Double(samples) / Double(sampleRate)
                    let entry = job.manifestEntry(duration: duration, sha256: sha256, spokenText: text)
                    let line = entry.jsonLine
                    finished[job.index] = entry
                    manifestLines[job.index] = line
                    journal.append(line: line)
                    summary.rendered += 1
                    summary.renderedAudioSeconds += duration
                case .failed(let message):
                    fail(job, message)
                case .unwritable(let message):
                    fail(job, message, io: true)
                }
                return index
            },
            lost: { request, loss in
                guard let job = jobsByIndex[request.job] else { return }
                switch loss {
                case .ended(let ending):
                    fail(job, "the render worker stopped while speaking it (\(ending))")
                case .stalled(let seconds):
                    fail(job, String(format: "the render worker made no progress for %.0f s and was stopped", seconds))
                case .noWorker(let ending):
                    fail(job, "no render worker could start (it \(ending.map(\.description) ?? "could not be started")); see the message above")
                }
            },
            // A stopped worker may leave its file half-written under the temporary name.
            abandoned: { request in request.temporaries.forEach { SystemCall.unlink($0) } },
            tick: { progress.update(done: summary.skipped + summary.rendered, rendered: summary.rendered, failed: failed.count) })
        progress.finish(done: summary.skipped + summary.rendered, rendered: summary.rendered, failed: failed.count)

        summary.entries = jobs.compactMap { finished[$0.index] }
        summary.failures = jobs.compactMap { failed[$0.index] }
        for job in jobs where manifestLines[job.index] == nil {
            if let old = previous[job.output], Self.isCompleteWAV(absolute(job.output)) { manifestLines[job.index] = old.jsonLine }
        }
        let text = jobs.compactMap { manifestLines[$0.index] }.map { $0 + "\n" }.joined()
        do {
            try AtomicFile.write(text, to: manifestPath, followingLinks: false)
            journal.remove()
        } catch let error as FileIOError {
            summary.manifestError = error
        }
        return summary
    }

    /// What a worker is asked for a job: its text and voice, and the temporary name of each file.
    private func request(for job: RenderJob) -> RenderRequest {
        let output = absolute(job.output)
        let transcripts = job.transcripts.map { relative in
            let path = absolute(relative)
            return RenderRequest.OutputFile(output: path, temporary: Self.temporaryPath(for: path))
        }
        var request = RenderRequest(job: job.index, profile: job.profilePath, punctuation: job.punctuation,
                                    segments: job.segments, spans: job.spans, pause: job.pause, scenario: job.scenario,
                                    reader: job.reader, output: output, temporary: Self.temporaryPath(for: output),
                                    transcripts: transcripts)
        request.rate = job.rate
        return request
    }

    /// The journal of files finished by a run that has not written its manifest yet.
    static func journalPath(for manifestPath: String) -> String {
        let folder = (manifestPath as NSString).deletingLastPathComponent
        let name = "." + (manifestPath as NSString).lastPathComponent + ".journal"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// The temporary name a file is written under: hidden, beside it, and recognisable so a
    /// later run can sweep one left by a killed run.
    static func temporaryPath(for output: String) -> String {
        let folder = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return (folder as NSString).appendingPathComponent(".\(name).\(getpid()).tmp")
    }

    /// True if `path` is a WAV file whose RIFF header matches its length (not cut short).
    static func isCompleteWAV(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12,
              header.starts(with: Array("RIFF".utf8)), Array(header[8..<12]) == Array("WAVE".utf8),
              let size = try? handle.seekToEnd() else { return false }
        let declared = UInt64(header[4]) | UInt64(header[5]) << 8 | UInt64(header[6]) << 16 | UInt64(header[7]) << 24
        return declared + 8 == size
    }

    private func absolute(_ relative: String) -> String {
        let folder = options.outputDirectory.hasPrefix("/")
            ? options.outputDirectory
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(options.outputDirectory)
        return (folder as NSString).appendingPathComponent(relative)
    }

    /// Cache entries by output path from every manifest and journal in the output folder, and the
    /// manifest this run writes; the journal of this run's manifest is read last, so it wins.
    private func loadCache(manifestPath: String, journalPath: String) -> [String: ManifestEntry] {
        var sources: [String] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: options.outputDirectory)) ?? []
        for file in files.sorted() where file.hasPrefix("manifest") && file.hasSuffix(".jsonl")
            || file.hasPrefix(".manifest") && file.hasSuffix(".journal") {
            sources.append((options.outputDirectory as NSString).appendingPathComponent(file))
        }
        sources += [manifestPath, journalPath]
        var cache: [String: ManifestEntry] = [:]
        for source in sources {
            for entry in ManifestEntry.readAll(path: source) { cache[entry.output] = entry }
        }
        return cache
    }

    /// Creates the folders of the files to render and removes temporary files that a killed run
    /// left for them (only for this run's files, so shards sharing a folder never collide).
    private func prepareFolders(for queue: [RenderJob]) throws {
        var namesByFolder: [String: Set<String>] = [:]
        for job in queue {
            for output in ([job.output] + job.transcripts).map(absolute) {
                namesByFolder[(output as NSString).deletingLastPathComponent, default: []].insert((output as NSString).lastPathComponent)
            }
        }
        for (folder, names) in namesByFolder {
            try Self.makeDirectory(folder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasPrefix(".") && file.hasSuffix(".tmp") {
                let body = file.dropFirst().dropLast(4)
                guard let dot = body.lastIndex(of: "."), names.contains(String(body[..<dot])) else { continue }
                SystemCall.unlink((folder as NSString).appendingPathComponent(file))
            }
        }
    }

    static func makeDirectory(_ path: String) throws {
        guard !path.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileIOError(path: path, reason: "cannot create folder (\(error.localizedDescription))")
        }
    }
}

/// The append-only record of finished files during a run (one manifest line each, in the order
/// they finish), read back as a cache if the run is killed before it writes its manifest.
private final class JournalFile {
    private let path: String
    private var descriptor: Int32

    /// `lines`: the manifest lines of the files skipped as current.
    init(path: String, keeping lines: [String]) {
        self.path = path
        // Entries skipped as current are written first, so they survive a kill of this run too
        // (through a registered temporary file, like every other file Earshot writes).
        try? AtomicFile.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: path, followingLinks: false)
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    }

    func append(line: String) {
        guard descriptor >= 0 else { return }
        // A journal line lost (a full disk) costs only a rerender of that file next run.
        try? SystemCall.writeAll(descriptor, (line + "\n").utf8)
    }

    func remove() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        SystemCall.unlink(path)
    }
}
