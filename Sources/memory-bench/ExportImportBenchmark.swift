import Foundation
import MemoryModel

/// `memory-bench export-import`: `memctl import --from chatgpt` and `--from claude` against
/// `memctl import` of the same messages as JSONL, each into a new database: rows/s, MB/s of
/// input and peak RSS. Each session becomes a conversation; each node or message carries the
/// metadata a real export gives it, so the files are as large as real ones for their messages.
struct ExportImportBenchmark {
    let rows: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String

    func run() throws {
        let jsonl = directory.appendingPathComponent("export-chat.jsonl").path
        let chatgpt = directory.appendingPathComponent("chatgpt-conversations.json").path
        let claude = directory.appendingPathComponent("claude-conversations.json").path
        print("writing \(rows) \(messages.name) messages as JSONL, a ChatGPT export and a Claude export …")
        let sizes = try writeInputs(jsonl: jsonl, chatgpt: chatgpt, claude: claude)
        var rates: [String: Double] = [:]
        print("")
        print("import of \(rows) \(messages.name) messages, one new database each:")
        for (label, path, arguments) in [
            ("memctl import (JSONL)", jsonl, ["import", jsonl]),
            ("memctl import --from chatgpt", chatgpt, ["import", "--from", "chatgpt", chatgpt]),
            ("memctl import --from claude", claude, ["import", "--from", "claude", claude]),
        ] {
            let database = directory.appendingPathComponent("export-import.db").path
            removeDatabase(database)
            let result = try Subprocess.run(memctl, ["--db", database] + arguments)
            guard result.status == 0 else { throw BenchmarkError("\(label) exited \(result.status)") }
            removeDatabase(database)
            let rate = Double(rows) / result.seconds
            rates[label] = rate
            let megabytes = Double(sizes[path] ?? 0) / 1_048_576
            var line = "  " + label.padding(toLength: 30, withPad: " ", startingAt: 0)
            line += String(
                format: "%8.0f rows/s  %7.1f MB/s of %7.1f MB   peak RSS %6.1f MiB", rate, megabytes / result.seconds,
                megabytes, Double(result.peakResidentKilobytes) / 1024)
            if let base = rates["memctl import (JSONL)"], label != "memctl import (JSONL)" {
                line += String(format: "   %.2f× JSONL (target ≥ 0.50)", rate / base)
            }
            print(line)
        }
        for path in [jsonl, chatgpt, claude] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes the three inputs; their sizes in bytes by path.
    private func writeInputs(jsonl: String, chatgpt: String, claude: String) throws -> [String: Int] {
        let outputs = try [jsonl, chatgpt, claude].map { path in
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else { throw BenchmarkError("cannot write \(path)") }
            return (path, file)
        }
        defer { for (_, file) in outputs { try? file.close() } }
        var buffers = ["", "[", "["]
        var sizes: [String: Int] = [:]
        func flush() throws {
            for ((path, file), buffer) in zip(outputs, buffers) {
                try file.write(contentsOf: Data(buffer.utf8))
                sizes[path, default: 0] += buffer.utf8.count
            }
            buffers = ["", "", ""]
        }
        var conversation: [ChatMessage] = []
        var conversations = 0
        func endConversation() throws {
            guard let first = conversation.first else { return }
            // The first writer of a session is the user, the other the assistant.
            let roles = conversation.map { $0.source == first.source ? "user" : "assistant" }
            for (message, role) in zip(conversation, roles) {
                buffers[0] += chatLine(
                    ChatMessage(
                        source: role, content: message.content, session: message.session, createdAt: message.createdAt,
                        importance: nil))
            }
            let separator = conversations == 0 ? "\n" : ",\n"
            buffers[1] += separator + chatGPTConversation(conversation, roles: roles, number: conversations)
            buffers[2] += separator + claudeConversation(conversation, roles: roles, number: conversations)
            conversations += 1
            conversation = []
            if buffers[1].utf8.count >= 1 << 20 { try flush() }
        }
        try messages.forEach(rows) { message in
            if let last = conversation.last, last.session != message.session { try endConversation() }
            conversation.append(message)
        }
        try endConversation()
        buffers[1] += "\n]\n"
        buffers[2] += "\n]\n"
        try flush()
        return sizes
    }

    private func chatGPTConversation(_ messages: [ChatMessage], roles: [String], number: Int) -> String {
        let id = "c\(number)-6701f3b2-4c1e-8000-9f2a"
        let created = Double(messages[0].createdAt) / 1000
        var nodes: [String] = [
            "\"\(id)-root\":{\"id\":\"\(id)-root\",\"message\":null,\"parent\":null,\"children\":[\"\(id)-0\"]}"
        ]
        for (index, (message, role)) in zip(messages, roles).enumerated() {
            let node = "\(id)-\(index)"
            let parent = index == 0 ? "\(id)-root" : "\(id)-\(index - 1)"
            let children = index + 1 < messages.count ? "[\"\(id)-\(index + 1)\"]" : "[]"
            let time = Double(message.createdAt) / 1000
            var text = "\"\(node)\":{\"id\":\"\(node)\",\"message\":{\"id\":\"m-\(node)\","
            text += "\"author\":{\"role\":\"\(role)\",\"name\":null,\"metadata\":{}},"
            text += "\"create_time\":\(time),\"update_time\":null,"
            text += "\"content\":{\"content_type\":\"text\",\"parts\":[\(message.content.jsonQuoted)]},"
            text +=
                "\"status\":\"finished_successfully\",\"end_turn\":\(role == "assistant" ? "true" : "null"),\"weight\":1.0,"
            text += "\"metadata\":{\"citations\":[],\"content_references\":[],\"model_slug\":\"gpt-4o\","
            text +=
                "\"default_model_slug\":\"gpt-4o\",\"parent_id\":\"\(parent)\",\"request_id\":\"8f2b1c3d4e5f6a7b-AMS\","
            text += "\"timestamp_\":\"absolute\",\"message_type\":null},\"recipient\":\"all\",\"channel\":null},"
            text += "\"parent\":\"\(parent)\",\"children\":\(children)}"
            nodes.append(text)
        }
        var text = "{\"title\":\"Conversation \(number)\",\"create_time\":\(created),\"update_time\":\(created),"
        text += "\"mapping\":{\(nodes.joined(separator: ","))},\"moderation_results\":[],"
        text += "\"current_node\":\"\(id)-\(messages.count - 1)\",\"plugin_ids\":null,\"conversation_id\":\"\(id)\","
        text +=
            "\"conversation_template_id\":null,\"gizmo_id\":null,\"is_archived\":false,\"safe_urls\":[],\"id\":\"\(id)\"}"
        return text
    }

    private func claudeConversation(_ messages: [ChatMessage], roles: [String], number: Int) -> String {
        let id = "\(number)-2c9a7e51-0b3d-4f6e-a8c1"
        var items: [String] = []
        for (index, (message, role)) in zip(messages, roles).enumerated() {
            let time = Timestamp(millisecondsSince1970: message.createdAt).iso8601
            var text = "{\"uuid\":\"\(id)-\(index)\",\"text\":\(message.content.jsonQuoted),"
            text += "\"content\":[{\"start_timestamp\":\"\(time)\",\"stop_timestamp\":\"\(time)\",\"type\":\"text\","
            text += "\"text\":\(message.content.jsonQuoted),\"citations\":[]}],"
            text += "\"sender\":\"\(role == "user" ? "human" : "assistant")\",\"created_at\":\"\(time)\","
            text += "\"updated_at\":\"\(time)\",\"attachments\":[],\"files\":[]}"
            items.append(text)
        }
        let created = Timestamp(millisecondsSince1970: messages[0].createdAt).iso8601
        var text = "{\"uuid\":\"\(id)\",\"name\":\"Conversation \(number)\",\"created_at\":\"\(created)\","
        text += "\"updated_at\":\"\(created)\",\"account\":{\"uuid\":\"acct-0\"},"
        text += "\"chat_messages\":[\(items.joined(separator: ","))]}"
        return text
    }
}
