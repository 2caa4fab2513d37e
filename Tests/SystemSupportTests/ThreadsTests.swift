import Glibc
import Synchronization
import Testing

@testable import SystemSupport

@Suite("Threads and conditions without Foundation")
struct ThreadsTests {
    @Test("a started thread runs its body under its name, and a condition hands a value over")
    func threadAndCondition() {
        let condition = Condition()
        let handed = Mutex<String?>(nil)
        Threads.start(name: "memoryd-test-thread-name") {
            var name = [UInt8](repeating: 0, count: 32)
            let fd = open("/proc/thread-self/comm", O_RDONLY)
            let count = read(fd, &name, 31)
            close(fd)
            condition.lock()
            handed.withLock { $0 = String(decoding: name.prefix(max(0, count)), as: UTF8.self).trimmingSuffixNewline }
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        while handed.withLock({ $0 }) == nil { condition.wait() }
        condition.unlock()
        // Linux keeps 15 bytes of a thread's name.
        #expect(handed.withLock { $0 } == "memoryd-test-th")
    }

    @Test("producers and a consumer on one condition lose nothing")
    func manyWaiters() {
        let condition = Condition()
        let queue = Mutex<[Int]>([])
        for producer in 0..<4 {
            Threads.start(name: "producer") {
                for value in 0..<250 {
                    condition.lock()
                    queue.withLock { $0.append(producer * 1_000 + value) }
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
        var received: [Int] = []
        condition.lock()
        while received.count < 1_000 {
            let taken = queue.withLock { queue in
                defer { queue.removeAll() }
                return queue
            }
            if taken.isEmpty { condition.wait() } else { received += taken }
        }
        condition.unlock()
        #expect(Set(received).count == 1_000)
    }
}

@Suite("An instance shared while in use")
struct SharedWhileInUseTests {
    final class Table: Sendable {
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    @Test("holders share one instance; once none holds it, it is freed and the next one is new")
    func sharedThenFreed() {
        let built = Mutex(0)
        let shared = SharedWhileInUse {
            Table(serial: built.withLock { count in
                count += 1
                return count
            })
        }
        weak var first: Table?
        do {
            let a = shared.value
            let b = shared.value
            #expect(a === b)
            first = a
            #expect(built.withLock { $0 } == 1)
        }
        #expect(first == nil, "nobody holds it, so it is gone")
        #expect(shared.value.serial == 2)
    }
}

extension String {
    fileprivate var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
