import JSONReading
import MemoryModel

/// A conversation of a Claude data export (`conversations.json`): `uuid`, `name`, `created_at`
/// and `chat_messages`, each with its `uuid`, `sender` (`human` or `assistant`), `created_at`,
/// and its text as content blocks.
///
/// A message's text is that of its content blocks of type `text`. In newer exports the message's
/// `text` field also carries the model's thinking and placeholders for tool calls, so it is read
/// only for a message with no content blocks (older exports). Left out, and counted: `thinking`
/// blocks, `tool_use` and `tool_result` blocks, other blocks that are not text, attached files,
/// and messages with no text. Older exports are not always in time order, so the messages are
/// put in order of their times (in the file's order where times are equal or missing).
enum ClaudeExport {
    static func conversation(_ node: JSONNode) throws(InvalidConversation) -> ExportedConversation {
        guard node.object != nil else { throw InvalidConversation("is not an object") }
        guard let id = node["uuid"]?.string, !id.isEmpty else {
            throw InvalidConversation(
                node["mapping"] != nil
                    ? "has no \"uuid\"; it looks like a ChatGPT export (--from chatgpt)" : "has no \"uuid\"")
        }
        guard let messages = node["chat_messages"]?.array else {
            throw InvalidConversation("has no \"chat_messages\"")
        }
        let title = node["name"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let fallbackTime = node["created_at"]?.string.flatMap { Timestamp(iso8601: $0) }
        var conversation = ExportedConversation(origin: ExportFormat.claude.rawValue, id: id, title: title)
        for (index, message) in messages.enumerated() {
            add(message, index: index, conversation: id, fallbackTime: fallbackTime, to: &conversation)
        }
        // In time order; equal or missing times keep the file's order.
        let earliest = Timestamp.range.lowerBound
        conversation.messages = conversation.messages.enumerated().sorted { a, b in
            (a.element.createdAt ?? earliest, a.offset) < (b.element.createdAt ?? earliest, b.offset)
        }.map(\.element)
        return conversation
    }

    private static func add(
        _ message: JSONNode, index: Int, conversation id: String, fallbackTime: Timestamp?,
        to conversation: inout ExportedConversation
    ) {
        let source: String
        switch message["sender"]?.string {
        case "human", "user": source = NewMemory.defaultSource
        case "assistant": source = NewMemory.assistantSource
        default:
            conversation.leftOut.add(.system)
            return
        }
        for _ in (message["files"]?.array ?? []) + (message["files_v2"]?.array ?? []) {
            conversation.leftOut.add(.image)
        }
        var text: String
        var partsLeftOut = false
        if let blocks = message["content"]?.array, !blocks.isEmpty {
            var pieces: [String] = []
            for block in blocks {
                switch block["type"]?.string {
                case "text": if let piece = block["text"]?.string { pieces.append(piece) }
                case "thinking", "redacted_thinking":
                    conversation.leftOut.add(.thinking)
                    partsLeftOut = true
                case "tool_use", "tool_result", "server_tool_use", "web_search_tool_result":
                    conversation.leftOut.add(.tool)
                    partsLeftOut = true
                default:
                    conversation.leftOut.add(.nonText)
                    partsLeftOut = true
                }
            }
            text = pieces.joined(separator: "\n")
        } else {
            text = message["text"]?.string ?? ""
        }
        let time = message["created_at"]?.string.flatMap { Timestamp(iso8601: $0) } ?? fallbackTime
        // Every real export gives each message its uuid; without one, its place in the
        // conversation stands in (stable as long as the conversation only grows).
        let messageID = message["uuid"]?.string ?? "\(id)#\(index)"
        conversation.append(id: messageID, source: source, text: text, createdAt: time, partsLeftOut: partsLeftOut)
    }
}
