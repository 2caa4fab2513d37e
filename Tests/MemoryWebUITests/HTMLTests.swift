import Foundation
import MemoryModel
import Testing

@testable import MemoryWebUI

@Suite("building the pages' HTML")
struct HTMLTests {
    @Test("text from the database can never become markup")
    func escaping() {
        #expect(
            HTML.escaped("<script>alert('x')</script> & \"q\"")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        #expect(HTML.escaped("Zürich 🙂 東京") == "Zürich 🙂 東京")
        #expect(HTML.escaped("a\0b") == "a\u{FFFD}b")
        #expect(HTML.scriptJSON("{\"name\":\"</script><script>x\"}") == "{\"name\":\"<\\/script><script>x\"}")
    }

    @Test("links percent-encode their values and leave out empty ones")
    func links() {
        #expect(Link.recall("Where does Leah live?", words: 30) == "/recall?q=Where%20does%20Leah%20live%3F&words=30")
        #expect(Link.with("/memories", [("status", ""), ("before", nil)]) == "/memories")
        #expect(Link.percentEncoded("a&b=c/ü") == "a%26b%3Dc%2F%C3%BC")
        #expect(Link.memory(.longTerm(LongTermMemoryID(3))) == "/memory/ltm:3")
    }

    @Test("the graph's data is JSON a browser parses, whatever the names hold")
    func graphJSON() throws {
        let graph = KnowledgeGraph(
            nodes: [
                EntityName(id: EntityID(1), name: "Leah \"L\" </script>", kind: "person"),
                EntityName(id: EntityID(2), name: "Munich\n", kind: "place"),
            ],
            edges: [
                .init(
                    source: EntityID(1), target: EntityID(2), predicate: "lives_in", weight: 1.5,
                    validFrom: Timestamp(millisecondsSince1970: 0), validTo: nil)
            ])
        let json = GraphPage.json(graph, center: EntityID(1), mentions: [EntityID(1): 4])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(parsed["center"] as? Int == 1)
        let nodes = try #require(parsed["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["name"] as? String } == ["Leah \"L\" </script>", "Munich\n"])
        #expect(nodes.map { $0["mentions"] as? Int } == [4, 0])
        let edge = try #require((parsed["edges"] as? [[String: Any]])?.first)
        #expect(edge["valid_to"] is NSNull)
        #expect(!HTML.scriptJSON(json).contains("</script>"))
    }

    @Test("the chart's axis ends at 1, 2 or 5 times a power of ten")
    func axis() {
        #expect(
            [0, 1, 3, 7, 10, 11, 49, 51, 999].map(ActivityChart.roundedUp) == [0, 1, 5, 10, 10, 20, 50, 100, 1000])
        #expect(HTML.count(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(HTML.count(999) == "999")
    }
}
