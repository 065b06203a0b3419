import EarshotCore
import EarshotSpeech

/// What `earshot --version` prints: Earshot's version, the eSpeak NG in use and its data
/// folder, and the voice folders profiles come from (docs/install.md).
func versionText() -> String {
    var lines = ["earshot \(earshotVersion)"]
    do {
        lines.append("\(SpeechEngine.identity) (data: \(try SpeechEngine(dataPath: nil).dataFolder))")
    } catch {
        lines.append("\(SpeechEngine.identity) (data unavailable: \(error))")
    }
    lines.append("voices: \(voiceFoldersInUse())")
    return lines.joined(separator: "\n") + "\n"
}

/// The sources the profiles of this run come from, in lookup order
/// (`user: ~/.config/earshot/voices, installed: /usr/share/earshot/voices`); report pages
/// name them in their footer.
func voiceFoldersInUse() -> String {
    var used: [VoiceSource] = []
    for entry in VoiceLibrary.locate().entries where !used.contains(entry.source) {
        used.append(entry.source)
    }
    return used.isEmpty ? "none found" : used.map { $0.describe() }.joined(separator: ", ")
}
