import Foundation
import Testing
import TestFixtures

@testable import ControlProtocol

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Unix sockets for the notify protocol and the control socket")
struct UnixSocketTests {
    /// A datagram socket bound to `path` ("@name" for the abstract namespace).
    private func boundDatagramSocket(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var (address, length) = try UnixSocket.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        try #require(bound == 0)
        return descriptor
    }

    private func receive(_ descriptor: Int32) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 2000) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }

    @Test("a datagram reaches a notify socket named by an abstract '@' name")
    func abstractName() throws {
        let name = "@memoryd-test-\(UUID().uuidString)"
        let descriptor = try boundDatagramSocket(name)
        defer { close(descriptor) }
        try UnixSocket.sendDatagram("READY=1\nSTATUS=idle", to: name)
        #expect(receive(descriptor) == "READY=1\nSTATUS=idle")
    }

    @Test("a datagram reaches a notify socket named by a path")
    func pathName() throws {
        let fixture = try StoreFixture()
        let path = fixture.directory.appendingPathComponent("notify.sock").path
        let descriptor = try boundDatagramSocket(path)
        defer { close(descriptor) }
        try UnixSocket.sendDatagram("WATCHDOG=1", to: path)
        #expect(receive(descriptor) == "WATCHDOG=1")
    }

    @Test("sending to a notify socket nobody reads fails instead of blocking")
    func neverBlocks() throws {
        let name = "@memoryd-test-\(UUID().uuidString)"
        let descriptor = try boundDatagramSocket(name)
        defer { close(descriptor) }
        var failures = 0
        for _ in 0..<1000 where (try? UnixSocket.sendDatagram("STATUS=busy", to: name)) == nil { failures += 1 }
        #expect(failures > 0)
    }

    @Test("a socket path longer than sun_path allows is a clear error")
    func longPath() {
        #expect(throws: SocketError.self) { _ = try UnixSocket.address("/" + String(repeating: "x", count: 200)) }
    }

    @Test("a listening socket gets mode 0660, and a stale socket file is replaced")
    func listen() throws {
        let fixture = try StoreFixture()
        let path = fixture.directory.appendingPathComponent("control.sock").path
        let first = try UnixSocket.listen(path, mode: 0o660)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o660)
        #expect(throws: SocketError.self) { _ = try UnixSocket.listen(path, mode: 0o660) }
        close(first)  // the file stays, nobody listens: stale
        let second = try UnixSocket.listen(path, mode: 0o660)
        close(second)
    }

    @Test("listening leaves the process umask alone (another thread may be creating files)")
    func umaskUntouched() throws {
        let fixture = try StoreFixture()
        let previous = umask(0o027)
        defer { umask(previous) }
        let descriptor = try UnixSocket.listen(fixture.directory.appendingPathComponent("s.sock").path, mode: 0o600)
        close(descriptor)
        let seen = umask(0o027)
        #expect(seen == 0o027)
    }
}
