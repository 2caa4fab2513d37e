#if canImport(Glibc)
    import Glibc
#endif

/// `call` again while it fails with EINTR (a signal arrived during it): its result, or a negative
/// one with `errno` set for any other failure. For callers that act on `errno` themselves
/// (EAGAIN, ECONNREFUSED, end of a pipe); the others use `systemCall`.
package func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// `call`, the system call `name`, retried while it fails with EINTR; any other failure (a
/// negative result) is thrown as a `SystemError` naming the call, `path` and `errno`.
package func systemCall<Result: BinaryInteger>(
    _ name: String, path: String? = nil, _ call: () -> Result
) throws(SystemError) -> Result {
    let result = retryingInterrupts(call)
    guard result >= 0 else { throw SystemError(call: name, path: path) }
    return result
}
