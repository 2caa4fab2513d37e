import ConfigEditing
import FuzzSupport

// A coding agent's configuration file as `memctl setup` edits it (docs/SETUP.md). The first byte
// picks the file and memoryd's entries for it: its two low bits ~/.claude.json (strict JSON, the
// MCP server), ~/.claude/settings.json (strict JSON, hooks SessionStart and UserPromptSubmit),
// ~/.gemini/settings.json (JSON with comments, the server and hooks SessionStart and BeforeAgent)
// or ~/.codex/config.toml (TOML, the server and hooks SessionStart and UserPromptSubmit); its bit
// 0x04 a memctl whose path needs quoting, with a --db. The rest is the file.
//
// The file reads, or is refused with a line and column inside it. Set up as memctl setup does it,
// it reads again, holds memoryd's entries, and holds every other value as before; set up again,
// it does not change; taken out again as --remove does it, it gives back the original bytes (but
// for what docs/SETUP.md says cannot come back). A refused edit names the place of the value in
// the way. The diff memctl setup --dry-run prints, applied as `patch` applies it, gives the new
// text; a text with a NUL byte is also cut there into two texts whose diff must apply and be
// as short as can be.
//
// memctl is an executable, which no fuzz target links: the entries and the test of a hook group
// of memoryd's are those of Sources/memctl/Setup (AgentSetup, AgentConfigFile+Editing), restated.

// MARK: - memoryd's entries, as AgentSetup writes them

enum Format { case json, jsonWithComments, toml }

struct AgentFile {
    let format: Format
    let tool: String
    let mcpServer: ConfigValue?
    let hookGroups: [(event: String, group: ConfigValue)]
    let hookCommand: String

    var serverPath: [String] { [format == .toml ? "mcp_servers" : "mcpServers", "memoryd"] }
    var syntax: JSONDocument.Syntax { format == .jsonWithComments ? .withComments : .strict }
    /// What setup takes a missing or blank file to hold.
    var emptyText: [UInt8] { format == .toml ? [] : Array("{}\n".utf8) }
}

/// memctl as `MemctlInvocation` names it: plain, or at a path that `ShellWords.quoted` quotes.
struct Invocation {
    let executable: String
    let arguments: [String]
    let quotedPrefix: String

