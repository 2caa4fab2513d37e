import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench stop`: how long `memctl consolidate` takes to end after Ctrl-C (SIGINT) in the
/// middle of a pass, as a user sees it: from the signal to the process's exit. `rows` messages
/// are imported once; each run consolidates a fresh copy, is signalled once the pass has been
/// under way for `after` seconds, and must exit 130. With `--load N`, N busy processes run
/// beside it the whole time (`BusyLoad`).
struct StopBenchmark {
    let rows: Int
    let runs: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    var after = 1.5

    func run() throws {
        let source = directory.appendingPathComponent("stop-source.db").path
        try messages.importInto(source, count: rows, memctl: memctl)
        let copy = directory.appendingPathComponent("stop.db").path
        var milliseconds: [Double] = []
        for run in 1...runs {
            removeDatabase(copy)
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            let (pid, _) = try Subprocess.spawn(
                memctl, ["--db", copy, "consolidate", "--local", "--min-age", "0", "--only", "consolidation"])
            usleep(useconds_t(after * 1_000_000))
            let signalled = DispatchTime.now().uptimeNanoseconds
            kill(pid, SIGINT)
            var status: Int32 = 0
            _ = retryingInterrupts { waitpid(pid, &status, 0) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - signalled) / 1e6
            let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            guard exit == 130 else {
                throw BenchmarkError("run \(run): memctl exited \(exit), not 130 (did the pass end before the signal?)")
            }
            milliseconds.append(elapsed)
            print(String(format: "  run %d: stopped %.1f ms after SIGINT", run, elapsed))
        }
        removeDatabase(copy)
        let sorted = milliseconds.sorted()
        print(
            String(
                format: "\nCtrl-C → exit, %d runs with %d busy processes beside: median %.1f ms, max %.1f ms (target ≤ 50 ms)",
                runs, BusyLoad.running, sorted[sorted.count / 2], sorted.last ?? 0))
    }
}

/// `--load N`: N processes that keep a core busy each (this binary with `busyFlag`, at the
/// nice value it was started with) for as long as memory-bench runs; each ends when
/// memory-bench does, however it ends (`PR_SET_PDEATHSIG`).
enum BusyLoad {
    static let busyFlag = "--busy-loop"
    nonisolated(unsafe) private(set) static var running = 0

    /// Starts `count` busy processes.
    static func start(_ count: Int) throws {
        for _ in 0..<count { _ = try Subprocess.spawn("/proc/self/exe", [busyFlag]) }
        running = count
        print("load: \(count) busy processes beside the measurement")
    }

    /// The busy process: spins until its parent ends.
    static func spin() -> Never {
        // prctl is variadic in C, so not imported; PR_SET_PDEATHSIG is 1.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        _ = GlibcExtras.function("prctl", as: Prctl.self)?(1, UInt(SIGKILL), 0, 0, 0)
        var value: UInt64 = 1
        while true {
            value = value &* 6_364_136_223_846_793_005 &+ 1
            if value == 0 { print(value) }
        }
    }
}
