import Foundation
import Testing
import EarshotCore

/// `--rate` and `--rates` run as a user would: the built binary at several speaking rates, with
/// real speech, and the fates, findings, transcripts, manifests and JUnit it gives.
@Suite("Verdicts at every speech rate", .serialized)
struct SpeechRateTests {
    static let scenarios = CLIRunner.repositoryRoot.appendingPathComponent("samples/scenarios")
    static let sample = "rate-cart-delay.json"

    /// The fate the JSON Lines transcript gives the announcement: `dropped`, `spoken` or `cut`.
    static func announcementFate(_ jsonLines: String) throws -> String {
        for line in jsonLines.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["kind"] as? String == "announcement" { return try #require(object["fate"] as? String) }
        }
        Issue.record("no announcement in \(jsonLines)")
        return ""
    }

    /// The utterances of a JSON Lines transcript: their words and start (or drop) times.
    static func utterances(_ jsonLines: String) throws -> [(text: String, time: Double)] {
        try jsonLines.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["type"] as? String == "utterance" else { return nil }
            let time = ((object["start"] ?? object["at"]) as? NSNumber)?.doubleValue ?? -1
            return (try #require(object["text"] as? String), time)
        }
    }

    @Test("posted 2 s after a double tap on a long label: dropped at 175 words a minute, spoken at 450")
    func fatesFollowTheRate() throws {
        let slow = try CLIRunner.run(["check", "--rate", "175", Self.sample, "--transcript", "-", "--transcript-format", "jsonl"],
                                     currentDirectory: Self.scenarios)
        let fast = try CLIRunner.run(["check", "--rate", "450", Self.sample, "--transcript", "-", "--transcript-format", "jsonl"],
                                     currentDirectory: Self.scenarios)
        #expect(try Self.announcementFate(slow.stdout) == "dropped", "\(slow.stdout)")
        #expect(try Self.announcementFate(fast.stdout) == "spoken", "\(fast.stdout)")
        // At 175 the profile's own rate: its transcript is the one a run without --rate gives.
        let plain = try CLIRunner.run(["check", Self.sample, "--transcript", "-", "--transcript-format", "jsonl"],
                                      currentDirectory: Self.scenarios)
        #expect(plain.stdout == slow.stdout)
        // At 450 the expectation about 175 is left out; the one about 450 holds.
        let text = try CLIRunner.run(["check", "--rate", "450", Self.sample], currentDirectory: Self.scenarios)
        #expect(text.stdout.contains("rate-cart-delay.json:18:5: ok: \"장바구니에 담았습니다\" spoken"))
        #expect(!text.stdout.contains("rate-cart-delay.json:17:5"))
        #expect(text.stdout.contains("rate-cart-delay.json:20:5: not checked: finding timing.rate-dependent [add-to-cart] (a run at one rate cannot show it; run with --rates)"))
    }

    @Test("--rates 175,450 reports timing.rate-dependent with the rates where it is lost, and exits 1 unless the scenario expects it")
    func sweepFinding() throws {
        let expected = try CLIRunner.run(["check", "--rates", "175,450", Self.sample], currentDirectory: Self.scenarios)
        #expect(expected.status == 0, "\(expected.stdout)\(expected.stderr)")
        #expect(expected.stdout.contains("Fates that change with the rate: 1\n00:05.882  \"장바구니에 담았습니다\"  (announcement, line 16): 175 dropped (postedDuringGestureSpeech); 450 spoken at 00:03.594\n"))
        #expect(expected.stdout.contains("error (expected) timing.rate-dependent at 5.882 s [add-to-cart]: \"장바구니에 담았습니다\" (line 16) is heard at 450 words a minute but lost at 175"))
        #expect(expected.stdout.contains("Fix: Post the announcement when the screen reader has finished speaking"))

        // The same flow without the expectations that accept it.
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: Self.scenarios.appendingPathComponent(Self.sample), encoding: .utf8)
        text = text.split(separator: "\n").filter { !$0.contains("\"finding\"") }.joined(separator: "\n")
            .replacingOccurrences(of: "\"rates\": [450] },", with: "\"rates\": [450] }")
        let bare = folder.appendingPathComponent("bare.json")
        try text.write(to: bare, atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("sweep.xml")
        let sarif = folder.appendingPathComponent("sweep.sarif")
        let unexpected = try CLIRunner.run(["check", "--rates", "175,450", "bare.json", "--junit", junit.path, "--sarif", sarif.path],
                                           currentDirectory: folder)
        #expect(unexpected.status == 1, "\(unexpected.stdout)\(unexpected.stderr)")
        #expect(unexpected.stdout.contains("bare.json:16:5: error timing.rate-dependent at 5.882 s [add-to-cart]"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"bare.json @ 175 wpm\""))
        #expect(xml.contains("<property name=\"rate\" value=\"450\"/>"))
        #expect(xml.contains("<testsuite name=\"bare.json @ rates 175, 450\""))
        #expect(xml.contains("name=\"finding timing.rate-dependent [add-to-cart]\""))
        let log = try String(contentsOf: sarif, encoding: .utf8)
        #expect(log.contains("\"ruleId\": \"timing.rate-dependent\""))
        #expect(log.contains("\"rate\": 175"))
    }

