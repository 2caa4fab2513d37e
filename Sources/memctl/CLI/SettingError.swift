/// A setting memctl reads (`$MEMORYD_PEERS`, the settings file's `peers`) is wrong; exit 78
/// (`EX_CONFIG`, as memoryd does for its settings) with the reason, which names where it is.
struct SettingError: Error, Equatable, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
