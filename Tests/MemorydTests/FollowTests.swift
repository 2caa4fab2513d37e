import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A HOME of its own where the coding agents write their sessions, and the database and socket
/// of the memoryd that follows them.
final class AgentHome {
    let dir: TemporaryDirectory
    var home: String { dir.path("home") }
    var db: String { dir.path("memory.db") }
    var socket: String { dir.path("control.sock") }

    init() throws {
        dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// Where `tool` writes its sessions in this HOME.
    func root(_ tool: AgentSession.Tool) -> String { home + "/" + tool.homeRoot }

    /// memoryd with this HOME, following `follow` (nil: no --follow), once it answers on its socket;
    /// `launcher` runs it through another program (setpriv, to run it as another user).
    func start(follow: String? = "claude-code,codex,gemini", arguments: [String] = [], launcher: [String] = []) throws
        -> DaemonProcess
    {
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir, environment: ["HOME": home, "CODEX_HOME": ""],
            arguments: (follow.map { ["--follow", $0] } ?? []) + arguments, launcher: launcher)
        let answered = eventually(within: 15) { (try? status()) != nil || !daemon.process.isRunning }
        try #require(answered && daemon.process.isRunning, "memoryd did not start: \(daemon.log)")
        return daemon
    }

    /// `memctl status --json`.
    func status() throws -> [String: Any] {
        let result = try Memctl.run(["status", "--socket", socket, "--json"], in: dir)
        guard result.status == 0 else { throw StatusUnavailable(stderr: result.stderr) }
        return try result.jsonObject()
    }

    struct StatusUnavailable: Error { let stderr: String }

    /// What `status --json` says of the followed sessions.
    func follow() throws -> [String: Any] {
        try #require(try status()["follow"] as? [String: Any], "status has no follow")
    }

    /// Every short-term memory, oldest first, as `memctl stm --json` shows them.
    func memories() throws -> [[String: Any]] {
        // Until memoryd has made the database, nothing is stored.
        guard FileManager.default.fileExists(atPath: db) else { return [] }
        let result = try Memctl.run(["--db", db, "stm", "--json", "--limit", "100000"], in: dir)
        try #require(result.status == 0, "memctl stm: \(result.stderr)")
        return try result.jsonArray().reversed()
    }

    /// The text of every short-term memory, oldest first.
    func texts() throws -> [String] { try memories().compactMap { $0["content"] as? String } }

    /// What is stored, for a failure's message (empty when it cannot be read).
    var seen: [String] { (try? texts()) ?? [] }

    /// Waits up to `seconds` for `condition`; whether it came true.
    @discardableResult
    func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// Waits up to `seconds` until every one of `texts` is stored.
    @discardableResult
    func stored(_ texts: [String], within seconds: Double) throws -> Bool {
        try eventually(within: seconds) { Set(try self.texts()).isSuperset(of: texts) }
    }

    /// `path|read_to|messages|error` of every followed file.
    func followedFiles() throws -> [String] {
        try SQLiteShell.run(
            db, "SELECT path, read_to, messages, coalesce(error, '') FROM followed_files ORDER BY path;"
        )
        .output.split(separator: "\n").map(String.init)
    }
}

/// Each text that is there more than once.
func doubles(_ texts: [String]) -> [String] {
    Dictionary(grouping: texts, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
}

func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : -1
}

/// memoryd following coding agents' sessions (`--follow`) as a user runs it: a HOME of its own
/// where the tools write, memoryd as a process, lines appended while it runs, kills and restarts,
/// and what is stored read back through memctl.
@Suite("memoryd --follow (real processes, files, inotify and signals)", .serialized)
struct FollowTests {
    @Test("a fresh HOME: sessions already there are stored at start with their sessions and projects; lines appended to live sessions within 2 s")
    func backfillThenLive() throws {
        let home = try AgentHome()
        var backfilled: [String] = []
        var paths: [AgentSession.Tool: String] = [:]
        for tool in AgentSession.Tool.allCases {
            let session = AgentSession(tool)
            let texts = [
                "\(tool.rawValue): how do I rotate the logs?", "\(tool.rawValue): logrotate, with a weekly rule.",
            ]
            paths[tool] = try session.write(try session.lines(texts, startingSecondsAgo: 300), under: home.root(tool))
            backfilled += texts
        }
        let daemon = try home.start()
        #expect(try home.stored(backfilled, within: 10), "\(home.seen); log: \(daemon.log)")
        let memories = try home.memories()
        #expect(memories.count == 6)
        for tool in AgentSession.Tool.allCases {
            let mine = memories.filter { ($0["content"] as? String)?.hasPrefix(tool.rawValue + ":") == true }
            #expect(mine.map { $0["session"] as? String } == [AgentSession(tool).id, AgentSession(tool).id])
            #expect(mine.map { $0["source"] as? String } == ["user", "assistant"])
        }
        let projects = try SQLiteShell.run(
            home.db, "SELECT session, project, origin FROM session_projects ORDER BY origin;")
        #expect(
            projects.output.split(separator: "\n").map(String.init)
                == AgentSession.Tool.allCases.map {
                    "\(AgentSession($0).id)|/home/dana/src/acme-api|\($0.rawValue)"
                })

