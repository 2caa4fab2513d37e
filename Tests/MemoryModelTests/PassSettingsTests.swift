import SystemSupport
import Testing

@testable import MemoryModel

@Suite("What every pass shares")
struct PassSettingsTests {
    @Test("a pass takes the cores the process may use, at most 8, unless told otherwise")
    func defaultThreads() {
        #expect(PassSettings().threads == Processors.defaultThreads)
    }
}
