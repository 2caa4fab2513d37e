/// The difference between two texts, line by line, as `diff -u` prints it: what `memctl setup
/// --dry-run` shows. Lines are compared with their line breaks, so a last line that loses or
/// gains one is a change ("\ No newline at end of file").
package enum LineDiff {
    /// One line of the edit script: kept, or only in the old text, or only in the new one.
    enum Edit: Equatable {
        case same(old: Int, new: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    /// A unified diff with `context` lines around each change, headed `--- oldName` and
    /// `+++ newName`; empty when the texts are equal.
    package static func unified(
        from old: [UInt8], to new: [UInt8], oldName: String, newName: String, context: Int = 3
    ) -> String {
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let edits = script(from: oldLines, to: newLines)
        let changes = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changes.isEmpty else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Changes closer than twice the context share a hunk.
        var groups: [[Int]] = []
        for change in changes {
            if let last = groups.last?.last, change - last <= 2 * context + 1 {
                groups[groups.count - 1].append(change)
            } else {
                groups.append([change])
            }
        }
        for group in groups {
            let hunk = max(0, group.first! - context)..<min(edits.count, group.last! + context + 1)
            // Where the hunk starts in each text: the line of its first edit, or after the last before it.
            var oldStart = 0
            var newStart = 0
            for edit in edits[..<hunk.lowerBound] {
                switch edit {
                case .same(let o, let n): (oldStart, newStart) = (o + 1, n + 1)
                case .removed(let o): oldStart = o + 1
                case .added(let n): newStart = n + 1
                }
            }
            var body = ""
            var oldCount = 0
            var newCount = 0
            for edit in edits[hunk] {
                switch edit {
                case .same(let o, _):
                    body += line(" ", oldLines[o])
                    oldCount += 1
                    newCount += 1
                case .removed(let o):
                    body += line("-", oldLines[o])
                    oldCount += 1
                case .added(let n):
                    body += line("+", newLines[n])
                    newCount += 1
                }
            }
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return output
    }

    /// `start,count` as diff writes it: 1-based; the count left out when it is 1; an empty range
    /// named by the line before it.
    static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    static func line(_ mark: String, _ bytes: ArraySlice<UInt8>) -> String {
        if bytes.last == UInt8(ascii: "\n") { return mark + String(decoding: bytes, as: UTF8.self) }
        return mark + String(decoding: bytes, as: UTF8.self) + "\n\\ No newline at end of file\n"
    }

    /// The lines of a text, each with its line break; the last one may have none.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// The shortest edit script from `old` to `new` (Myers, "An O(ND) Difference Algorithm"),
    /// after the lines they begin and end with alike are set aside: a configuration change
    /// touches a few lines of a long file.
    static func script(from old: [ArraySlice<UInt8>], to new: [ArraySlice<UInt8>]) -> [Edit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let middle = myers(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
        return (0..<prefix).map { .same(old: $0, new: $0) }
            + middle.map { edit in
                switch edit {
                case .same(let o, let n): .same(old: o + prefix, new: n + prefix)
                case .removed(let o): .removed(old: o + prefix)
                case .added(let n): .added(new: n + prefix)
                }
            }
            + (0..<suffix).map { .same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
    }

    static func myers(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Edit] {
        let n = a.count
        let m = b.count
        let offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        // Forward: the furthest x reached on each diagonal k = x - y, for d = 0, 1, ... edits.
        search: for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { break search }
            }
        }
        // Back from the end, one edit per d.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                edits.append(.same(old: x - 1, new: y - 1))
                x -= 1
                y -= 1
            }
            if d > 0 {
                edits.append(x == previousX ? .added(new: y - 1) : .removed(old: x - 1))
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }
}
