import Foundation

/// libFuzzer's entry point (scripts/fuzz.sh): the target is named by `EARSHOT_FUZZ_TARGET`.
private let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["EARSHOT_FUZZ_TARGET"] ?? "") ?? .screen

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    target.run(Data(bytes: bytes, count: count))
    return 0
}
