/// A reference to one record as people type it: `stm:12`, `ltm:3`, `entity:7`.
package enum RecordReference: Hashable, Sendable, CustomStringConvertible {
    case shortTerm(ShortTermMemoryID)
    case longTerm(LongTermMemoryID)
    case entity(EntityID)
    case pass(PassID)

    package init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let raw = Int64(parts[1]), raw > 0 else { return nil }
        switch parts[0].lowercased() {
        case "stm": self = .shortTerm(ShortTermMemoryID(raw))
        case "ltm": self = .longTerm(LongTermMemoryID(raw))
        case "entity": self = .entity(EntityID(raw))
        case "pass": self = .pass(PassID(raw))
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .shortTerm(let id): "stm:\(id)"
        case .longTerm(let id): "ltm:\(id)"
        case .entity(let id): "entity:\(id)"
        case .pass(let id): "pass:\(id)"
        }
    }

    /// The memory this names, when it names a memory.
    package var memory: MemoryReference? {
        switch self {
        case .shortTerm(let id): .shortTerm(id)
        case .longTerm(let id): .longTerm(id)
        case .entity, .pass: nil
        }
    }
}
