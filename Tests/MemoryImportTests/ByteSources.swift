@testable import JSONReading
@testable import MemoryImport

/// Bytes in memory as a `ByteSource`, at most `step` at a time: a file read in pieces of any size.
package final class PiecewiseByteSource: ByteSource {
    private let bytes: [UInt8]
    private let step: Int
    private var position = 0

    package init(_ bytes: [UInt8], step: Int = .max) {
        self.bytes = bytes
        self.step = step
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(step, buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
        }
        position += count
        return count
    }
}

/// All of `source`'s bytes, read `readSize` at a time.
package func readAll(_ source: any ByteSource, readSize: Int = 65536) throws -> [UInt8] {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: readSize)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if count == 0 { return output }
        output += buffer[0..<count]
    }
}
