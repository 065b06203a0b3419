import EarshotJack
import Foundation

/// The package's root folder, found from this file's place in Tests/EarshotTestSupport.
public let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A fresh folder under the system temporary folder, removed by the caller when done.
public func makeTemporaryFolder(_ name: String = #function) throws -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "earshot-test-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

public func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// Runs a program to completion; returns its exit status and standard output.
@discardableResult
public func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try runToEnd(executable, arguments)
}

extension Duration {
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Reads raw little-endian 16-bit samples (what ALSA's `file` PCM writes).
public func readRawSamples(path: String) throws -> [Int16] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
}
