/// What an assistant should be reminded of, how recall weighs it, and the rows it ranks.

/// What an assistant should be reminded of for a query: `memctl recall`.
package struct Recall: Codable, Sendable, Equatable {
    /// One recalled memory, with what an assistant needs to use it: when it was said, in which
    /// session, by whom, and for a long-term memory what it was made from.
    package struct Memory: Codable, Sendable, Equatable {
        /// `ltm` or `stm`.
        package let kind: String
        package let id: Int64
        package let text: String
        package var score: Double
        /// A short-term memory's time; for a long-term memory, the time of its earliest source.
        package var createdAt: Timestamp
        /// For a long-term memory: the times of its earliest and latest sources.
        @ExplicitNull package var firstAddedAt: Timestamp?
        @ExplicitNull package var lastAddedAt: Timestamp?
        /// The session and source (who said it); for a long-term memory, those of its earliest
        /// source.
        @ExplicitNull package var session: String?
        @ExplicitNull package var source: String?
        /// For a long-term memory: its source short-term memory ids, oldest first (at most
        /// `Recall.listedSources`), and how many it has in all.
        @ExplicitNull package var sources: [Int64]?
        @ExplicitNull package var sourceCount: Int?
        /// The peer whose database holds it; nil for this device's own (docs/PEERS.md). Its ids
        /// are that database's.
        @ExplicitNull package var device: String?
        /// The turn of this memory that matched the query best: what a recall within a word
        /// budget quotes from, with its own time and speaker. Not part of the JSON of a whole
        /// memory.
        package var matched: Turn?

        private enum CodingKeys: String, CodingKey {
            case kind, id, text, score, createdAt, firstAddedAt, lastAddedAt, session, source, sources, sourceCount
            case device
        }

        package init(kind: String, id: Int64, text: String, score: Double, createdAt: Timestamp) {
            self.kind = kind
            self.id = id
            self.text = text
            self.score = score
            self.createdAt = createdAt
        }

        /// `ltm:3`, or `desktop:ltm:3` for a peer's: what another command may be given.
        package var reference: String { DeviceReference.text("\(kind):\(id)", device: device) }

        /// Its key among the memories of every device.
        package var key: DeviceRecordKey { DeviceRecordKey(device: device, id: id) }
    }

    /// A short-term memory as recall quotes it: what was said, when, by whom.
    package struct Turn: Sendable, Equatable {
        package let id: Int64
        package let text: String
        package let speaker: String
        package let createdAt: Timestamp
        /// The end of the turn before it in its session when someone else said it (the recall
        /// index's `context`): the question a reply may answer. Read only for a recall that is to
        /// be quoted within a word budget (`Recaller.recall(_:limit:now:quoting:)`).
        package var before: String?
        /// The matched turn whose thread this one carries on, when it does: the same speaker's
        /// turn before the other's reply before it (`RecallRanker.threadTurn`).
        package var carriesOn: String?
        /// The session it was said in: what a recall that gathers (`RecallGathering`) covers one by one.
        package var session: String?

        package init(id: Int64, text: String, speaker: String, createdAt: Timestamp) {
            self.id = id
            self.text = text
            self.speaker = speaker
            self.createdAt = createdAt
        }
    }

    /// Source ids listed per long-term memory, at most: a much-restated memory has thousands.
    package static let listedSources = 20

    /// An entity the query names.
    package struct NamedEntity: Codable, Sendable, Equatable {
        package let id: EntityID
        package let name: String
        package let kind: String
        /// The peer whose graph holds it; nil for this device's own.
        @ExplicitNull package var device: String?

        package init(id: EntityID, name: String, kind: String) {
            self.id = id
            self.name = name
            self.kind = kind
        }

        /// `entity:7`, or `desktop:entity:7` for a peer's.
        package var reference: String { DeviceReference.text("entity:\(id)", device: device) }
    }

    /// An open edge: what holds now.
    package struct Fact: Codable, Sendable, Equatable {
        package let subject: String
        package let predicate: String
        package let object: String
        package let since: Timestamp
        /// The peer whose graph holds it; nil for this device's own.
        @ExplicitNull package var device: String?

        package init(subject: String, predicate: String, object: String, since: Timestamp) {
            self.subject = subject
            self.predicate = predicate
            self.object = object
            self.since = since
        }
    }

    package let memories: [Memory]
    package let entities: [NamedEntity]
    package let facts: [Fact]
    /// The peers this recall went without, and why (docs/PEERS.md).
    package let skippedPeers: [SkippedPeer]

    package init(memories: [Memory], entities: [NamedEntity], facts: [Fact], skippedPeers: [SkippedPeer] = []) {
        self.memories = memories
        self.entities = entities
        self.facts = facts
        self.skippedPeers = skippedPeers
    }
}

