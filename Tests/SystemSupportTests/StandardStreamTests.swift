import Glibc
import Testing

@testable import SystemSupport

@Suite("Whole reads and writes on a descriptor")
struct StandardStreamTests {
    @Test("everything left on a pipe is read, however it arrives")
    func readAll() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = String(repeating: "memory ✓ ", count: 20_000)
        let writeEnd = ends[1]
        Threads.start(name: "pipe-writer") {
            StandardStream.write(text, to: writeEnd)
            close(writeEnd)
        }
        let bytes = try StandardStream.readAll(ends[0])
        close(ends[0])
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }
}