        let follow = try home.follow()
        let sources = try #require(follow["sources"] as? [[String: String]])
        #expect(sources.map { $0["tool"] } == ["claude-code", "codex", "gemini"])
        #expect(sources.map { $0["root"] } == AgentSession.Tool.allCases.map { home.root($0) })
        #expect(sources.map { $0["watching"] } == ["inotify", "inotify", "inotify"])
        #expect(follow["files"] as? Int == 3)
        #expect(follow["messages"] as? Int == 6)
        #expect((follow["errors"] as? [Any])?.isEmpty == true)
        let text = try Memctl.run(["status", "--socket", home.socket], in: home.dir)
        #expect(text.stdout.contains("following: claude-code in \(home.root(.claudeCode)) (inotify)"), "\(text.stdout)")
        #expect(text.stdout.contains("3 files, 6 messages stored"), "\(text.stdout)")

        // The sessions go on.
        var live: [String] = []
        for tool in AgentSession.Tool.allCases {
            let session = AgentSession(tool)
            let texts = ["\(tool.rawValue): and the nginx logs?", "\(tool.rawValue): the same rule covers them."]
            try TranscriptFile.append(
                lines: try session.message(2, texts[0], at: transcriptTime(secondsAgo: 2))
                    + session.message(3, texts[1], at: transcriptTime(secondsAgo: 1)),
                to: try #require(paths[tool]))
            live += texts
        }
        #expect(try home.stored(live, within: 2), "not stored within 2 s: \(home.seen)")
        #expect(try home.memories().count == 12)
        #expect(doubles(try home.texts()) == [])
    }

    @Test(
        "a new session file, a new project's directory, and a tool's directory made after the start are all picked up")
    func newFilesAndDirectories() throws {
        let home = try AgentHome()
        let first = AgentSession(.claudeCode, number: 1)
        try first.write(
            try first.lines(["already here", "indeed"], startingSecondsAgo: 300), under: home.root(.claudeCode))
        let daemon = try home.start()
        #expect(try home.stored(["already here", "indeed"], within: 10), "log: \(daemon.log)")
        let missing = try #require(try home.follow()["sources"] as? [[String: String]]).map { $0["watching"] }
        #expect(missing == ["inotify", "missing", "missing"], "Codex and Gemini CLI have not run yet")

        // Another session in the same project, and one in a project Claude Code never ran in.
        let second = AgentSession(.claudeCode, number: 2)
        try second.write(try second.lines(["a second session", "in the same project"]), under: home.root(.claudeCode))
        let third = AgentSession(.claudeCode, number: 3, cwd: "/home/dana/src/new-tool")
        try third.write(try third.lines(["a new project", "with its own directory"]), under: home.root(.claudeCode))
        // Codex and Gemini CLI run for the first time: their directories are made now.
        let codex = AgentSession(.codex, number: 4)
        try codex.write(try codex.lines(["codex's first session", "welcome"]), under: home.root(.codex))
        let gemini = AgentSession(.gemini, number: 5)
        try gemini.write(try gemini.lines(["gemini's first session", "hello"]), under: home.root(.gemini))

        let all = [
            "already here", "indeed", "a second session", "in the same project", "a new project",
            "with its own directory", "codex's first session", "welcome", "gemini's first session", "hello",
        ]
        #expect(try home.stored(all, within: 10), "\(home.seen); log: \(daemon.log)")
        #expect(try home.texts().count == all.count)
        // A directory that appears is watched from the next look for it on (every 2 s).
        #expect(
            home.eventually(within: 5) {
                let sources = (try? home.follow()["sources"]) as? [[String: String]]
                return sources?.map { $0["watching"] } == ["inotify", "inotify", "inotify"]
            }, "\((try? home.follow()) ?? [:])")
        let project = try SQLiteShell.run(
            home.db, "SELECT project FROM session_projects WHERE session = '\(third.id)';")
        #expect(project.output == "/home/dana/src/new-tool\n")

