import Glibc
import Testing

@testable import MemoryModel

@Suite("Numbers as memctl prints them")
struct DisplayTests {
    @Test("fixed decimals, as printf's %.Nf writes them", arguments: [
        (1.05, 3, "1.050"), (0, 3, "0.000"), (2.0 / 3, 2, "0.67"), (12.3456, 1, "12.3"), (-0.5, 2, "-0.50"),
        (-0.0001, 2, "0.00"), (1_234_567.891, 2, "1234567.89"), (0.999, 2, "1.00"), (7, 0, "7"), (0.05, 1, "0.1"),
    ] as [(Double, Int, String)])
    func fixed(value: Double, places: Int, text: String) {
        #expect(value.fixed(places) == text)
    }

    @Test("fixed agrees with printf on scores as recall rounds them")
    func fixedAgreesWithPrintf() {
        for thousandths in 0...2_000 {
            let score = Double(thousandths) / 1000
            var buffer = [CChar](repeating: 0, count: 32)
            _ = withVaList([score]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
            let printed = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(score.fixed(3) == printed)
        }
    }
}
