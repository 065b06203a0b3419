/// A long scenario for soak tests and benchmarks: `rounds` walks over a product list, each with
/// swipes, a cutting swipe, a dropped, a spoken and a queued announcement, a `screenChanged` and
/// a read-all (about 50 s of speech per round on samples/screens/product-list.json).
public enum SoakScenario {
    /// The scenario file's text; `screen` is written as given (a path relative to where the
    /// scenario is said to be, or absolute).
    public static func text(screen: String, rounds: Int) -> String {
        let round = """
            { "gesture": "first" },
            { "gesture": "next" },
            { "post": "announcement", "text": "새 상품이 추가되었습니다", "after": 0.5 },
            { "gesture": "next", "after": 0.4 },
            { "gesture": "activate" },
            { "post": "announcement", "text": "찜 목록에 추가했습니다", "after": 0.05 },
            { "post": "announcement", "text": "찜 목록을 확인하세요", "queue": true, "after": 0.05 },
            { "gesture": "next" },
            { "gesture": "next" },
            { "gesture": "next" },
            { "post": "screenChanged", "after": 0.3 },
            { "gesture": "readAll" },
            { "pause": 1.5 }
            """
        let steps = Array(repeating: round, count: rounds).joined(separator: ",\n")
        return "{ \"screen\": \(jsonString(screen)), \"steps\": [\(steps)] }"
    }
}
