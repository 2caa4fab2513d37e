extension Timestamp {
    /// `2026-11-02 09:30` (UTC), for table columns and pages.
    public var minutes: String {
        let text = iso8601
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5)
    }
}

extension Timestamp {
    /// `2026-11-02` (UTC).
    public var day: String { String(iso8601.prefix(10)) }
}

extension PassRecord {
    /// How long the pass ran, from its ledger row.
    public var seconds: Double {
        Double((finishedAt ?? startedAt).millisecondsSince1970 - startedAt.millisecondsSince1970) / 1000
    }
}