        // The next day Codex CLI writes under a directory of the new date.
        let nextDay = AgentSession(.codex, number: 6)
        let nextDayPath = home.root(.codex) + "/2026/08/21/rollout-2026-08-21T09-00-00-\(nextDay.id).jsonl"
        try TranscriptFile.write(lines: try nextDay.lines(["the next day", "good morning"]), to: nextDayPath)
        #expect(try home.stored(["the next day", "good morning"], within: 5), "\(home.seen); log: \(daemon.log)")
        #expect(try home.follow()["files"] as? Int == 6)
        #expect(doubles(try home.texts()) == [])
    }

    @Test("SIGKILL at random moments while sessions are appended to, each followed by a restart: every line stored exactly once")
    func killedWhileAppending() throws {
        let home = try AgentHome()
        let claude = AgentSession(.claudeCode, number: 7)
        let codex = AgentSession(.codex, number: 7)
        let claudePath = try claude.write(
            try claude.header(at: transcriptTime(secondsAgo: 400)), under: home.root(.claudeCode))
        let codexPath = try codex.write(try codex.header(at: transcriptTime(secondsAgo: 400)), under: home.root(.codex))
        var daemon = try home.start()
        // An odd count: the last message is the user's, so no reply is left open at the end.
        let count = 301
        let kills = (0..<5).map { Int.random(in: (20 + $0 * 50)..<(50 + $0 * 50)) }
        var expected: [String] = []
        var downUntil: Int?
        for index in 0..<count {
            let time = transcriptTime(secondsAgo: Double(count - index))
            let claudeText = "claude line \(index): build \(index * 7) is green"
            let codexText = "codex line \(index): build \(index * 11) is green"
            try TranscriptFile.append(lines: try claude.message(index, claudeText, at: time), to: claudePath)
            // Codex writes the model's item, then the event: two writes.
            for line in try codex.message(index, codexText, at: time) {
                try TranscriptFile.append(lines: [line], to: codexPath)
            }
            expected += [claudeText, codexText]
            if kills.contains(index) {
                daemon.signal(SIGKILL)
                #expect(daemon.waitForExit(timeout: 10))
                // Lines keep coming while memoryd is down.
                downUntil = index + 10
            }
            if downUntil == index {
                daemon = try home.start()
                downUntil = nil
            }
            usleep(1_000)
        }
        #expect(
            try home.eventually(within: 20) { try home.texts().count >= expected.count },
            "\(home.seen.count) of \(expected.count) stored; log: \(daemon.log)")
        usleep(500_000)
        let texts = try home.texts()
        #expect(doubles(texts) == [], "stored twice")
        #expect(Set(texts) == Set(expected), "lost: \(Set(expected).subtracting(texts).sorted().prefix(5))")
        #expect(texts.count == expected.count)
        // Each file's position is its end, and its count of messages is what it holds.
        #expect(
            try home.followedFiles()
                == [
                    "\(claudePath)|\(fileSize(claudePath))|\(count)|", "\(codexPath)|\(fileSize(codexPath))|\(count)|",
                ].sorted())
        #expect(try home.follow()["messages"] as? Int == 2 * count)
        // Every message took its session's directory as its project, whenever the kills fell.
        let projects = try SQLiteShell.run(
            home.db, "SELECT count(*) FROM short_term_memories m JOIN session_projects p ON p.session = m.session WHERE m.project IS p.project;")
        #expect(projects.output == "\(2 * count)\n", "\(projects.output)")
    }

    @Test("a line written in two halves is not stored while half written, without an error, and is stored once when whole")
    func halfWrittenLine() throws {
        let home = try AgentHome()
        var paths: [AgentSession.Tool: String] = [:]
        var first: [String] = []
        for tool in AgentSession.Tool.allCases {
            let session = AgentSession(tool)
            let texts = ["\(tool.rawValue) asks", "\(tool.rawValue) answers"]
            paths[tool] = try session.write(try session.lines(texts, startingSecondsAgo: 300), under: home.root(tool))
            first += texts
        }
        let daemon = try home.start()
        #expect(try home.stored(first, within: 10), "log: \(daemon.log)")

        var before: [String] = []
        var halves: [(path: String, rest: String, text: String)] = []
        for tool in AgentSession.Tool.allCases {
            let session = AgentSession(tool)
            let path = try #require(paths[tool])
            let whole = "\(tool.rawValue) asks again"
            let text = "\(tool.rawValue): this answer is written in two halves"
            var lines = try session.message(2, whole, at: transcriptTime(secondsAgo: 20))
            lines += try session.message(3, text, at: transcriptTime(secondsAgo: 19))
            let last = lines.removeLast()
            let cut = last.index(last.startIndex, offsetBy: last.count / 2)
            // Whole lines, then half of the last one, in one write.
            try TranscriptFile.append(lines.map { $0 + "\n" }.joined() + last[..<cut], to: path)
            before.append(whole)
            halves.append((path, String(last[cut...]) + "\n", text))
        }
        #expect(try home.stored(before, within: 5), "\(home.seen)")
        // Longer than a poll: memoryd has looked at the half line, and waits for the rest.
        usleep(1_200_000)
        #expect(try home.texts().filter { $0.contains("two halves") } == [])
        #expect((try home.follow()["errors"] as? [Any])?.isEmpty == true)
        #expect(!daemon.log.contains("cannot follow"), "\(daemon.log)")

        for half in halves { try TranscriptFile.append(half.rest, to: half.path) }
        #expect(try home.stored(halves.map(\.text), within: 5), "\(home.seen)")
        let texts = try home.texts()
        #expect(doubles(texts) == [])
        #expect(texts.count == 12)
        #expect((try home.follow()["errors"] as? [Any])?.isEmpty == true)
    }

    @Test("a Claude Code reply written a block at a time while followed is one memory holding all its text")
    func replyWrittenBlockByBlock() throws {
        let home = try AgentHome()
        let session = AgentSession(.claudeCode)
        let s = ClaudeCodeSession(id: session.id, cwd: session.cwd)
        let path = try session.write(
            [try s.user("Why is the CI red?", at: transcriptTime(secondsAgo: 30))], under: home.root(.claudeCode))
        let daemon = try home.start(follow: "claude-code")
        #expect(try home.stored(["Why is the CI red?"], within: 10), "log: \(daemon.log)")

        let blocks = [
            try s.thinking("msg_ci", "Check the last run first.", at: transcriptTime(secondsAgo: 20)),
            try s.reply("msg_ci", "Let me look at the last run.", at: transcriptTime(secondsAgo: 20)),
            try s.toolUse(
                "msg_ci", toolUseID: "toolu_ci", command: "gh run view --log-failed", at: transcriptTime(secondsAgo: 19)
            ),
            try s.toolResult("error: linker `cc` not found", toolUseID: "toolu_ci", at: transcriptTime(secondsAgo: 18)),
            try s.reply(
                "msg_ci", "The runner image has no C compiler; add build-essential.", at: transcriptTime(secondsAgo: 17)
            ),
        ]
        try TranscriptFile.append(lines: Array(blocks.prefix(2)), to: path)
        #expect(try home.stored(["Let me look at the last run."], within: 5), "\(home.seen)")
        try TranscriptFile.append(lines: Array(blocks.dropFirst(2)), to: path)
        let whole = "Let me look at the last run.\n\nThe runner image has no C compiler; add build-essential."
        #expect(try home.stored([whole], within: 5), "\(home.seen)")
        try TranscriptFile.append(lines: [try s.user("thanks, done", at: transcriptTime(secondsAgo: 5))], to: path)
        #expect(try home.stored(["thanks, done"], within: 5))
        let memories = try home.memories()
        #expect(memories.compactMap { $0["content"] as? String } == ["Why is the CI red?", whole, "thanks, done"])
        #expect(memories.compactMap { $0["source"] as? String } == ["user", "assistant", "user"])
    }

    @Test("a Gemini CLI /rewind in a followed session takes back what it dropped, and a re-appended message replaces its text")
    func geminiRewindWhileFollowed() throws {
        let home = try AgentHome()
        let session = AgentSession(.gemini)
        let g = GeminiSession(id: session.id, project: session.cwd, slug: "acme-api")
        let path = try session.write(
            try session.lines([
                "How do I pin the node version?", "Add an .nvmrc.", "And in CI?", "Use setup-node with it.",
            ]),
            under: home.root(.gemini))
        let daemon = try home.start(follow: "gemini")
        #expect(try home.stored(["Use setup-node with it."], within: 10), "log: \(daemon.log)")

        let prefix = String(session.id.prefix(8))
        try TranscriptFile.append(
            lines: [
                try g.gemini("\(prefix)-m1", "Add an .nvmrc with the version.", at: transcriptTime(secondsAgo: 299)),
                try g.rewind(to: "\(prefix)-m2"),
                try g.user("\(prefix)-m4", "And for Docker?", at: transcriptTime(secondsAgo: 10)),
                try g.gemini("\(prefix)-m5", "Use the node image of that version.", at: transcriptTime(secondsAgo: 9)),
            ], to: path)
        #expect(try home.stored(["Use the node image of that version."], within: 5), "\(home.seen)")
        #expect(
            try home.eventually(within: 5) {
                let pending = try home.memories().filter { $0["status"] as? String == "pending" }
                return pending.compactMap { $0["content"] as? String } == [
                    "How do I pin the node version?", "Add an .nvmrc with the version.", "And for Docker?",
                    "Use the node image of that version.",
                ]
            }, "\(((try? home.memories()) ?? []).map { "\($0["status"] ?? "") \($0["content"] ?? "")" })")
        let forgotten = try home.memories().filter { $0["status"] as? String == "forgotten" }
        #expect(forgotten.compactMap { $0["content"] as? String } == ["And in CI?", "Use setup-node with it."])
    }

    @Test("a Gemini CLI session of the JSON form, rewritten whole at each turn, is followed without reporting the rewrite as an error")
    func geminiDocumentRewritten() throws {
        let home = try AgentHome()
        let id = "7f3c2a91-4b0e-4d6a-9c53-2e8f1d7a6b40"
        let path = home.root(.gemini) + "/acme-api/chats/session-2026-03-02T14-05-7f3c2a91.json"
        try TranscriptFile.write("/home/dana/src/acme-api", to: home.root(.gemini) + "/acme-api/.project_root")
        func document(_ texts: [String]) throws -> Data {
            let messages = texts.enumerated().map { index, text -> [String: Any] in
                [
                    "id": "m\(index)", "timestamp": transcriptTime(secondsAgo: 300 - Double(index)),
                    "type": index % 2 == 0 ? "user" : "gemini", "content": text,
                ]
            }
            return try JSONSerialization.data(
                withJSONObject: [
                    "sessionId": id, "projectHash": "0d7a30f9", "startTime": transcriptTime(secondsAgo: 400),
                    "lastUpdated": transcriptTime(secondsAgo: 1), "messages": messages, "kind": "main",
                ] as [String: Any], options: [.prettyPrinted])
        }
        var texts = ["Why does GET /healthz return 404?", "The router is mounted under /api."]
        try TranscriptFile.write(String(decoding: try document(texts), as: UTF8.self), to: path)
        let daemon = try home.start(follow: "gemini")
        #expect(try home.stored(texts, within: 10), "log: \(daemon.log)")

        // gemini-cli writes the whole file again at each turn (writeFileSync): truncated, then written.
        for turn in 0..<2 {
            texts += ["follow-up \(turn)", "answer \(turn)"]
            let bytes = try document(texts)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            usleep(200_000)
            try handle.write(contentsOf: bytes.prefix(bytes.count / 2))
            usleep(200_000)
            try handle.write(contentsOf: bytes.dropFirst(bytes.count / 2))
            try handle.close()
        }
        #expect(try home.stored(texts, within: 5), "\(home.seen)")
        #expect(doubles(try home.texts()) == [])
        let errors = try home.follow()["errors"] as? [Any]
        let log = daemon.log
        #expect(!log.contains("cannot follow"), "\(log)")
        #expect(errors?.isEmpty == true, "the error is cleared once the document is whole")
    }

    @Test("a broken file is reported once (log and status) while other files flow; written again under its name it is read without doubling")
    func brokenFileReportedOnce() throws {
        let home = try AgentHome()
        let good = AgentSession(.claudeCode, number: 1)
        let broken = AgentSession(.claudeCode, number: 2)
        let goodPath = try good.write(
            try good.lines(["good file asks", "good file answers"], startingSecondsAgo: 300),
            under: home.root(.claudeCode))
        var brokenLines = try broken.lines(["broken file asks", "broken file answers"], startingSecondsAgo: 200)
        let brokenPath = try broken.write(brokenLines, under: home.root(.claudeCode))
        let daemon = try home.start()
        #expect(
            try home.stored(
                ["good file asks", "good file answers", "broken file asks", "broken file answers"], within: 10))

        // A line that is not JSON, then a good one.
        let after = try broken.message(2, "said after the broken line", at: transcriptTime(secondsAgo: 100))
        try TranscriptFile.append(lines: [#"{"type": "user", "message": oops}"#] + after, to: brokenPath)
        brokenLines += after
        var errors: [[String: String]] = []
        #expect(
            try home.eventually(within: 5) {
                errors = try home.follow()["errors"] as? [[String: String]] ?? []
                return !errors.isEmpty
            }, "no error reported; log: \(daemon.log)")
        #expect(errors.map { $0["path"] } == [brokenPath])
        #expect(errors.first?["error"]?.contains("is not JSON") == true, "\(errors)")
        let status = try Memctl.run(["status", "--socket", home.socket], in: home.dir)
        #expect(status.stdout.contains("cannot read"), "\(status.stdout)")
        #expect(status.stdout.contains(brokenPath), "\(status.stdout)")
        #expect(try home.followedFiles().contains { $0.hasPrefix(brokenPath + "|") && $0.contains("is not JSON") })

        // The other file flows on; more lines in the broken one do not report it again.
        for round in 0..<3 {
            let more = try broken.message(
                3 + round, "broken file, round \(round)", at: transcriptTime(secondsAgo: 90 - Double(round)))
            try TranscriptFile.append(lines: more, to: brokenPath)
            brokenLines += more
            let text = "good file, round \(round)"
            try TranscriptFile.append(
                lines: try good.message(2 + round, text, at: transcriptTime(secondsAgo: 50 - Double(round))),
                to: goodPath)
            #expect(try home.stored([text], within: 5), "the good file stopped: \(daemon.log)")
        }
        usleep(300_000)
        #expect(daemon.log.components(separatedBy: "cannot follow \(brokenPath)").count - 1 == 1, "\(daemon.log)")
        #expect(!(try home.texts()).contains { $0.hasPrefix("said after") || $0.hasPrefix("broken file, round") })

        // The user mends it: the session written again without the bad line, renamed over the old file.
        let mended = home.dir.path("mended.jsonl")
        try TranscriptFile.write(lines: brokenLines, to: mended)
        #expect(rename(mended, brokenPath) == 0)
        let now = [
            "said after the broken line", "broken file, round 0", "broken file, round 1", "broken file, round 2",
        ]
        #expect(try home.stored(now, within: 5), "\(home.seen); log: \(daemon.log)")
        #expect((try home.follow()["errors"] as? [Any])?.isEmpty == true)
        #expect(daemon.log.contains("\(brokenPath) can be read again"), "\(daemon.log)")
        let texts = try home.texts()
        #expect(doubles(texts) == [])
        #expect(texts.count == 11)
    }

    @Test("a session file cut shorter, or replaced by another under its name, is read again from its start without doubling")
    func shrunkOrReplaced() throws {
        let home = try AgentHome()
        let claude = AgentSession(.claudeCode, number: 1)
        let codex = AgentSession(.codex, number: 1)
        var claudeLines = try claude.lines(["claude one", "claude two", "claude three"], startingSecondsAgo: 300)
        var codexLines = try codex.lines(["codex one", "codex two", "codex three"], startingSecondsAgo: 300)
        let claudePath = try claude.write(claudeLines, under: home.root(.claudeCode))
        let codexPath = try codex.write(codexLines, under: home.root(.codex))
        let daemon = try home.start()
        let first = ["claude one", "claude two", "claude three", "codex one", "codex two", "codex three"]
        #expect(try home.stored(first, within: 10), "log: \(daemon.log)")

        // A sync tool replaces the Claude Code session with its copy, one message longer (temporary file, rename).
        claudeLines += try claude.message(3, "claude four", at: transcriptTime(secondsAgo: 100))
        let copy = home.dir.path("copy.jsonl")
        try TranscriptFile.write(lines: claudeLines, to: copy)
        #expect(rename(copy, claudePath) == 0)
        // The Codex rollout is written again in place, shorter than memoryd read it to.
        let readTo = fileSize(codexPath)
        codexLines =
            Array(codexLines.prefix(4)) + (try codex.message(3, "codex four", at: transcriptTime(secondsAgo: 100)))
        try TranscriptFile.write(lines: codexLines, to: codexPath)
        #expect(fileSize(codexPath) < readTo)

        #expect(try home.stored(["claude four", "codex four"], within: 5), "\(home.seen); log: \(daemon.log)")
        let texts = try home.texts()
        #expect(doubles(texts) == [])
        #expect(texts.count == 8)
    }

    @Test("after a cycle, memctl recall finds what was said in a followed session")
    func recallAfterConsolidation() throws {
        let home = try AgentHome()
        let session = AgentSession(.claudeCode)
        let texts = [
            "My sister Leah moved to Lisbon last spring; she works at the Gulbenkian museum.",
            "That sounds lovely. Lisbon in spring is beautiful.",
            "I am flying to Lisbon on Friday to see her exhibition.",
            "Have a great trip, and enjoy the exhibition!",
        ]
        // Said two hours ago: old enough for consolidation.
        try session.write(try session.lines(texts, startingSecondsAgo: 7200), under: home.root(.claudeCode))
        let daemon = try home.start(follow: "claude-code")
        #expect(try home.stored(texts, within: 10), "log: \(daemon.log)")
        let cycle = try Memctl.run(["--socket", home.socket, "consolidate", "--wait"], in: home.dir)
        #expect(cycle.status == 0, "\(cycle.stderr)")
        let stats = try Memctl.run(["--db", home.db, "stats", "--json"], in: home.dir).jsonObject()
        #expect((stats["ltm"] as? Int ?? 0) > 0, "\(stats)")
        let recall = try Memctl.run(["--db", home.db, "recall", "Where does Leah live?"], in: home.dir)
        #expect(recall.status == 0, "\(recall.stderr)")
        #expect(recall.stdout.contains("Lisbon"), "\(recall.stdout)")
        #expect(recall.stdout.contains("Leah"), "\(recall.stdout)")
    }

    @Test("credentials become [redacted] and <private> text never reaches the database of a followed session")
    func secretsNeverStored() throws {
        let home = try AgentHome()
        for tool in AgentSession.Tool.allCases {
            let session = AgentSession(tool)
            try session.write(
                try session.lines(TranscriptSecrets.pasted.map(\.said) + ["\(tool.rawValue) is done"]),
                under: home.root(tool))
        }
        let daemon = try home.start()
        #expect(
            try home.stored(AgentSession.Tool.allCases.map { "\($0.rawValue) is done" }, within: 10),
            "log: \(daemon.log)")
        let kept = TranscriptSecrets.pasted.map(\.stored).filter { !$0.isEmpty }
        for tool in AgentSession.Tool.allCases {
            let texts = try home.memories().filter { $0["session"] as? String == AgentSession(tool).id }.compactMap {
                $0["content"] as? String
            }
            #expect(texts == kept + ["\(tool.rawValue) is done"], "\(tool.rawValue)")
        }
        #expect(try TranscriptSecrets.leaked(home.db) == [])
        #expect(!daemon.log.contains("Okafor") && !daemon.log.contains("AKIA"))
    }

    @Test("SIGHUP applies a new follow setting from the configuration file")
    func reloadChangesWhatIsFollowed() throws {
        let home = try AgentHome()
        let first = home.dir.path("agents/first")
        let second = home.dir.path("agents/second")
        let a = AgentSession(.claudeCode, number: 1)
        try a.write(try a.lines(["in the first directory", "yes"]), under: first)
        let b = AgentSession(.claudeCode, number: 2)
        try b.write(try b.lines(["in the second directory", "also yes"]), under: second)
        let config = try home.dir.write("memoryd.conf", "follow = claude-code=\(first)\n")
        let daemon = try home.start(follow: nil, arguments: ["--config", config])
        #expect(try home.stored(["in the first directory", "yes"], within: 10), "log: \(daemon.log)")

        try home.dir.write("memoryd.conf", "follow = claude-code=\(second)\n")
        daemon.signal(SIGHUP)
        #expect(try home.stored(["in the second directory", "also yes"], within: 5), "log: \(daemon.log)")
        let sources = try #require(try home.follow()["sources"] as? [[String: String]])
        #expect(sources.map { $0["root"] } == [second])
        #expect(sources.map { $0["watching"] } == ["inotify"])
        // The first directory is no longer followed.
        try TranscriptFile.append(
            lines: try a.message(2, "written after the reload", at: transcriptTime(secondsAgo: 1)),
            to: first + "/" + a.relativePath)
        try TranscriptFile.append(
            lines: try b.message(2, "the second goes on", at: transcriptTime(secondsAgo: 1)),
            to: second + "/" + b.relativePath)
        #expect(try home.stored(["the second goes on"], within: 5))
        usleep(300_000)
        #expect(!(try home.texts()).contains("written after the reload"))
    }

    @Test("SIGHUP turns following on when memoryd started with follow = none")
    func reloadTurnsFollowingOn() throws {
        let home = try AgentHome()
        let session = AgentSession(.claudeCode)
        try session.write(try session.lines(["followed once the setting is on", "yes"]), under: home.root(.claudeCode))
        let config = try home.dir.write("memoryd.conf", "follow = none\n")
        let daemon = try home.start(follow: nil, arguments: ["--config", config])
        let follow = try home.status()["follow"]
        #expect(follow == nil || follow is NSNull, "nothing is followed")
        try home.dir.write("memoryd.conf", "follow = claude-code\n")
        daemon.signal(SIGHUP)
        #expect(home.eventually(within: 5) { daemon.log.contains("configuration reloaded") }, "\(daemon.log)")
        let stored = try home.stored(["followed once the setting is on", "yes"], within: 4)
        let files = try home.follow()["files"] as? Int
        #expect(stored, "log: \(daemon.log)")
        #expect(files == 1)
    }

    @Test("with nothing followed, SIGTERM still stops memoryd at once")
    func stopsAtOnceWithoutFollow() throws {
        let home = try AgentHome()
        let daemon = try home.start(follow: nil)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 3), "\(daemon.log)")
    }

    /// A process that holds every inotify instance user 65534 may have (`fs.inotify.max_user_instances`)
    /// until it is ended; nil where the tests cannot run one as that user.
    static func inotifyHog() throws -> Process? {
        guard Unprivileged.isRoot, FileManager.default.isExecutableFile(atPath: Unprivileged.setpriv),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        else { return nil }
        let hog = Process()
        hog.executableURL = URL(fileURLWithPath: Unprivileged.setpriv)
        hog.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
            """
            import ctypes, sys
            libc = ctypes.CDLL(None)
            held = [fd for fd in iter(libc.inotify_init, -1)]
            print(len(held), flush=True)
            sys.stdin.read()
            """,
        ]
        let input = Pipe()
        let output = Pipe()
        hog.standardInput = input
        hog.standardOutput = output
        try hog.run()
        // Once it says how many it holds, user 65534 has none left.
        _ = output.fileHandleForReading.availableData
        return hog
    }

    @Test(
        "where inotify cannot be had, memoryd follows by polling: status says so, and lines and new files still come in",
        .enabled(if: Unprivileged.isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
                 "needs root, setpriv and /usr/bin/python3 to take user 65534's inotify instances"))
    func pollingFallback() throws {
        let home = try AgentHome()
        let session = AgentSession(.claudeCode, number: 1)
        let path = try session.write(
            try session.lines(["before the start", "read by the backfill"], startingSecondsAgo: 300),
            under: home.root(.claudeCode))
        try FileManager.default.createDirectory(atPath: home.root(.codex), withIntermediateDirectories: true)
        // memoryd runs as user 65534, whose inotify instances another process holds.
        for item in try FileManager.default.subpathsOfDirectory(atPath: home.dir.url.path) {
            #expect(chown(home.dir.path(item), 65534, 65534) == 0)
        }
        #expect(chown(home.dir.url.path, 65534, 65534) == 0)
        let hog = try #require(try Self.inotifyHog())
        defer { hog.terminate() }
        let daemon = try home.start(
            follow: "claude-code", launcher: [Unprivileged.setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(try home.stored(["before the start", "read by the backfill"], within: 10), "log: \(daemon.log)")
        let sources = try #require(try home.follow()["sources"] as? [[String: String]])
        #expect(sources.map { $0["watching"] } == ["polling"], "\(sources)")
        #expect(daemon.log.contains("following transcripts by polling every 1s"), "\(daemon.log)")

        let appended = try session.lines(["appended while polled"], startingSecondsAgo: 10)
        try TranscriptFile.append(appended.joined(separator: "\n") + "\n", to: path)
        let other = AgentSession(.claudeCode, number: 2, cwd: "/home/dana/src/other")
        let otherPath = try other.write(try other.lines(["a new file, polled", "found"]), under: home.root(.claudeCode))
        #expect(chown(otherPath, 65534, 65534) == 0)
        #expect(
            try home.stored(["appended while polled", "a new file, polled", "found"], within: 5),
            "\(home.seen); log: \(daemon.log)")
        #expect(doubles(try home.texts()) == [])
    }
}
