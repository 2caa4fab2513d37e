import MemoryModel
import MemoryPasses
import MemoryStorage
import FoundationEssentials
import SystemSupport

/// What every command gets: the global options, where output goes, and the store.
struct Context {
    /// Where the database is, and how that was decided (for messages).
    let databasePath: String
    /// The path came from --db (not the environment or the default).
    var databaseGiven = false
    /// A path came from --db or $MEMORYD_DB: the default was not taken.
    var databaseNamed = false
    /// The control socket given with --socket, if it was.
    var socketGiven: String? = nil
    /// The control socket memctl talks to: --socket, else $MEMORYD_SOCKET, else memoryd's default.
    var socketPath: String
    let json: Bool
    let busyTimeoutMilliseconds: Int
    let terminal: Terminal
    var environment: [String: String] = [:]

    /// The stores this command opened; `Memctl.run` closes them when it ends.
    let openStores = OpenStores()

    /// Opens the store (`path`, else the database of the global options); `create` for commands
    /// that write (the file is created on first write).
    func openStore(
        path: String? = nil, create: Bool = false, pageCacheKibibytes: Int? = nil,
        durability: MemoryStore.Durability = .everyCommit, queryOnly: Bool = false
    ) throws -> MemoryStore {
        var configuration = storeConfiguration(path: path, create: create, pageCacheKibibytes: pageCacheKibibytes)
        configuration.durability = durability
        configuration.queryOnly = queryOnly
        let store = try MemoryStore(configuration)
        openStores.stores.append(store)
        return store
    }

    /// Opens the store for a command that reads and exits (recall, search, stats, show, …) with
    /// a small page cache: such a command reads most pages once, and SQLite's default 2 MiB only
    /// has the kernel fault in fresh heap to hold them (a common-word recall at a million
    /// memories: 1,140 → 680 page faults, 3 ms of its 29).
    func openStoreToRead() throws -> MemoryStore { try openStore(pageCacheKibibytes: Self.readerPageCacheKibibytes) }

    static let readerPageCacheKibibytes = 256

    /// How `openStore` opens the database; `memctl mcp` keeps one store open for its whole run.
    func storeConfiguration(path: String? = nil, create: Bool = false, pageCacheKibibytes: Int? = nil)
        -> MemoryStore.Configuration
    {
        .init(
            path: path ?? databasePath, createIfMissing: create, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            pageCacheKibibytes: pageCacheKibibytes)
    }

    /// Prints a value as JSON: snake_case keys, sorted, ISO-8601 times; indented for people.
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if terminal.isInteractive { encoder.outputFormatting.insert(.prettyPrinted) }
        StandardStream.out(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    func printTable(_ table: Table) {
        for line in table.render(width: terminal.width) { StandardStream.out(line) }
    }

    /// Prints `label: value` lines with the values aligned.
    func printFields(_ fields: [(String, String)]) {
        let width = fields.map { TextLayout.width(of: $0.0) }.max() ?? 0
        for (label, value) in fields {
            StandardStream.out(TextLayout.pad(label + ":", to: width + 1) + " " + value)
        }
    }
}

/// The stores a command opened, to close when it ends.
final class OpenStores {
    fileprivate(set) var stores: [MemoryStore] = []
    /// Peers opened read-only (`Context.openPeers`).
    var peers: [PeerStores] = []

    func closeAll() async {
        for store in stores { await store.close() }
        for opened in peers { await opened.close() }
        stores.removeAll()
        peers.removeAll()
    }
}

extension KnowledgeGraph {
    /// The graph as memctl shows it: weights to three decimals (the store keeps them whole).
    var roundedWeights: KnowledgeGraph {
        KnowledgeGraph(
            nodes: nodes,
            edges: edges.map {
                Edge(
                    source: $0.source, target: $0.target, predicate: $0.predicate,
                    weight: ($0.weight * 1000).rounded() / 1000, validFrom: $0.validFrom, validTo: $0.validTo)
            })
    }
}
