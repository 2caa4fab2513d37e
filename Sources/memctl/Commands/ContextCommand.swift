import Dispatch
import FoundationEssentials
import MemoryEngines
import MemoryImport
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct ContextCommand: Command {
    static let name = "context"
    static let summary = "What a coding agent's session in a project should know (for hooks)"
    static let help = """
        Usage: memctl context [--project DIR | --all-projects] [--max-words N] [--peer [NAME=]DB]...
                              [--no-peers] [--json] [QUERY]
               memctl context --hook claude-code|codex|gemini [--project DIR] [--max-words N] [--timeout MS]
                              [--peer [NAME=]DB]... [--no-peers]

        Without QUERY: what a new session in the project should know, in at most N words (default
        300): what holds about the user everywhere (the graph's facts about the user, and what the
        user said about themselves in memories of no project), then the project's memories that
        matter most, important, reinforced and recent first: decisions, conventions, open problems.
        One line each, "[day said] who: text". With QUERY: recall for it within N words, scoped to
        the project (as `memctl recall --max-words`).

        The project is that of the working directory unless --project DIR or --all-projects is
        given: its memories, those of its parents and its sub-directories, and those of no project
        (docs/PROJECTS.md).

        Other devices' databases (the peers setting, or --peer [NAME=]DB again for each, or
        --no-peers for none; docs/PEERS.md) are read too, read-only: their memories are told
        beside this device's, each line's speaker marked with its device ("dana@desktop:"). A
        peer that cannot be read is skipped with a line on standard error.

        With --hook, it answers a coding agent's hook: it reads the hook's JSON on standard input
        (session_id, cwd, hook_event_name, prompt, source) and prints what that agent reads back:
          SessionStart                      the text above for the session's directory (cwd)
          UserPromptSubmit (Claude Code,    recall for the prompt, as
          Codex), BeforeAgent (Gemini CLI)  {"hookSpecificOutput": {"hookEventName", "additionalContext"}}
        Claude Code and Codex take SessionStart's text as it is; Gemini CLI takes the same JSON.
        A memory already handed to the session is not handed to it again (nor one said in that
        very session); a SessionStart after /clear or a compaction starts afresh. A hook never
        fails the agent: a missing or locked database, bad input, or running past --timeout MS
        (default 2000) each print nothing and exit 0, with one line on standard error.
        `memctl setup` writes these hooks; docs/HOOKS.md has each agent's contract.

        JSON (without --hook): {"text", "words", "shown": ["ltm:ID", "stm:ID", "desktop:ltm:ID", ...],
                                "skipped_peers": [{"name", "path", "reason"}]}
        """

    let project: ProjectChoice
    let peers: PeerChoice
    let maximumWords: Int
    let query: String?
    let hook: TranscriptTool?
    let timeout: Duration
    /// In hook mode a bad option is reported when the command runs, with exit status 0.
    let hookUsageError: UsageError?

    static let defaultWords = 300

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let hookName = try arguments.option("--hook")
        if let hookName {
            guard let tool = TranscriptTool(rawValue: hookName) else {
                throw UsageError("--hook must be claude-code, codex or gemini, got '\(hookName)'")
            }
            hook = tool
        } else {
            hook = nil
        }
        var project = ProjectChoice.unspecified
        var peers = PeerChoice.configured
        var maximumWords = Self.defaultWords
        var query: String?
        var timeout = Duration.milliseconds(2000)
        var deferred: UsageError?
        do throws(UsageError) {
            project = try ProjectChoice(parsing: &arguments)
            peers = try PeerChoice(parsing: &arguments)
            let budgets = RecallContext.budgets
            maximumWords =
                try arguments.option(
                    "--max-words", "a whole number from \(budgets.lowerBound) to \(budgets.upperBound)"
                ) { Int($0).flatMap { budgets.contains($0) ? $0 : nil } } ?? Self.defaultWords
            if let milliseconds = try arguments.option("--timeout", "a whole number of milliseconds from 1 to 60000", {
                Int($0).flatMap { (1...60_000).contains($0) ? $0 : nil }
            }) {
                timeout = .milliseconds(milliseconds)
            }
            let words = try arguments.positionals()
            if hook != nil, !words.isEmpty { throw UsageError("--hook takes its query from the hook's input") }
            query = words.isEmpty ? nil : words.joined(separator: " ")
            if let given = query, given.allSatisfy(\.isWhitespace) { throw UsageError("QUERY is empty") }
        } catch {
            // A hook must never fail its agent, even when wired with a bad option.
            guard hook != nil else { throw error }
            deferred = error
        }
        (self.project, self.peers, self.maximumWords, self.query, self.timeout, hookUsageError) =
            (project, peers, maximumWords, query, timeout, deferred)
    }

    func run(_ context: Context) async throws {
        guard let hook else { return try await answerCommandLine(context) }
        await answerHook(hook, context)
    }

    // MARK: - From the command line

    private func answerCommandLine(_ context: Context) async throws {
        let scope = try project.scope(context, defaultDirectory: ".")
        let peers = try self.peers.peers(context)
        let store = try context.openStoreToRead()
        let answer = try await Self.answer(
            query: query, scope: scope, maximumWords: maximumWords, store: store, peers: context.openPeers(peers))
        context.note(answer.skippedPeers, Self.name)
        if context.json {
            return try context.printJSON(
                ContextJSON(text: answer.text, words: answer.words, shown: answer.shown, skippedPeers: answer.skippedPeers))
        }
        if answer.text.isEmpty {
            if context.terminal.isInteractive {
                StandardStream.error(
                    "memctl context: nothing remembered" + (scope.map { " for \($0.directory)" } ?? ""))
            }
            return
        }
        StandardStream.out(answer.text)
    }

    private struct ContextJSON: Encodable {
        let text: String
        let words: Int
        let shown: [String]
        let skippedPeers: [SkippedPeer]
    }

    /// What to say: recall for `query`, else the briefing of `scope`, from this device's store and
    /// its `peers`; nothing shown in `excluding` (references as `shown` gives them, a peer's with
    /// its device) nor said in `session`.
    static func answer(
        query: String?, scope: ProjectScope?, maximumWords: Int, store: MemoryStore, peers: PeerStores,
        excluding: Set<String> = [], session: String? = nil, now: Timestamp = .now
    ) async throws -> (text: String, words: Int, shown: [String], skippedPeers: [SkippedPeer]) {
        if let query {
            let recall = try await Recaller(store: store, peers: peers).recall(
                query, limit: 50, now: now, quoting: true, scope: scope)
            /// The memory's references: itself, and the turn it quotes.
            func references(_ memory: Recall.Memory) -> [String] {
                [memory.reference] + (memory.matched.map { [DeviceReference.text("stm:\($0.id)", device: memory.device)] } ?? [])
            }
            let fresh = recall.memories.filter { memory in
                memory.session != session && references(memory).allSatisfy { !excluding.contains($0) }
            }
            guard !fresh.isEmpty else { return ("", 0, [], recall.skippedPeers) }
            let filtered = Recall(memories: fresh, entities: recall.entities, facts: recall.facts)
            let digest = RecallContext(filtered, query: query, maximumWords: maximumWords)
            guard !digest.passages.isEmpty else { return ("", 0, [], recall.skippedPeers) }
            return (digest.text, digest.words, digest.passages.flatMap { references($0.memory) }, recall.skippedPeers)
        }
        let settings = PassSettings()
        let read = try await SessionBriefingReader(store: store, peers: peers).read(scope: scope, userFacts: 5)
        let briefing = SessionBriefing(
            candidates: read.candidates, userFacts: read.userFacts, directory: scope?.directory,
            maximumWords: maximumWords, now: now, strengthHalfLife: settings.strengthHalfLife, excluding: excluding)
        return (briefing.text, briefing.words, briefing.shown, read.skippedPeers)
    }

    // MARK: - As an agent's hook

    /// Answers the hook, or prints one line on standard error and nothing else: never a failure.
    private func answerHook(_ tool: TranscriptTool, _ context: Context) async {
        // Whoever comes first, the answer or the deadline, is the only one to write.
        let answered = Mutex(false)
        @Sendable func first() -> Bool {
            answered.withLock { done in
                defer { done = true }
                return !done
            }
        }
        // Past the deadline, whatever is still running is abandoned: one line, exit 0.
        let deadline = DispatchWorkItem {
            guard first() else { return }
            StandardStream.error("memctl context: no answer within \(timeout.milliseconds) ms; nothing added")
            _exit(0)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout.milliseconds)), execute: deadline)
        do {
            if let hookUsageError { throw HookFailure(hookUsageError.reason) }
            let text = try await hookAnswer(tool, context)
            deadline.cancel()
            if first(), let text { StandardStream.write(text, to: STDOUT_FILENO) }
        } catch {
            deadline.cancel()
            guard first() else { return }
            let reason = ((error as? StoreError).map { "\($0)" } ?? "\(error)").split(whereSeparator: \.isNewline)
                .joined(separator: " ")
            // One line an agent can show: a statement quoted in a message is cut.
            StandardStream.error("memctl context: " + (reason.count > 300 ? reason.prefix(300) + "…" : reason))
        }
    }

    /// The hook's answer; nil when there is nothing to add.
    private func hookAnswer(_ tool: TranscriptTool, _ context: Context) async throws -> String? {
        let input = try StandardStream.readAll(STDIN_FILENO)
        let hook = try AgentHook(tool: tool, input: input)
        let scope = try project.scope(context, defaultDirectory: hook.directory ?? ".")
        guard FileManager.default.fileExists(atPath: context.databasePath) else {
            throw HookFailure("no database at \(context.databasePath); nothing added")
        }
        let peers = try self.peers.peers(context)
        var shown = hook.session.flatMap { ShownMemories(tool: tool, session: $0, environment: context.environment) }
        let query: String?
        switch hook.event {
        case .sessionStart(let source):
            if source == "clear" || source == "compact" { shown?.reset() }
            shown?.pruneOthers()
            query = nil
        case .prompt(let prompt):
            guard !prompt.allSatisfy(\.isWhitespace) else { return nil }
            query = prompt
        }
        // A database locked by another process is waited for half the deadline, so that it is
        // reported as locked rather than as late.
        var configuration = context.storeConfiguration(pageCacheKibibytes: Context.readerPageCacheKibibytes)
        configuration.busyTimeoutMilliseconds = min(
            configuration.busyTimeoutMilliseconds, Int(timeout.milliseconds / 2))
        configuration.queryOnly = true
        let store = try MemoryStore(configuration)
        let peerStores = PeerStores.open(
            peers, besides: configuration.path, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
            pageCacheKibibytes: Context.readerPageCacheKibibytes)
        let answer: (text: String, words: Int, shown: [String], skippedPeers: [SkippedPeer])
        do {
            answer = try await Self.answer(
                query: query, scope: scope, maximumWords: maximumWords, store: store, peers: peerStores,
                excluding: shown?.references ?? [], session: hook.session)
        } catch {
            await peerStores.close()
            await store.close()
            throw error
        }
        await peerStores.close()
        await store.close()
        // Never on standard output: the agent reads that.
        context.note(answer.skippedPeers, Self.name)
        guard !answer.text.isEmpty else { return nil }
        try shown?.add(answer.shown)
        return hook.answer(answer.text)
    }
}
