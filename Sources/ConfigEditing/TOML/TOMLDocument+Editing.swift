// Changes to a TOML document a whole section at a time: a new table or array element is
// appended at the end of the file after one blank line, one that is there is replaced where it
// is, and one taken out goes with the blank line that set it apart, so that setting up and
// removing gives back the original bytes. Each change returns the new text, or nil when there
// is nothing to change.
extension TOMLDocument {
    /// The text with the table at `path` holding `contents` (a table), written as a `[path]`
    /// section: appended when there is none, else in place of the one there. Nil when it holds
    /// `contents` already. A table written any other way (inline, with dotted keys) is an error:
    /// it is left to the user.
    package func setting(table contents: ConfigValue, at path: [String]) throws(ConfigError) -> [UInt8]? {
        switch definition(at: path) {
        case .missing:
            return appending(contents.tomlSection(at: path, isArrayElement: false, newline: newline))
        case .table(let table) where tables[table].origin == .header:
            if value(ofTable: table) == contents { return nil }
            return replacing(table, with: contents.tomlSection(at: path, isArrayElement: false, newline: newline))
        case .table(let table):
            throw ConfigError(
                at: tables[table].offset, in: bytes,
                "\(path.tomlKey) is written with dotted keys or only named in a header; it is changed only as a [\(path.tomlKey)] table"
            )
        case .tableArray(let elements):
            throw ConfigError(
                at: tables[elements[0]].offset, in: bytes, "\(path.tomlKey) is an array of tables, not a table")
        case .tableArrayOnPath(let arrayPath, let offset):
            throw ConfigError(at: offset, in: bytes, "\(arrayPath.tomlKey) is an array of tables, not a table")
        case .value(let valuePath, let offset):
            throw ConfigError(
                at: offset, in: bytes,
                "\(valuePath.tomlKey) is written as a value (inline), where a [\(path.tomlKey)] table is to be added")
        }
    }

    /// The text without the `[path]` table and its sub-tables. Nil when there is none, or when
    /// it is not written as sections.
    package func removingTable(at path: [String]) -> [UInt8]? {
        guard case .table(let table) = definition(at: path), tables[table].origin == .header else { return nil }
        return bytes.applying(removals(of: sections(within: table).map(\.range)))
    }

    /// The text with `element` in the array of tables at `path`: an element for which `isSame`
    /// holds is replaced by it where it is, others for which it holds are removed, and when there
    /// is none it is appended as a `[[path]]` element. Nil when the array holds it once already.
    package func ensuring(
        arrayElement element: ConfigValue, at path: [String], identifiedBy isSame: (ConfigValue) -> Bool
    ) throws(ConfigError) -> [UInt8]? {
        var document = self
        var changed = false
        while true {
            let section = element.tomlSection(at: path, isArrayElement: true, newline: document.newline)
            let elements: [Int]
            switch document.definition(at: path) {
            case .missing: return document.appending(section)
            case .tableArray(let found): elements = found
            case .table(let table):
                throw ConfigError(
                    at: document.tables[table].offset, in: document.bytes,
                    "\(path.tomlKey) is a table, not an array of tables")
            case .tableArrayOnPath(let arrayPath, let offset):
                throw ConfigError(
                    at: offset, in: document.bytes, "\(arrayPath.tomlKey) is an array of tables, not a table")
            case .value(let valuePath, let offset):
                throw ConfigError(
                    at: offset, in: document.bytes,
                    "\(valuePath.tomlKey) is written as a value (inline), where [[\(path.tomlKey)]] tables are to be added"
                )
            }
            let same = elements.filter { isSame(document.value(ofTable: $0)) }
            let text: [UInt8]
            if same.count > 1 {
                text = document.bytes.applying(
                    document.removals(of: document.sections(within: same.last!).map(\.range)))
            } else if let table = same.first {
                if document.value(ofTable: table) == element { return changed ? document.bytes : nil }
                text = document.replacing(table, with: section)
            } else {
                text = document.appending(section)
            }
            document = try TOMLDocument(text)
            changed = true
        }
    }

