import EarshotJack
import Testing

/// The recording's alignment with the sound it should hold: what the paced tests judge by.
@Suite("A recording aligned with its sound, glitches allowed for")
struct RecordingAlignmentTests {
    /// A loud, varied sound: no stretch of it repeats, so a realignment can only land in one place.
    static let sound: [Int16] = {
        var state: UInt32 = 2_463_534_242
        return (0..<4_000).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return Int16(1_000 + Int(state % 20_000))
        }
    }()

    @Test("a recording with a period of silence inserted (an underrun) is heard to the end, with the shift reported; plain heardEnd stops at the gap")
    func insertedSilence() {
        let recorded = [Int16](repeating: 0, count: 100) + Array(Self.sound[..<1_500]) + [Int16](repeating: 0, count: 256)
            + Array(Self.sound[1_500...]) + [Int16](repeating: 0, count: 100)
        #expect(heardEnd(of: Self.sound, in: recorded, at: 100) == 1_500)
        let aligned = heardEndAllowingGlitches(of: Self.sound, in: recorded, at: 100, maxShift: 1_000)
        #expect(aligned.end == Self.sound.count)
        #expect(aligned.shifts == [256])
        #expect(aligned.recordedEnd == 100 + Self.sound.count + 256)
    }

    @Test("frames dropped from the recording are allowed for as a negative shift")
    func droppedFrames() {
        let recorded = Array(Self.sound[..<2_000]) + Array(Self.sound[2_300...])
        let aligned = heardEndAllowingGlitches(of: Self.sound, in: recorded, at: 0, maxShift: 1_000)
        #expect(aligned.end == Self.sound.count)
        #expect(aligned.shifts == [-300])
    }

    @Test("a recording that stops part-way, or holds other sound, is not taken for the whole sound")
    func truncatedOrOther() {
        let truncated = Array(Self.sound[..<2_500]) + [Int16](repeating: 0, count: 3_000)
        #expect(heardEndAllowingGlitches(of: Self.sound, in: truncated, at: 0, maxShift: 1_000).end == 2_500)
        let other = Array(Self.sound[..<1_000]) + Self.sound[1_000...].map { $0 / 2 + 300 }
        #expect(heardEndAllowingGlitches(of: Self.sound, in: other, at: 0, maxShift: 1_000).end == 1_000)
        // A gap wider than allowed ends the match too.
        let farGap = Array(Self.sound[..<1_000]) + [Int16](repeating: 0, count: 2_000) + Array(Self.sound[1_000...])
        #expect(heardEndAllowingGlitches(of: Self.sound, in: farGap, at: 0, maxShift: 1_000).end == 1_000)
    }
}
