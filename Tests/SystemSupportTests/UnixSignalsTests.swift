import Glibc
import Testing

@testable import SystemSupport

@Suite("Unix signals as a sequence", .timeLimit(.minutes(1)))
struct UnixSignalsTests {
    @Test("signals sent once the sequence is made arrive in order, and cancel ends it")
    func delivery() async {
        // SIGALRM and SIGURG: nothing else in the test process uses them, and a handler that
        // was missing would end the runner (SIGALRM) or do nothing (SIGURG), not go unnoticed.
        let signals = await UnixSignals(trapping: [SIGALRM, SIGURG], queue: .global())
        var received: [Int32] = []
        kill(getpid(), SIGALRM)
        for await number in signals {
            received.append(number)
            if received.count == 1 { kill(getpid(), SIGURG) } else { break }
        }
        #expect(received == [SIGALRM, SIGURG])
        signals.cancel()
        var rest = signals.makeAsyncIterator()
        #expect(await rest.next() == nil)
    }
}
