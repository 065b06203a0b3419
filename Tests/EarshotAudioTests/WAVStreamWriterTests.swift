import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotAudio

@Suite("Streaming WAV writer")
struct WAVStreamWriterTests {
    @Test("samples streamed in uneven pieces give the same bytes as the one-shot writer")
    func sameBytesAsOneShot() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        // More than the writer's 64 KiB flush size, so several flushes happen.
        let samples = tone(frequency: 523, seconds: 2.5, sampleRate: 22050)
        try WAVFile.write(PCMBuffer(sampleRate: 22050, samples: samples), to: folder + "/whole.wav")

        let writer = try WAVStreamWriter(path: folder + "/streamed.wav", sampleRate: 22050)
        var start = 0
        var piece = 1
        while start < samples.count {
            let end = min(samples.count, start + piece)
            try writer.append(samples[start..<end])
            start = end
            piece = piece * 3 + 7
        }
        #expect(writer.sampleCount == samples.count)
        try writer.finish()

        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.wav"))
        let streamed = try Data(contentsOf: URL(fileURLWithPath: folder + "/streamed.wav"))
        #expect(streamed.count == 44 + 2 * samples.count)
        #expect(streamed == whole)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["streamed.wav", "whole.wav"])
    }

    @Test("the final name appears only when the stream is finished")
    func appearsOnFinish() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let path = folder + "/render.wav"
        let writer = try WAVStreamWriter(path: path, sampleRate: 22050)
        try writer.append([Int16](repeating: 100, count: 50_000))
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finish()
        #expect(try WAVFile.read(path: path).samples == [Int16](repeating: 100, count: 50_000))
    }

    @Test("an empty stream makes a valid file with no samples")
    func emptyStream() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let writer = try WAVStreamWriter(path: folder + "/empty.wav", sampleRate: 8000)
        try writer.finish()
        #expect(try WAVFile.read(path: folder + "/empty.wav") == PCMBuffer(sampleRate: 8000, samples: []))
    }

    @Test("a discarded stream, or one dropped without finishing, leaves no file at all")
    func discardLeavesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let writer = try WAVStreamWriter(path: folder + "/a.wav", sampleRate: 22050)
        try writer.append([Int16](repeating: 5, count: 100_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1, "the temporary file exists while writing")
        writer.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])

        do {
            let abandoned = try WAVStreamWriter(path: folder + "/b.wav", sampleRate: 22050)
            try abandoned.append([Int16](repeating: 5, count: 1000))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test("a stream into a folder that does not exist fails with an I/O error naming the file")
    func missingFolder() throws {
        let error = #expect(throws: FileIOError.self) {
            try WAVStreamWriter(path: "/nonexistent/earshot/out.wav", sampleRate: 22050)
        }
        #expect(error?.path == "/nonexistent/earshot/out.wav")
        #expect(error?.category == .io)
    }
}
