import Foundation
import MemoryModel
import TestFixtures
import Testing

@testable import JSONReading
@testable import MemoryImport
import MemoryStorage

/// The mapping of ChatGPT and Claude exports to memories, on exports made as the services make
/// them (TestFixtures/ChatExportFixtures.swift); the command-line tests cover the import itself.
@Suite("Chat exports")
struct ChatExportTests {
    func conversations(_ data: Data, _ format: ExportFormat) throws -> [Result<
        ExportedConversation, InvalidConversation
    >] {
        let file = ExportFile(source: PiecewiseByteSource([UInt8](data)), name: "conversations.json", format: format)
        var all: [Result<ExportedConversation, InvalidConversation>] = []
        while let element = try file.next() { all.append(element.conversation) }
        return all
    }

    @Test("ChatGPT: the path from the root to current_node, without other branches")
    func chatGPTBranch() throws {
        let all = try conversations(ChatExportFixtures.chatGPTExport(), .chatgpt)
        let trip = try all[0].get()
        #expect(trip.id == "c-trip")
        #expect(trip.title == "Trip to Lisbon")
        #expect(trip.messages.map(\.id) == ["m-u1", "m-a1", "m-u2", "m-a2", "m-a4"])
        #expect(trip.leftOut[.otherBranch] == 3)
        #expect(trip.leftOut[.hidden] == 1)
        #expect(trip.leftOut[.toolCall] == 1)
        #expect(trip.leftOut[.tool] == 1)
        #expect(trip.leftOut[.image] == 1)
        #expect(trip.leftOut[.thinking] == 1)
        #expect(trip.leftOut[.empty] == 1)
        #expect(trip.messages[0].createdAt == Timestamp(iso8601: "2024-05-02T09:00:00Z"))
        let tea = try all[1].get()
        #expect(tea.title == nil)
        #expect(tea.messages.map(\.source) == ["user", "assistant"])
    }

    @Test("ChatGPT: a conversation without current_node follows the last leaf; a loop in parents ends the walk")
    func chatGPTWithoutCurrentNode() throws {
        typealias F = ChatExportFixtures
        let nodes = [
            F.Node("r", parent: nil, message: nil),
            F.Node("q", parent: "r", message: F.message("m-q", role: "user", parts: ["Question"], at: F.mayMorning)),
            F.Node(
                "a", parent: "q", message: F.message("m-a", role: "assistant", parts: ["Answer"], at: F.mayMorning + 1)),
        ]
        let noCurrent = F.conversation(id: "c", title: "t", nodes: nodes, currentNode: nil, created: F.mayMorning)
        var looped = F.conversation(id: "d", title: "t", nodes: nodes, currentNode: "a", created: F.mayMorning)
        var mapping = looped["mapping"] as! [String: Any]
        var root = mapping["r"] as! [String: Any]
        root["parent"] = "a"
        mapping["r"] = root
        looped["mapping"] = mapping
        let data = try JSONSerialization.data(withJSONObject: [noCurrent, looped])
        let all = try conversations(data, .chatgpt)
        #expect(try all[0].get().messages.map(\.content) == ["Question", "Answer"])
        #expect(try all[1].get().messages.map(\.content) == ["Question", "Answer"])
    }

    @Test("Claude: text blocks, the text field only without blocks, time order")
    func claude() throws {
        let all = try conversations(ChatExportFixtures.claudeExport(), .claude)
        let garden = try all[0].get()
        #expect(garden.title == "Garden plans")
        #expect(garden.messages.map(\.id) == ["cm-0", "cm-1", "cm-2"])
        #expect(garden.messages[2].content == "Tomatoes love full sun.")
        #expect(garden.leftOut[.thinking] == 1)
        #expect(garden.leftOut[.tool] == 2)
    }

    @Test("the wrong format is named, with a hint at the right one")
    func wrongFormat() throws {
        let asClaude = try conversations(ChatExportFixtures.chatGPTExport(), .claude)
        guard case .failure(let error) = asClaude[0] else {
            Issue.record("accepted as Claude")
            return
        }
        #expect(error.reason.contains("--from chatgpt"))
        let asChatGPT = try conversations(ChatExportFixtures.claudeExport(), .chatgpt)
        guard case .failure(let other) = asChatGPT[0] else {
            Issue.record("accepted as ChatGPT")
            return
        }
        #expect(other.reason.contains("--from claude"))
    }

    @Test("a message over 4 MiB is left out and counted")
    func tooLong() throws {
        typealias F = ChatExportFixtures
        let huge = String(repeating: "a", count: NewMemory.maximumContentBytes + 1)
        let nodes = [
            F.Node("q", parent: nil, message: F.message("m-q", role: "user", parts: [huge], at: F.mayMorning)),
            F.Node("a", parent: "q", message: F.message("m-a", role: "assistant", parts: ["ok"], at: F.mayMorning)),
        ]
        let data = try JSONSerialization.data(withJSONObject: [
            F.conversation(id: "c", title: nil, nodes: nodes, currentNode: "a", created: F.mayMorning)
        ])
        let conversation = try conversations(data, .chatgpt)[0].get()
        #expect(conversation.messages.map(\.content) == ["ok"])
        #expect(conversation.leftOut[.tooLong] == 1)
    }
}