    static let plain = Invocation(
        executable: "/usr/local/bin/memctl", arguments: ["mcp"], quotedPrefix: "/usr/local/bin/memctl")
    static let quoted = Invocation(
        executable: "/home/zoë/my tools/memctl's", arguments: ["--db", "/home/zoë/data/memory.db", "mcp"],
        quotedPrefix: #"'/home/zoë/my tools/memctl'\''s' --db '/home/zoë/data/memory.db'"#)
}

func agentFile(_ selector: UInt8, _ invocation: Invocation) -> AgentFile {
    let executable = ConfigValue.string(invocation.executable)
    let arguments = ConfigValue.array(invocation.arguments.map(ConfigValue.string))
    let sessionStart = ConfigValue.string("startup|resume|clear|compact")
    func command(_ tool: String) -> String { invocation.quotedPrefix + " context --hook " + tool }
    func handler(_ tool: String) -> ConfigValue {
        .table([("type", .string("command")), ("command", .string(command(tool))), ("timeout", .integer(10))])
    }
    switch selector & 3 {
    case 0:
        return AgentFile(
            format: .json, tool: "claude-code",
            mcpServer: .table([
                ("type", .string("stdio")), ("command", executable), ("args", arguments), ("env", .table([])),
            ]),
            hookGroups: [], hookCommand: command("claude-code"))
    case 1:
        return AgentFile(
            format: .json, tool: "claude-code", mcpServer: nil,
            hookGroups: [
                ("SessionStart", .table([("matcher", sessionStart), ("hooks", .array([handler("claude-code")]))])),
                ("UserPromptSubmit", .table([("hooks", .array([handler("claude-code")]))])),
            ], hookCommand: command("claude-code"))
    case 2:
        let gemini = ConfigValue.table([
            ("type", .string("command")), ("name", .string("memoryd")), ("command", .string(command("gemini"))),
            ("timeout", .integer(10_000)),
        ])
        return AgentFile(
            format: .jsonWithComments, tool: "gemini",
            mcpServer: .table([("command", executable), ("args", arguments)]),
            hookGroups: [
                ("SessionStart", .table([("hooks", .array([gemini]))])),
                ("BeforeAgent", .table([("hooks", .array([gemini]))])),
            ], hookCommand: command("gemini"))
    default:
        return AgentFile(
            format: .toml, tool: "codex",
            mcpServer: .table([("command", executable), ("args", arguments)]),
            hookGroups: [
                ("SessionStart", .table([("matcher", sessionStart), ("hooks", .array([handler("codex")]))])),
                ("UserPromptSubmit", .table([("hooks", .array([handler("codex")]))])),
            ], hookCommand: command("codex"))
    }
}

extension AgentFile {
    /// `isMemorydGroup`: every hook of the group runs memctl's `context --hook TOOL`. memctl's own
    /// test splits shell words; here a command is this setup's own, or one written without
    /// quotes (memctl elsewhere, an older setup's).
    func isMemorydGroup(_ group: ConfigValue) -> Bool {
        guard let handlers = group["hooks"]?.array, !handlers.isEmpty else { return false }
        return handlers.allSatisfy { handler in
            guard let command = handler["command"]?.string else { return false }
            if command == hookCommand { return true }
            let words = command.split(separator: " ").map(String.init)
            guard let program = words.first, program == "memctl" || program.hasSuffix("/memctl"),
                let context = words.firstIndex(of: "context")
            else { return false }
            let options = words[(context + 1)...]
            if options.contains("--hook=" + tool) { return true }
            guard let hook = options.firstIndex(of: "--hook"), hook + 1 < words.count else { return false }
            return words[hook + 1] == tool
        }
    }

    /// A blank JSON file is read as `{}`.
    func startingText(_ text: [UInt8]) -> [UInt8] { format != .toml && text.isBlank ? emptyText : text }

    func root(of text: [UInt8]) throws(ConfigError) -> ConfigValue {
        format == .toml ? try TOMLDocument(text).root : try JSONDocument(text, syntax: syntax).root.value
    }

    /// The text reads again after an edit: an edit never makes a file its reader refuses.
    func reread(_ text: [UInt8], after step: String) {
        do {
            _ = try root(of: text)
        } catch {
            preconditionFailure("after \(step), the text no longer reads (\(error)): \(show(text))")
        }
    }

    /// `settingUp`: the text with memoryd's entries, and whether any step changed it.
    func settingUp(_ text: [UInt8]) throws(ConfigError) -> (text: [UInt8], changed: Bool) {
        var text = startingText(text)
        var changed = false
        if format == .toml {
            if let mcpServer, let next = try TOMLDocument(text).setting(table: mcpServer, at: serverPath) {
                reread(next, after: "setting the server")
                (text, changed) = (next, true)
            }
            for (event, group) in hookGroups {
                if let next = try TOMLDocument(text).ensuring(
                    arrayElement: group, at: ["hooks", event], identifiedBy: isMemorydGroup)
                {
                    reread(next, after: "ensuring the \(event) group")
                    (text, changed) = (next, true)
                }
            }
            return (text, changed)
        }
        if let mcpServer, let next = try JSONDocument(text, syntax: syntax).setting(mcpServer, at: serverPath) {
            reread(next, after: "setting the server")
            (text, changed) = (next, true)
        }
        for (event, group) in hookGroups {
            if let next = try JSONDocument(text, syntax: syntax).ensuring(
                group, inArrayAt: ["hooks", event], identifiedBy: isMemorydGroup)
            {
                reread(next, after: "ensuring the \(event) group")
                (text, changed) = (next, true)
            }
        }
        return (text, changed)
    }

