import Glibc

/// `setpriority(2)` for this process's own code and the libraries linked into it, which never
/// raises the calling thread's priority (never lowers its nice value). docs/RESOURCES.md,
/// "Priority", says why.
///
/// libdispatch sets each of its worker threads' nice value from the thread's quality of
/// service when the thread starts: 0 for the default, −2 for user-initiated, −4 for the
/// manager thread that runs timers and signal sources, whatever the process started at. Under
/// systemd's `Nice=10` those calls raise the priority above what the unit asked for, or, without
/// the privilege to, fail and log "Failed to set thread priority for worker thread: … errno=13"
/// for each new worker thread. Here a request for a nice value at or below the thread's own does
/// nothing and succeeds; one above it (a lower priority) is passed on. A release build links
/// libdispatch statically, so its calls come here; a debug build's shared libdispatch calls
/// glibc's directly.
///
/// The one `public` declaration of the package (docs/ARCHITECTURE.md, "Access"): the C symbol
/// `setpriority` must be visible to the linker as libc's would be.
@_cdecl("setpriority")
public func neverRaisedPriority(_ which: UInt32, _ who: UInt32, _ value: Int32) -> Int32 {
    if which == UInt32(PRIO_PROCESS.rawValue) && who == 0 {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        if errno == 0 && value <= current { return 0 }
    }
    guard let setPriority = systemSetPriority else {
        errno = ENOSYS
        return -1
    }
    return setPriority(which, who, value)
}

/// Whether libdispatch's calls to `setpriority` come to `neverRaisedPriority`: when it is
/// linked into the executable (a release build, `-static-stdlib`), the linker binds them here;
/// loaded as a shared library (a debug build), it calls glibc's. memoryd says which when it
/// starts, so that replacing a libc function is never silent (docs/DECISIONS.md, "Thread
/// priority").
package var libdispatchPriorityIsNeverRaised: Bool {
    dlopen("libdispatch.so", RTLD_NOLOAD | RTLD_LAZY) == nil
}

/// glibc's `setpriority`, the next definition after ours (`RTLD_NEXT`).
private let systemSetPriority: (@convention(c) (UInt32, UInt32, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "setpriority") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UInt32, UInt32, Int32) -> Int32).self)
}()
