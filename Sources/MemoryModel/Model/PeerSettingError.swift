/// A `peers` setting or `--peer` that cannot be read; the caller says where it came from.
package struct PeerSettingError: Error, Equatable, CustomStringConvertible {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
    package var description: String { reason }
}
