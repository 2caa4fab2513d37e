import Dispatch
import ControlProtocol
import MemoryModel
import SystemSupport

/// A service that keeps systemd's STATUS= line current: the pass in flight with its progress
/// (at most once a second), or "idle, next pass in 4m", looked at again every 15 s.
struct StatusReporter: Service {
    let orchestrator: Orchestrator
    let notifier: SystemdNotifier

    func run() async {
        await withTaskGroup(of: Void.self) { group in
            let orchestrator = orchestrator
            let notifier = notifier
            group.addTask {
                while (try? await Task.sleep(for: .seconds(15))) != nil {
                    notifier.notify("STATUS=" + Self.describe(await orchestrator.status()))
                }
            }
            group.addTask {
                var lastSent = UInt64(0)
                for await event in orchestrator.events.subscribe() {
                    let now = DispatchTime.now().uptimeNanoseconds
                    switch event {
                    case .progress(let kind, let progress):
                        guard now - lastSent >= 1_000_000_000 else { continue }
                        lastSent = now
                        notifier.notify("STATUS=\(kind.activity) \(progress.processed.grouped)/\(progress.total.grouped)")
                    case .started, .finished, .couldNotRun:
                        notifier.notify("STATUS=" + Self.describe(await orchestrator.status()))
                    }
                }
            }
        }
    }

    /// Nothing to finish: it stops when cancelled.
    func shutDown() {}

    static func describe(_ status: OrchestratorStatus) -> String {
        if let running = status.loops.first(where: { $0.state == .running }) {
            return "\(running.kind.activity) \((running.processed ?? 0).grouped)/\((running.total ?? 0).grouped)"
        }
        if status.paused { return "paused" }
        let next = status.loops.compactMap(\.nextRun).min()
        guard let next else { return "idle" }
        let seconds = max(0, (next.millisecondsSince1970 - Timestamp.now.millisecondsSince1970) / 1000)
        return "idle, next pass in " + (seconds >= 60 ? "\(seconds / 60)m" : "\(seconds)s")
    }
}

extension Int {
    /// 12000 → "12,000".
    var grouped: String {
        let digits = String(Swift.abs(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (self < 0 ? "-" : "") + result
    }
}
