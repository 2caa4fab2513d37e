// swift-tools-version:6.0
import PackageDescription

// The layers of docs/ARCHITECTURE.md, one target each, so that an upward import does not compile:
//
//   SystemSupport → MemoryModel ─┬→ MemoryEngines ─┐
//   CSQLite → SQLiteKit ─────────┴→ MemoryStorage ─┴→ MemoryPasses
//                                    MemoryStorage ──→ MemoryImport (exports, transcripts, JSONL)
//   MemoryModel → ControlProtocol (the control socket's wire format and client)
//   SystemSupport → HTTPServer
//   JSONReading → MCPProtocol (JSON-RPC values and messages, FoundationEssentials only)
//   JSONReading → MemoryImport
//   ConfigEditing (agents' settings edited in their text) → memctl setup
//
//   MemoryPasses + MemoryImport + ControlProtocol → MemoryDaemon → memoryd, memory-bench
//   MemoryPasses + ControlProtocol + MCPProtocol → MCPServer ──┐
//   MemoryPasses + HTTPServer                    → MemoryWebUI ┴→ memctl (never MemoryDaemon)
//
// Only memory-bench imports Foundation: the libraries, memoryd and memctl use FoundationEssentials,
// so that they map neither Foundation nor ICU (docs/DECISIONS.md, "Linking and start-up").
let package = Package(
    name: "memoryd",
    products: [
        .executable(name: "memctl", targets: ["memctl"]),
        .executable(name: "memoryd", targets: ["memoryd"]),
        .executable(name: "memory-bench", targets: ["memory-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        /// The one JSON reader: a value, or an array an element at a time, from bytes in memory or a
        /// `ByteSource`, under a policy (RFC 8259 strictly, or as JSONDecoder reads). MCP messages, the
        /// JSONL import, chat exports and transcripts all read JSON through it.
        .target(name: "JSONReading"),
        /// Configuration files changed in their text, so that all else keeps its bytes: JSON (strict,
        /// or with comments) and TOML 1.0 read with the range of every entry and validated, the
        /// edits `memctl setup` makes, and a unified line diff (docs/SETUP.md).
        .target(name: "ConfigEditing"),
        /// Connection, Statement, typed errors, a generic migrator: the C API and nothing of memories.
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        /// Threads, conditions and job executors over pthreads, whole reads and writes, `SystemError`,
        /// the cores a process may use, malloc's arenas, `setpriority`: what Foundation would give.
        .target(name: "SystemSupport"),
        /// DTOs and typed ids, times, paths: no SQLite, no actors.
        .target(name: "MemoryModel", dependencies: ["SystemSupport"]),
        /// Pure decisions: consolidation, extraction, the graph, recall ranking. Rows in, writes out.
        .target(name: "MemoryEngines", dependencies: ["MemoryModel", "SystemSupport"]),
        /// The store actor: the schema, reads and one-transaction writes. Persistence only.
        .target(name: "MemoryStorage", dependencies: ["SQLiteKit", "MemoryModel", "SystemSupport"]),
        /// What comes in from outside, read in bounded memory and written through the store's
        /// `ImportWriter`: JSONL, ChatGPT and Claude exports (with the zip and DEFLATE they come in),
        /// and coding agents' session transcripts, imported once or followed (docs/IMPORT.md).
        .target(name: "MemoryImport", dependencies: ["JSONReading", "MemoryStorage", "MemoryModel", "SystemSupport"]),
        /// Batches through the store and the engines: runner, lock, ledger, the cycle.
        .target(name: "MemoryPasses", dependencies: ["MemoryStorage", "MemoryEngines", "MemoryModel", "SystemSupport"]),
        /// The control socket's wire format (NDJSON requests and responses), Unix sockets, and the
        /// client memctl speaks it with (docs/PROTOCOL.md).
        .target(name: "ControlProtocol", dependencies: ["MemoryModel", "SystemSupport"]),
        /// The daemon: orchestrator, configuration, control server, notify, lifecycle.
        .target(
            name: "MemoryDaemon",
            dependencies: [
                "ControlProtocol", "MemoryImport", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel",
                "SystemSupport",
            ]),
        /// MCP's wire format: JSON values, JSON-RPC errors, a line sorted into a message. No I/O.
        .target(name: "MCPProtocol", dependencies: ["JSONReading"]),
        /// `memctl mcp`: the MCP server (JSON-RPC over a pair of descriptors), its tools and their
        /// schemas (docs/MCP.md).
        .target(
            name: "MCPServer",
            dependencies: [
                "MCPProtocol", "ControlProtocol", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel",
                "SystemSupport",
            ]),
        /// A small HTTP/1.1 server on 127.0.0.1: the request parser, limits, one thread per connection.
        .target(name: "HTTPServer", dependencies: ["SystemSupport"]),
        /// The read-only web page of `memctl ui`: access, routes, pages, charts and assets (docs/UI.md).
        .target(
            name: "MemoryWebUI",
            dependencies: ["HTTPServer", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel"]),
        .executableTarget(
            name: "memctl",
            dependencies: [
                "ConfigEditing", "MCPServer", "MCPProtocol", "MemoryWebUI", "HTTPServer", "ControlProtocol", "MemoryImport", "JSONReading", "MemoryPasses",
                "MemoryStorage", "MemoryEngines", "MemoryModel", "SystemSupport",
            ]),
        .executableTarget(
            name: "memoryd",
            dependencies: [
                "MemoryDaemon", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel", "SystemSupport",
            ]),
        .executableTarget(
            name: "memory-bench",
            dependencies: [
                "MemoryDaemon", "MemoryImport", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel", "SQLiteKit",
                "HTTPServer", "SystemSupport",
            ]),
        /// A database in a temporary directory, for the tests of the layers that open a store, a
        /// manual `WallClock`, and what the end-to-end tests run the built programs with (`Memctl`,
        /// `DaemonProcess`, `MCPSession`, ...; Tests/TestFixtures/Processes). Like the code it tests,
        /// it depends downward only: never on MemoryDaemon, so that the tests of the layers below
        /// do not build the daemon.
        .target(
            name: "TestFixtures", dependencies: ["MemoryModel", "MemoryStorage", "SQLiteKit", "SystemSupport"],
            path: "Tests/TestFixtures"),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit"]),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
        .testTarget(name: "MemoryModelTests", dependencies: ["MemoryModel", "SystemSupport"]),
        .testTarget(name: "MCPProtocolTests", dependencies: ["MCPProtocol"]),
        .testTarget(name: "ConfigEditingTests", dependencies: ["ConfigEditing"]),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol", "MemoryModel", "TestFixtures"]),
        // In process (Tests/MCPServerTests), and `memctl mcp` as an assistant runs it, beside memoryd
        // too (Tests/MCPServerTests/MemctlMCP): it depends on both programs so that `swift test` builds them.
        .testTarget(
            name: "MCPServerTests",
            dependencies: [
                "memctl", "memoryd", "MCPServer", "MCPProtocol", "ControlProtocol", "MemoryStorage", "SystemSupport",
                "TestFixtures",
            ]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "SystemSupport"]),
        .testTarget(name: "MemoryWebUITests", dependencies: ["MemoryWebUI", "HTTPServer", "MemoryModel"]),
        .testTarget(name: "MemoryEnginesTests", dependencies: ["MemoryEngines", "MemoryModel"]),
        .testTarget(
            name: "MemoryStorageTests",
            dependencies: ["MemoryImport", "MemoryStorage", "MemoryModel", "SQLiteKit", "TestFixtures"]),
        .testTarget(
            name: "MemoryImportTests",
            dependencies: ["JSONReading", "MemoryImport", "MemoryStorage", "MemoryModel", "SystemSupport", "TestFixtures"]),
        .testTarget(
            name: "MemoryPassesTests",
            dependencies: ["MemoryImport", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel", "SQLiteKit", "TestFixtures"]),
        .testTarget(
            name: "MemoryDaemonTests",
            dependencies: [
                "MemoryDaemon", "MemoryPasses", "MemoryStorage", "MemoryEngines", "MemoryModel", "SQLiteKit", "TestFixtures",
            ]),
        // The end-to-end tests depend on the executables so that `swift test` always builds the
        // binaries they run. memctl's commands as processes, its web page in a headless Chromium, and
        // the daemon's configuration keys (MemoryDaemon's table) against both programs' help:
        .testTarget(
            name: "MemctlTests",
            dependencies: [
                "memctl", "memoryd", "MemoryDaemon", "MemoryImport", "MemoryPasses", "MemoryStorage", "MemoryEngines",
                "MemoryModel", "SQLiteKit", "TestFixtures", "HTTPServer", "SystemSupport",
            ]),
        // memoryd as a process: sockets, signals, the notify protocol, pass workers, writers beside it,
        // Litestream beside it (real `litestream`, and moto as S3 when installed; skipped otherwise).
        .testTarget(
            name: "MemorydTests",
            dependencies: [
                "memoryd", "memctl", "MemoryDaemon", "ControlProtocol", "MemoryPasses", "MemoryStorage", "MemoryEngines",
                "MemoryModel", "SQLiteKit", "SystemSupport", "TestFixtures", "HTTPServer",
            ]),
        // memoryd installed as a service under a real systemd (systemd-nspawn; root only). It builds
        // the release binaries itself, as the README's install steps do.
        .testTarget(name: "SystemdServiceTests"),
        // memory-bench's command line, on the built program.
        .testTarget(name: "MemoryBenchTests", dependencies: ["memory-bench", "TestFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (Tests/Fuzz/, docs/FUZZING.md), declared only when MEMORYD_FUZZ=1 so that `swift build`
// and `swift test` never see them: they link only with `-sanitize=fuzzer`, which brings libFuzzer.
// scripts/fuzz builds and runs them.
if Context.environment["MEMORYD_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzImportLine", ["JSONReading", "MemoryImport", "MemoryModel"]),
        ("FuzzExportJSON", ["JSONReading", "MemoryImport", "MemoryModel"]),
        ("FuzzTranscript", ["MemoryImport", "MemoryModel"]),
        ("FuzzControlRequest", ["ControlProtocol"]),
        ("FuzzMCPMessage", ["MCPProtocol"]),
        ("FuzzTimestamp", ["MemoryModel"]),
        ("FuzzConfiguration", ["MemoryDaemon", "MemoryModel"]),
        ("FuzzEntityExtractor", ["MemoryEngines", "JSONReading", "MemoryModel"]),
        ("FuzzTimeResolver", ["MemoryEngines", "MemoryModel"]),
        ("FuzzHTTPRequest", ["HTTPServer"]),
        ("FuzzConfigEditing", ["ConfigEditing"]),
        ("FuzzArchive", ["JSONReading", "MemoryImport"]),
    ]
    // Only the libraries and the fuzz targets: a plain `swift build` then builds all of them at
    // once, and no other executable has to link with libFuzzer.
    package.products.removeAll()
    package.targets.removeAll { $0.type == .executable || $0.type == .test || $0.name == "TestFixtures" }
    package.targets += [
        .target(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzSupport"),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(
            .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Tests/Fuzz/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}

// Release builds link the Swift runtime and libraries into the programs (what
// `--static-swift-stdlib` does): a memctl command starts in less time, memoryd holds less while
// idle, and the binaries need only glibc, libstdc++ and libsqlite3 where they run
// (docs/DECISIONS.md, "Linking and start-up"). The programs are linked at a fixed address
// (`-no-pie`): a position-independent memctl has 40,000 relocations that the loader applies at
// every start, in pages that then stay private to the process (docs/DECISIONS.md, "Linking
// and start-up"). Debug builds and tests link dynamically.
for target in package.targets where target.type == .regular || target.type == .executable {
    let staticInRelease: [String] = ["-static-stdlib"]
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticInRelease, .when(configuration: .release))]
    if target.type == .executable {
        let fixedAddress = ["-Xlinker", "-no-pie"]
        target.linkerSettings =
            (target.linkerSettings ?? [])
            + [.unsafeFlags(staticInRelease + fixedAddress, .when(configuration: .release))]
    }
}
