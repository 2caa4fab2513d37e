import Foundation
import Testing

@Suite("memctl add")
struct AddCommandTests {
    @Test("add prints the new id, and --json prints {\"id\": N}")
    func printsID() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let first = try Memctl.run(["--db", db, "add", "I moved to Berlin"], in: dir)
        #expect(first.status == 0)
        #expect(first.stdout == "1\n")
        let second = try Memctl.run(["add", "--json", "--db", db, "second"], in: dir)
        #expect(second.status == 0)
        #expect(try second.jsonObject()["id"] as? Int == 2)
    }
}
