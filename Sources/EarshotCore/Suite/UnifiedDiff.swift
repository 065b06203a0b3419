/// A unified diff of two texts, line by line, as `diff -u` prints it: `---`/`+++` headers, then
/// hunks `@@ -a,b +c,d @@` with three lines of context, removed lines with `-`, added with `+`.
///
/// The lines are matched by a longest common subsequence; transcripts are short (a few hundred
/// lines), and past 4 million line pairs the middle is compared as a whole block instead (one
/// hunk from the first to the last differing line), which still shows every change.
public enum UnifiedDiff {
    /// The diff, ending with a line break; empty when the texts are equal.
    public static func diff(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let edits = script(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < edits.count {
            guard edits[index].kind != .same else { index += 1; continue }
            // A hunk: from `context` lines before this change to `context` lines after the last
            // change that is no more than 2 * context lines from the next.
            let start = max(0, index - context)
            var end = index
            var last = index
            while end < edits.count {
                if edits[end].kind != .same { last = end }
                if end - last > 2 * context { break }
                end += 1
            }
            let stop = min(edits.count, last + context + 1)
            let hunk = edits[start..<stop]
            let oldStart = hunk.first { $0.kind != .added }?.oldLine ?? (edits[start].oldLine)
            let newStart = hunk.first { $0.kind != .removed }?.newLine ?? (edits[start].newLine)
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                let sign = switch edit.kind {
                case .same: " "
                case .removed: "-"
                case .added: "+"
                }
                // A last line without its line break is marked, as diff marks it.
                if edit.text.hasSuffix(Self.openEnd) {
                    output += sign + edit.text.dropLast() + "\n\\ No newline at end of file\n"
                } else {
                    output += sign + edit.text + "\n"
                }
            }
            index = stop
        }
        return output
    }

    /// `3,4` as diff writes a range (`3` for one line, `2,0` before line 3 for none).
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: Substring
        /// 1-based line numbers in each text of (or just after) this line.
        var oldLine: Int
        var newLine: Int
    }

    /// Marks a last line that has no line break, so that it differs from the same words with one.
    private static let openEnd = "\u{0}"

    private static func lines(_ text: String) -> [Substring] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") {
            lines.removeLast()
        } else {
            lines[lines.count - 1] = Substring(lines[lines.count - 1] + openEnd)
        }
        return lines
    }

    /// The edit script turning `a` into `b`.
    static func script(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var edits: [Edit] = []
        for i in 0..<prefix { edits.append(Edit(kind: .same, text: a[i], oldLine: i + 1, newLine: i + 1)) }
        var i = 0, j = 0
        if middleA.count * middleB.count <= 4_000_000 {
            // Lengths of the longest common subsequences of the suffixes.
            let width = middleB.count + 1
            var table = [Int32](repeating: 0, count: (middleA.count + 1) * width)
            for x in stride(from: middleA.count - 1, through: 0, by: -1) {
                for y in stride(from: middleB.count - 1, through: 0, by: -1) {
                    table[x * width + y] = middleA[x] == middleB[y]
                        ? table[(x + 1) * width + y + 1] + 1
                        : max(table[(x + 1) * width + y], table[x * width + y + 1])
                }
            }
            while i < middleA.count || j < middleB.count {
                if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
                    edits.append(Edit(kind: .same, text: middleA[i], oldLine: prefix + i + 1, newLine: prefix + j + 1))
                    i += 1; j += 1
                } else if i < middleA.count, j == middleB.count || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                    edits.append(Edit(kind: .removed, text: middleA[i], oldLine: prefix + i + 1, newLine: prefix + j + 1))
                    i += 1
                } else {
                    edits.append(Edit(kind: .added, text: middleB[j], oldLine: prefix + i + 1, newLine: prefix + j + 1))
                    j += 1
                }
            }
        } else {
            for line in middleA {
                edits.append(Edit(kind: .removed, text: line, oldLine: prefix + i + 1, newLine: prefix + 1))
                i += 1
            }
            for line in middleB {
                edits.append(Edit(kind: .added, text: line, oldLine: prefix + i + 1, newLine: prefix + j + 1))
                j += 1
            }
        }
        for k in 0..<suffix {
            let x = a.count - suffix + k, y = b.count - suffix + k
            edits.append(Edit(kind: .same, text: a[x], oldLine: x + 1, newLine: y + 1))
        }
        return edits
    }
}