    @Test("an expectation without rates must hold at every rate, and a failure names the rate; one with rates is checked at those only")
    func expectationRates() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: Self.scenarios.appendingPathComponent(Self.sample), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"screen\": {", with: "\"screen\": {", options: [], range: nil)
        // The 450 expectation without its rates: it must now hold at 175 too, and does not.
        text = text.replacingOccurrences(of: "\"fate\": \"spoken\" }, \"rates\": [450] }", with: "\"fate\": \"spoken\" } }")
        let everyRate = folder.appendingPathComponent("every-rate.json")
        try text.write(to: everyRate, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--rates", "175,450", "every-rate.json"], currentDirectory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("at 175 words a minute: every-rate.json:18:5: expectation failed: expected \"장바구니에 담았습니다\" spoken, but it was dropped at 00:05.882 (postedDuringGestureSpeech)"),
                "\(result.stdout)")
        #expect(result.stdout.contains("at 450 words a minute: every-rate.json:18:5: ok: \"장바구니에 담았습니다\" spoken"))
        // The sample's own: the rates-[175] expectation is in the 175 run only.
        let sample = try CLIRunner.run(["check", "--rates", "175,450", Self.sample], currentDirectory: Self.scenarios)
        #expect(sample.stdout.contains("at 175 words a minute: rate-cart-delay.json:17:5: ok"))
        #expect(!sample.stdout.contains("at 450 words a minute: rate-cart-delay.json:17:5"))
        // A rate out of eSpeak NG's range in the file is bad data at its place.
        let bad = folder.appendingPathComponent("bad.json")
        try text.replacingOccurrences(of: "\"rates\": [175] }", with: "\"rates\": [500] }").write(to: bad, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["check", "bad.json"], currentDirectory: folder)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("bad.json:17:"), "\(refused.stderr)")
    }

    @Test("transcripts at two rates differ in times, not in words, and name the asked rate in every format")
    func transcriptsAtTwoRates() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var transcripts: [Int: String] = [:]
        for rate in [175, 300] {
            let base = folder.appendingPathComponent("at-\(rate)").path
            let result = try CLIRunner.run(["check", "--rate", String(rate), Self.sample, "--transcript", base + ".jsonl",
                                            "--transcript", base + ".vtt", "--transcript", base + ".txt"],
                                           currentDirectory: Self.scenarios)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            transcripts[rate] = try String(contentsOfFile: base + ".jsonl", encoding: .utf8)
            let vtt = try String(contentsOfFile: base + ".vtt", encoding: .utf8)
            let txt = try String(contentsOfFile: base + ".txt", encoding: .utf8)
            #expect(vtt.contains("NOTE spoken at 300 words a minute") == (rate == 300))
            #expect(txt.hasPrefix("note: spoken at 300 words a minute") == (rate == 300))
        }
        let slow = try Self.utterances(try #require(transcripts[175]))
        let fast = try Self.utterances(try #require(transcripts[300]))
        #expect(slow.map(\.text) == fast.map(\.text))
        #expect(slow.count == 4)
        // The focus reading starts at 0 at both rates; every later time is earlier at 300.
        for (a, b) in zip(slow, fast).dropFirst() { #expect(b.time < a.time, "\(a.text)") }
        #expect(try #require(transcripts[300]).contains("{\"type\":\"note\",\"rate\":300,"))
        #expect(!(try #require(transcripts[175])).contains("\"rate\""))
    }

    @Test("a render at two rates gives two cache keys and two manifests' rates; the same rate again is skipped")
    func renderCacheKeys() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.txt")
        try "장바구니에 담았습니다\n".write(to: labels, atomically: true, encoding: .utf8)
        func render(_ extra: [String], into name: String) throws -> (status: Int32, manifest: String, stderr: String) {
            let out = folder.appendingPathComponent(name)
            let result = try CLIRunner.run(["render", labels.path, "-o", out.path, "--jobs", "1"] + extra)
            let manifest = (try? String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)) ?? ""
            return (result.status, manifest, result.stderr)
        }
        let plain = try render([], into: "plain")
        let slow = try render(["--rate", "175"], into: "slow")
        let fast = try render(["--rate", "300"], into: "fast")
        func key(_ manifest: String) throws -> String {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
            return try #require(object["cache"] as? String)
        }
        #expect(try key(plain.manifest) == key(slow.manifest), "the profile's own rate keeps the key")
        #expect(try key(fast.manifest) != key(slow.manifest))
        #expect(fast.manifest.contains("\"rate\":300"))
        #expect(!slow.manifest.contains("\"rate\""))
        let durations = try [slow.manifest, fast.manifest].map { manifest in
            try #require((try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])?["duration"] as? Double)
        }
        #expect(durations[1] < durations[0] * 0.75, "\(durations)")
        // Into the same folder at another rate: the file is rendered again, at the same one skipped.
        let again = try render(["--rate", "300"], into: "slow")
        #expect(again.stderr.contains("rendered 1, skipped 0"), "\(again.stderr)")
        let same = try render(["--rate", "300"], into: "slow")
        #expect(same.stderr.contains("rendered 0, skipped 1"), "\(same.stderr)")
    }

    @Test("test --rates over the samples: a JUnit suite per scenario and rate, with the rate as a property, and one per sweep")
    func suiteSweep() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("sweep.xml")
        let result = try CLIRunner.run(["test", "--rates", "175,450", "samples/scenarios", "--junit", junit.path],
                                       currentDirectory: CLIRunner.repositoryRoot)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Self.scenarios.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".findings.json") }
        for name in scenarios {
            for suite in ["\(name) @ 175 wpm", "\(name) @ 450 wpm", "\(name) @ rates 175, 450"] {
                #expect(xml.contains("<testsuite name=\"samples/scenarios/\(suite)\""), "\(suite)")
            }
        }
        #expect(xml.components(separatedBy: "<property name=\"rate\" value=\"450\"/>").count - 1 == scenarios.count)
        // The golden is compared at the profile's own rate only.
        #expect(result.stdout.contains("PASS  samples/scenarios/rate-cart-delay.json @ 175 wpm  (3 expectations"), "\(result.stdout)")
        #expect(result.stdout.contains("PASS  samples/scenarios/rate-cart-delay.json @ rates 175, 450"))
        // A fixed delay that holds at the default rate is lost by a fast listener.
        #expect(result.stdout.contains("FAIL  samples/scenarios/cart-delayed.json @ rates 175, 450: 1 unexpected error finding"))
        #expect(result.status == 1)
    }

    @Test("--rate and --rates refuse what they cannot mean, with exit 64")
    func usage() throws {
        for arguments in [["check", "--rate", "500", Self.sample], ["check", "--rates", "175", Self.sample],
                          ["check", "--rates", "175,175", Self.sample], ["check", "--rates", "175,fast", Self.sample],
                          ["check", "--rates", "175,450", "--rate", "175", Self.sample],
                          ["check", "--rates", "175,450", "-o", "x.wav", Self.sample],
                          ["read", "--rate", "79", "../screens/product-detail.json"]] {
            let result = try CLIRunner.run(arguments, currentDirectory: Self.scenarios)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("rate"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("read at an asked rate: the stops' WAV files are shorter and the report page says the rate")
    func readAtRate() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes: [Int: Int] = [:]
        for rate in [175, 400] {
            let out = folder.appendingPathComponent("at-\(rate)")
            let result = try CLIRunner.run(["read", "--rate", String(rate), "-o", out.path, "samples/screens/product-detail.json"],
                                           currentDirectory: CLIRunner.repositoryRoot)
            #expect(result.status == 0, "\(result.stderr)")
            bytes[rate] = try FileManager.default.contentsOfDirectory(atPath: out.path).reduce(0) { sum, name in
                sum + ((try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
        }
        #expect(try #require(bytes[400]) * 2 < (try #require(bytes[175])), "\(bytes)")
        let page = folder.appendingPathComponent("page.html")
        let result = try CLIRunner.run(["read", "--rate", "400", "--report", page.path, "samples/screens/product-detail.json"],
                                       currentDirectory: CLIRunner.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("<p>Spoken at 400 words a minute.</p>"))
    }

    @Test("--rates default runs the voice profile's sweep: 175, 300 and 450 words a minute")
    func defaultSweep() throws {
        let result = try CLIRunner.run(["check", "-q", "--rates", "default", Self.sample], currentDirectory: Self.scenarios)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("175 dropped (postedDuringGestureSpeech); 300 dropped (postedDuringGestureSpeech); 450 spoken at 00:03.594"))
        #expect(result.stdout.contains("3 rates (175, 300, 450 words a minute)"))
        #expect(try VoiceLibrary.locate().profile(CLIRunner.repositoryRoot.appendingPathComponent("voices/ko.json").path).sweepRates() == [175, 300, 450])
    }
}
