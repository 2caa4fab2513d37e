/// A `peers` setting or `--peer` that cannot be read; the caller says where it came from.
public struct PeerSettingError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
