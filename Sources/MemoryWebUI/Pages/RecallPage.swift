import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage

/// `/recall?q=…&words=N`: exactly what an assistant gets for a question, the text of the MCP
/// `recall` tool with `max_words` N (the same recall of 50 memories, packed by `RecallContext`),
/// each line linked to the memory it quotes. The question is in the URL, so a recall can be
/// linked and reloaded.
struct RecallPage {
    let store: MemoryStore
    let query: [String: String]

    static let defaultWords = 100
    static let wordChoices = [30, 60, 100, 200, 400]
    /// What the MCP tool recalls before packing (its `limit` default).
    static let memoriesRecalled = 50

    func page() async throws -> Page {
        let question = (query["q"] ?? "").trimmed
        let words = try WebUI.parameter(query["words"], name: "words", in: RecallContext.budgets) ?? Self.defaultWords
        var body = "<h1>Recall</h1>"
        body +=
            "<p class=\"subtitle\">What an assistant reads for a question: the MCP <code>recall</code> tool's "
            + "text within a word budget.</p>"
        body += form(question: question, words: words)
        guard !question.isEmpty else {
            body += "<p class=\"muted\">Ask a question, as an assistant would: “Where does my sister live?”</p>"
            return Page(title: "Recall", section: .recall, body: body)
        }
        let recall = try await Recaller(store: store).recall(question, limit: Self.memoriesRecalled, quoting: true)
        let context = RecallContext(recall, query: question, maximumWords: words)
        body +=
            "<p class=\"muted\">\(context.words) of \(words) words"
            + (context.truncated ? "; more matched than fits." : ".") + "</p>"
        body += "<ol class=\"recall\" id=\"recall-lines\">"
        if context.lines.isEmpty { body += "<li><span>\(HTML.escaped(context.text))</span></li>" }
        for (index, line) in context.lines.enumerated() {
            let passage = index - context.facts.count
            guard passage >= 0 else {
                body += "<li class=\"fact\"><span>\(HTML.escaped(line))</span></li>"
                continue
            }
            let memory = context.passages[passage].memory
            let reference = "\(memory.kind):\(memory.id)"
            body +=
                "<li><a href=\"/memory/\(HTML.escaped(reference))\"><span class=\"ref\">\(HTML.escaped(reference))</span>"
                + "\(HTML.escaped(line))</a></li>"
        }
        body += "</ol>"
        body +=
            "<details><summary>As plain text</summary><pre class=\"plain\">\(HTML.escaped(context.text))</pre></details>"
        if !recall.entities.isEmpty {
            body +=
                "<h2>Entities the question names</h2><p>"
                + recall.entities.map {
                    HTML.link(Link.entity($0.id), $0.name) + " <span class=\"muted\">(\($0.kind))</span>"
                }
                .joined(separator: " · ") + "</p>"
        }
        return Page(title: "Recall: \(question)", section: .recall, body: body)
    }

    private func form(question: String, words: Int) -> String {
        let choices = Set(Self.wordChoices + [words]).sorted()
        return "<form class=\"bar\" method=\"get\" action=\"/recall\" role=\"search\">"
            + "<input type=\"search\" name=\"q\" id=\"q\" aria-label=\"Question\" placeholder=\"Ask what an assistant would\" "
            + "value=\"\(HTML.escaped(question))\" autofocus>"
            + "<label class=\"inline\">within <select name=\"words\" aria-label=\"Word budget\">"
            + choices.map { "<option value=\"\($0)\"\($0 == words ? " selected" : "")>\($0) words</option>" }.joined()
            + "</select></label><button type=\"submit\">Recall</button></form>"
    }
}
