import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Defaults memoryd and memctl agree on, and the duration syntax both read.
package enum DaemonPaths {
    /// The control socket when none is given: `$XDG_RUNTIME_DIR/memoryd/control.sock`, else
    /// `/tmp/memoryd-<uid>/control.sock`. (Under systemd memoryd uses
    /// `$RUNTIME_DIRECTORY/control.sock`, `/run/memoryd/control.sock` with the shipped unit.)
    package static func defaultSocket(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/memoryd/control.sock"
        }
        return "/tmp/memoryd-\(getuid())/control.sock"
    }

    /// The database when none is given: `$XDG_DATA_HOME/memoryd/memory.db`, else
    /// `~/.local/share/memoryd/memory.db`. (Under systemd memoryd uses
    /// `$STATE_DIRECTORY/memory.db`.)
    package static func defaultDatabase(environment: [String: String]) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/memoryd/memory.db"
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/memoryd/memory.db"
    }

    /// `path` made absolute against the working directory: memoryd and memctl resolve a relative
    /// `--db` or `--socket` the same way, and messages name the real file.
    package static func absolute(_ path: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("@") else { return path }
        let directory = FileManager.default.currentDirectoryPath
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` has it:
    /// "/a/b" → "/a", "/a" → "/", "a" → "", trailing slashes ignored.
    package static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    /// An absolute `path` without `.`, `..` (inside the path), repeated or trailing slashes:
    /// "/a/./b//../c/" → "/a/c". Symbolic links are left as they are.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Parses `0`, `90`, `90s`, `10m`, `2h`, `7d`; nil for anything else, and for more than
    /// `longestDuration` (times are kept in milliseconds, which must not overflow).
    package static func parseDuration(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let (digits, scale): (Substring, Int64)
        if let unit = text.last, let unitScale = units[unit] {
            (digits, scale) = (text.dropLast(), unitScale)
        } else {
            (digits, scale) = (Substring(text), 1)
        }
        guard let value = Int64(digits), value >= 0 else { return nil }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow, seconds <= longestDuration else { return nil }
        return .seconds(seconds)
    }

    /// The longest duration a setting may have, in seconds: about 290 million years, the most
    /// whose milliseconds still fit in 64 bits.
    package static let longestDuration = Int64.max / 1000
}
