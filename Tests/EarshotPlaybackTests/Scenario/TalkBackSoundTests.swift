import EarshotAudio
import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// TalkBack's own sounds (voices/sounds/talkback.json; docs/talkback.md, "Earcons"): a scenario
/// heard by TalkBack plays them, not VoiceOver's earcons, at the moments TalkBack's code plays
/// them, and the WAV file holds their synthesized samples where the transcript says.
@Suite("TalkBack's sounds in a rendered scenario", .serialized)
struct TalkBackSoundTests {
    static let scenarioText = """
    { "title": "TalkBack's sounds", "voice": "ko",
      "screen": "\(PlaybackTestSupport.repositoryRoot.path)/samples/dumps/android/signin-handmade.xml",
      "steps": [
        { "gesture": "first" },
        { "gesture": "next" },
        { "gesture": "next" },
        { "gesture": "next" },
        { "gesture": "previous" },
        { "gesture": "previous" },
        { "gesture": "previous" },
        { "gesture": "activate" },
        { "gesture": "scroll", "text": "2/3쪽" },
        { "post": "paneTitle", "text": "로그인 도움말" },
        { "expect": { "earcon": "window_state" } }
      ] }
    """

    @Test("each move, double tap, scroll and window change plays TalkBack's sound for it, named in the transcript, its samples in the WAV")
    func soundsInTheTimeline() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.parse(Self.scenarioText, path: folder.appendingPathComponent("s.json").path)
        let wav = folder.appendingPathComponent("s.wav").path
        let speaker = try PlaybackTestSupport.speaker()
        let run = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil), wavPath: wav)
        #expect(run.result.passed)
        let played = run.result.transcript.entries.filter { $0.utterance.kind.isEarcon }
        // first: the back button (actionable); next: the title (not actionable); next: the e-mail
        // field inside the scrolling form (entering it); next: the password field; previous: the
        // e-mail field; previous: the title (leaving the form); previous: the back button; then
        // the double tap, the scroll and the pane's title.
        #expect(played.map { $0.utterance.earcon?.rawValue ?? "" } == [
            "focus_actionable", "focus", "chime_up", "focus_actionable", "focus_actionable", "chime_down",
            "focus_actionable", "tick", "scroll_tone", "window_state",
        ])
        let text = run.result.transcript.readableText
        #expect(text.contains("[tick sound]") && text.contains("[window_state sound]") && !text.contains("[activation sound]"))

        let profile = try PlaybackTestSupport.library.profile("ko")
        let library = try EarconLibrary(profile: profile, sampleRate: speaker.sampleRate)
        let audio = try WAVFile.read(path: wav)
        for entry in played {
            guard case .spoken(let start, _) = entry.fate, let name = entry.utterance.earcon else {
                Issue.record("\(entry.utterance.text) was not played: \(entry.fate)")
                continue
            }
            let sound = try #require(library.buffer(for: name)).samples
            let first = Int((start * 22050).rounded())
            #expect(Array(audio.samples[first..<(first + sound.count)]) == sound, "\(name) at \(start)")
        }
    }

    @Test("TalkBack's seven sounds are synthesized, audible and distinct from each other and from VoiceOver's earcons")
    func distinctSounds() throws {
        let profile = try PlaybackTestSupport.library.profile("ko")
        let library = try EarconLibrary(profile: profile, sampleRate: 22050)
        let names = EarconName.talkBack + EarconName.all
        let sounds = try names.map { try #require(library.buffer(for: $0), "\($0)").samples }
        for (index, sound) in sounds.enumerated() {
            #expect(sound.count > 200 && sound.map { abs(Int($0)) }.max()! > 3000, "\(names[index]) is audible")
            for other in sounds.indices where other > index {
                #expect(sound != sounds[other], "\(names[index]) differs from \(names[other])")
            }
        }
        let set = try TalkBackSoundSet.load(profile: profile)
        #expect(set.play == ReaderSounds(activation: .tick, screenChanged: .windowState, boundary: nil,
                                         pageScroll: .scrollTone, focusActionable: .focusActionable, focus: .focus,
                                         enterScrollable: .chimeUp, leaveScrollable: .chimeDown))
    }
}
