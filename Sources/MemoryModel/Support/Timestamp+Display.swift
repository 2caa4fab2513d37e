extension Timestamp {
    /// `2026-11-02 09:30` (UTC), for table columns and pages.
    package var minutes: String {
        let text = iso8601
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5)
    }
}

extension Timestamp {
    /// `2026-11-02` (UTC).
    package var day: String { String(iso8601.prefix(10)) }
}

extension PassRecord {
    /// How long the pass ran, from its ledger row.
    package var seconds: Double {
        Double((finishedAt ?? startedAt).millisecondsSince1970 - startedAt.millisecondsSince1970) / 1000
    }
}

extension Duration {
    /// "90s", "5m", "2h", "1d": the largest whole unit, as `DaemonPaths.parseDuration` reads it.
    package var shortDescription: String {
        let seconds = milliseconds / 1000
        if seconds > 0, seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
