import Foundation
import MemoryStorage
import TestFixtures
import Testing

/// Recall across devices (docs/PEERS.md) through the built memctl: the `peers` setting and
/// `--peer`, what recall, search, context and the hook print, peers that cannot be read, and
/// references to a peer's memories.
@Suite("memctl with peers: other devices' databases, read-only")
struct PeerCommandTests {
    /// This device's database and two peers', each with memories of its own about Leah's move, in
    /// a directory of peers as restored replicas would be.
    struct Devices {
        let fixture: MemctlFixture
        let desktop: String
        let laptop: String

        init() throws {
            fixture = try MemctlFixture()
            try fixture.add("My sister Leah moved to Berlin in March.", ["--at", "2024-03-02T10:00:00Z"])
            try fixture.add("The pasta recipe needs more garlic.", ["--at", "2024-03-03T10:00:00Z"])
            desktop = fixture.dir.path("peers/desktop.db")
            laptop = fixture.dir.path("peers/laptop.db")
            for (path, text) in [
                (desktop, "Leah's new flat in Berlin is in Kreuzberg, near the canal."),
                (laptop, "I booked a train to Berlin to visit Leah in May."),
            ] {
                let result = try Memctl.run(["--db", path, "add", "--at", "2024-04-02T10:00:00Z", "--", text], in: fixture.dir)
                try #require(result.status == 0, "\(result.stderr)")
            }
        }

        var peerOptions: [String] { ["--peer", desktop, "--peer", "laptop=" + laptop] }

        /// A copy of the desktop's database under `name`, made with `body` (given its path).
        func copy(_ name: String, _ body: (String) throws -> Void = { _ in }) throws -> String {
            let path = fixture.dir.path("peers/" + name)
            try FileManager.default.copyItem(atPath: desktop, toPath: path)
            try body(path)
            return path
        }
    }

    @Test("recall ranks this device's memories and two peers' together, each line of a peer marked with its device")
    func recallTogether() throws {
        let devices = try Devices()
        let table = try devices.fixture.run(["recall", "Where does Leah live in Berlin?"] + devices.peerOptions)
        #expect(table.status == 0 && table.stderr == "", "\(table.stderr)")
        #expect(table.stdout.contains(" stm:1 "), "\(table.stdout)")
        #expect(table.stdout.contains(" desktop:stm:1 ") && table.stdout.contains(" laptop:stm:1 "), "\(table.stdout)")

        let text = try devices.fixture.run(["recall", "Where does Leah live in Berlin?", "--max-words", "60"] + devices.peerOptions)
        #expect(text.status == 0)
        #expect(text.stdout.contains("] user: My sister Leah moved to Berlin"), "\(text.stdout)")
        #expect(text.stdout.contains("user@desktop: Leah's new flat in Berlin"), "\(text.stdout)")
        #expect(text.stdout.contains("user@laptop: I booked a train"), "\(text.stdout)")
        #expect(text.stdout.split(whereSeparator: \.isWhitespace).count <= 60)

        let json = try devices.fixture.run(["--json", "recall", "Leah Berlin"] + devices.peerOptions).jsonObject()
        let memories = try #require(json["memories"] as? [[String: Any]])
        #expect(memories.count == 3)
        #expect(memories.allSatisfy { $0.keys.contains("device") })
        #expect(Set(memories.map { $0["device"] as? String ?? "this device" }) == ["this device", "desktop", "laptop"])
        #expect((json["skipped_peers"] as? [Any])?.isEmpty == true)

        let digest = try devices.fixture.run(["--json", "recall", "Leah Berlin", "--max-words", "80"] + devices.peerOptions)
            .jsonObject()
        let passages = try #require(digest["memories"] as? [[String: Any]])
        let references = Set(passages.map { $0["ref"] as? String ?? "" })
        #expect(references == ["stm:1", "desktop:stm:1", "laptop:stm:1"], "\(references)")
        #expect(passages.allSatisfy { ($0["turn"] as? String)?.hasSuffix($0["ref"] as? String ?? "-") == true })

        // Without peers, nothing of theirs; with --no-peers, the setting is not read either.
        let alone = try devices.fixture.run(["recall", "Leah Berlin"], environment: ["MEMORYD_PEERS": devices.desktop])
        #expect(alone.stdout.contains("desktop:stm:1"), "the setting is read: \(alone.stdout)")
        let none = try devices.fixture.run(["recall", "Leah Berlin", "--no-peers"], environment: ["MEMORYD_PEERS": devices.desktop])
        #expect(!none.stdout.contains("desktop:"), "\(none.stdout)")
    }