    /// `removing`, with the backup `before` (the file before setup), and what ConfigFileChange
    /// then does with a file left as setup starts a missing one.
    func removing(_ text: [UInt8], before: [UInt8]) throws(ConfigError) -> [UInt8] {
        var text = startingText(text)
        if format == .toml {
            if mcpServer != nil, let next = try TOMLDocument(text).removingTable(at: serverPath) {
                reread(next, after: "removing the server")
                text = next
            }
            for (event, _) in hookGroups {
                if let next = try TOMLDocument(text).removingArrayElements(
                    at: ["hooks", event], where: isMemorydGroup)
                {
                    reread(next, after: "removing the \(event) groups")
                    text = next
                }
            }
        } else {
            let earlier = try? JSONDocument(startingText(before), syntax: syntax).root
            let keepsEmpty = { (path: ArraySlice<String>) in earlier?.node(at: path)?.isEmptyContainer ?? false }
            if mcpServer != nil,
                let next = try JSONDocument(text, syntax: syntax).removingMember(
                    at: serverPath, keepingEmpty: keepsEmpty)
            {
                reread(next, after: "removing the server")
                text = next
            }
            for (event, _) in hookGroups {
                if let next = try JSONDocument(text, syntax: syntax).removingElements(
                    inArrayAt: ["hooks", event], where: isMemorydGroup, keepingEmpty: keepsEmpty)
                {
                    reread(next, after: "removing the \(event) groups")
                    text = next
                }
            }
        }
        if text == emptyText && (before == emptyText || before.isBlank) { return before }
        return text
    }

    /// True when `root` holds any of memoryd's entries.
    func holdsMemoryd(_ root: ConfigValue) -> Bool {
        if mcpServer != nil, root[path: serverPath] != nil { return true }
        return hookGroups.contains { event, _ in
            root[path: ["hooks", event]]?.array?.contains(where: isMemorydGroup) ?? false
        }
    }

    /// `root` without memoryd's entries, and without the tables and arrays on their paths left
    /// empty: what must be the same before and after an edit. Taking out the last of a key given
    /// twice uncovers an earlier one, which then counts: taken out until nothing changes.
    func others(_ root: ConfigValue) -> ConfigValue {
        var root = root
        while true {
            var next = root
            if mcpServer != nil { next = next.removing(path: serverPath[...]) { _ in nil } }
            for (event, _) in hookGroups {
                next = next.removing(path: ["hooks", event]) { value in
                    guard case .array(let elements) = value else { return value }
                    return .array(elements.filter { !isMemorydGroup($0) })
                }
            }
            // Compared as written, every key given twice included (`==` compares the last ones).
            if next.compactJSON == root.compactJSON { return next }
            root = next
        }
    }
}

extension ConfigValue {
    /// The value with what is at `path` changed by `change` (nil takes it out), and each table
    /// or array on the path that this leaves empty taken out; the last of a key given twice.
    func removing(path: ArraySlice<String>, _ change: (ConfigValue) -> ConfigValue?) -> ConfigValue {
        guard let key = path.first, case .table(var members) = self,
            let index = members.lastIndex(where: { $0.key == key })
        else { return self }
        let inner =
            path.count == 1
            ? change(members[index].value) : members[index].value.removing(path: path.dropFirst(), change)
        if let inner, !inner.isEmptyContainer {
            members[index].value = inner
        } else {
            members.remove(at: index)
        }
        return .table(members)
    }

