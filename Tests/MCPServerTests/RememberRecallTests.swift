import MCPProtocol
import Testing

@testable import MCPServer

/// The remember and recall tools against a real database, on a server in this process
/// (docs/MCP.md, "remember" and "recall").
@Suite("MCP remember and recall, in process")
struct RememberRecallTests {
    /// A recall result's text, checked against its structured twin and its word budget.
    private func text(of result: JSONValue, within maximumWords: Int) throws -> String {
        let structured = try #require(result["structuredContent"], "\(result)")
        let text = try #require(structured["text"]?.stringValue)
        let words = text.split(whereSeparator: \.isWhitespace).count
        #expect(words <= maximumWords, "\(words) words: \(text)")
        #expect(structured["words"]?.integerValue == Int64(words))
        guard case .array(let content)? = result["content"] else {
            Issue.record("no content: \(result)")
            return text
        }
        #expect(content.first?["text"]?.stringValue == text)
        return text
    }

    @Test("what remember stores, recall with max_words returns within that many words")
    func rememberThenRecall() async throws {
        try await InProcessServer.run { server in
            let remembered = try #require(
                await server.call(
                    "remember", ["content": "My sister Leah moved to Berlin in March.", "at": "2024-03-02T10:00:00Z"]))
            #expect(remembered["isError"] == false, "\(remembered)")
            #expect(remembered["structuredContent"]?["ref"] == "stm:1")

            let recalled = try #require(await server.call("recall", ["query": "Where did Leah move?", "max_words": 20]))
            #expect(recalled["isError"] == false, "\(recalled)")
            let text = try text(of: recalled, within: 20)
            #expect(text.contains("My sister Leah moved to Berlin in March."), "\(text)")
            #expect(text.contains("2 March 2024"), "\(text)")
            guard case .array(let memories)? = recalled["structuredContent"]?["memories"] else {
                Issue.record("no memories: \(recalled)")
                return
            }
            #expect(memories.first?["ref"] == "stm:1")
            #expect(memories.first?["cut"] == false)
        }
    }

    @Test("a memory longer than max_words is quoted as the passage that matches, cut to fit")
    func longMemoryIsCut() async throws {
        let filler = "We talked about the weather, the trains and what everyone had for lunch that day."
        // About 70 words; no sentence is quoted longer than half the budget.
        let long = [filler, filler, "The robotics conference in Lisbon starts on the ninth of May.", filler, filler]
            .joined(separator: " ")
        try await InProcessServer.run { server in
            _ = try #require(await server.call("remember", ["content": .string(long), "at": "2024-03-09T18:40:00Z"]))
            let recalled = try #require(
                await server.call("recall", ["query": "When does the Lisbon conference start?", "max_words": 40]))
            let text = try text(of: recalled, within: 40)
            #expect(text.contains("Lisbon starts on the ninth of May"), "\(text)")
            #expect(text.contains("…"), "\(text)")
            #expect(recalled["structuredContent"]?["truncated"] == true)
        }
    }
}
