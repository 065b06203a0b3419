import EarshotCore
import Foundation

/// Reads and writes RIFF WAV files holding mono 16-bit little-endian PCM, the one format the
/// speech engine produces and the sink plays.
///
/// Written files carry exactly a `fmt ` and a `data` chunk and nothing that depends on the time or
/// the machine, so the same audio always gives the same bytes.
public enum WAVFile {
    /// Size of the canonical header written before the samples: RIFF, fmt (16 bytes), data.
    public static let headerSize = 44

    /// Writes `buffer` to `path` through a temporary name and a rename.
    public static func write(_ buffer: PCMBuffer, to path: String) throws {
        guard buffer.samples.count <= maximumSampleCount else {
            throw WAVFormatError(path: path, problem: "\(buffer.samples.count) samples do not fit in a WAV file (at most \(maximumSampleCount))")
        }
        var data = header(sampleRate: buffer.sampleRate, sampleCount: buffer.samples.count)
        data.append(contentsOf: littleEndianBytes(buffer.samples))
        try AtomicFile.write(data, to: path)
    }

    /// Reads a mono 16-bit PCM WAV file; chunks other than `fmt ` and `data` (LIST, fact...) are skipped.
    public static func read(path: String) throws -> PCMBuffer {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FileIOError(path: path, reason: "cannot read file (\(error.localizedDescription))")
        }
        return try decode(Array(data), path: path)
    }

    /// Decodes the bytes of a WAV file; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws -> PCMBuffer {
        func fail(_ problem: String) -> WAVFormatError { WAVFormatError(path: path, problem: problem) }

        guard bytes.count >= 12 else {
            throw fail("not a WAV file: \(bytes.count) bytes, shorter than a RIFF header (12 bytes)")
        }
        guard tag(bytes, at: 0) == "RIFF", tag(bytes, at: 8) == "WAVE" else {
            throw fail("not a WAV file: expected \"RIFF\" and \"WAVE\" at the start, found \"\(printable(bytes[0..<4]))\" and \"\(printable(bytes[8..<12]))\"")
        }
        let declaredEnd = 8 + Int(uint32(bytes, at: 4))
        if declaredEnd > bytes.count {
            throw fail("truncated WAV file: the RIFF header declares \(declaredEnd) bytes but the file has \(bytes.count)")
        }

        var format: (sampleRate: Int, channels: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= declaredEnd {
            let id = tag(bytes, at: offset)
            let size = Int(uint32(bytes, at: offset + 4))
            let body = offset + 8
            guard body + size <= declaredEnd else {
                throw fail("truncated WAV file: chunk \"\(printable(bytes[offset..<offset + 4]))\" at byte \(offset) declares \(size) bytes but only \(declaredEnd - body) follow")
            }
            switch id {
            case "fmt ":
                guard size >= 16 else { throw fail("malformed \"fmt \" chunk: \(size) bytes, expected at least 16") }
                let encoding = uint16(bytes, at: body)
                let channels = Int(uint16(bytes, at: body + 2))
                let rate = Int(uint32(bytes, at: body + 4))
                let bits = Int(uint16(bytes, at: body + 14))
                // WAVE_FORMAT_EXTENSIBLE (0xFFFE) is accepted when its sub-format is plain PCM.
                let isPCM = encoding == 1 || (encoding == 0xFFFE && size >= 40 && uint16(bytes, at: body + 24) == 1)
                guard isPCM else {
                    throw fail("unsupported WAV encoding \(encoding) (\(encodingName(encoding))); Earshot reads uncompressed PCM only (encoding 1)")
                }
                guard channels == 1 else {
                    throw fail("unsupported WAV file with \(channels) channels; Earshot reads mono (1 channel) files, e.g. convert with `sox IN.wav -c 1 -b 16 OUT.wav`")
                }
                guard bits == 16 else {
                    throw fail("unsupported WAV sample size of \(bits) bits; Earshot reads 16-bit PCM, e.g. convert with `sox IN.wav -c 1 -b 16 OUT.wav`")
                }
                guard rate > 0 else { throw fail("invalid sample rate 0 in the \"fmt \" chunk") }
                format = (rate, channels, bits)
            case "data":
                guard let format else {
                    throw fail("malformed WAV file: the \"data\" chunk at byte \(offset) comes before any \"fmt \" chunk")
                }
                guard size % 2 == 0 else {
                    throw fail("malformed \"data\" chunk: \(size) bytes is not a whole number of 16-bit samples")
                }
                var samples = [Int16](repeating: 0, count: size / 2)
                for i in 0..<samples.count {
                    samples[i] = Int16(bitPattern: uint16(bytes, at: body + 2 * i))
                }
                return PCMBuffer(sampleRate: format.sampleRate, samples: samples)
            default:
                break
            }
            // Chunks are padded to an even length.
            offset = body + size + (size & 1)
        }
        if format == nil { throw fail("malformed WAV file: no \"fmt \" chunk") }
        throw fail("malformed WAV file: no \"data\" chunk")
    }

    /// The 44-byte header for `sampleCount` mono 16-bit samples at `sampleRate`.
    public static func header(sampleRate: Int, sampleCount: Int) -> Data {
        let dataSize = UInt32(sampleCount * 2)
        var header = Data(capacity: headerSize)
        header.append(contentsOf: Array("RIFF".utf8))
        appendUInt32(36 + dataSize, to: &header)
        header.append(contentsOf: Array("WAVEfmt ".utf8))
        appendUInt32(16, to: &header)
        appendUInt16(1, to: &header)  // PCM
        appendUInt16(1, to: &header)  // mono
        appendUInt32(UInt32(sampleRate), to: &header)
        appendUInt32(UInt32(sampleRate * 2), to: &header)  // bytes per second
        appendUInt16(2, to: &header)  // bytes per frame
        appendUInt16(16, to: &header)  // bits per sample
        header.append(contentsOf: Array("data".utf8))
        appendUInt32(dataSize, to: &header)
        return header
    }

    /// The largest number of samples a RIFF file can describe (its sizes are 32-bit).
    public static let maximumSampleCount = (Int(UInt32.max) - 36) / 2

    static func littleEndianBytes(_ samples: some Collection<Int16>) -> [UInt8] {
        var bytes = [UInt8]()
        appendLittleEndian(samples, to: &bytes)
        return bytes
    }

    /// Appends samples as WAV data. Samples in contiguous memory (arrays, slices) are copied as
    /// they are on a little-endian machine: a sample-by-sample loop through the generic
    /// collection was a fifth of a scenario render's time.
    static func appendLittleEndian(_ samples: some Collection<Int16>, to bytes: inout [UInt8]) {
        #if _endian(little)
        let copied: Void? = samples.withContiguousStorageIfAvailable { buffer in
            bytes.append(contentsOf: UnsafeRawBufferPointer(buffer))
        }
        if copied != nil { return }
        #endif
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8(bits >> 8))
        }
    }

    static func appendUInt32(_ value: UInt32, to data: inout Data) {
        data.append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }

    static func appendUInt16(_ value: UInt16, to data: inout Data) {
        data.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func tag(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    /// Four bytes shown as text, with unprintable bytes as `\xNN`, for error messages.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }

    private static func encodingName(_ encoding: UInt16) -> String {
        switch encoding {
        case 2: "Microsoft ADPCM"
        case 3: "IEEE float"
        case 6: "A-law"
        case 7: "mu-law"
        case 0x55: "MP3"
        case 0xFFFE: "extensible, non-PCM sub-format"
        default: "unknown"
        }
    }
}