    var isEmptyContainer: Bool {
        switch self {
        case .table(let members): members.isEmpty
        case .array(let elements): elements.isEmpty
        default: false
        }
    }
}

// MARK: - Errors

func show(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

/// A refusal names a place inside `text`: a line from 1 up to the number of lines (a last line
/// without its line break counts), a column from 1 up to one past the line's last character.
func checkPlace(_ error: ConfigError, in text: [UInt8], _ what: String) {
    precondition(!error.reason.isEmpty, "\(what): a refusal without a reason")
    var lineStarts = [0]
    for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
    precondition(
        error.line >= 1 && error.line <= lineStarts.count,
        "\(what): \(error) is outside the text's \(lineStarts.count) lines: \(show(text))")
    let start = lineStarts[error.line - 1]
    let end = error.line < lineStarts.count ? lineStarts[error.line] - 1 : text.count
    let characters = text[start..<end].count { $0 & 0xC0 != 0x80 }
    precondition(
        error.column >= 1 && error.column <= characters + 1,
        "\(what): \(error) is outside line \(error.line), of \(characters) characters: \(show(text))")
}

/// A JSON edit refused for a value of the wrong type ("hooks.SessionStart is an object, not an
/// array") names where that value starts in the file as it was read.
func checkRefusal(_ error: ConfigError, of file: AgentFile, in text: [UInt8]) {
    checkPlace(error, in: text, "refused edit")
    guard file.format != .toml, let document = try? JSONDocument(file.startingText(text), syntax: file.syntax),
        let cut = error.reason.firstRange(of: " is ")
    else { return }
    let name = error.reason[..<cut.lowerBound]
    let path = name == "the top level" ? [] : name.split(separator: ".").map(String.init)
    guard let node = document.root.node(at: path) else {
        preconditionFailure("refused edit: \(error) names \(name), which the file does not hold: \(show(text))")
    }
    let place = TextPosition(of: node.range.lowerBound, in: document.bytes)
    precondition(
        place.line == error.line && place.column == error.column,
        "refused edit: \(error), but \(name) starts at line \(place.line), column \(place.column): \(show(text))")
}

// MARK: - Removing: what docs/SETUP.md says cannot come back

/// The lines that hold more than blanks. In a config.toml where memoryd's hook group is split by
/// another table (`[[hooks.SessionStart]]`, `[[other]]`, then the group's `[[hooks.SessionStart.hooks]]`),
/// removing memoryd's groups at once takes the blank line between two of them with the run it is
/// in, and setting up first (which takes out a second group, then rewrites the first) leaves it:
/// the same lines, one blank line apart (docs/FUZZING.md).
func nonBlankLines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
    text.split(separator: UInt8(ascii: "\n")).filter { !$0.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
}

/// The text as removal gives it back: the inside of an empty object or array that setup fills
/// (the first one on each path it edits: `{ }`) comes back as `{}`.
func emptiedInsides(of text: [UInt8], for file: AgentFile) -> [UInt8] {
    guard file.format != .toml, let document = try? JSONDocument(text, syntax: file.syntax) else { return text }
    var paths: [[String]] = []
    if file.mcpServer != nil { paths.append(file.serverPath) }
    paths += file.hookGroups.map { ["hooks", $0.event] }
    var edits: [TextEdit] = []
    var seen = Set<Int>()
    for path in paths {
        var node = document.root
        for key in path {
            if node.isEmptyContainer { break }
            guard let next = node.member(key) else { break }
            node = next.value
        }
        guard node.isEmptyContainer, seen.insert(node.range.lowerBound).inserted else { continue }
        let inside = (node.range.lowerBound + 1)..<(node.range.upperBound - 1)
        if !inside.isEmpty && text[inside].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            edits.append(.remove(inside))
        }
    }
    return text.applying(edits)
}

// MARK: - The diff, applied

func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        lines.append(bytes[start...index])
        start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
}

