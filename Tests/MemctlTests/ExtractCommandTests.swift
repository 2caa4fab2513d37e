import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("memctl extract")
struct ExtractCommandTests {
    @Test("--json prints one object per input line, in order, with code-point offsets")
    func json() throws {
        let dir = try TemporaryDirectory()
        let input = "My sister Leah lives in Berlin.\n\n🎉 Dr. Alvarez, 3pm\n"
        let result = try Memctl.run(["extract", "--json"], stdin: Data(input.utf8), in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == #"{"line": 1, "entities": [{"text": "Leah", "kind": "person", "start": 10, "end": 14}, {"text": "Berlin", "kind": "place", "start": 24, "end": 30}]}"#
        )
        #expect(lines[1] == #"{"line": 2, "entities": []}"#)
        let third = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        let entities = try #require(third?["entities"] as? [[String: Any]])
        #expect(entities.map { $0["text"] as? String } == ["Alvarez", "3pm"])
        #expect(entities.first?["start"] as? Int == 6)
        #expect(!FileManager.default.fileExists(atPath: dir.path("memory.db")))
    }

    @Test("without --json, one readable line per entity")
    func text() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["extract"], stdin: Data("Leah moved to Hamburg\n".utf8), in: dir)
        #expect(result.stdout == "1\t0-4\tperson\tLeah\n1\t14-21\tplace\tHamburg\n")
    }

    @Test("it streams: each line is answered before the next is sent")
    func streams() throws {
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["extract", "--json"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        for (index, name) in ["Leah", "Jonas", "Priya"].enumerated() {
            input.fileHandleForWriting.write(Data("I met \(name) today\n".utf8))
            let line = try #require(readLine(from: output.fileHandleForReading.fileDescriptor, timeout: 10))
            #expect(line.hasPrefix("{\"line\": \(index + 1), "))
            #expect(line.contains("\"\(name)\""))
        }
    }

    @Test("a line that is not UTF-8 gets an error object, the others are still answered, and the exit status is 1")
    func invalidLine() throws {
        let dir = try TemporaryDirectory()
        var input = Data("Leah\n".utf8)
        input += Data([0xFF, 0xFE, 0x0A])
        input += Data("Berlin\n".utf8)
        let json = try Memctl.run(["extract", "--json"], stdin: input, in: dir)
        #expect(json.status == 1)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == #"{"line": 2, "error": "not valid UTF-8"}"#)
        #expect(lines[2].contains("Berlin"))
        let text = try Memctl.run(["extract"], stdin: input, in: dir)
        #expect(text.status == 1)
        #expect(text.stderr.contains("line 2: not valid UTF-8"))
        #expect(text.stdout.contains("Berlin"))
    }

    @Test("extra arguments are a usage error")
    func usage() throws {
        let dir = try TemporaryDirectory()
        #expect(try Memctl.run(["extract", "some text"], in: dir).status == 64)
    }
}

/// Reads one line from `descriptor`, waiting at most `timeout` seconds; nil on timeout or EOF.
func readLine(from descriptor: Int32, timeout: Double) -> String? {
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        var byte: UInt8 = 0
        guard read(descriptor, &byte, 1) == 1 else { return nil }
        if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(byte)
    }
    return nil
}