    /// The text without the elements of the array of tables at `path` for which `isMatch`
    /// holds (their sections and those of their sub-tables). Nil when none does.
    package func removingArrayElements(at path: [String], where isMatch: (ConfigValue) -> Bool) -> [UInt8]? {
        guard case .tableArray(let elements) = definition(at: path) else { return nil }
        let ranges = elements.filter { isMatch(value(ofTable: $0)) }.flatMap { sections(within: $0).map(\.range) }
        return ranges.isEmpty ? nil : bytes.applying(removals(of: ranges.sorted { $0.lowerBound < $1.lowerBound }))
    }

    // MARK: - Edits

    /// The line break the text uses.
    var newline: String { bytes.lineBreak }

    /// The text with `section` (ending with a line break) at its end, after a blank line. A
    /// text that did not end with a line break still does not.
    func appending(_ section: String) -> [UInt8] {
        if bytes.isEmpty { return Array(section.utf8) }
        if bytes.last == UInt8(ascii: "\n") { return bytes + Array((newline + section).utf8) }
        return bytes + Array((newline + newline + section.dropLast(newline.count)).utf8)
    }

    /// The text with the sections of `table` replaced by `section`: written where the table's
    /// own header is, the sections of its sub-tables taken out.
    func replacing(_ table: Int, with section: String) -> [UInt8] {
        let all = sections(within: table)
        let own = all.first { $0.table == table }!
        let ending = bytes[own.range].last == UInt8(ascii: "\n") ? section : String(section.dropLast(newline.count))
        let others = all.filter { $0.table != table }.map(\.range)
        return bytes.applying([TextEdit(replacing: own.range, with: ending)] + removals(of: others, keeping: own.range))
    }

    /// Edits that take out `ranges` (sections, in the order of the text): each run of them with
    /// only blank lines between goes as one, with the blank line that set it apart. At the end
    /// of the text that is the blank line before it (and the line break before that, when the
    /// text did not end with one), elsewhere the one after it when one came before it too.
    /// Nothing in `kept` is touched.
    func removals(of ranges: [Range<Int>], keeping kept: Range<Int>? = nil) -> [TextEdit] {
        var runs: [Range<Int>] = []
        for range in ranges {
            if let last = runs.last, kept.map({ !$0.overlaps(last.upperBound..<range.lowerBound) }) ?? true,
                bytes[last.upperBound..<range.lowerBound].allSatisfy(Self.isWhitespace)
            {
                runs[runs.count - 1] = last.lowerBound..<range.upperBound
            } else {
                runs.append(range)
            }
        }
        let floor = kept?.upperBound ?? 0
        return runs.map { run in
            var start = run.lowerBound
            var end = run.upperBound
            if end == bytes.count {
                if let blank = blankLine(endingAt: start), blank.lowerBound >= floor { start = blank.lowerBound }
                if bytes[run].last != UInt8(ascii: "\n"), start > floor, bytes[start - 1] == UInt8(ascii: "\n") {
                    start -= start >= floor + 2 && bytes[start - 2] == UInt8(ascii: "\r") ? 2 : 1
                }
            } else if let blank = blankLine(startingAt: end), start == 0 || blankLine(endingAt: start) != nil {
                end = blank.upperBound
            }
            return .remove(start..<end)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// The blank line (spaces and tabs at most, and its line break) that ends where `offset`
    /// starts a line.
    func blankLine(endingAt offset: Int) -> Range<Int>? {
        guard offset > 0, bytes[offset - 1] == UInt8(ascii: "\n") else { return nil }
        let start = (bytes[..<(offset - 1)].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        return bytes[start..<offset].allSatisfy(Self.isWhitespace) ? start..<offset : nil
    }

    /// The blank line that starts at `offset`.
    func blankLine(startingAt offset: Int) -> Range<Int>? {
        guard let lineEnd = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return bytes[offset..<lineEnd].allSatisfy(Self.isWhitespace) ? offset..<(lineEnd + 1) : nil
    }
}
