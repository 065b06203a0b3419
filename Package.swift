// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: the CLI and benchmarks use playback, which uses the speech and
// audio adapters and batch rendering, which use the core. The core (screens, focus order,
// descriptions, normalization, the speech core on a virtual clock, scenarios, findings) imports
// Foundation and nothing in C, so other packages can depend on its product alone, on any
// platform. Batch planning hashes with OpenSSL's libcrypto; speech is eSpeak NG, audio is ALSA.
// The report pages (HTML with their own stylesheet and script) are drawn from core values only.
// Each C module is imported by exactly one Swift file.
let package = Package(
    name: "Earshot",
    products: [
        // Portable: no C dependency (README, "Use the core from another package").
        .library(name: "EarshotCore", targets: ["EarshotCore"]),
        .library(name: "EarshotSpeech", targets: ["EarshotSpeech"]),
        .library(name: "EarshotAudio", targets: ["EarshotAudio"]),
        .library(name: "EarshotBatch", targets: ["EarshotBatch"]),
        .library(name: "EarshotReport", targets: ["EarshotReport"]),
        .library(
            name: "Earshot",
            targets: ["EarshotCore", "EarshotSpeech", "EarshotAudio", "EarshotBatch", "EarshotPlayback"]
        ),
        .executable(name: "earshot", targets: ["EarshotCLI"]),
        .executable(name: "earshot-bench", targets: ["EarshotBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CAlsa",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "EarshotCore"),
        .target(name: "EarshotBatch", dependencies: ["EarshotCore", "CCrypto"]),
        .target(name: "EarshotSpeech", dependencies: ["EarshotCore", "CEspeakNG"]),
        .target(name: "EarshotAudio", dependencies: ["EarshotCore", "CAlsa"]),
        .target(
            name: "EarshotPlayback",
            dependencies: ["EarshotCore", "EarshotSpeech", "EarshotAudio", "EarshotBatch"]
        ),
        .target(name: "EarshotReport", dependencies: ["EarshotCore"]),
        .executableTarget(name: "EarshotCLI", dependencies: ["EarshotPlayback", "EarshotReport"]),
        // The live benchmark drives the same JACK dummy server and recorder as the device tests.
        .executableTarget(name: "EarshotBench", dependencies: ["EarshotPlayback", "EarshotReport", "EarshotTestSupport"]),
        // The fuzz harness in the core's tests also feeds the batch readers (.strings, label lists).
        .testTarget(name: "EarshotCoreTests", dependencies: ["EarshotCore", "EarshotBatch"]),
        .testTarget(name: "EarshotBatchTests", dependencies: ["EarshotBatch"]),
        // Builds a package that depends on the EarshotCore product alone, as another team's would.
        .testTarget(name: "EarshotLibraryTests"),
        .testTarget(name: "EarshotSpeechTests", dependencies: ["EarshotSpeech"]),
        .target(name: "EarshotTestSupport", dependencies: ["EarshotAudio"], path: "Tests/EarshotTestSupport"),
        .testTarget(name: "EarshotAudioTests", dependencies: ["EarshotAudio", "EarshotTestSupport"]),
        .testTarget(name: "EarshotPlaybackTests", dependencies: ["EarshotPlayback", "EarshotTestSupport"]),
        .testTarget(name: "EarshotCLITests", dependencies: ["EarshotCore", "EarshotAudio", "EarshotBatch", "EarshotTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
