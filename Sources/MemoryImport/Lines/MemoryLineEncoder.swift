import MemoryModel

/// Writes a short-term memory as the JSONL line `memctl import` reads (`MemoryLineDecoder`), for
/// `memctl export`: every key, `null` when not set, and the memory's export id, so that
/// importing the line twice, or beside another database's export, adds it once.
package struct MemoryLineEncoder {
    /// The identity of the database the memories are read from (`StoreExport.databaseIdentity`).
    package let database: String

    package init(database: String) {
        self.database = database
    }

    /// The memory's line, its newline included.
    package func line(_ exported: ExportedMemory) -> String {
        let memory = exported.memory
        let time = memory.createdAt.iso8601
        let name = exportName(of: exported, time: time)
        var line = "{\"content\":" + memory.content.jsonQuoted
        line += ",\"session\":" + memory.session.jsonQuoted + ",\"source\":" + memory.source.jsonQuoted
        line += ",\"project\":" + (memory.project?.jsonQuoted ?? "null")
        line += ",\"importance\":" + (memory.importance.map { "\($0)" } ?? "null")
        line += ",\"created_at\":\"" + time + "\""
        line += ",\"export_origin\":" + name.origin.jsonQuoted + ",\"export_id\":" + name.id.jsonQuoted
        line += ",\"forgotten_at\":" + (exported.forgottenAt.map { "\"" + $0.iso8601 + "\"" } ?? "null")
        return line + "}\n"
    }

    /// The memory's export origin and id: those it came with from a chat export, a transcript or
    /// another database's export; else `memoryd` and `DATABASE:ID:HASH`, this database's
    /// identity, the memory's id and a hash of its time and text. The id alone would not do:
    /// SQLite gives the id of a purged newest memory to the next one added, and a copy of the
    /// file has the same identity, its later memories the same ids as the original's.
    private func exportName(of exported: ExportedMemory, time: String) -> (origin: String, id: String) {
        if let origin = exported.exportOrigin, let id = exported.exportID { return (origin, id) }
        let hash = TranscriptText.hash(time + "\n" + exported.memory.content)
        return (NewMemory.memorydOrigin, "\(database):\(exported.memory.id.rawValue):\(hash)")
    }
}