    @Test("search and context read the peers too, and mark them")
    func searchAndContext() throws {
        let devices = try Devices()
        let search = try devices.fixture.run(["search", "Berlin"] + devices.peerOptions)
        #expect(search.status == 0 && search.stderr == "")
        for reference in ["stm:1", "desktop:stm:1", "laptop:stm:1"] {
            #expect(search.stdoutLines.contains { $0.hasPrefix(reference + " ") }, "\(search.stdout)")
        }
        let hits = try devices.fixture.run(["--json", "search", "Berlin"] + devices.peerOptions).jsonArray()
        #expect(Set(hits.map { $0["device"] as? String ?? "this device" }) == ["this device", "desktop", "laptop"])

        let context = try devices.fixture.run(["context", "--all-projects", "Leah in Berlin"] + devices.peerOptions)
        #expect(context.status == 0)
        #expect(context.stdout.contains("user@desktop:") && context.stdout.contains("user@laptop:"), "\(context.stdout)")
        let shown = try devices.fixture.run(["--json", "context", "--all-projects", "Leah in Berlin"] + devices.peerOptions)
            .jsonObject()["shown"] as? [String]
        #expect(Set(shown ?? []).isSuperset(of: ["stm:1", "desktop:stm:1", "laptop:stm:1"]), "\(shown ?? [])")
    }

