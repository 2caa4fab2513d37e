import Glibc
import Synchronization
import Testing

@testable import SystemSupport

@Suite("setpriority never raises a thread's priority")
struct NeverRaisedPriorityTests {
    /// Runs `body` on a thread of its own (a nice value is per thread on Linux) and returns its
    /// result.
    private func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = Atomic<Bool>(false)
        Threads.start(name: "priority-test") {
            result.withLock { $0 = body() }
            done.store(true, ordering: .releasing)
        }
        while !done.load(ordering: .acquiring) { usleep(1_000) }
        return result.withLock { $0! }
    }

    private static func nice() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }

    @Test("a request at or below the thread's nice value succeeds and changes nothing; one above lowers its priority")
    func onlyLowers() {
        let process = UInt32(PRIO_PROCESS.rawValue)
        let (start, asked, afterHigher, lowered, afterLower, afterBack) = onNewThread {
            let start = Self.nice()
            // libdispatch's manager thread asks for -4 (user-interactive).
            let asked = neverRaisedPriority(process, 0, start - 4)
            let afterHigher = Self.nice()
            let lowered = neverRaisedPriority(process, 0, start + 3)
            let afterLower = Self.nice()
            _ = neverRaisedPriority(process, 0, start)
            return (start, asked, afterHigher, lowered, afterLower, Self.nice())
        }
        #expect(asked == 0)
        #expect(afterHigher == start)
        #expect(lowered == 0)
        #expect(afterLower == start + 3)
        #expect(afterBack == start + 3, "back up to the start would raise the priority again")
    }

    @Test("a call of setpriority in this program is this one: glibc's would raise the priority as root")
    func symbolIsOurs() {
        let (start, status, after) = onNewThread {
            let start = Self.nice()
            let status = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, start - 1)
            return (start, status, Self.nice())
        }
        #expect(status == 0)
        #expect(after == start)
    }
}
