import Dispatch

/// A source for signal `number` that libdispatch has registered: until then the signal's
/// default action (terminate) still applies, and a SIGTERM or Ctrl-C right after start would end
/// the process without its clean exit. `onSignal` runs on a global queue.
func registeredSignalSource(_ number: Int32, onSignal: @escaping @Sendable () -> Void) async
    -> any DispatchSourceSignal
{
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler(handler: onSignal)
    await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
        source.setRegistrationHandler { registered.resume() }
        source.resume()
    }
    return source
}
