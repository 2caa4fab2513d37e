import MemoryModel

/// A pass as `memctl consolidate --json`, `memctl demo --json` and the MCP consolidate tool write
/// it: its counts flattened into the object.
package struct PassSummary: Encodable {
    package let record: PassRecord
    package let seconds: Double

    package init(record: PassRecord, seconds: Double) {
        self.record = record
        self.seconds = seconds
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        // Every count of the pass's kind is present, 0 when the pass did not get to that step.
        for key in PassCounts.reported(by: record.kind) {
            try container.encode(record.counts[key] ?? 0, forKey: Key(key.rawValue))
        }
        try container.encode(record.id, forKey: Key("id"))
        try container.encode(record.kind, forKey: Key("kind"))
        try container.encode(record.outcome, forKey: Key("outcome"))
        try container.encode(record.processed, forKey: Key("processed"))
        try container.encode(record.batches, forKey: Key("batches"))
        try container.encode((seconds * 1000).rounded() / 1000, forKey: Key("seconds"))
        try container.encode(record.startedAt, forKey: Key("started_at"))
        try container.encode(record.finishedAt, forKey: Key("finished_at"))
        try container.encode(record.error, forKey: Key("error"))
    }
}