/// `old` with `diff` applied as `patch` applies a unified diff, checking every context and
/// removed line against `old`, and each hunk's header against its lines; also the number of
/// lines removed and added.
func patch(_ old: [UInt8], with diff: String) -> (text: [UInt8], removed: Int, added: Int) {
    let oldLines = lines(of: old)
    let diffLines = Array(diff.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    precondition(
        diff.utf8.last == UInt8(ascii: "\n") && diffLines.count >= 4, "a diff that is not one: \(diff.debugDescription)"
    )
    precondition(diffLines[0].starts(with: "--- a".utf8) && diffLines[1].starts(with: "+++ b".utf8), "headers")
    var output: [UInt8] = []
    var outputLines = 0
    var cursor = 0
    var removed = 0
    var added = 0
    var index = 2
    func range(_ text: Substring) -> (start: Int, count: Int) {
        let parts = text.split(separator: ",")
        return (Int(parts[0])!, parts.count > 1 ? Int(parts[1])! : 1)
    }
    while index < diffLines.count - 1 {
        let header = String(decoding: diffLines[index], as: UTF8.self)
        let words = header.split(separator: " ")
        precondition(
            words.count == 4 && words[0] == "@@" && words[3] == "@@" && words[1].hasPrefix("-")
                && words[2].hasPrefix("+"), "a hunk header \(header.debugDescription) in \(diff.debugDescription)")
        let (oldStart, oldCount) = range(words[1].dropFirst())
        let (newStart, newCount) = range(words[2].dropFirst())
        let from = oldCount == 0 ? oldStart : oldStart - 1
        precondition(
            from >= cursor && from <= oldLines.count, "hunk \(header) out of order in \(diff.debugDescription)")
        for line in oldLines[cursor..<from] { output += line }
        outputLines += from - cursor
        cursor = from
        precondition(
            (newCount == 0 ? newStart : newStart - 1) == outputLines, "hunk \(header) starts elsewhere in the new text")
        index += 1
        var seenOld = 0
        var seenNew = 0
        while index < diffLines.count - 1 && diffLines[index].first != UInt8(ascii: "@") {
            let line = diffLines[index]
            var content = Array(line.dropFirst()) + [UInt8(ascii: "\n")]
            index += 1
            if index < diffLines.count - 1 && diffLines[index].elementsEqual("\\ No newline at end of file".utf8) {
                content.removeLast()
                index += 1
            }
            switch line.first {
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                precondition(
                    cursor < oldLines.count && oldLines[cursor].elementsEqual(content),
                    "a line of the diff is not the old text's: \(show(content)) in \(diff.debugDescription)")
                cursor += 1
                seenOld += 1
                if line.first == UInt8(ascii: " ") {
                    output += content
                    outputLines += 1
                    seenNew += 1
                } else {
                    removed += 1
                }
            case UInt8(ascii: "+"):
                output += content
                outputLines += 1
                seenNew += 1
                added += 1
            default:
                preconditionFailure("a line \(show(Array(line))) in \(diff.debugDescription)")
            }
        }
        precondition(
            seenOld == oldCount && seenNew == newCount, "hunk \(header) counts wrong in \(diff.debugDescription)")
    }
    for line in oldLines[cursor...] { output += line }
    return (output, removed, added)
}

/// The diff from `old` to `new` applies to `old` and gives `new`; lines removed and added
/// account for the difference in line counts; equal texts have no diff.
@discardableResult
func checkDiff(_ old: [UInt8], _ new: [UInt8]) -> (removed: Int, added: Int) {
    let diff = LineDiff.unified(from: old, to: new, oldName: "a", newName: "b")
    guard old != new else {
        precondition(diff.isEmpty, "equal texts have a diff: \(diff.debugDescription)")
        return (0, 0)
    }
    let (patched, removed, added) = patch(old, with: diff)
    precondition(
        patched == new, "\(diff.debugDescription) applied to \(show(old)) gives \(show(patched)), not \(show(new))")
    precondition(
        added - removed == lines(of: new).count - lines(of: old).count,
        "+\(added) -\(removed) lines, from \(lines(of: old).count) to \(lines(of: new).count)")
    return (removed, added)
}

/// The length of a longest common subsequence of lines: a shortest edit script removes and
/// adds all the others.
func longestCommonLines(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> Int {
    var previous = [Int](repeating: 0, count: b.count + 1)
    for x in a {
        var current = [0]
        for (j, y) in b.enumerated() { current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j])) }
        previous = current
    }
    return previous[b.count]
}

// MARK: - The input

