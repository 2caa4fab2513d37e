import Foundation
import Testing

@testable import MemoryDaemon
@testable import MemoryModel

/// `DaemonConfiguration.apply(contents:path:)`, the configuration file's lines, without a file.
@Suite("Configuration file")
struct ConfigurationFileTests {
    private func parse(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        var configuration = DaemonConfiguration(environment: [:])
        try configuration.apply(contents: text, path: "memoryd.conf")
        return configuration
    }

    @Test("a file saved with CRLF line ends reads as the same file with LF")
    func crlfLineEnds() throws {
        let lf = "db = /var/lib/memoryd/memory.db\nlog_level = debug  # chatty\n\nbatch_size = 64\n"
        let crlf = try parse(lf.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf == (try parse(lf)))
        #expect(crlf.database == "/var/lib/memoryd/memory.db")
        #expect(crlf.logLevel == .debug)
        #expect(crlf.policy.batchSize == 64)
    }

    /// Found by FuzzConfiguration (Tests/Fuzz/Corpus/FuzzConfiguration/crash-crlf-comment.conf): the
    /// comment's CRLF hid the next line, which is not a setting, so the file was accepted.
    @Test("a line after a comment with a CRLF line end is read, and refused with its line number")
    func crlfAfterComment() {
        let text =
            "# memoryd settings: ot start).\n\n# Under systemd these default to /var/lib/memoryd/memory.db and "
            + "/run/memoryd/control.sdb\u{0}`\r\ndbock.\n#db =  =aa/var/lib/memoryd/memory.db\n#socket = /run/memo"
        let error = #expect(throws: ConfigurationError.self) { try parse(text) }
        #expect(error?.description == "memoryd.conf:4: expected 'key = value', got 'dbock.'")
    }

    /// Found by FuzzConfiguration (Tests/Fuzz/Corpus/FuzzConfiguration/crash-follow-double-slash.conf):
    /// a root ending in "//" lost one slash, so the same directory written back read as another.
    @Test("a followed directory is one path however it is written: no //, . or trailing slash")
    func followRootsNormalized() throws {
        let sources = try parse("follow = codex=/srv//codex/./sessions//, gemini = /tmp/g/")
        #expect(sources.follow.map(\.root) == ["/srv/codex/sessions", "/tmp/g"])
        let relative = try parse("follow = claude-code=projects/../agents")
        #expect(relative.follow.map(\.root) == [FileManager.default.currentDirectoryPath + "/agents"])
        #expect(try parse("follow = codex=/").follow.map(\.root) == ["/"])
    }
}
