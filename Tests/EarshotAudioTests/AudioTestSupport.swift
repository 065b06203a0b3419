import EarshotCore
import EarshotTestSupport
import Foundation
@testable import EarshotAudio

// Folders and programs are shared with the playback tests in Tests/EarshotTestSupport; the JACK
// dummy server, jack_rec and the ALSA configuration that plays into JACK in Sources/EarshotJack.

/// Korean speech from the real engine, through eSpeak NG's command line (this test target
/// cannot use the speech module), cut to `seconds`.
func koreanSpeech(seconds: Double, folder: String) throws -> PCMBuffer {
    let path = folder + "/speech.wav"
    let result = try runProgram("/usr/bin/espeak-ng", ["-v", "ko", "-w", path, "안녕하세요. 오늘은 날씨가 정말 좋네요. 산책하러 나갈까요?"])
    guard result.status == 0 else { throw FileIOError(path: path, reason: "espeak-ng failed with exit \(result.status)") }
    var speech = try WAVFile.read(path: path)
    speech.samples = Array(speech.samples.prefix(speech.sampleIndex(at: seconds)))
    return speech
}
