import JSONReading
import MemoryModel

/// A conversation of a ChatGPT data export (`conversations.json`).
///
/// Its messages are a tree, `mapping`: each node has a `message` (or none, for the root), a
/// `parent` and `children`. A regenerated answer or an edited prompt starts another branch, and
/// `current_node` is the leaf of the branch the user last saw. That branch is the conversation:
/// the path from the root to `current_node`. The other branches' messages are left out and
/// counted.
///
/// Of that path only what the user and the assistant said to each other is kept: the text parts
/// of `user` and `assistant` messages. Left out, and counted:
/// - system and tool messages (code output, web pages, image tools);
/// - messages the app hides (`metadata.is_visually_hidden_from_conversation`), whatever their role;
/// - assistant messages addressed to a tool (`recipient` other than `all`: code sent to python,
///   an image prompt), which the user never read as an answer;
/// - the model's thinking (`thoughts`, `reasoning_recap`, messages on the `analysis` channel),
///   images and other parts that are not text; and messages left with no text.
enum ChatGPTExport {
    static func conversation(_ node: JSONNode) throws(InvalidConversation) -> ExportedConversation {
        guard node.object != nil else { throw InvalidConversation("is not an object") }
        guard let id = node["conversation_id"]?.string ?? node["id"]?.string, !id.isEmpty else {
            throw InvalidConversation(
                node["uuid"] != nil || node["chat_messages"] != nil
                    ? "has no \"id\"; it looks like a Claude export (--from claude)"
                    : "has no \"id\" or \"conversation_id\"")
        }
        guard let mapping = node["mapping"]?.object else {
            throw InvalidConversation(
                node["chat_messages"] != nil
                    ? "has no \"mapping\"; it looks like a Claude export (--from claude)"
                    : "has no \"mapping\" of messages")
        }
        var nodes: [String: JSONNode] = [:]
        nodes.reserveCapacity(mapping.count)
        for (key, value) in mapping { nodes[key] = value }
        let title = node["title"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let fallbackTime = node["create_time"]?.double.flatMap(Timestamp.init(secondsSince1970:))
        var conversation = ExportedConversation(origin: ExportFormat.chatgpt.rawValue, id: id, title: title)

        let branch = path(to: node["current_node"]?.string, in: nodes, order: mapping.map(\.key))
        let onBranch = Set(branch)
        for (key, value) in mapping where !onBranch.contains(key) {
            if let role = value["message"]?["author"]?["role"]?.string, role == "user" || role == "assistant" {
                conversation.leftOut.add(.otherBranch)
            }
        }
        for key in branch {
            guard let message = nodes[key]?["message"], message.object != nil else { continue }
            add(message, key: key, fallbackTime: fallbackTime, to: &conversation)
        }
        return conversation
    }

    /// The nodes from the root to `leaf`, following `parent`. Without a `current_node` (or one
    /// that is not in the mapping), the branch that ends at the last leaf in the file's order.
    private static func path(to leaf: String?, in nodes: [String: JSONNode], order: [String]) -> [String] {
        var start = leaf.flatMap { nodes[$0] == nil ? nil : $0 }
        if start == nil {
            start = order.last { (nodes[$0]?["children"]?.array ?? []).isEmpty }
        }
        var path: [String] = []
        var seen: Set<String> = []
        var current = start
        // A parent that loops back is a broken export: the walk stops where it would repeat.
        while let key = current, seen.insert(key).inserted, let node = nodes[key] {
            path.append(key)
            current = node["parent"]?.string
        }
        return path.reversed()
    }

    private static func add(
        _ message: JSONNode, key: String, fallbackTime: Timestamp?, to conversation: inout ExportedConversation
    ) {
        let role = message["author"]?["role"]?.string ?? ""
        let metadata = message["metadata"]
        if metadata?["is_visually_hidden_from_conversation"]?.bool == true {
            conversation.leftOut.add(.hidden)
            return
        }
        switch role {
        case "user", "assistant": break
        case "tool":
            conversation.leftOut.add(.tool)
            return
        default:
            conversation.leftOut.add(.system)
            return
        }
        if let recipient = message["recipient"]?.string, recipient != "all" {
            conversation.leftOut.add(.toolCall)
            return
        }
        // Newer models write their reasoning as assistant messages on the "analysis" channel.
        if message["channel"]?.string == "analysis" {
            conversation.leftOut.add(.thinking)
            return
        }
        let content = message["content"]
        let text: String
        var partsLeftOut = false
        switch content?["content_type"]?.string ?? "text" {
        case "text", "multimodal_text":
            var pieces: [String] = []
            for part in content?["parts"]?.array ?? [] {
                if let piece = part.string {
                    pieces.append(piece)
                } else if part["content_type"]?.string == "image_asset_pointer" {
                    conversation.leftOut.add(.image)
                    partsLeftOut = true
                } else if !part.isNull {
                    conversation.leftOut.add(.nonText)
                    partsLeftOut = true
                }
            }
            text = pieces.joined(separator: "\n")
        case "thoughts", "reasoning_recap":
            conversation.leftOut.add(.thinking)
            return
        default:
            // code, execution_output, tether_browsing_display, tether_quote, sonic_webpage, …
            conversation.leftOut.add(.nonText)
            return
        }
        let time = message["create_time"]?.double.flatMap(Timestamp.init(secondsSince1970:)) ?? fallbackTime
        conversation.append(
            id: message["id"]?.string ?? key, source: role, text: text, createdAt: time, partsLeftOut: partsLeftOut)
    }
}
