import MemoryStorage

extension StoreError {
    /// What an assistant using `memctl mcp` can do about it, in terms of its tools, to follow the
    /// message (memctl has its own `advice`).
    var mcpAdvice: String {
        switch self {
        case .databaseMissing, .notInitialized: " (nothing has been remembered yet; the remember tool creates it)"
        case .locked: "; try again in a moment"
        case .diskFull: "; the user needs to free some space on that disk, then the call can be made again"
        default: ""
        }
    }
}
