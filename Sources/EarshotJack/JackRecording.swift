import EarshotAudio
import EarshotCore
import Foundation

/// `jack_rec` recording one JACK output port to a WAV file, sample-accurately.
public struct JackRecording {
    public let process: Process
    public let path: String

    /// Starts recording `port` for `seconds` (jack_rec takes whole seconds) and waits until jack_rec is connected to it.
    public static func start(port: String, seconds: Int, path: String) throws -> JackRecording {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jack_rec")
        process.arguments = ["-f", path, "-d", String(seconds), port]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Generous: on a loaded machine jack_lsp itself takes a while.
        let end = Date(timeIntervalSinceNow: 15)
        while Date() < end {
            if JackDummyServer.connections(of: port).contains(where: { $0.hasPrefix("jackrec:") }) {
                return JackRecording(process: process, path: path)
            }
            usleep(10_000)
        }
        process.terminate()
        throw FileIOError(path: path, reason: "jack_rec did not connect to \(port)")
    }

    /// Waits for the recording to end and reads it.
    public func finish() throws -> PCMBuffer {
        process.waitUntilExit()
        return try WAVFile.read(path: path)
    }
}

/// Index of the first sample louder than `threshold`.
public func firstLoud(_ samples: some RandomAccessCollection<Int16>, threshold: Int16 = 200) -> Int? {
    samples.firstIndex { abs(Int($0)) > Int(threshold) }.map { samples.distance(from: samples.startIndex, to: $0) }
}

/// Recording index of sample 0 of `sound`, found by its first loud samples after `from`: the
/// 400 samples from its onset, each equal within 2 (the float round trip through JACK).
public func locate(_ sound: [Int16], in recorded: [Int16], from: Int = 0) -> Int? {
    guard let onset = firstLoud(sound) else { return nil }
    let probe = 400
    var index = from + onset
    while index + probe < recorded.count, onset + probe < sound.count {
        if abs(Int(recorded[index])) > 200,
           (0..<probe).allSatisfy({ abs(Int(recorded[index + $0]) - Int(sound[onset + $0])) <= 2 }) {
            return index - onset
        }
        index += 1
    }
    return nil
}

/// Index in `sound` just past the last loud stretch of it that the recording holds at
/// `offset`: 32 samples in a row equal within 2 (the float round trip through JACK), so a
/// lone sample of other sound that happens to agree does not count.
public func heardEnd(of sound: [Int16], in recorded: [Int16], at offset: Int) -> Int {
    let window = 32
    var end = 0
    var run = 0
    var loudInRun = false
    for index in 0..<sound.count where offset + index >= 0 && offset + index < recorded.count {
        let sample = recorded[offset + index]
        if abs(Int(sample) - Int(sound[index])) <= 2 {
            run += 1
            if abs(Int(sample)) > 200 { loudInRun = true }
            if run >= window && loudInRun && abs(Int(sample)) > 200 { end = index + 1 }
        } else {
            run = 0
            loudInRun = false
        }
    }
    return end
}
