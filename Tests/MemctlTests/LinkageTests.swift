import Foundation
import TestFixtures
import Testing

/// memoryd runs for as long as the machine does, so what it maps stays resident; memctl is
/// started for every command, so what it loads is paid each time. Both use FoundationEssentials,
/// never Foundation with its ICU data (docs/DECISIONS.md, "Linking and start-up").
@Suite("What memoryd and memctl link")
struct LinkageTests {
    @Test("neither binary needs Foundation or ICU", arguments: ["memoryd", "memctl"])
    func noFoundation(program: String) throws {
        let binary = try Data(contentsOf: Memctl.executable.deletingLastPathComponent().appendingPathComponent(program))
        func needs(_ library: String) -> Bool { binary.range(of: Data((library + "\0").utf8)) != nil }
        // The check sees the libraries a binary needs: SQLite is always linked dynamically.
        #expect(needs("libsqlite3.so.0"))
        #expect(!needs("libFoundation.so"))
        #expect(!needs("lib_FoundationICU.so"))
        #expect(!needs("libFoundationInternationalization.so"))
    }
}
