// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "memoryd",
    products: [
        .library(name: "MemoryKit", targets: ["MemoryKit"]),
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
        .target(name: "MemoryKit", dependencies: ["CSQLite"]),
        .executableTarget(name: "memctl", dependencies: ["MemoryKit"]),
        .executableTarget(name: "memoryd", dependencies: ["MemoryKit"]),
        .executableTarget(name: "memory-bench", dependencies: ["MemoryKit", "CSQLite"]),
        .testTarget(name: "MemoryKitTests", dependencies: ["MemoryKit", "CSQLite"]),
        // Depends on the executable so that `swift test` always builds the binary it runs.
        .testTarget(name: "MemctlTests", dependencies: ["MemoryKit", "memctl", "memoryd"]),
    ],
    swiftLanguageModes: [.v6]
)
