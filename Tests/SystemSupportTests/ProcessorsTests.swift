import Foundation
import Testing

@testable import SystemSupport

@Suite("The cores a process may use")
struct ProcessorsTests {
    @Test("a cgroup CPU quota in whole cores, rounded up; no quota is nil")
    func quotas() {
        #expect(Processors.cores(cpuMax: "200000 100000\n") == 2)
        #expect(Processors.cores(cpuMax: "150000 100000") == 2)
        #expect(Processors.cores(cpuMax: "50000 100000") == 1)
        #expect(Processors.cores(cpuMax: "max 100000") == nil)
        #expect(Processors.cores(quota: "-1\n", period: "100000\n") == nil)
        #expect(Processors.cores(quota: "400000\n", period: "100000\n") == 4)
        #expect(Processors.cores(cpuMax: "garbage") == nil)
    }

    @Test("a cgroup and those above it, below the mount")
    func ancestors() {
        #expect(Processors.ancestors(of: "/system.slice/memoryd.service") == ["/system.slice/memoryd.service", "/system.slice", ""])
        #expect(Processors.ancestors(of: "/") == [""])
    }

    @Test("the default is the cores of the affinity mask, at most 8")
    func defaults() {
        #expect(Processors.available >= 1)
        #expect(Processors.available <= ProcessInfo.processInfo.activeProcessorCount)
        #expect(Processors.defaultThreads == min(Processors.available, 8))
    }
}
