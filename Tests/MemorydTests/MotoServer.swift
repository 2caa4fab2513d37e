import Foundation
import HTTPServer
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// moto's stand-alone server (`moto_server`, PyPI `moto[server]`): an S3-compatible store on
/// 127.0.0.1 for the replication test that ships to S3, with no account and no network. It
/// accepts any credentials and keeps everything in memory; it is stopped with the test.
final class MotoServer {
    /// `moto_server` on PATH, or nil.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/moto_server" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    static var isAvailable: Bool { executable != nil }

    static let missingMessage =
        "moto_server is not on PATH (pip install 'moto[server]'); the S3 replication test is skipped"

    let port: UInt16
    private let process = Process()
    private let logPath: String

    /// Starts moto on a free port of 127.0.0.1 and waits until it answers (a Python start takes
    /// a few seconds).
    init(in directory: TemporaryDirectory) throws {
        let executable = try #require(Self.executable, Comment(rawValue: Self.missingMessage))
        port = try Self.freePort()
        logPath = directory.path("moto.log")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-H", "127.0.0.1", "-p", String(port)]
        try process.run(loggingTo: logPath)
        let deadline = Date().addingTimeInterval(60)
        while (try? LoopbackClient.connect(port: port)).map({ close($0) }) == nil {
            try #require(process.isRunning, "moto_server ended: \(log)")
            try #require(Date() < deadline, "moto_server does not answer on port \(port): \(self.log)")
            usleep(50_000)
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The endpoint Litestream's `endpoint:` takes.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Creates `bucket` (Litestream writes into a bucket, it does not make one).
    func createBucket(_ bucket: String) throws {
        let response = try LoopbackClient.exchange(
            "PUT /\(bucket) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            port: port)
        try #require(response.status == 200, "PUT /\(bucket): \(response.status) \(response.text)")
    }

    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    private static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(bound, "cannot bind a socket to 127.0.0.1: \(String(cString: strerror(errno)))")
        return UInt16(bigEndian: address.sin_port)
    }

    deinit {
        process.kill()
    }
}
