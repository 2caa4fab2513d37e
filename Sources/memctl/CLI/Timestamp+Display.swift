import MemoryKit

extension Timestamp {
    /// `2026-11-02 09:30` (UTC), for table columns.
    var minutes: String {
        let text = iso8601
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5)
    }
}
