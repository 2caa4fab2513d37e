import FoundationEssentials
import MemoryEngines
import MemoryModel
import MemoryStorage

/// `memctl recall`: reads what the recall index matches through the store and ranks it with
/// `RecallRanker`, then adds the entities the query names and their current facts.
/// docs/RECALL.md has the method.
///
/// With peers (other devices' databases, docs/PEERS.md) it reads each database at once, scores
/// every turn against the corpus of all of them, and ranks them together within one limit: each
/// memory marked with its device.
package struct Recaller: Sendable {
    package let store: MemoryStore
    /// Other devices' databases read beside it; none by default.
    package let peers: PeerStores
    package let settings: PassSettings
    package let weights: RecallWeights

    package init(
        store: MemoryStore, peers: PeerStores = .none, settings: PassSettings = PassSettings(),
        weights: RecallWeights = RecallWeights()
    ) {
        self.store = store
        self.peers = peers
        self.settings = settings
        self.weights = weights
    }

    /// The memories `query` recalls, at most `limit`, and the entities it names with their facts.
    /// `quoting`: the recall is to be quoted within a word budget (`RecallContext`), so each
    /// memory's matched turn also carries the end of the turn before it, which it may answer.
    /// `scope`: only the memories of that project and of none (nil: every memory). Entities and
    /// their facts are shared by every project. A peer that cannot be read is left out, and
    /// listed in `skippedPeers`.
    package func recall(
        _ query: String, limit: Int, now: Timestamp = .now, quoting: Bool = false, scope: ProjectScope? = nil
    ) async throws -> Recall {
        let query = Self.bounded(query)
        let tokens = TextTokens(query).tokens.filter(\.isWord).map(\.lower)
        var peers = self.peers
        let (memories, entities, facts) = try await peers.reading(own: store) { devices in
            // The names in the query need the gazetteer, which takes milliseconds to build: on the
            // other core, while the stores look the words up.
            async let aliasKeys = Self.aliasKeys(in: query, tokens: tokens)
            let memories = try await self.memories(
                tokens, across: devices, limit: limit, now: now, quoting: quoting, scope: scope)
            let (entities, facts) = try await Self.graph(
                aliasKeys: await aliasKeys, firstPerson: Self.isFirstPerson(tokens), across: devices)
            return (memories, entities, facts)
        }
        return Recall(memories: memories, entities: entities, facts: facts, skippedPeers: peers.skipped)
    }

    /// The query's words for full-text matching: its lower-cased word tokens without stop words
    /// or quotes, each once, the first `maximumQueryWords` of them.
    static func queryWords(_ tokens: [String]) -> [String] {
        var seen: Set<String> = []
        return Array(
            tokens.filter {
                !TextFeatures.stopWords.contains($0) && !$0.contains("\"") && seen.insert($0).inserted
            }.prefix(maximumQueryWords))
    }

    /// A question has a few dozen words (the longest of both benchmarks' 40); a prompt handed over
    /// by a hook may be pages of pasted text. Recall reads the first `maximumQueryCharacters`
    /// (cut at a space) and matches their first `maximumQueryWords` words: each word costs a
    /// look-up in the index, and SQLite takes at most 127 arguments to a function (the score
    /// takes one per word).
    static let maximumQueryCharacters = 2_000
    static let maximumQueryWords = 64

    /// `query` cut to `maximumQueryCharacters`, at the last whitespace before the cut if any.
    static func bounded(_ query: String) -> String {
        guard query.count > maximumQueryCharacters else { return query }
        let cut = query.prefix(maximumQueryCharacters)
        return String(cut.lastIndex(where: \.isWhitespace).map { cut[..<$0] } ?? cut)
    }

    /// Keys under which an entity the query names may be stored: what the extractor finds in it,
    /// and every run of one to three of its words (`tokens`, lower-cased).
    static func aliasKeys(in query: String, tokens: [String]) -> [String] {
        var keys = Set(EntityExtractor(for: query).extract(query).filter { $0.kind.isNamed }.map(\.key))
        for length in 1...3 where tokens.count >= length {
            for start in 0...(tokens.count - length) {
                let phrase = tokens[start..<(start + length)]
                if length == 1 && TextFeatures.stopWords.contains(phrase.first!) { continue }
                keys.insert(phrase.joined(separator: " "))
            }
        }
        return keys.sorted()
    }

    /// "I", "me", "my": the query is about the speaker.
    static func isFirstPerson(_ tokens: [String]) -> Bool {
        !RecallRanker.firstPerson.isDisjoint(with: tokens)
    }
}
