// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket: like systemd, it reads every
/// datagram as it arrives (on a thread of its own), and keeps them for the test to look at.
package final class NotifyListener: Sendable {
    /// What the reading thread shares with the listener (not the listener itself, so that the
    /// thread does not keep it alive).
    private final class Inbox: Sendable {
        let received = Mutex<[String]>([])
        let closed = Atomic<Bool>(false)
    }

    package let path: String
    private let descriptor: Int32
    private let inbox = Inbox()

    package init(in directory: TemporaryDirectory) throws {
        path = directory.path("notify.sock")
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot bind \(path)")
        let inbox = self.inbox
        let thread = Thread {
            while !inbox.closed.load(ordering: .acquiring) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 { inbox.received.withLock { $0.append(String(decoding: buffer[..<count], as: UTF8.self)) } }
            }
            close(descriptor)
        }
        thread.start()
    }

    deinit { inbox.closed.store(true, ordering: .releasing) }

    /// Every datagram so far.
    package var messages: [String] { inbox.received.withLock { $0 } }

    /// Waits for the first datagram after the first `skip` ones that contains `field` (e.g.
    /// "READY=1"); returns the datagrams up to it.
    @discardableResult
    package func wait(for field: String, after skip: Int = 0, timeout: Double = 10) -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let all = messages
            if all.count > skip,
                let index = all[skip...].firstIndex(where: { $0.split(separator: "\n").contains(Substring(field)) })
            {
                return Array(all[skip...index])
            }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }
}

/// A running memoryd on a temporary database and socket.
package final class DaemonProcess {
    package static let executable = Memctl.executable.deletingLastPathComponent().appendingPathComponent("memoryd")

    package let process = Process()
    package let database: String
    package let socket: String
    package let logPath: String

    package init(
        database: String, socket: String, in directory: TemporaryDirectory, environment: [String: String] = [:],
        arguments: [String] = [], workingDirectory: String? = nil, launcher: [String] = []
    ) throws {
        self.database = database
        self.socket = socket
        logPath = directory.path("memoryd-\(UUID().uuidString.prefix(8)).log")
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [Self.executable.path, "--db", database, "--socket", socket] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = ["--db", database, "--socket", socket] + arguments
        }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("MEMORYD_") || key == "NOTIFY_SOCKET" || key.hasPrefix("WATCHDOG") {
            env.removeValue(forKey: key)
        }
        env.merge(environment) { $1 }
        process.environment = env
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    package func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// What `memctl status --json` says of this memoryd's `kind` loop; nil while it does not answer.
    package func loop(_ kind: String, in directory: TemporaryDirectory) -> [String: Any]? {
        let status = try? Memctl.run(["status", "--socket", socket, "--json"], in: directory).jsonObject()
        return (status?["loops"] as? [[String: Any]])?.first { $0["kind"] as? String == kind }
    }

    /// Waits for the process to exit; false if it is still running after `timeout` seconds.
    package func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        return !process.isRunning
    }

    deinit {
        process.kill()
    }
}

#endif