/// How recall ranks (docs/RECALL.md has the reasoning and the measurements): text relevance
/// over the recall index first, then, to order what is about equally relevant, recency,
/// importance and the strength of a long-term memory.
package struct RecallWeights: Sendable, Equatable {
    package var relevance = 1.0
    package var recency = 0.1
    package var importance = 0.1
    package var strength = 0.05
    /// Recency is 0.995 per hour since the memory was last added to (about 5.8 days to halve).
    package var recencyDecayPerHour = 0.995
    /// Column weights of BM25 over the recall index: the memory's text, who said it, the turn
    /// before it, and the words of its date.
    package var textWeight = 1.0
    package var speakerWeight = 1.0
    package var contextWeight = 0.7
    package var dateWeight = 1.0
    /// A turn said by the one person the query names counts this many times.
    package var namedSpeakerBoost = 2.0
    /// A turn gains this share of the best BM25 among the matched turns of its session: what
    /// matched in a conversation makes its other turns likelier to be about the same thing.
    package var sessionShare = 0.3
    /// Relevance is divided by (max(words, floor) / scale)^exponent of the text recall returns.
    package var lengthPriorFloor = 5.0
    package var lengthPriorScale = 20.0
    package var lengthPriorExponent = 0.1
    /// What a memory means, beside the words it shares with the query: the cosine of the two
    /// texts' word vectors (`WordVectors`), as a z-score among the first `meaningPool` memories,
    /// scales the score by 1 + this much of it.
    package var meaning = 0.1
    /// How many of the best memories by the other weights are weighed again by their meaning.
    package var meaningPool = 50
    /// Turns read from the recall index before ranking.
    package var candidates = 200
    /// A turn that carries on the thread of a matched turn (the same speaker again, after the
    /// other's reply: "I had a picnic" — "What games?" — "Charades!") is at least this share
    /// as relevant as the turn it carries on.
    package var threadShare = 0.5
    /// The best matched turns (by BM25) whose threads are read.
    package var threadSources = 10
    /// For a question that asks for several things, memories of sessions not yet among the first
    /// `spreadTop` are brought into them (`RecallRanker.bringingIn`), each the best of its session
    /// among the first `spreadReach`.
    package var spreadTop = 5
    package var spreadReach = 20

    package init() {}
}

/// A turn after a matched one in its session, as the store reads it: where the thread the
/// matched turn began goes on. A forgotten turn is listed too, as it still tells who spoke.
package struct RecallFollowingTurn: Sendable {
    package var turn: RecallTurn
    package let forgotten: Bool

    package init(turn: RecallTurn, forgotten: Bool) {
        self.turn = turn
        self.forgotten = forgotten
    }
}

/// One turn matched in the recall index, as the store reads it.
package struct RecallTurn: Sendable {
    package let id: Int64
    /// BM25 over the recall index (SQLite's sign: lower is better).
    package let bm25: Double
    package let text: String
    package let session: String
    package let speaker: String
    package let createdAt: Timestamp
    /// As the writer gave it; nil when the writer gave none.
    package let importance: Double?
    /// The long-term memory it went into, if it was consolidated.
    package let longTermID: Int64?
    /// The peer whose database it was read from; nil for this device's own.
    package var device: String?

    /// Its key among the turns of every device.
    package var key: DeviceRecordKey { DeviceRecordKey(device: device, id: id) }

    package init(
        id: Int64, bm25: Double, text: String, session: String, speaker: String, createdAt: Timestamp,
        importance: Double?, longTermID: Int64?
    ) {
        self.id = id
        self.bm25 = bm25
        self.text = text
        self.session = session
        self.speaker = speaker
        self.createdAt = createdAt
        self.importance = importance
        self.longTermID = longTermID
    }
}
