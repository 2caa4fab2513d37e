import MemoryModel
import MemoryPasses
import MemoryStorage
import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar on standard error, redrawn at most ten times a second; silent when
/// standard error is not a terminal.
final class ProgressBar: Sendable {
    private let label: String
    private let enabled: Bool
    private let lastDrawn = Mutex<UInt64>(0)

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    @Sendable func show(_ progress: PassProgress) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastDrawn.withLock { last in
            guard now - last >= 100_000_000 else { return false }
            last = now
            return true
        }
        guard due else { return }
        let total = max(progress.total, progress.processed)
        let fraction = total > 0 ? Double(progress.processed) / Double(total) : 0
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        StandardStream.write(
            "\r\(label) \(progress.processed)/\(total) [\(bar)] \(Int(fraction * 100))%  ", to: STDERR_FILENO)
    }

    func finish() {
        if enabled { StandardStream.write("\r\u{1B}[K", to: STDERR_FILENO) }
    }
}
