import Glibc
import Synchronization
import Testing

@testable import MemoryDaemon

@Suite("memoryd's logger")
struct LoggerTests {
    /// A logger that keeps its lines.
    private func logger(_ level: LogLevel, journal: Bool) -> (Logger, @Sendable () -> [String]) {
        let lines = Mutex<[String]>([])
        let logger = Logger(level: level, environment: journal ? ["JOURNAL_STREAM": "8:1"] : [:]) { line in
            lines.withLock { $0.append(line) }
        }
        return (logger, { lines.withLock { $0 } })
    }

    @Test("a message below the level is neither built nor written; a new level applies at once")
    func levels() {
        let (log, lines) = logger(.notice, journal: true)
        let built = Mutex(0)
        func message(_ text: String) -> String {
            built.withLock { $0 += 1 }
            return text
        }
        log.info(message("hidden"))
        log.debug(message("hidden"))
        #expect(built.withLock { $0 } == 0)
        log.notice(message("shown"))
        log.error(message("shown too"))
        log.setLevel(.debug)
        log.debug(message("now shown"))
        #expect(built.withLock { $0 } == 3)
        #expect(lines() == ["<5>shown\n", "<3>shown too\n", "<7>now shown\n"])
    }

    @Test("under systemd a line is <N> and the message; otherwise a time, the process and the level; one line each")
    func format() throws {
        let (journal, journalLines) = logger(.info, journal: true)
        journal.warning("two\nlines")
        #expect(journalLines() == ["<4>two lines\n"])

        let (plain, plainLines) = logger(.info, journal: false)
        plain.warning("careful")
        let line = try #require(plainLines().first)
        #expect(line.hasSuffix(" memoryd[\(getpid())] warning: careful\n"), "\(line)")
        #expect(line.first?.isNumber == true && line.contains("T"), "\(line)")
    }
}