runFuzzer { input in
    guard let selector = input.first else { return }
    let text = Array(input.dropFirst())
    let file = agentFile(selector, selector & 0x04 == 0 ? .plain : .quoted)

    precondition(
        LineDiff.unified(from: text, to: text, oldName: "a", newName: "b").isEmpty, "a text differs from itself")
    if let nul = text.firstIndex(of: 0) {
        let (a, b) = (Array(text[..<nul]), Array(text[(nul + 1)...]))
        if a.firstInvalidUTF8Offset == nil && b.firstInvalidUTF8Offset == nil {
            let (removed, added) = checkDiff(a, b)
            let (linesA, linesB) = (lines(of: a), lines(of: b))
            if linesA.count <= 64 && linesB.count <= 64 {
                let common = longestCommonLines(linesA, linesB)
                precondition(
                    removed == linesA.count - common && added == linesB.count - common,
                    "-\(removed) +\(added) lines where \(common) of \(linesA.count) and \(linesB.count) are common")
            }
        }
    }

    // Reading: a value, or a refusal inside the text. Strict JSON is JSON with comments without
    // them: what reads strictly reads alike with comments, and a text without a '/' reads alike.
    let original: ConfigValue
    do throws(ConfigError) {
        original = try file.root(of: file.startingText(text))
    } catch {
        checkPlace(error, in: file.startingText(text), "refused text")
        return
    }
    if file.format != .toml {
        let strict = Result { () throws(ConfigError) in try JSONDocument(text, syntax: .strict).root.value }
        let commented = Result { () throws(ConfigError) in try JSONDocument(text, syntax: .withComments).root.value }
        switch (strict, commented) {
        case (.success(let a), .success(let b)): precondition(a == b, "read differently with comments: \(show(text))")
        case (.success, .failure(let error)):
            preconditionFailure("strict JSON refused with comments (\(error)): \(show(text))")
        case (.failure(let a), .failure(let b)) where !text.contains(UInt8(ascii: "/")):
            precondition(a == b, "without a '/', refused for \(a) strictly and \(b) with comments: \(show(text))")
        case (.failure(let error), .success) where !text.contains(UInt8(ascii: "/")):
            preconditionFailure("without a '/', refused strictly only (\(error)): \(show(text))")
        default: break
        }
    }

    // Setting up: the entries are there, all else is as it was, and again changes nothing.
    let setUp: [UInt8]
    do throws(ConfigError) {
        setUp = try file.settingUp(text).text
    } catch {
        checkRefusal(error, of: file, in: text)
        return
    }
    let after: ConfigValue
    do { after = try file.root(of: setUp) } catch { preconditionFailure("set up, no longer read: \(error)") }
    if let server = file.mcpServer {
        precondition(after[path: file.serverPath] == server, "set up without the server: \(show(setUp))")
    }
    for (event, group) in file.hookGroups {
        let groups = after[path: ["hooks", event]]?.array ?? []
        precondition(
            groups.filter(file.isMemorydGroup) == [group],
            "set up without one \(event) group of memoryd's: \(show(setUp))")
    }
    precondition(
        file.others(after) == file.others(original), "setting up changed what is not memoryd's: \(show(setUp))")
    do {
        let again = try file.settingUp(setUp)
        precondition(!again.changed && again.text == setUp, "set up again, it changes: \(show(again.text))")
    } catch {
        preconditionFailure("set up again, it is refused: \(error)")
    }
    checkDiff(text, setUp)

    // Removing, with the file before setup as its backup: the original bytes (a file that holds
    // memoryd's entries already: as removing them from it gives).
    let removed: [UInt8]
    do { removed = try file.removing(setUp, before: text) } catch { preconditionFailure("removal refused: \(error)") }
    checkDiff(setUp, removed)
    if file.holdsMemoryd(original) {
        let direct: [UInt8]
        do { direct = try file.removing(text, before: text) } catch { preconditionFailure("removal refused: \(error)") }
        precondition(
            removed == direct || removed == emptiedInsides(of: direct, for: file)
                || (file.format == .toml && nonBlankLines(removed) == nonBlankLines(direct)),
            "removed after setup: \(show(removed)), removed from the file: \(show(direct))")
        let left: ConfigValue
        do { left = try file.root(of: file.startingText(direct)) } catch { preconditionFailure("removed, unread") }
        precondition(!file.holdsMemoryd(left), "removal left memoryd's entries: \(show(direct))")
        precondition(file.others(left) == file.others(original), "removal changed what is not memoryd's")
    } else {
        precondition(
            removed == text || removed == emptiedInsides(of: text, for: file),
            "set up and removed, \(show(text)) comes back as \(show(removed))")
    }
}
