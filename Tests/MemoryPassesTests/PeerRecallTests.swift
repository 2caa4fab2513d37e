import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
import TestFixtures

/// Recall, search and the briefing over this device's database and its peers' (docs/PEERS.md),
/// in process, on real SQLite files.
@Suite("Recall across devices: ranked together, each memory marked with its device")
struct PeerRecallTests {
    static let start = Timestamp(iso8601: "2024-03-01T09:00:00Z")!

    static let topics = [
        "hiking above Lake Bled with Leah", "baking sourdough bread on Sunday", "fixing the rear brake of the bike",
        "practising the violin before the concert", "planting tomatoes on the balcony", "the flight to Lisbon in May",
        "reading a novel about lighthouses", "the dentist appointment on Friday", "painting the kitchen green",
        "training for the half marathon", "the quarterly report for Acme", "a birthday dinner for Tom",
    ]

    /// Twenty-four conversations of five turns, each of a topic and two speakers, spread over two
    /// months: every conversation is said on one device only, as each device writes its own.
    static func conversations() -> [[NewMemory]] {
        let replies = [
            "We talked about %@ for a while.", "Did you enjoy %@ in the end?", "Yes, %@ went better than I hoped.",
            "Next time %@ should start earlier.", "I wrote down a note about %@.",
        ]
        return (0..<24).map { index in
            let topic = topics[index % topics.count]
            return replies.enumerated().map { turn, reply in
                NewMemory(
                    content: String(format: reply, topic) + (index % 5 == turn ? " It rained all day." : ""),
                    session: "s\(index)", source: turn % 2 == 0 ? "user" : "assistant", importance: 0.5,
                    createdAt: Timestamp(
                        millisecondsSince1970: start.millisecondsSince1970 + Int64(index) * 86_400_000 * 2
                            + Int64(turn) * 60_000))
            }
        }
    }

    /// One database holding every conversation, and the same conversations split over three: this
    /// device's (every third), `desktop`'s and `laptop`'s.
    struct Split {
        let whole: StoreFixture
        let own: StoreFixture
        let desktop: StoreFixture
        let laptop: StoreFixture

        init() async throws {
            (whole, own, desktop, laptop) = (try StoreFixture(), try StoreFixture(), try StoreFixture(), try StoreFixture())
            let conversations = PeerRecallTests.conversations()
            let everything = try whole.open()
            _ = try await everything.add(conversations.flatMap { $0 })
            await everything.close()
            for (index, fixture) in [own, desktop, laptop].enumerated() {
                let store = try fixture.open()
                _ = try await store.add(conversations.enumerated().filter { $0.offset % 3 == index }.flatMap(\.element))
                await store.close()
            }
        }

        var peers: [Peer] { [Peer(name: "desktop", path: desktop.path), Peer(name: "laptop", path: laptop.path)] }

        func openPeers(_ peers: [Peer]? = nil) -> PeerStores {
            PeerStores.open(peers ?? self.peers, besides: own.path, busyTimeoutMilliseconds: 1000, pageCacheKibibytes: nil)
        }
    }

    /// What a recall ranks, with the ids left out (they are each database's own): score and text,
    /// in rank order, ties by text.
    static func ranking(_ recall: Recall) -> [String] {
        recall.memories.map { "\($0.score) \($0.text)" }.sorted { a, b in
            let (x, y) = (Double(a.prefix { $0 != " " })!, Double(b.prefix { $0 != " " })!)
            return x != y ? x > y : a < b
        }
    }

