import Dispatch
import MCPProtocol
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization

/// `notifications/progress` for one tool call that gave a progress token. Progress counts whole
/// passes (pass 2 of 3 half done is 1.5 of 3), only ever goes up, and is sent at most every
/// `interval`, except at the start and end of a pass, which are always sent.
final class MCPProgress: Sendable {
    static let intervalNanoseconds: UInt64 = 100_000_000

    private let token: JSONValue
    private let output: MCPOutput
    private let total: Int
    private let state = Mutex<(progress: Double, sentAt: UInt64?)>((0, nil))

    init(token: JSONValue, output: MCPOutput, total: Int) {
        self.token = token
        self.output = output
        self.total = total
    }

    /// Pass number `index` (from 0) has started.
    func started(_ index: Int, _ kind: PassKind) {
        report(Double(index), "\(kind.activity) (pass \(index + 1) of \(total))", always: true)
    }

    /// How far pass number `index` has got.
    func advanced(_ index: Int, _ kind: PassKind, _ progress: PassProgress) {
        guard progress.total > 0 else { return }
        let fraction = min(1, Double(progress.processed) / Double(progress.total))
        report(Double(index) + fraction, "\(kind.activity): \(progress.processed) of \(progress.total)", always: false)
    }

    func finished(_ index: Int, _ record: PassRecord) {
        report(
            Double(index + 1), "\(record.kind.rawValue) \(record.outcome.rawValue): \(record.processed) memories",
            always: true)
    }

    private func report(_ value: Double, _ message: String, always: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        let send = state.withLock { state in
            guard value > state.progress || (always && state.sentAt == nil) else { return false }
            if !always, let sentAt = state.sentAt, now - sentAt < Self.intervalNanoseconds { return false }
            state = (value, now)
            return true
        }
        guard send else { return }
        output.notify(
            "notifications/progress",
            [
                "progressToken": token, "progress": .double(value), "total": JSONValue(total),
                "message": .string(message),
            ])
    }
}
