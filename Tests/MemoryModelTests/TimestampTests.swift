import Foundation
import Testing

@testable import MemoryModel

@Suite("Timestamp")
struct TimestampTests {
    @Test(
        "parses the ISO-8601 forms people and tools write",
        arguments: [
            ("2026-11-02T09:30:00Z", "2026-11-02T09:30:00.000Z"),
            ("2026-11-02T09:30:00.123Z", "2026-11-02T09:30:00.123Z"),
            ("2026-11-02T09:30:00.123456789Z", "2026-11-02T09:30:00.123Z"),
            ("2026-11-02T09:30:00+01:00", "2026-11-02T08:30:00.000Z"),
            ("2026-11-02T09:30:00-0530", "2026-11-02T15:00:00.000Z"),
            ("2026-11-02 09:30:00", "2026-11-02T09:30:00.000Z"),
            ("2026-11-02T09:30", "2026-11-02T09:30:00.000Z"),
            ("2026-11-02", "2026-11-02T00:00:00.000Z"),
            ("2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"),
            ("1969-12-31T23:59:59.500Z", "1969-12-31T23:59:59.500Z"),
            ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00.000Z"),
        ])
    func parses(input: String, stored: String) throws {
        let timestamp = try #require(Timestamp(iso8601: input))
        #expect(timestamp.iso8601 == stored)
    }

    @Test(
        "refuses text that is not a real time",
        arguments: [
            "", "yesterday", "2026-02-30", "2025-02-29", "2026-13-01", "2026-11-02T24:00:00Z", "2026-11-02T09:60Z",
            "2026-11-02T09:30:00.Z", "2026-11-02T09:30:00Zjunk", "26-11-02", "2026-11-2", "１２３４-11-02",
        ])
    func refuses(input: String) {
        #expect(Timestamp(iso8601: input) == nil)
    }

    @Test(
        "reads the same from UTF-8 bytes as from a string, trailing spaces and all",
        arguments: ["2026-11-02T09:30:00.123Z", "2026-11-02 09:30:00  ", "2026-11-02", "2026-02-30", "", "   ", "junk"])
    func parsesBytes(input: String) {
        let fromBytes = Array(input.utf8).withUnsafeBufferPointer { Timestamp(iso8601UTF8: $0) }
        #expect(fromBytes == Timestamp(iso8601: input))
        let inLine = "at \(input)!"
        let substring = inLine.dropFirst(3).dropLast()
        #expect(Timestamp(iso8601: substring) == Timestamp(iso8601: input))
    }

    @Test("formatting then parsing gives back the same instant")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let ms = Int64.random(in: -2_000_000_000_000...10_000_000_000_000, using: &generator)
            let timestamp = Timestamp(millisecondsSince1970: ms)
            #expect(Timestamp(iso8601: timestamp.iso8601) == timestamp)
            #expect(timestamp.iso8601.utf8.count == 24)
        }
    }

    @Test("agrees with Foundation's ISO-8601 formatter")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for seconds in stride(from: -86_400 * 400, to: Int64(86_400 * 365 * 80), by: 86_400 * 17 + 3_607) {
            let timestamp = Timestamp(millisecondsSince1970: seconds * 1000)
            #expect(formatter.string(from: timestamp.date) == timestamp.iso8601.replacingOccurrences(of: ".000", with: ""))
        }
    }

    @Test("text order of the stored form is time order")
    func textOrderIsTimeOrder() {
        let times = [-5_000, 0, 999, 1_000, 59_999, 86_400_000, 1_700_000_000_123].map {
            Timestamp(millisecondsSince1970: Int64($0))
        }
        #expect(times.map(\.iso8601) == times.map(\.iso8601).sorted())
    }
}
