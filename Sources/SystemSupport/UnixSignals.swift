import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Signals as one ordered sequence, from Dispatch signal sources that are registered before
/// `init` returns. Until a source is registered the signal's default action applies (for SIGTERM
/// and SIGINT, the end of the process), so a program makes them before it starts anything a
/// signal should stop cleanly. One sequence per program: it has one reader.
package struct UnixSignals: AsyncSequence, Sendable {
    package typealias Element = Int32
    package typealias Failure = Never

    /// The sources, which libdispatch serialises itself.
    private final class Sources: @unchecked Sendable {
        let all: [any DispatchSourceSignal]
        init(_ all: [any DispatchSourceSignal]) { self.all = all }
    }

    private let numbers: AsyncStream<Int32>
    private let input: AsyncStream<Int32>.Continuation
    private let sources: Sources

    /// Makes a source for each of `signals`, on `queue`, and waits until libdispatch has
    /// registered them all. Runs on the caller's executor, so that memoryd's main thread makes
    /// its sources first thing (docs/DECISIONS.md, "Threads and priorities").
    nonisolated(nonsending) package init(trapping signals: [Int32], queue: DispatchQueue) async {
        let (numbers, input) = AsyncStream<Int32>.makeStream()
        self.numbers = numbers
        self.input = input
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { input.yield(number) }
            await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
                source.setRegistrationHandler { registered.resume() }
                source.resume()
            }
            sources.append(source)
        }
        self.sources = Sources(sources)
    }

    package func makeAsyncIterator() -> AsyncStream<Int32>.Iterator { numbers.makeAsyncIterator() }

    /// Stops listening: the sequence ends.
    package func cancel() {
        sources.all.forEach { $0.cancel() }
        input.finish()
    }
}
