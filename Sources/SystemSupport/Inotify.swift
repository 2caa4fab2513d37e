#if canImport(Glibc)
    import Glibc
#endif

/// Linux's inotify: what changed in the watched directories, read from one descriptor.
package final class Inotify {
    /// One change: the watch it came from, what happened (`IN_*` bits), and the entry's name
    /// within the watched directory (empty for the directory itself).
    package struct Event: Sendable {
        package let watch: Int32
        package let mask: UInt32
        package let name: String

        package var isDirectory: Bool { mask & UInt32(IN_ISDIR) != 0 }
        package var overflowed: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
        package var watchRemoved: Bool { mask & UInt32(IN_IGNORED) != 0 }
    }

    /// The system will not give more watches (`fs.inotify.max_user_watches`).
    package struct WatchesExhausted: Error {}

    package let descriptor: Int32

    package init() throws(SystemError) {
        descriptor = try systemCall("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    }

    deinit {
        close(descriptor)
    }

    /// Watches `path` (a directory) for `mask`; the watch's number.
    package func watch(_ path: String, mask: UInt32) throws -> Int32 {
        let watch = inotify_add_watch(descriptor, path, mask)
        guard watch >= 0 else {
            if errno == ENOSPC { throw WatchesExhausted() }
            throw SystemError(call: "inotify_add_watch", path: path)
        }
        return watch
    }

    /// The events waiting now; empty when there are none.
    package func read() throws(SystemError) -> [Event] {
        var events: [Event] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = retryingInterrupts { Glibc.read(descriptor, buffer, size) }
            if count < 0 {
                if errno == EAGAIN { return events }
                throw SystemError(call: "read", path: "inotify")
            }
            if count == 0 { return events }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: Int(event.len))
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                events.append(Event(watch: event.wd, mask: event.mask, name: name))
                offset += header + Int(event.len)
            }
        }
    }
}

@available(*, unavailable)
extension Inotify: Sendable {}

extension Threads {
    /// Runs `body` on a thread of its own and returns what it returns: blocking work (reading a
    /// file) that must not hold one of Swift concurrency's few threads while it waits.
    package static func result<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start(name: name) { continuation.resume(with: Result { try body() }) }
        }
    }
}
