import MemoryImport
import Testing

@testable import memctl

/// Hook commands as the shell reads them: memctl's path quoted when it must be, and memoryd's
/// hook told from others however it was written.
@Suite("Shell words and memoryd's hook command")
struct ShellWordsTests {
    @Test(
        "a word is quoted only when the shell would change it, and reads back as it was",
        arguments: [
            ("/usr/local/bin/memctl", "/usr/local/bin/memctl"),
            ("/home/me/My Tools/memctl", "'/home/me/My Tools/memctl'"),
            ("/opt/it's/memctl", #"'/opt/it'\''s/memctl'"#), ("$HOME/memctl", "'$HOME/memctl'"), ("", "''"),
            ("/a/b*c", "'/a/b*c'"), ("/été/memctl", "'/été/memctl'"),
        ])
    func quoting(word: String, quoted: String) {
        #expect(ShellWords.quoted(word) == quoted)
        #expect(ShellWords.split(ShellWords.command([word, "context"])) == [word, "context"])
    }

    @Test("splits as a POSIX shell does")
    func splitting() {
        #expect(ShellWords.split(#"  a 'b c'  "d \"e\" \$f \g" h\ i ''"#) == ["a", "b c", #"d "e" $f \g"#, "h i", ""])
        #expect(ShellWords.split("'open") == nil)
        #expect(ShellWords.split("\"open") == nil)
        #expect(ShellWords.split("") == [])
    }

    @Test(
        "memoryd's hook for an agent, wherever memctl is and with its global options",
        arguments: [
            ("memctl context --hook codex", true), ("/usr/bin/memctl context --hook codex", true),
            ("'/home/me/my tools/memctl' --db /x.db context --hook=codex", true),
            ("memctl context --hook gemini", false),
            ("memctl context codex", false), ("memctl recall --hook codex", false),
            ("notmemctl context --hook codex", false),
            ("echo memctl context --hook codex", false), ("memctl context --hook", false), ("'memctl", false),
        ])
    func hookCommand(command: String, isMemoryd: Bool) {
        #expect(MemctlInvocation.isHookCommand(command, for: .codex) == isMemoryd)
    }

    @Test("what setup writes is what it recognises")
    func roundTrip() {
        for database in [nil, "/data/my memory.db"] {
            let invocation = MemctlInvocation(executable: "/home/me/bin dir/memctl", database: database)
            for tool in TranscriptTool.allCases {
                #expect(MemctlInvocation.isHookCommand(invocation.hookCommand(for: tool), for: tool))
            }
        }
        #expect(MemctlInvocation(executable: "/m", database: "/d.db").mcpArguments == ["--db", "/d.db", "mcp"])
        #expect(
            MemctlInvocation(executable: "/m", database: nil).hookCommand(for: .claudeCode)
                == "/m context --hook claude-code")
    }
}
