import EarshotCore
import EarshotSpeech

/// What made the speech, for a report page's footer: Earshot's version, the engine, and the
/// kinds of voice folders used (checkout, installed, …) without their paths, as a page names no
/// absolute path of the machine.
public enum Provenance {
    public static var line: String {
        var kinds: [String] = []
        for entry in VoiceLibrary.locate().entries {
            let kind = entry.source.describe().split(separator: ":").first.map(String.init) ?? ""
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return "Made by Earshot \(earshotVersion) with \(SpeechEngine.identity); voices: \(kinds.isEmpty ? "none found" : kinds.joined(separator: ", "))."
    }
}
