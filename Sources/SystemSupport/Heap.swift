import Glibc

/// The heap glibc's malloc keeps.
package enum Heap {
    /// Lets at most `count` malloc arenas exist (`mallopt(M_ARENA_MAX)`). glibc gives threads
    /// arenas of their own, up to eight per core, and each keeps its own freed pages.
    package static func limitArenas(to count: Int32) {
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX in malloc.h
        _ = GlibcExtras.function("mallopt", as: Option.self)?(arenaMaximum, count)
    }

    /// The arenas of a process that runs passes (memctl, memoryd's workers). glibc's default of
    /// eight per core let a pass's threads keep one each: on 16 cores the 258k consolidation
    /// peaked at 214 MB, 87 MB with two. Measured on 100,000 Chit-Chat messages with 16 threads
    /// (`memctl consolidate --local --only consolidation --threads 16`): 130 MB and 27.4 s with
    /// glibc's arenas, 80 MB and 26.1 s with two, 75 MB and 26.0 s with one.
    package static let passArenas: Int32 = 2
}

/// glibc functions the Glibc module leaves out (declared only with `_GNU_SOURCE`, or in
/// `malloc.h`), looked up by name in the process.
package enum GlibcExtras {
    package static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// Makes a spawned process start with every descriptor from `lowest` up closed
    /// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34): one a library opened without
    /// close-on-exec, or a socket another thread holds, would otherwise outlive what it is for in
    /// the child. Without that function (an older glibc) the child keeps them.
    package static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        _ = function("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)?(&actions, lowest)
    }
}
