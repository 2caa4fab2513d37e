/// The `peers` setting (memctl reads it from `$MEMORYD_PEERS` or the settings file; memoryd
/// accepts and checks the key so that one file serves both) and memctl's `--peer`.
extension Peer {
    /// The peers of a `peers` setting: `desktop=/srv/peers/desktop.db, ~/peers/buildbox.db`,
    /// each as NAME=PATH or PATH (then named by its file), comma-separated; `none`, or nothing,
    /// for none. A path is absolute or `~/…` (`home`): a setting is read by programs started in
    /// any directory, where a relative path would name a different file each time.
    package static func list(_ value: String, home: String?) throws(PeerSettingError) -> [Peer] {
        let items = value.split(separator: ",").map(\.trimmed).filter { !$0.isEmpty }
        if items.isEmpty || items == ["none"] { return [] }
        var peers: [Peer] = []
        for item in items { peers.append(try entry(item, home: home, workingDirectory: nil)) }
        return try distinct(peers)
    }

    /// One peer, `NAME=PATH` or `PATH`. With `workingDirectory` (memctl's `--peer`), a relative
    /// path is taken from it, as a shell user expects of a command-line argument.
    package static func entry(_ text: String, home: String?, workingDirectory: String?) throws(PeerSettingError) -> Peer {
        var name: String?
        var path = text.trimmed
        // NAME=PATH, unless what comes before "=" is part of a path (a file name may hold "=").
        if let equals = path.firstIndex(of: "="), !path[..<equals].contains("/"), !path.hasPrefix("~") {
            let given = path[..<equals].trimmed
            guard isValidName(given) else {
                throw PeerSettingError(
                    "'\(given)' is not a device name: letters, digits, '.', '_' and '-', starting with a letter "
                        + "or a digit, at most \(longestName) characters, and not stm, ltm, entity or pass")
            }
            name = given
            path = path[path.index(after: equals)...].trimmed
            guard !path.isEmpty else { throw PeerSettingError("\(given)= needs a database file") }
        }
        let absolute: String
        if path.hasPrefix("/") {
            absolute = path
        } else if path.hasPrefix("~/") {
            guard let home, home.hasPrefix("/") else {
                throw PeerSettingError("'\(path)' starts with ~ but $HOME is not set; give an absolute path")
            }
            absolute = home + "/" + path.dropFirst(2)
        } else if let workingDirectory {
            absolute = workingDirectory + "/" + path
        } else {
            throw PeerSettingError("'\(path)' is a relative path; give an absolute one or ~/…")
        }
        let file = DaemonPaths.normalized(absolute)
        guard file != "/" else { throw PeerSettingError("'\(path)' is a directory, not a database file") }
        if let name { return Peer(name: name, path: file) }
        let derived = Self.name(ofFile: file)
        guard isValidName(derived) else {
            throw PeerSettingError("the file name of \(file) is not a device name; name it: NAME=\(file)")
        }
        return Peer(name: derived, path: file)
    }

    /// The peers as given, refusing two of one name (a line must say which device it came from)
    /// or of one file.
    package static func distinct(_ peers: [Peer]) throws(PeerSettingError) -> [Peer] {
        var names: Set<String> = []
        var paths: Set<String> = []
        for peer in peers {
            guard names.insert(peer.name.lowercased()).inserted else {
                throw PeerSettingError("two peers are named \(peer.name); name each: NAME=PATH")
            }
            guard paths.insert(peer.path).inserted else { throw PeerSettingError("\(peer.path) is named twice") }
        }
        return peers
    }

    /// Whether `name` can name a device: ASCII letters, digits, `.`, `_` and `-`, starting with a
    /// letter or a digit, at most `longestName` characters; not `stm`, `ltm`, `entity` or `pass`,
    /// which would make `stm:ltm:3` read as either of two references.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= longestName, isLetterOrDigit(first) else { return false }
        guard name.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { return false }
        return !["stm", "ltm", "entity", "pass"].contains(name.lowercased())
    }

    /// A device name is a word of every line recalled from it: kept short.
    package static let longestName = 40

    /// A file's name without its directory and its extension: `/srv/peers/desktop.db` → `desktop`.
    static func name(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
