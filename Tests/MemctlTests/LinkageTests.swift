import Foundation
import Testing

/// memoryd runs for as long as the machine does, so what it maps stays resident: it uses
/// FoundationEssentials, never Foundation with its ICU data (docs/DECISIONS.md, "Idle memory").
@Suite("What memoryd links")
struct LinkageTests {
    @Test("the memoryd binary needs neither Foundation nor ICU; memctl may")
    func memorydLinksNoFoundation() throws {
        let memoryd = try Data(contentsOf: DaemonProcess.executable)
        let memctl = try Data(contentsOf: Memctl.executable)
        func needs(_ binary: Data, _ library: String) -> Bool {
            binary.range(of: Data((library + "\0").utf8)) != nil
        }
        #expect(!needs(memoryd, "libFoundation.so"))
        #expect(!needs(memoryd, "lib_FoundationICU.so"))
        #expect(!needs(memoryd, "libFoundationInternationalization.so"))
        // The check can see a library: memctl, which formats numbers with Foundation, needs it
        // (unless it was linked statically, where neither binary names it).
        let staticallyLinked = !needs(memctl, "libswiftCore.so")
        #expect(staticallyLinked || needs(memctl, "libFoundation.so"))
    }
}
