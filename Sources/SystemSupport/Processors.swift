import FoundationEssentials
import Glibc

/// How many cores this process may use, and so how many threads a pass takes by default.
///
/// `ProcessInfo.activeProcessorCount` is the machine's count on Linux: it ignores the CPU
/// affinity (`taskset`, systemd's `CPUAffinity=`) and the cgroup's CPU quota (`CPUQuota=`, a
/// container's `--cpus`), so a pass on a 16-core host confined to two cores started 16 threads.
package enum Processors {
    /// A pass never takes more threads than this by default: past 8 the batch's engine work no
    /// longer pays for the memory each thread's share holds.
    package static let defaultMaximum = 8

    /// The default thread count of a pass: the cores available, at most `defaultMaximum`.
    package static let defaultThreads = min(available, defaultMaximum)

    /// The cores this process may run on: those of its CPU affinity, fewer when its cgroup (or
    /// one above it) has a CPU quota. At least 1.
    package static let available: Int = {
        var cores = affinityCount() ?? ProcessInfo.processInfo.activeProcessorCount
        if let quota = cgroupQuota() { cores = min(cores, quota) }
        return max(1, cores)
    }()

    /// The cores of the calling thread's CPU affinity mask.
    static func affinityCount() -> Int? {
        // Declared only with _GNU_SOURCE; a mask of 1,024 cores, as glibc's cpu_set_t.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let getAffinity = GlibcExtras.function("sched_getaffinity", as: GetAffinity.self) else { return nil }
        var mask = [UInt64](repeating: 0, count: 16)
        let status = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) }
        let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        return status == 0 && count > 0 ? count : nil
    }

    /// The smallest CPU quota, in whole cores rounded up, of this process's cgroup and those
    /// above it: cgroup v2's `cpu.max`, else cgroup v1's `cpu.cfs_quota_us` and
    /// `cpu.cfs_period_us`. Nil without a quota, or when the files cannot be read.
    static func cgroupQuota() -> Int? {
        guard let membership = read("/proc/self/cgroup") else { return nil }
        var quotas: [Int] = []
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: ",")
            for directory in ancestors(of: String(fields[2])) {
                if fields[0] == "0" && fields[1].isEmpty {
                    if let quota = read("/sys/fs/cgroup\(directory)/cpu.max").flatMap(cores(cpuMax:)) { quotas.append(quota) }
                } else if controllers.contains("cpu") {
                    let mount = "/sys/fs/cgroup/" + controllers.joined(separator: ",") + directory
                    if let quota = read(mount + "/cpu.cfs_quota_us"), let period = read(mount + "/cpu.cfs_period_us"),
                        let cores = cores(quota: quota, period: period)
                    {
                        quotas.append(cores)
                    }
                }
            }
        }
        return quotas.min()
    }

    /// Whole cores of a cgroup v2 `cpu.max` line: "200000 100000" is 2, "150000 100000" is 2,
    /// "max 100000" is no quota.
    static func cores(cpuMax line: String) -> Int? {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2 else { return nil }
        return cores(quota: String(fields[0]), period: String(fields[1]))
    }

    /// Whole cores of a quota over a period, rounded up; nil for "max" or -1 (no quota).
    static func cores(quota: String, period: String) -> Int? {
        let number = { (text: String) in text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } }
        guard let quota = number(quota), let period = number(period), quota > 0, period > 0 else {
            return nil
        }
        return max(1, (quota + period - 1) / period)
    }

    /// "/a/b" → ["/a/b", "/a", ""]: a cgroup's directory and those above it, below the mount.
    static func ancestors(of path: String) -> [String] {
        var parts = path.split(separator: "/").map(String.init)
        var directories: [String] = []
        while !parts.isEmpty {
            directories.append("/" + parts.joined(separator: "/"))
            parts.removeLast()
        }
        return directories + [""]
    }

    /// A small file's text (these are a few lines each), read with `open` and `read` rather than
    /// `FileManager`: every memctl command that builds `PassSettings` (recall among them) asks
    /// for the thread count, and `available` took 0.6–0.7 ms with FileManager, 0.3–0.5 ms without.
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return (try? StandardStream.readAll(descriptor)).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
