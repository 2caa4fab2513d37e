/// Services run as the children of one task group, and stopped in reverse order: each is asked
/// to shut down, given its grace period to finish what it has in flight, then cancelled. A small
/// equivalent of swift-service-lifecycle's `ServiceGroup`, with only what memoryd needs.
package struct ServiceGroup: Sendable {
    /// A service, and how it is stopped.
    package struct Member: Sendable {
        package let name: String
        package let service: any Service
        /// How long `run` has to return after `shutDown()` before its task is cancelled; zero
        /// cancels it at once.
        package let gracePeriod: Duration
        /// Runs when the grace period is over, before the cancellation.
        package let overdue: (@Sendable () -> Void)?

        package init(
            _ name: String, _ service: any Service, gracePeriod: Duration = .zero,
            overdue: (@Sendable () -> Void)? = nil
        ) {
            self.name = name
            self.service = service
            self.gracePeriod = gracePeriod
            self.overdue = overdue
        }
    }

    /// Why a group stops.
    package enum StopReason: Sendable {
        /// One of the stop signals arrived.
        case signal(Int32)
        /// A service returned on its own; its name.
        case ended(String)
        /// A service threw; its name and error.
        case failed(String, any Error)
    }

    private let members: [Member]

    /// `members` in the order they depend on each other: the last one stops first.
    package init(_ members: [Member]) {
        self.members = members
    }

    /// What a child of the group reports.
    private enum Event: Sendable {
        case ended(Int, (any Error)?)
        case stop(Int32)
        case signalsEnded
    }

    /// Runs every member, and reads `signals` in a child of its own: one in `stopSignals` stops
    /// the group, any other goes to `onSignal`, one at a time. A member that returns or throws
    /// stops the group too. The stop: `onStop` hears why, then the members are stopped in reverse
    /// order, each awaited. Throws the first error a member threw. `signals` must end when the
    /// task reading it is cancelled, as an `AsyncStream` does.
    package func run<Signals: AsyncSequence<Int32, Never> & Sendable>(
        signals: Signals, stopSignals: Set<Int32>, onSignal: @escaping @Sendable (Int32) async -> Void,
        onStop: (StopReason) async -> Void
    ) async throws {
        let stopRequests = members.map { _ in AsyncStream<Void>.makeStream() }
        let failure = await withTaskGroup(of: Event.self, returning: (any Error)?.self) { group in
            for (index, member) in members.enumerated() {
                let stopRequest = stopRequests[index].stream
                group.addTask { .ended(index, await Self.run(member, stoppingOn: stopRequest)) }
            }
            group.addTask {
                for await number in signals {
                    if stopSignals.contains(number) { return .stop(number) }
                    await onSignal(number)
                }
                return .signalsEnded
            }

            var running = Set(members.indices)
            var failure: (any Error)?
            var reason: StopReason?
            /// Notes a member's end; the reason to stop it gives, if any.
            func note(_ event: Event) -> StopReason? {
                switch event {
                case .ended(let index, let error):
                    running.remove(index)
                    let name = members[index].name
                    guard let error else { return .ended(name) }
                    failure = failure ?? error
                    return .failed(name, error)
                case .stop(let number): return .signal(number)
                case .signalsEnded: return nil
                }
            }
            while reason == nil, let event = await group.next() { reason = note(event) }
            if let reason { await onStop(reason) }
            for index in members.indices.reversed() where running.contains(index) {
                await members[index].service.shutDown()
                stopRequests[index].continuation.yield()
                while running.contains(index), let event = await group.next() { _ = note(event) }
            }
            // Only the signals' reader may be left.
            group.cancelAll()
            return failure
        }
        if let failure { throw failure }
    }

    private enum Outcome: Sendable {
        case ran((any Error)?)
        case overdue
        case notStopped
    }

    /// Runs `member` until it returns or throws; once `stopRequest` yields, gives it its grace
    /// period, then calls its `overdue` and cancels it. Its error, if it threw one.
    private static func run(_ member: Member, stoppingOn stopRequest: AsyncStream<Void>) async -> (any Error)? {
        await withTaskGroup(of: Outcome.self, returning: (any Error)?.self) { group in
            group.addTask {
                do {
                    try await member.service.run()
                    return .ran(nil)
                } catch {
                    return .ran(error)
                }
            }
            group.addTask {
                var requests = stopRequest.makeAsyncIterator()
                guard await requests.next() != nil, (try? await Task.sleep(for: member.gracePeriod)) != nil else {
                    return .notStopped
                }
                return .overdue
            }
            while let outcome = await group.next() {
                switch outcome {
                case .ran(let error):
                    group.cancelAll()
                    return error
                case .overdue:
                    member.overdue?()
                    group.cancelAll()
                case .notStopped:
                    continue
                }
            }
            return nil
        }
    }
}
