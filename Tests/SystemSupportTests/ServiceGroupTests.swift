import Glibc
import Synchronization
import Testing

@testable import SystemSupport

/// What the services of a test did, in order.
private final class Journal: Sendable {
    private let lines = Mutex<[String]>([])
    func note(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A service that runs until it is asked to shut down (unless `stubborn`: then only until it is
/// cancelled), and notes each step and whether it was cancelled.
private struct Recorder: Service {
    let name: String
    let journal: Journal
    var stubborn = false
    private let requests = AsyncStream<Void>.makeStream()

    init(_ name: String, _ journal: Journal, stubborn: Bool = false) {
        self.name = name
        self.journal = journal
        self.stubborn = stubborn
    }

    func run() async throws {
        if stubborn {
            try? await Task.sleep(for: .seconds(3600))
        } else {
            for await _ in requests.stream { break }
        }
        journal.note("\(name) ended\(Task.isCancelled ? " (cancelled)" : "")")
    }

    func shutDown() async {
        journal.note("\(name) asked to stop")
        requests.continuation.yield()
    }
}

/// A service that throws `Failed` as soon as it runs.
private struct Failing: Service {
    struct Failed: Error, Equatable {}
    func run() async throws { throw Failed() }
    func shutDown() {}
}

@Suite("A service group", .timeLimit(.minutes(1)))
struct ServiceGroupTests {
    /// Runs `members` until `stop` (if any) is sent; the reasons `onStop` heard, the signals
    /// `onSignal` got, and the error the group threw.
    private func run(
        _ members: [ServiceGroup.Member], signals: [Int32] = []
    ) async -> (reasons: [String], others: [Int32], error: (any Error)?) {
        let (stream, input) = AsyncStream<Int32>.makeStream()
        signals.forEach { input.yield($0) }
        let others = Mutex<[Int32]>([])
        var reasons: [String] = []
        do {
            try await ServiceGroup(members).run(
                signals: stream, stopSignals: [SIGTERM, SIGINT],
                onSignal: { number in others.withLock { $0.append(number) } },
                onStop: { reason in
                    switch reason {
                    case .signal(let number): reasons.append("signal \(number)")
                    case .ended(let name): reasons.append("\(name) ended")
                    case .failed(let name, _): reasons.append("\(name) failed")
                    }
                })
            return (reasons, others.withLock { $0 }, nil)
        } catch {
            return (reasons, others.withLock { $0 }, error)
        }
    }

    @Test("a stop signal stops the services in reverse order, each awaited before the next is asked")
    func reverseOrder() async {
        let journal = Journal()
        let members = ["store", "loops", "server"].map { ServiceGroup.Member($0, Recorder($0, journal), gracePeriod: .seconds(600)) }
        let result = await run(members, signals: [SIGHUP, SIGUSR1, SIGTERM])
        #expect(result.reasons == ["signal \(SIGTERM)"])
        #expect(result.others == [SIGHUP, SIGUSR1])
        #expect(result.error == nil)
        #expect(
            journal.all == [
                "server asked to stop", "server ended", "loops asked to stop", "loops ended", "store asked to stop",
                "store ended",
            ])
    }

    @Test("a service still running at the end of its grace period gets its overdue call, then is cancelled")
    func deadlineThenCancellation() async {
        let journal = Journal()
        let members = [
            ServiceGroup.Member("first", Recorder("first", journal), gracePeriod: .seconds(600)),
            ServiceGroup.Member(
                "stubborn", Recorder("stubborn", journal, stubborn: true), gracePeriod: .milliseconds(50),
                overdue: { journal.note("stubborn overdue") }),
        ]
        let result = await run(members, signals: [SIGINT])
        #expect(result.reasons == ["signal \(SIGINT)"])
        #expect(
            journal.all == [
                "stubborn asked to stop", "stubborn overdue", "stubborn ended (cancelled)", "first asked to stop",
                "first ended",
            ])
    }

    @Test("a service that throws stops the others in reverse order, and the group throws its error")
    func failure() async {
        let journal = Journal()
        let members = [
            ServiceGroup.Member("first", Recorder("first", journal), gracePeriod: .seconds(600)),
            ServiceGroup.Member("failing", Failing()),
            ServiceGroup.Member("last", Recorder("last", journal), gracePeriod: .seconds(600)),
        ]
        let result = await run(members)
        #expect(result.reasons == ["failing failed"])
        #expect(result.error as? Failing.Failed == Failing.Failed())
        #expect(journal.all == ["last asked to stop", "last ended", "first asked to stop", "first ended"])
    }

    @Test("a service that returns on its own stops the group, without an error")
    func endedOnItsOwn() async {
        struct Brief: Service {
            func run() async throws {}
            func shutDown() {}
        }
        let journal = Journal()
        let members = [
            ServiceGroup.Member("first", Recorder("first", journal), gracePeriod: .seconds(600)),
            ServiceGroup.Member("brief", Brief()),
        ]
        let result = await run(members)
        #expect(result.reasons == ["brief ended"])
        #expect(result.error == nil)
        #expect(journal.all == ["first asked to stop", "first ended"])
    }
}
