import Foundation
import HTTPServer
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `memctl ui` process on a database, started and waited for until it prints its address.
final class UIServerProcess {
    let process = Process()
    let outputPath: String
    let errorPath: String
    /// `http://127.0.0.1:PORT/?token=…`, as printed.
    private(set) var address = ""
    private(set) var port: UInt16 = 0
    private(set) var token = ""

    init(
        database: String, in directory: TemporaryDirectory, arguments: [String] = ["--port", "0"],
        environment extra: [String: String] = [:]
    ) throws {
        let id = UUID().uuidString.prefix(8)
        outputPath = directory.path("ui-\(id).out")
        errorPath = directory.path("ui-\(id).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = Memctl.executable
        process.arguments = ["--db", database, "ui"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["MEMORYD_DB"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        process.kill()
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Waits until the address is printed; throws if the process ends first or takes 20 s.
    func waitUntilServing(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Open http://") }) {
                address = String(line.dropFirst("Open ".count))
                let afterHost = address.dropFirst("http://127.0.0.1:".count)
                port = UInt16(afterHost.prefix { $0.isNumber })!
                token = String(address.split(separator: "=").last!)
                return
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        Issue.record(
            "memctl ui did not print its address; stdout: \(output) stderr: \(errors)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// The cookie a browser keeps after the first visit.
    var cookie: String { "memoryd_ui_\(port)=\(token)" }

    /// GET `target` as a browser that has the cookie.
    func get(_ target: String, host: String? = nil) throws -> LoopbackClient.Response {
        try LoopbackClient.exchange(
            "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nCookie: \(cookie)\r\nConnection: close\r\n\r\n",
            port: port)
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension LoopbackClient.Response {
    /// The body as text.
    var body: String { text }
}
