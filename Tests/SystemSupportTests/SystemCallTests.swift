import Glibc
import Testing

@testable import SystemSupport

@Suite("System calls retried on EINTR")
struct SystemCallTests {
    /// A call that is interrupted `interruptions` times, then fails with `failure` or returns `value`.
    private final class FlakyCall {
        private(set) var calls = 0
        let interruptions: Int
        let failure: Int32?
        let value: Int

        init(interruptions: Int, failure: Int32? = nil, value: Int = 0) {
            self.interruptions = interruptions
            self.failure = failure
            self.value = value
        }

        func callAsFunction() -> Int {
            calls += 1
            if calls <= interruptions {
                errno = EINTR
                return -1
            }
            if let failure {
                errno = failure
                return -1
            }
            return value
        }
    }

    @Test("an interrupted call is made again until it is not interrupted, and its result returned")
    func retriesInterruptions() {
        let call = FlakyCall(interruptions: 3, value: 42)
        #expect(retryingInterrupts { call() } == 42)
        #expect(call.calls == 4)
    }

    @Test("a call that succeeds at once is made once, zero included")
    func succeedsAtOnce() {
        let call = FlakyCall(interruptions: 0, value: 0)
        #expect(retryingInterrupts { call() } == 0)
        #expect(call.calls == 1)
    }

    @Test("any other failure is returned as it is, with its errno, for the caller to act on")
    func otherFailuresReturned() {
        let call = FlakyCall(interruptions: 2, failure: EAGAIN)
        #expect(retryingInterrupts { call() } == -1)
        #expect(errno == EAGAIN)
        #expect(call.calls == 3)
    }

    @Test("the throwing form retries EINTR too and returns the result")
    func throwingFormRetries() throws {
        let call = FlakyCall(interruptions: 2, value: 7)
        #expect(try systemCall("read") { call() } == 7)
        #expect(call.calls == 3)
    }

    @Test("the throwing form throws a SystemError naming the call, the path and errno")
    func throwingFormThrows() {
        let call = FlakyCall(interruptions: 1, failure: EBADF)
        let error = #expect(throws: SystemError.self) { try systemCall("read", path: "/tmp/x") { call() } }
        #expect(error == SystemError(call: "read", path: "/tmp/x", errno: EBADF))
        #expect(call.calls == 2)
    }

    @Test("a real failing call: read on a closed descriptor is EBADF")
    func realFailure() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        close(ends[1])
        var byte: UInt8 = 0
        let error = #expect(throws: SystemError.self) { try systemCall("read") { read(ends[0], &byte, 1) } }
        #expect(error?.call == "read")
        #expect(error?.errno == EBADF)
        #expect(error?.path == nil)
    }
}
