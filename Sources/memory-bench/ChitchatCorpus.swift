import MemoryModel
import Foundation

/// Real chat for the speed benchmarks: the Chit-Chat corpus, `dataset.json` of the PyPI package
/// `chitchat-dataset` (read by hand, never committed). The file is a JSON object keyed by
/// conversation id; each value's "messages" is an array of turns, each turn an array of
/// {"text", "timestamp", "sender"}.
///
/// One memory per message with non-blank text: its conversation as session, its sender as
/// source, its own time. Conversations in sorted id order, messages in order (258,112 memories).
/// Past the end the corpus repeats: copy r (the corpus itself is copy 0) has its session ids
/// suffixed "-r<r>" and its times moved r spans later, the span being the corpus's first to last
/// time rounded up to whole days, so the copies are distinct, later conversations.
struct ChitchatCorpus {
    private let messages: [ChatMessage]
    /// Milliseconds from one copy to the next.
    let span: Int64

    var count: Int { messages.count }

    private struct Conversation: Decodable {
        struct Message: Decodable {
            let text: String
            let timestamp: String
            let sender: String
        }
        let messages: [[Message]]
    }

    init(path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkError("cannot read the Chit-Chat file \(path): \(error.localizedDescription)")
        }
        let conversations: [String: Conversation]
        do {
            conversations = try JSONDecoder().decode([String: Conversation].self, from: data)
        } catch {
            throw BenchmarkError(
                "\(path) is not the Chit-Chat dataset.json (an object of conversations, each with \"messages\": "
                    + "turns of {\"text\", \"timestamp\", \"sender\"}): \(error)")
        }
        var messages: [ChatMessage] = []
        for id in conversations.keys.sorted() {
            for message in conversations[id]!.messages.joined() where !message.text.allSatisfy(\.isWhitespace) {
                guard let time = Timestamp(iso8601: message.timestamp) else {
                    throw BenchmarkError("\(path), conversation \(id): not an ISO 8601 time: \(message.timestamp)")
                }
                messages.append(
                    ChatMessage(
                        source: message.sender, content: message.text, session: id,
                        createdAt: time.millisecondsSince1970, importance: nil))
            }
        }
        guard !messages.isEmpty else { throw BenchmarkError("\(path) holds no message with text") }
        self.messages = messages
        let times = messages.map(\.createdAt)
        let day: Int64 = 86_400_000
        span = max(1, (times.max()! - times.min()! + day - 1) / day) * day
    }

    /// Message `index` of the endless sequence: the corpus, then its copies.
    func message(_ index: Int) -> ChatMessage {
        let (copy, offset) = index.quotientAndRemainder(dividingBy: messages.count)
        let message = messages[offset]
        guard copy > 0 else { return message }
        return ChatMessage(
            source: message.source, content: message.content, session: "\(message.session)-r\(copy)",
            createdAt: message.createdAt + Int64(copy) * span, importance: nil)
    }
}

/// The messages a speed benchmark imports: generated chat (`ChatGenerator`) or the Chit-Chat
/// corpus (`--chitchat FILE`).
enum BenchmarkMessages {
    case generated
    case chitchat(ChitchatCorpus)

    var name: String {
        switch self {
        case .generated: "generated"
        case .chitchat: "Chit-Chat"
        }
    }

    /// Calls `body` with each of the first `count` messages, in order.
    func forEach(_ count: Int, _ body: (ChatMessage) throws -> Void) rethrows {
        try forEach(in: 0..<count, body)
    }

    /// Calls `body` with the messages at `range`, in order: those after the first
    /// `range.lowerBound`.
    func forEach(in range: Range<Int>, _ body: (ChatMessage) throws -> Void) rethrows {
        switch self {
        case .generated:
            var generator = ChatGenerator(count: range.upperBound)
            for index in 0..<range.upperBound {
                let message = generator.next()
                if index >= range.lowerBound { try body(message) }
            }
        case .chitchat(let corpus):
            for index in range { try body(corpus.message(index)) }
        }
    }

    /// Imports the first `count` messages into `database` with `memctl import`, through a JSONL
    /// file beside it that is removed afterwards.
    func importInto(_ database: String, count: Int, after skipped: Int = 0, memctl: String) throws {
        let jsonl = database + ".jsonl"
        print("writing and importing \(count) \(name) messages …")
        try writeImport(skipped..<(skipped + count), to: jsonl)
        defer { try? FileManager.default.removeItem(atPath: jsonl) }
        let imported = try Subprocess.run(memctl, ["--db", database, "import", jsonl])
        guard imported.status == 0 else { throw BenchmarkError("memctl import exited \(imported.status)") }
    }

    /// Writes the first `count` messages as JSONL for `memctl import`.
    func writeImport(_ count: Int, to path: String) throws { try writeImport(0..<count, to: path) }

    /// Writes the messages at `range` as JSONL for `memctl import`.
    func writeImport(_ range: Range<Int>, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError("cannot write \(path)") }
        defer { try? file.close() }
        var buffer = ""
        try forEach(in: range) { message in
            buffer += chatLine(message)
            if buffer.utf8.count >= 1 << 20 {
                try file.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        try file.write(contentsOf: Data(buffer.utf8))
    }

    /// A word of exactly one of the first `count` messages (past the end of the corpus, one
    /// message of each copy), for a rare-word search.
    func rareWord(_ count: Int) -> String {
        guard case .chitchat(let corpus) = self else { return ChatGenerator.rareWord }
        let count = min(count, corpus.count)
        func words(_ text: String) -> [Substring] {
            text.lowercased().split { !$0.isASCII || !$0.isLetter }
        }
        var frequency: [Substring: Int] = [:]
        for index in 0..<count {
            for word in Set(words(corpus.message(index).content)) { frequency[word, default: 0] += 1 }
        }
        // From the middle on, the first such word of eight letters or more: stemmed, shorter
        // words match more often.
        for index in Array(count / 2..<count) + Array(0..<count / 2) {
            if let word = words(corpus.message(index).content).first(where: { $0.count >= 8 && frequency[$0] == 1 }) {
                return String(word)
            }
        }
        return "quokkaburger"
    }
}