    @Test("memories split over three databases rank as they do in one database holding them all")
    func rankedAsOne() async throws {
        let split = try await Split()
        let whole = try split.whole.open(create: false)
        let own = try split.own.open(create: false)
        let peers = split.openPeers()
        #expect(peers.opened.count == 2 && peers.skipped.isEmpty)
        let now = Timestamp(iso8601: "2024-06-01T00:00:00Z")!
        for query in [
            "When did I go hiking with Leah?", "sourdough bread", "what happened with the bike brake",
            "violin concert practice", "Did it rain?", "Lisbon flight in May", "report for Acme",
        ] {
            let alone = try await Recaller(store: whole).recall(query, limit: 50, now: now)
            let together = try await Recaller(store: own, peers: peers).recall(query, limit: 50, now: now)
            #expect(!alone.memories.isEmpty, "\(query)")
            #expect(Self.ranking(together) == Self.ranking(alone), "\(query)")
            // Each memory says where it is: this device's unmarked, a peer's by its name.
            for memory in together.memories {
                let expected = [nil, "desktop", "laptop"][Int(memory.session!.dropFirst())! % 3]
                #expect(memory.device == expected, "\(memory.session!): \(memory.text)")
            }
            if query == "Did it rain?" { #expect(Set(together.memories.map(\.device)) == [nil, "desktop", "laptop"]) }
        }
        await peers.close()
        await whole.close()
        await own.close()
    }

    @Test("a peer that fails while it is read is dropped and the recall made again from the rest, with a note")
    func failingPeerDropped() async throws {
        let split = try await Split()
        let own = try split.own.open(create: false)
        let query = "When did I go hiking with Leah?"
        let withoutLaptop = split.openPeers([split.peers[0]])
        let expected = try await Recaller(store: own, peers: withoutLaptop).recall(query, limit: 50)
        await withoutLaptop.close()

        let peers = split.openPeers()
        #expect(peers.opened.count == 2)
        // Opened, then damaged on disk: every page after the first becomes noise.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: split.laptop.path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data((0..<Int(size) - 4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
        let recall = try await Recaller(store: own, peers: peers).recall(query, limit: 50)
        #expect(recall.memories.map(\.text) == expected.memories.map(\.text))
        #expect(recall.memories.map(\.score) == expected.memories.map(\.score))
        #expect(recall.skippedPeers.map(\.name) == ["laptop"], "\(recall.skippedPeers)")
        #expect(!recall.memories.contains { $0.device == "laptop" })
        await peers.close()
        await own.close()
    }

    @Test("search pages over every database together: each hit once, best first, marked with its device")
    func searchPages() async throws {
        let split = try await Split()
        let whole = try split.whole.open(create: false)
        let own = try split.own.open(create: false)
        let peers = split.openPeers()
        let searcher = Searcher(store: own, peers: peers)
        var pages: [SearchHit] = []
        var offset = 0
        while true {
            let page = try await searcher.page("rained", offset: offset, limit: 4, scope: nil)
            pages += page.hits
            offset += 4
            guard page.more else { break }
        }
        let all = try await whole.inspecting { try $0.search("rained", limit: 100) }
        #expect(pages.count == all.count && pages.count > 8)
        #expect(pages.map(\.score) == pages.map(\.score).sorted(by: >))
        #expect(Set(pages.map(\.reference)).count == pages.count)
        #expect(Set(pages.map(\.device)) == [nil, "desktop", "laptop"])
        // With no peers, a page is the store's own.
        let alone = try await Searcher(store: whole).page("rained", offset: 2, limit: 3, scope: nil)
        #expect(alone.hits == Array(all.dropFirst(2).prefix(3)) && alone.more)
        await peers.close()
        await whole.close()
        await own.close()
    }

    @Test("the briefing reads every device's memories, each marked, this device's first")
    func briefing() async throws {
        let split = try await Split()
        let own = try split.own.open(create: false)
        let peers = split.openPeers()
        let read = try await SessionBriefingReader(store: own, peers: peers).read(scope: nil, userFacts: 5)
        #expect(Set(read.candidates.map(\.device)) == [nil, "desktop", "laptop"])
        #expect(read.candidates.first?.device == nil)
        #expect(read.candidates.filter { $0.device == "desktop" }.allSatisfy { $0.reference.hasPrefix("desktop:stm:") })
        await peers.close()
        await own.close()
    }

    @Test("a peer is never written: its bytes and time stay, and no file appears beside it")
    func peersUntouched() async throws {
        let split = try await Split()
        let files = [split.desktop, split.laptop]
        let before = try files.map { (try $0.contents(), try $0.siblings(), try modified($0.path)) }
        let own = try split.own.open(create: false)
        let peers = split.openPeers()
        _ = try await Recaller(store: own, peers: peers).recall("hiking with Leah", limit: 50, quoting: true)
        _ = try await Searcher(store: own, peers: peers).page("bread", offset: 0, limit: 10, scope: nil)
        _ = try await SessionBriefingReader(store: own, peers: peers).read(scope: nil, userFacts: 5)
        await peers.close()
        await own.close()
        for (fixture, (contents, siblings, time)) in zip(files, before) {
            #expect(try fixture.contents() == contents)
            let now = try fixture.siblings()
            #expect(now == siblings, "\(now)")
            #expect(try modified(fixture.path) == time)
        }
    }

    func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }
}
