import Glibc
import MemoryEngines
import MemoryModel
import MemoryStorage
import Synchronization
import Testing
import TestFixtures

@testable import MemoryPasses

/// The passes run on threads of our own (`PassThreads`), not on Swift's global executor.
@Suite("Pass threads")
struct PassThreadsTests {
    /// The name of the thread this runs on.
    static func threadName() -> String {
        typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>?, Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getname_np") else { return "" }
        var name = [CChar](repeating: 0, count: 16)
        _ = unsafeBitCast(symbol, to: GetName.self)(pthread_self(), &name, name.count)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("a pass reports its progress from a pass thread, and its work split across cores runs on them too")
    func passesRunOnPassThreads() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.openForPasses()
        let start = Timestamp.now.subtracting(.seconds(86_400))
        _ = try await store.add(
            (0..<300).map {
                NewMemory(
                    content: "we talked about the garden and plant number \($0)", session: "s\($0 / 30)",
                    source: "user", createdAt: start.adding(.seconds(Int64($0) * 10)))
            })
        let seen = Mutex<Set<String>>([])
        var policy = ConsolidationPolicy()
        policy.minimumAge = .seconds(0)
        policy.batchSize = 50
        for kind in MaintenanceCycle.order {
            let record = try await MaintenanceCycle(store: store, policy: policy).run(kind) { _ in
                _ = seen.withLock { $0.insert(Self.threadName()) }
            }
            #expect(record.outcome == .completed, "\(kind)")
        }
        let names = seen.withLock { $0 }
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.hasPrefix("memory-pass") }, "\(names)")
        let split = try await withTaskExecutorPreference(PassThreads.executor(threads: 2)) {
            try await Array(0..<64).concurrentMap(threads: 2, minimumChunk: 1) { _ in Self.threadName() }
        }
        #expect(Set(split).allSatisfy { $0.hasPrefix("memory-pass") }, "\(Set(split))")
    }

    @Test("a pass runs on as many threads as its setting: 1 is one thread, 3 are three")
    func threadsSetting() async throws {
        for threads in [1, 3] {
            let names = try await withTaskExecutorPreference(PassThreads.executor(threads: threads)) {
                try await Array(0..<3_000).concurrentMap(threads: threads, minimumChunk: 1) { value in
                    // Long enough that every chunk's task is running at once when there are threads for it.
                    usleep(value % 1_000 == 0 ? 20_000 : 0)
                    return Self.threadName()
                }
            }
            let distinct = Set(names)
            #expect(distinct.count <= threads, "\(threads): \(distinct)")
            if threads == 1 { #expect(distinct == ["memory-pass"]) }
        }
    }
}
