// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "memoryd",
    products: [
        .library(name: "MemoryKit", targets: ["MemoryKit"]),
        .executable(name: "memctl", targets: ["memctl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "MemoryKit", dependencies: ["CSQLite"]),
        .executableTarget(name: "memctl", dependencies: ["MemoryKit"]),
    ],
    swiftLanguageModes: [.v6]
)
