import Foundation
import Testing

@testable import MemoryModel

@Suite("Pass counts")
struct PassCountsTests {
    @Test("counts are an object of what was recorded, as the ledger and --json have always written them")
    func json() throws {
        let counts = PassCounts(created: 3, parked: 0, coOccurrences: 2)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(counts), as: UTF8.self) == #"{"co_occurrences":2,"created":3,"parked":0}"#)
        let decoded = try JSONDecoder().decode(PassCounts.self, from: Data(#"{"merged":4,"co_occurrences":1}"#.utf8))
        #expect(decoded == PassCounts(merged: 4, coOccurrences: 1))
        #expect(decoded.recorded.map(\.name) == ["co_occurrences", "merged"])
    }

    @Test("adding sums what either side recorded and leaves the rest unrecorded")
    func adding() {
        let sum = PassCounts(created: 1, forgotten: 0).adding(PassCounts(created: 2, purged: 5))
        #expect(sum == PassCounts(created: 3, forgotten: 0, purged: 5))
        #expect(sum.merged == nil)
        #expect(PassCounts.reported(by: .graph).map(\.rawValue) == ["relations", "co_occurrences"])
    }
}
