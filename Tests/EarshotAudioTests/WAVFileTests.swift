import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotAudio

@Suite("WAV files")
struct WAVFileTests {
    /// Extremes, zero, and an odd count so no size is right by accident.
    let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234, -4321, 7]

    func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    func bytes(at path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("a written file has RIFF and data sizes, rate, bits and channels of mono 16-bit PCM, and reads back the same samples")
    func roundTrip() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let path = folder + "/out.wav"
        try WAVFile.write(PCMBuffer(sampleRate: 22050, samples: samples), to: path)

        let written = try bytes(at: path)
        #expect(written.count == 44 + 2 * samples.count)
        #expect(String(decoding: written[0..<4], as: UTF8.self) == "RIFF")
        #expect(uint32(written, 4) == UInt32(written.count - 8))
        #expect(String(decoding: written[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(uint32(written, 16) == 16)
        #expect(uint16(written, 20) == 1, "PCM encoding")
        #expect(uint16(written, 22) == 1, "mono")
        #expect(uint32(written, 24) == 22050)
        #expect(uint32(written, 28) == 44100, "bytes per second")
        #expect(uint16(written, 32) == 2, "bytes per frame")
        #expect(uint16(written, 34) == 16, "bits per sample")
        #expect(String(decoding: written[36..<40], as: UTF8.self) == "data")
        #expect(uint32(written, 40) == UInt32(2 * samples.count))
        #expect(Array(written[44..<48]) == [0, 0, 1, 0], "little-endian samples")

        let read = try WAVFile.read(path: path)
        #expect(read == PCMBuffer(sampleRate: 22050, samples: samples))
    }

    @Test("the same audio always gives the same bytes, and no temporary file is left beside it")
    func deterministic() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        try WAVFile.write(PCMBuffer(sampleRate: 16000, samples: samples), to: folder + "/a.wav")
        try WAVFile.write(PCMBuffer(sampleRate: 16000, samples: samples), to: folder + "/b.wav")
        #expect(try bytes(at: folder + "/a.wav") == bytes(at: folder + "/b.wav"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.wav", "b.wav"])
    }

    @Test("sox reads a written file as mono 16-bit at its rate, and a file sox writes reads back")
    func interoperatesWithSox() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let ours = folder + "/ours.wav"
        try WAVFile.write(PCMBuffer(sampleRate: 22050, samples: tone(frequency: 440, seconds: 0.5, sampleRate: 22050)), to: ours)
        let info = try runProgram("/usr/bin/soxi", [ours]).output
        #expect(info.contains("Channels       : 1"))
        #expect(info.contains("Sample Rate    : 22050"))
        #expect(info.contains("Precision      : 16-bit"))
        #expect(info.contains("11025 samples"))

        let theirs = folder + "/theirs.wav"
        try runProgram("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", theirs, "synth", "0.25", "sine", "300"])
        let read = try WAVFile.read(path: theirs)
        #expect(read.sampleRate == 16000)
        #expect(read.samples.count == 4000)
        #expect(read.rms() > 10_000, "a full-scale sine has an RMS near 23,000")
    }

    @Test("chunks other than fmt and data, such as LIST with an odd size, are skipped")
    func skipsOtherChunks() throws {
        var file = [UInt8]()
        let header = [UInt8](WAVFile.header(sampleRate: 8000, sampleCount: 2))
        file += header[0..<36]  // RIFF, WAVE, fmt chunk
        file += Array("LIST".utf8) + [3, 0, 0, 0] + [0x41, 0x42, 0x43] + [0]  // odd size, padded
        file += Array("data".utf8) + [4, 0, 0, 0] + [0x10, 0x00, 0xF0, 0xFF]
        let riffSize = UInt32(file.count - 8)
        file[4..<8] = [UInt8(riffSize & 0xFF), UInt8(riffSize >> 8 & 0xFF), 0, 0]
        let read = try WAVFile.decode(file, path: "list.wav")
        #expect(read == PCMBuffer(sampleRate: 8000, samples: [16, -16]))
    }

    @Test("a truncated file is rejected with exit code 65, naming the file and the missing bytes")
    func rejectsTruncated() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let path = folder + "/cut.wav"
        try WAVFile.write(PCMBuffer(sampleRate: 22050, samples: samples), to: path)
        let whole = try bytes(at: path)
        try Data(whole.dropLast(5)).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: WAVFormatError.self) { try WAVFile.read(path: path) }
        #expect(error?.category == .badData)
        #expect(error?.description.hasPrefix("\(path): error: truncated WAV file") == true)
        #expect(error?.description.contains("declares \(whole.count) bytes but the file has \(whole.count - 5)") == true)

        // A header cut short inside the data chunk's size field.
        let error2 = #expect(throws: WAVFormatError.self) { try WAVFile.decode(Array(whole[0..<30]), path: path) }
        #expect(error2?.description.contains("truncated") == true)
    }

    @Test("a file that is not RIFF WAVE is rejected, quoting what it starts with")
    func rejectsNonWAV() throws {
        let error = #expect(throws: WAVFormatError.self) {
            try WAVFile.decode(Array("{\"screen\": \"not audio\"}".utf8), path: "screen.json")
        }
        #expect(error?.category == .badData)
        #expect(error?.description == "screen.json: error: not a WAV file: expected \"RIFF\" and \"WAVE\" at the start, found \"{\\x22sc\" and \"\\x22: \\x22\"")

        let tiny = #expect(throws: WAVFormatError.self) { try WAVFile.decode([0x52, 0x49], path: "tiny.wav") }
        #expect(tiny?.description.contains("shorter than a RIFF header") == true)
    }

    @Test("stereo, 8-bit and float files are rejected with a message saying what Earshot reads")
    func rejectsOtherFormats() throws {
        func variant(channels: UInt8 = 1, bits: UInt8 = 16, encoding: UInt8 = 1) -> [UInt8] {
            var file = [UInt8](WAVFile.header(sampleRate: 22050, sampleCount: 2)) + [1, 0, 2, 0]
            file[20] = encoding
            file[22] = channels
            file[34] = bits
            return file
        }
        let stereo = #expect(throws: WAVFormatError.self) { try WAVFile.decode(variant(channels: 2), path: "s.wav") }
        #expect(stereo?.description.contains("2 channels; Earshot reads mono (1 channel) files") == true)
        let eightBit = #expect(throws: WAVFormatError.self) { try WAVFile.decode(variant(bits: 8), path: "e.wav") }
        #expect(eightBit?.description.contains("8 bits; Earshot reads 16-bit PCM") == true)
        let float = #expect(throws: WAVFormatError.self) { try WAVFile.decode(variant(encoding: 3), path: "f.wav") }
        #expect(float?.description.contains("encoding 3 (IEEE float)") == true)
    }

    @Test("a file that cannot be read is an I/O error with exit code 74")
    func missingFileIsIOError() throws {
        let error = #expect(throws: FileIOError.self) { try WAVFile.read(path: "/nonexistent/earshot/none.wav") }
        #expect(error?.category == .io)
        #expect(error?.path == "/nonexistent/earshot/none.wav")
    }
}
