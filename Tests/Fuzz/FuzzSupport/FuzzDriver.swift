import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#endif

/// Runs libFuzzer with this process's arguments, calling `body` with each input; returns when
/// libFuzzer does (it exits by itself on a crash, a leak or a timeout).
///
/// SwiftPM points an executable's `main` at its `main.swift` (so that tests can link the
/// executable), so libFuzzer's own `main` never runs: each fuzz target is a short `main.swift`
/// that calls this, and `LLVMFuzzerRunDriver` does what libFuzzer's `main` would.
package func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    fuzzBody = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
}

/// The input's check, for the C callback, which cannot capture it. Set once, before libFuzzer
/// starts, and only read after that, on libFuzzer's one thread.
nonisolated(unsafe) private var fuzzBody: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// libFuzzer's `main` is linked too (its archive member is pulled in before SwiftPM's `main`
/// alias is seen) and needs this symbol, although it never runs; it is also the driver's callback.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzBody?(UnsafeBufferPointer(start: data, count: size))
    return 0
}
