import CSQLite
import Synchronization

/// Stops what a connection is running from another thread: the one thing SQLite allows there
/// (`sqlite3_interrupt`). A pass arms it around the commit of a batch, so that a stop request
/// rolls that batch back whole instead of waiting for it.
///
/// Armed, a request interrupts the statement running and refuses every statement the
/// connection starts until disarmed (SQLite forgets an interrupt that arrives between two
/// statements). A COMMIT is never interrupted: one that SQLite stops in its last step may have
/// committed all the same, and the pass could not tell; a request during it is kept for the
/// next statement. Disarmed, a request does nothing, so a late one cannot reach later work,
/// and once the connection is closed no request touches its handle.
package final class StatementInterruption: Sendable {
    /// Unchecked: the handle is only read under the mutex, and only to interrupt.
    private struct State: @unchecked Sendable {
        var handle: OpaquePointer?
        var armed = false
        var requested = false
        var committing = false
    }

    private let state: Mutex<State>

    init(_ handle: OpaquePointer) {
        state = Mutex(State(handle: handle))
    }

    /// Interrupts the connection if armed: the statement running fails with `SQLITE_INTERRUPT`
    /// and the transaction it is in is rolled back.
    package func interrupt() {
        state.withLock { state in
            guard state.armed, let handle = state.handle else { return }
            state.requested = true
            if !state.committing { sqlite3_interrupt(handle) }
        }
    }

    /// Runs a COMMIT: refused if a request is pending, and not interrupted while it runs.
    func committing<T>(_ commit: () throws -> T) throws -> T {
        try state.withLock { state in
            if state.requested { throw SQLiteError.interrupted(sql: "COMMIT TRANSACTION") }
            state.committing = true
        }
        defer { state.withLock { $0.committing = false } }
        return try commit()
    }

    /// Runs `body` with interruption armed.
    package func armed<T>(_ body: () async throws -> T) async throws -> T {
        state.withLock { $0.armed = true; $0.requested = false }
        defer { state.withLock { $0.armed = false; $0.requested = false } }
        return try await body()
    }

    /// True when an armed request is pending: the connection must start nothing more.
    var isRequested: Bool { state.withLock { $0.requested } }

    /// The connection closes: requests no longer reach it.
    func detach() {
        state.withLock { $0.handle = nil }
    }
}

extension SQLiteError {
    /// The statement was stopped by `StatementInterruption.interrupt()`.
    package var isInterruption: Bool { resultCode == .interrupt }

    /// A statement refused because an interrupt was requested before it started.
    static func interrupted(sql: String) -> SQLiteError {
        SQLiteError(.interrupt, message: "interrupted", sql: sql)
    }
}
