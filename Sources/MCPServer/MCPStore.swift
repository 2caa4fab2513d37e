import MemoryStorage

/// The one store `memctl mcp` uses, opened at the first tool that needs it and closed at exit.
/// A missing database is not remembered as a failure: it is created by the first tool that
/// writes, and read tools look again each time until then.
package actor MCPStore {
    private let configuration: MemoryStore.Configuration
    private var store: MemoryStore?

    package init(_ configuration: MemoryStore.Configuration) {
        self.configuration = configuration
    }

    var path: String { configuration.path }
    var busyTimeoutMilliseconds: Int { configuration.busyTimeoutMilliseconds }

    /// The store; `forWriting` creates the database when it does not exist yet.
    func open(forWriting: Bool) throws -> MemoryStore {
        if let store { return store }
        var configuration = configuration
        configuration.createIfMissing = forWriting
        let opened = try MemoryStore(configuration)
        store = opened
        return opened
    }

    /// The store for a tool that only reads, or nil when there is no memory database yet (no
    /// file, or an empty one): nothing has been remembered.
    func openIfPresent() throws -> MemoryStore? {
        do {
            return try open(forWriting: false)
        } catch StoreError.databaseMissing, StoreError.notInitialized {
            return nil
        }
    }

    package func close() async {
        await store?.close()
        store = nil
    }
}
