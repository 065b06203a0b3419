import Foundation
import Testing

/// Every lock is one ThreadSanitizer can see (`Locked`, a pthread mutex): Synchronization's
/// `Mutex` waits on a bare futex on Linux, which ThreadSanitizer does not model, so the state it
/// guards is reported as raced and the sanitizer run fails on code that is right (it did, in CI).
/// Synchronization's `Atomic` stays: its operations are atomic instructions, which TSan models.
@Suite("Locks ThreadSanitizer can see")
struct LockTypeTests {
    @Test("no source or test uses Synchronization's Mutex")
    func noFutexLocks() throws {
        var uses: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = repositoryRoot.appendingPathComponent(folder).path
            let paths = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            for path in paths {
                let text = try String(contentsOfFile: base + "/" + path, encoding: .utf8)
                let code = CoreFolderLayeringTests.code(text)
                for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.range(of: #"\bMutex\s*[<(]"#, options: .regularExpression) != nil {
                    uses.append("\(folder)/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(uses.isEmpty, "use Locked (EarshotCore/Support/Locked.swift) instead:\n\(uses.joined(separator: "\n"))")
    }
}
