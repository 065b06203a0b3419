// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: the CLI and benchmarks use playback, which uses the speech and
// audio adapters, which use the core (no audio, no speech; it hashes with OpenSSL's libcrypto).
// Each C module is imported by exactly one Swift file.
let package = Package(
    name: "Earshot",
    products: [
        .library(
            name: "Earshot",
            targets: ["EarshotCore", "EarshotSpeech", "EarshotAudio", "EarshotPlayback"]
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
        .target(name: "EarshotCore", dependencies: ["CCrypto"]),
        .target(name: "EarshotSpeech", dependencies: ["EarshotCore", "CEspeakNG"]),
        .target(name: "EarshotAudio", dependencies: ["EarshotCore", "CAlsa"]),
        .target(
            name: "EarshotPlayback",
            dependencies: ["EarshotCore", "EarshotSpeech", "EarshotAudio"]
        ),
        .executableTarget(name: "EarshotCLI", dependencies: ["EarshotPlayback"]),
        // The live benchmark drives the same JACK dummy server and recorder as the device tests.
        .executableTarget(name: "EarshotBench", dependencies: ["EarshotPlayback", "EarshotTestSupport"]),
        .testTarget(name: "EarshotCoreTests", dependencies: ["EarshotCore"]),
        .testTarget(name: "EarshotSpeechTests", dependencies: ["EarshotSpeech"]),
        .target(name: "EarshotTestSupport", dependencies: ["EarshotAudio"], path: "Tests/EarshotTestSupport"),
        .testTarget(name: "EarshotAudioTests", dependencies: ["EarshotAudio", "EarshotTestSupport"]),
        .testTarget(name: "EarshotPlaybackTests", dependencies: ["EarshotPlayback", "EarshotTestSupport"]),
        .testTarget(name: "EarshotCLITests", dependencies: ["EarshotCore", "EarshotAudio", "EarshotTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
