import Testing

@testable import MemoryDaemon

@Suite("Stopping with a deadline")
struct StopDeadlineTests {
    @Test("a task that ends in time is reported as ended")
    func endsInTime() async {
        let quick = Task<Void, Never> { try? await Task.sleep(for: .milliseconds(10)) }
        // A generous deadline: on two cores, tests that wait on processes can hold every thread
        // of the pool for seconds, and then the deadline and the end race.
        #expect(await Daemon.finished(quick, within: .seconds(60)))
    }

    @Test("a task that hangs is given up on at the deadline, and goes on")
    func hangs() async {
        let hanging = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
        #expect(await !Daemon.finished(hanging, within: .milliseconds(100)))
        #expect(!hanging.isCancelled)
        hanging.cancel()
    }
}
