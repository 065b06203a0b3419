import Foundation

/// `-` as an input file: standard input, read to its end once (a command that looks at an
/// input twice, to recognise its format and then to read it, gets the same bytes), and named
/// `<stdin>` in messages and positions.
public enum StandardInput {
    /// How positions and messages name standard input.
    public static let name = "<stdin>"

    private static let cache = Locked<Data?>(nil)

    /// The name to show for an input path: `<stdin>` for `-`.
    public static func label(for path: String) -> String { path == "-" ? name : path }

    /// All of standard input.
    public static func contents() throws -> Data {
        try cache.withLock { cached in
            if let cached { return cached }
            let data = try InputLimits.read(descriptor: STDIN_FILENO, name: name)
            cached = data
            return data
        }
    }
}
