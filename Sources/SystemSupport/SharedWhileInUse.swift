import Synchronization

/// One instance of something costly to build, shared by everyone who holds it and freed when
/// the last of them lets go; the next request builds it again. memoryd's gazetteer lives this
/// way, so that an idle daemon does not keep its megabytes between passes.
package final class SharedWhileInUse<Value: AnyObject & Sendable>: Sendable {
    private struct Slot: ~Copyable {
        weak var value: Value?
    }

    private let slot = Mutex(Slot())
    private let build: @Sendable () -> Value

    package init(_ build: @escaping @Sendable () -> Value) {
        self.build = build
    }

    /// The instance someone holds, or a new one when nobody does (built once however many
    /// threads ask at the same time).
    package var value: Value {
        slot.withLock { slot in
            if let value = slot.value { return value }
            let value = build()
            slot.value = value
            return value
        }
    }
}
