import FoundationEssentials
import MemoryModel

/// `--peer [NAME=]DB` (again for each peer) and `--no-peers`, as the commands that recall take
/// them (recall, search, context, mcp), and the `peers` setting they read otherwise
/// (docs/PEERS.md): `$MEMORYD_PEERS`, else the `peers` key of the settings file.
enum PeerChoice: Equatable {
    /// Neither was given: the setting's peers.
    case configured
    /// `--no-peers`: this device's database alone.
    case none
    /// `--peer`s as given: these peers and no others for this call.
    case given([String])

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let none = arguments.flag("--no-peers")
        let given = try arguments.values("--peer")
        switch (none, given.isEmpty) {
        case (true, false): throw UsageError("--peer and --no-peers exclude each other")
        case (true, true): self = .none
        case (false, false): self = .given(given)
        case (false, true): self = .configured
        }
    }

    /// The peers to read: a bad `--peer` is a usage error (64), a bad setting a `SettingError` (78).
    func peers(_ context: Context) throws -> [Peer] {
        switch self {
        case .none: return []
        case .given(let texts):
            var peers: [Peer] = []
            do {
                for text in texts {
                    peers.append(
                        try Peer.entry(
                            text, home: context.environment["HOME"],
                            workingDirectory: FileManager.default.currentDirectoryPath))
                }
                return try Peer.distinct(peers)
            } catch {
                throw UsageError("--peer: \(error)")
            }
        case .configured: return try Self.configured(context.environment)
        }
    }

    /// The `peers` setting: `$MEMORYD_PEERS` when set, else the last `peers` line of the settings
    /// file — `$MEMORYD_CONFIG` (which must then be readable), else the file the user service
    /// reads, `$XDG_CONFIG_HOME/memoryd/memoryd.conf` (`~/.config/memoryd/memoryd.conf`), when it
    /// exists. memoryd checks the file's other keys; memctl reads only this one.
    static func configured(_ environment: [String: String]) throws(SettingError) -> [Peer] {
        let home = environment["HOME"]
        if let value = environment["MEMORYD_PEERS"] {
            do {
                return try Peer.list(value, home: home)
            } catch {
                throw SettingError("peers = \(value) ($MEMORYD_PEERS): \(error)")
            }
        }
        let path: String
        if let given = environment["MEMORYD_CONFIG"], !given.isEmpty {
            path = given
        } else {
            path = userSettingsFile(environment)
            guard FileManager.default.fileExists(atPath: path) else { return [] }
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw SettingError("cannot read the settings file \(path) for its peers (no such file, or not UTF-8 text)")
        }
        guard let line = SettingsFile.lines(of: text).last(where: { $0.key == "peers" }) else { return [] }
        do {
            return try Peer.list(line.value, home: home)
        } catch {
            throw SettingError("\(path):\(line.number): peers = \(line.value): \(error)")
        }
    }

    /// `$XDG_CONFIG_HOME/memoryd/memoryd.conf`, else `~/.config/memoryd/memoryd.conf`: the settings
    /// of memoryd's user service (`%E/memoryd/memoryd.conf`, scripts/install-user-service).
    static func userSettingsFile(_ environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/memoryd/memoryd.conf" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config/memoryd/memoryd.conf"
    }
}