    @Test("a peer that is missing, not a database, cut in half, damaged, another program's, empty, or of an older or newer schema is skipped with a note; recall answers from the rest")
    func badPeers() throws {
        let devices = try Devices()
        let peers = devices.fixture.dir.path("peers")
        let garbage = try devices.fixture.dir.write("peers/garbage.db", Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }))
        let half = try devices.copy("half.db") { path in
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let damaged = try devices.copy("damaged.db") { path in
            // Every page after the first (the header and the schema's root) overwritten with noise.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data((0..<Int(size) - 4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }))
            try handle.close()
        }
        let empty = try devices.fixture.dir.write("peers/empty.db", Data())
        var cases: [(path: String, reason: String)] = [
            (peers + "/missing.db", "no such file"), (garbage, "not a SQLite database"),
            (half, "a copy or restore that has not finished"), (damaged, "damaged"),
            (empty, "an empty file"),
        ]
        if SQLiteShell.isAvailable {
            let foreign = peers + "/foreign.db"
            try SQLiteShell.run(foreign, "CREATE TABLE notes(text);")
            let older = try devices.copy("older.db") { try SQLiteShell.run($0, "PRAGMA user_version = 5;") }
            let newer = try devices.copy("newer.db") { try SQLiteShell.run($0, "PRAGMA user_version = \(MemoryStore.schemaVersion + 1);") }
            cases += [
                (foreign, "another program's SQLite database"), (older, "older than this build reads"),
                (newer, "newer than this build reads"),
            ]
        }
        // This device's own file, and a link to a peer read already.
        cases.append((devices.fixture.db, "it is this device's own database"))
        let link = peers + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: devices.desktop)
        let options = cases.flatMap { ["--peer", $0.path] } + ["--peer", devices.desktop, "--peer", link]
        cases.append((link, "it is the same file as the peer desktop"))
        let result = try devices.fixture.run(["recall", "Leah Berlin", "--max-words", "60"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("My sister Leah") && result.stdout.contains("user@desktop:"), "\(result.stdout)")
        #expect(result.stderrLines.count == cases.count, "\(result.stderr)")
        for (path, reason) in cases {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let line = result.stderrLines.first { $0.hasPrefix("memctl recall: peer \(name) (\(path)): skipped, ") }
            #expect(line?.contains(reason) == true, "\(name): \(line ?? result.stderr)")
            #expect(!(line ?? "").contains("SQLite error") && !(line ?? "").contains("while executing"))
        }
        let json = try devices.fixture.run(["--json", "recall", "Leah Berlin"] + options).jsonObject()
        let skipped = try #require(json["skipped_peers"] as? [[String: String]])
        #expect(skipped.map { $0["path"] ?? "" } == cases.map(\.path))
        #expect(skipped.allSatisfy { $0["name"] != nil && !($0["reason"] ?? "").isEmpty })
        // This device's own database is still an error of its own.
        let own = try Memctl.run(["--db", garbage, "recall", "Leah", "--peer", devices.desktop], in: devices.fixture.dir)
        #expect(own.status == 1 && own.stderr.contains("not a SQLite database"), "\(own.stderr)")
    }

    @Test("the hook with a bad peer still answers from the rest, exits 0, and says so only on standard error")
    func hookWithBadPeer() throws {
        let devices = try Devices()
        let environment = [
            "XDG_STATE_HOME": devices.fixture.dir.path("state"),
            "MEMORYD_PEERS": "desktop=\(devices.desktop), gone=\(devices.fixture.dir.path("peers/gone.db"))",
        ]
        let prompt = ContextCommandTests.input(
            "UserPromptSubmit", session: "s1", cwd: devices.fixture.dir.path(""), prompt: "Where does Leah live in Berlin?")
        let result = try devices.fixture.run(["context", "--hook", "claude-code"], stdin: prompt, environment: environment)
        #expect(result.status == 0)
        let context = try ContextCommandTests.additionalContext(result, event: "UserPromptSubmit")
        #expect(context.contains("My sister Leah") && context.contains("user@desktop:"), "\(context)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("peer gone ("), "\(result.stderr)")
        let start = ContextCommandTests.input("SessionStart", session: "s2", cwd: devices.fixture.dir.path(""), source: "startup")
        let briefing = try devices.fixture.run(["context", "--hook", "codex", "--all-projects"], stdin: start, environment: environment)
        #expect(briefing.status == 0 && briefing.stdout.hasPrefix("What memoryd remembers"), "\(briefing.stdout)")
        #expect(briefing.stdout.contains("@desktop:"), "\(briefing.stdout)")
        // A bad setting fails no hook either: nothing on standard output, one line on standard error.
        var wrong = environment
        wrong["MEMORYD_PEERS"] = "relative/peer.db"
        let refused = try devices.fixture.run(["context", "--hook", "gemini"], stdin: start, environment: wrong)
        #expect(refused.status == 0 && refused.stdout == "" && refused.hasOneCleanErrorLine, "\(refused.stderr)")
        #expect(refused.stderr.contains("MEMORYD_PEERS"), "\(refused.stderr)")
    }

    @Test("a peer is never written: its bytes and modification time stay, and nothing is made beside it")
    func peersUntouched() throws {
        let devices = try Devices()
        // One as a one-shot restore leaves it (WAL in its header, no -wal), one as Litestream's follow
        // mode does (a rollback journal), and one beside a -wal of committed changes.
        var rollback = ""
        if SQLiteShell.isAvailable {
            rollback = try devices.copy("rollback.db") { try SQLiteShell.run($0, "PRAGMA journal_mode = DELETE;") }
        }
        let paths = [devices.desktop, devices.laptop] + (rollback.isEmpty ? [] : [rollback])
        func snapshot() throws -> [(Data, Date?)] {
            try paths.map { path in
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                return (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as? Date)
            }
        }
        let before = try snapshot()
        let listing = try FileManager.default.contentsOfDirectory(atPath: devices.fixture.dir.path("peers")).sorted()
        let options = paths.flatMap { ["--peer", $0] }
        for arguments in [
            ["recall", "Leah Berlin"], ["recall", "Leah Berlin", "--max-words", "50"], ["search", "Berlin"],
            ["context", "--all-projects"], ["context", "--all-projects", "Berlin"],
        ] {
            let result = try devices.fixture.run(arguments + options)
            #expect(result.status == 0 && result.stderr == "", "\(arguments): \(result.stderr)")
        }
        let after = try snapshot()
        for (index, path) in paths.enumerated() {
            #expect(after[index].0 == before[index].0, "\(path) changed")
            #expect(after[index].1 == before[index].1, "\(path)'s time changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: devices.fixture.dir.path("peers")).sorted() == listing)
    }

    @Test("a peer locked for longer than a peer is waited for is skipped, and read again once it is free")
    func lockedPeer() throws {
        guard SQLiteShell.isAvailable else { return }
        let devices = try Devices()
        // As Litestream's follow mode leaves a replica (a rollback journal), held by a writer.
        let locked = try devices.copy("locked.db") { try SQLiteShell.run($0, "PRAGMA journal_mode = DELETE;") }
        let shell = try InteractiveSQLiteShell(database: locked)
        shell.send("BEGIN EXCLUSIVE;\n")
        // The shell takes the lock when it reads its input: recall until a run finds it held.
        var skipped: MemctlResult?
        let deadline = Date().addingTimeInterval(10)
        while skipped == nil, Date() < deadline {
            let result = try devices.fixture.run(["recall", "Leah Berlin", "--peer", locked])
            #expect(result.status == 0, "\(result.stderr)")
            if result.stderr.contains("skipped") { skipped = result }
        }
        let result = try #require(skipped, "the peer was never found locked")
        #expect(result.stdout.contains("My sister Leah") && !result.stdout.contains("locked:"), "\(result.stdout)")
        #expect(result.stderr.contains("peer locked (\(locked)): skipped, another process kept it locked for more than 500 ms"))
        #expect(shell.closeInputAndWait() == 0)
        let free = try devices.fixture.run(["recall", "Leah Berlin", "--peer", locked])
        #expect(free.stdout.contains("locked:stm:1") && free.stderr == "", "\(free.stdout)\(free.stderr)")
    }

    @Test("a bad peers setting is a configuration error (78), a bad --peer a usage error (64), each saying what is wrong")
    func badSettings() throws {
        let devices = try Devices()
        let flag = try devices.fixture.run(["recall", "Leah", "--peer", "my desk=/srv/x.db"])
        #expect(flag.status == 64 && flag.stderr.contains("--peer: 'my desk' is not a device name"), "\(flag.stderr)")
        let both = try devices.fixture.run(["search", "Leah", "--peer", devices.desktop, "--no-peers"])
        #expect(both.status == 64 && both.stderr.contains("--peer and --no-peers exclude each other"))

        let variable = try devices.fixture.run(["recall", "Leah"], environment: ["MEMORYD_PEERS": "peers/desktop.db"])
        #expect(variable.status == 78, "\(variable.stderr)")
        #expect(variable.stderr.contains("peers = peers/desktop.db ($MEMORYD_PEERS): 'peers/desktop.db' is a relative path"))

        let file = try devices.fixture.dir.write(
            "settings.conf", "log_level = info\npeers = desktop=\(devices.desktop), desktop=\(devices.laptop)\n")
        let fromFile = try devices.fixture.run(["search", "Leah"], environment: ["MEMORYD_CONFIG": file])
        #expect(fromFile.status == 78 && fromFile.stderr.contains("\(file):2: peers = "), "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("two peers are named desktop"))
        let missing = try devices.fixture.run(["recall", "Leah"], environment: ["MEMORYD_CONFIG": file + ".gone"])
        #expect(missing.status == 78 && missing.stderr.contains("cannot read the settings file"), "\(missing.stderr)")

        // The user's settings file, as the user service reads it, names the peers once for every reader.
        let config = devices.fixture.dir.path("xdg-config/memoryd")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        _ = try devices.fixture.dir.write("xdg-config/memoryd/memoryd.conf", "follow = none\npeers = laptop=\(devices.laptop)\n")
        let configured = try devices.fixture.run(["recall", "Leah Berlin"])
        #expect(configured.status == 0 && configured.stdout.contains("laptop:stm:1"), "\(configured.stdout)\(configured.stderr)")
        #expect(!configured.stdout.contains("desktop:"))
    }

    @Test("a peer's reference is never taken for this device's: forget refuses it, show and why read the peer")
    func references() throws {
        let devices = try Devices()
        let environment = ["MEMORYD_PEERS": "desktop=\(devices.desktop)"]
        let forget = try devices.fixture.run(["forget", "desktop:stm:1", "--purge"], environment: environment)
        #expect(forget.status == 64, "\(forget.stderr)")
        #expect(forget.stderr.contains("desktop:stm:1 is a memory of the peer desktop, whose database memoryd only reads"))
        // Neither database lost anything: this device's stm:1 is still recalled, and the peer's too.
        let recall = try devices.fixture.run(["recall", "Leah Berlin"], environment: environment)
        #expect(recall.stdout.contains(" stm:1 ") && recall.stdout.contains(" desktop:stm:1 "), "\(recall.stdout)")
        #expect(try devices.fixture.pendingCount() == 2)

        let show = try devices.fixture.run(["show", "desktop:stm:1"], environment: environment)
        #expect(show.status == 0 && show.stdout.contains("Kreuzberg"), "\(show.stdout)\(show.stderr)")
        #expect(!show.stdout.contains("My sister Leah"))
        let unknown = try devices.fixture.run(["show", "laptop:stm:1"], environment: environment)
        #expect(unknown.status == 1 && unknown.stderr.contains("laptop is not a peer of the peers setting"), "\(unknown.stderr)")
        let why = try devices.fixture.run(["why", "desktop:ltm:1"], environment: environment)
        #expect(why.status == 1 && why.stderr.contains("ltm:1"), "no long-term memory yet: \(why.stderr)")
    }
}
