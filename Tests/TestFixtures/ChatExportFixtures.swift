import Foundation

/// Chat exports made for the tests, in the formats ChatGPT and Claude hand out (docs/SCHEMA.md,
/// "Chat exports"): what a real export holds around the messages is kept where it matters
/// (branches, hidden system messages, tool calls, images, thinking), so that the importer is
/// tried on the real shape, not a simplified one.
package enum ChatExportFixtures {
    /// Seconds since 1970 of 2 May 2024, 09:00 UTC.
    package static let mayMorning = 1_714_640_400.0

    // MARK: - ChatGPT

    /// One node of a ChatGPT `mapping`.
    package struct Node {
        package var id: String
        package var parent: String?
        package var message: [String: Any]?

        package init(_ id: String, parent: String?, message: [String: Any]?) {
            self.id = id
            self.parent = parent
            self.message = message
        }
    }

    /// A ChatGPT message object.
    package static func message(
        _ id: String, role: String, parts: [Any], at time: Double?, contentType: String = "text",
        recipient: String = "all",
        hidden: Bool = false, channel: String? = nil
    ) -> [String: Any] {
        var metadata: [String: Any] = ["model_slug": "gpt-4o", "citations": [Any]()]
        if hidden { metadata["is_visually_hidden_from_conversation"] = true }
        return [
            "id": id, "author": ["role": role, "name": NSNull(), "metadata": [String: Any]()],
            "create_time": time.map { $0 as Any } ?? NSNull(), "update_time": NSNull(),
            "content": ["content_type": contentType, "parts": parts], "status": "finished_successfully",
            "end_turn": NSNull(), "weight": 1.0, "metadata": metadata, "recipient": recipient,
            "channel": channel.map { $0 as Any } ?? NSNull(),
        ]
    }

    /// A ChatGPT conversation from its nodes; each node's `children` are worked out from the parents.
    package static func conversation(id: String, title: String?, nodes: [Node], currentNode: String?, created: Double)
        -> [String: Any]
    {
        var mapping: [String: Any] = [:]
        for node in nodes {
            mapping[node.id] = [
                "id": node.id, "message": node.message.map { $0 as Any } ?? NSNull(),
                "parent": node.parent.map { $0 as Any } ?? NSNull(),
                "children": nodes.filter { $0.parent == node.id }.map(\.id),
            ]
        }
        return [
            "title": title.map { $0 as Any } ?? NSNull(), "create_time": created, "update_time": created + 3600,
            "mapping": mapping,
            "moderation_results": [Any](), "current_node": currentNode.map { $0 as Any } ?? NSNull(),
            "plugin_ids": NSNull(),
            "conversation_id": id, "conversation_template_id": NSNull(), "gizmo_id": NSNull(), "is_archived": false,
            "safe_urls": [Any](), "default_model_slug": "gpt-4o", "id": id,
        ]
    }

    /// The trip conversation: a hidden system message, a regenerated answer, an edited prompt, an
    /// image with text, code sent to python and its output, an empty message and the model's
    /// thoughts. The branch last seen holds five messages with text; `later` adds two more.
    package static func tripNodes(later: Bool = false) -> (nodes: [Node], current: String) {
        let t = mayMorning
        var nodes = [
            Node("root", parent: nil, message: nil),
            Node("sys", parent: "root", message: message("m-sys", role: "system", parts: [""], at: nil, hidden: true)),
            Node(
                "u1", parent: "sys",
                message: message(
                    "m-u1", role: "user", parts: ["I'm planning a trip to Lisbon in June. My sister Leah lives there."],
                    at: t)),
            Node(
                "a1-old", parent: "u1",
                message: message("m-a1-old", role: "assistant", parts: ["An answer I regenerated."], at: t + 10)),
            Node(
                "a1", parent: "u1",
                message: message(
                    "m-a1", role: "assistant", parts: ["Lisbon in June is lovely 🌞 — visit Belém and Alfama."],
                    at: t + 20)),
            Node(
                "u2-old", parent: "a1",
                message: message("m-u2-old", role: "user", parts: ["Find me hotels"], at: t + 30)),
            Node(
                "a2-old", parent: "u2-old",
                message: message("m-a2-old", role: "assistant", parts: ["Here are hotels."], at: t + 40)),
            Node(
                "u2", parent: "a1",
                message: message(
                    "m-u2", role: "user",
                    parts: [
                        [
                            "content_type": "image_asset_pointer", "asset_pointer": "sediment://file_000abc",
                            "size_bytes": 48029,
                            "width": 1024, "height": 768, "metadata": NSNull(),
                        ],
                        "Here is the hotel I booked, Casa Nova in Alfama.",
                    ], at: t + 50, contentType: "multimodal_text")),
            Node(
                "a2-code", parent: "u2",
                message: message(
                    "m-a2-code", role: "assistant", parts: [], at: t + 60, contentType: "code", recipient: "python")),
            Node(
                "t2", parent: "a2-code",
                message: message(
                    "m-t2", role: "tool", parts: [], at: t + 61, contentType: "execution_output")),
            Node(
                "a2", parent: "t2",
                message: message(
                    "m-a2", role: "assistant",
                    parts: ["Casa Nova is five minutes from the tram 28 stop. Café A Brasileira is nearby."], at: t + 70
                )),
            Node("u3", parent: "a2", message: message("m-u3", role: "user", parts: ["", "   "], at: t + 80)),
            Node(
                "a3", parent: "u3",
                message: message(
                    "m-a3", role: "assistant", parts: [], at: t + 90, contentType: "thoughts")),
            Node(
                "a4", parent: "a3",
                message: message("m-a4", role: "assistant", parts: ["Anything else for the trip?"], at: t + 100)),
        ]
        var current = "a4"
        if later {
            nodes += [
                Node(
                    "u5", parent: "a4",
                    message: message("m-u5", role: "user", parts: ["Yes: I fly back on 21 June."], at: t + 86_400)),
                Node(
                    "a5", parent: "u5",
                    message: message("m-a5", role: "assistant", parts: ["Noted, 21 June."], at: t + 86_410)),
            ]
            current = "a5"
        }
        return (nodes, current)
    }

    /// A ChatGPT export: the trip conversation and a short one without a title; `later` is the
    /// same account's next export, with two more messages in the trip and a third conversation.
    package static func chatGPTExport(later: Bool = false) -> Data {
        let trip = tripNodes(later: later)
        var conversations: [[String: Any]] = [
            conversation(
                id: "c-trip", title: "Trip to Lisbon", nodes: trip.nodes, currentNode: trip.current, created: mayMorning
            ),
            conversation(
                id: "c-tea", title: nil,
                nodes: [
                    Node("r", parent: nil, message: nil),
                    Node(
                        "q", parent: "r",
                        message: message(
                            "m-q", role: "user", parts: ["Which tea has the least caffeine? 茶"], at: mayMorning + 7200)),
                    // A newer model's reasoning, on the analysis channel.
                    Node(
                        "think", parent: "q",
                        message: message(
                            "m-think", role: "assistant", parts: ["The user asks about caffeine."],
                            at: mayMorning + 7205,
                            channel: "analysis")),
                    Node(
                        "a", parent: "think",
                        message: message("m-a", role: "assistant", parts: ["Rooibos has none."], at: mayMorning + 7210)),
                ], currentNode: "a", created: mayMorning + 7200),
        ]
        if later {
            conversations.append(
                conversation(
                    id: "c-bike", title: "Bike repair",
                    nodes: [
                        Node("r", parent: nil, message: nil),
                        Node(
                            "q", parent: "r",
                            message: message(
                                "m-bike", role: "user", parts: ["My bike chain keeps slipping."],
                                at: mayMorning + 172_800)),
                    ], currentNode: "q", created: mayMorning + 172_800))
        }
        return json(conversations)
    }

    // MARK: - Claude

    /// A Claude export: a conversation whose messages are out of time order, with thinking and
    /// tool blocks, an older message with only `text`, and an attachment.
    package static func claudeExport(later: Bool = false) -> Data {
        func block(_ type: String, _ fields: [String: Any]) -> [String: Any] {
            fields.merging(["type": type]) { a, _ in a }
        }
        var messages: [[String: Any]] = [
            [
                "uuid": "cm-1", "sender": "human", "created_at": "2024-05-02T10:00:00.123456Z",
                "updated_at": "2024-05-02T10:00:00.123456Z",
                "text": "I planted tomatoes in the garden ✓", "attachments": [Any](), "files": [Any](),
                "content": [block("text", ["text": "I planted tomatoes in the garden ✓", "citations": [Any]()])],
            ],
            [
                "uuid": "cm-2", "sender": "assistant", "created_at": "2024-05-02T10:00:05+00:00",
                "updated_at": "2024-05-02T10:00:05+00:00",
                "text": "Thinking about tomatoes… Tomatoes love full sun.", "attachments": [Any](), "files": [Any](),
                "content": [
                    block("thinking", ["thinking": "Thinking about tomatoes…"]),
                    block("text", ["text": "Tomatoes love full sun."]),
                    block("tool_use", ["name": "web_search", "input": ["query": "tomato care"]]),
                ],
            ],
            // An older export's message: no content blocks, said before the two above.
            [
                "uuid": "cm-0", "sender": "human", "created_at": "2024-05-02T09:00:00Z",
                "text": "My neighbour Ana gave me basil seedlings.",
            ],
            [
                "uuid": "cm-3", "sender": "assistant", "created_at": "2024-05-02T10:01:00Z", "text": "",
                "content": [block("tool_use", ["name": "artifacts", "input": [String: Any]()])],
            ],
            [
                "uuid": "cm-4", "sender": "human", "created_at": "2024-05-02T10:02:00Z", "text": "",
                "files": [["file_name": "garden.jpg"]], "content": [block("text", ["text": ""])],
            ],
        ]
        if later {
            messages.append([
                "uuid": "cm-5", "sender": "human", "created_at": "2024-05-09T08:00:00Z",
                "text": "The basil is thriving.", "content": [Any](),
            ])
        }
        let conversations: [[String: Any]] = [
            [
                "uuid": "claude-garden", "name": "Garden plans", "created_at": "2024-05-02T09:00:00Z",
                "updated_at": "2024-05-02T10:02:00Z", "account": ["uuid": "acct-1"], "chat_messages": messages,
            ]
        ]
        return json(conversations)
    }

    private static func json(_ value: Any) -> Data {
        // Pretty-printed: positions in error messages then have lines and columns worth naming.
        (try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    // MARK: - Zip

    /// A zip archive holding `files` stored (not compressed), as a data export's download is.
    package static func storedZip(_ files: [(name: String, data: Data)]) -> Data {
        var archive = Data()
        var central = Data()
        func le16(_ value: Int) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
        func le32(_ value: Int) -> Data {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { Data($0) }
        }
        for (name, data) in files {
            let crc = crc32(data)
            let offset = archive.count
            let nameBytes = Data(name.utf8)
            archive += le32(0x0403_4b50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            archive += le32(Int(crc)) + le32(data.count) + le32(data.count) + le16(nameBytes.count) + le16(0)
            archive += nameBytes + data
            central += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(Int(crc)) + le32(data.count) + le32(data.count) + le16(nameBytes.count) + le16(0) + le16(0)
            central += le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes
        }
        let centralOffset = archive.count
        archive += central
        archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
        archive += le32(central.count) + le32(centralOffset) + le16(0)
        return archive
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
