/// A TOML 1.0 document, validated, with the byte range of each `[table]` and `[[array]]`
/// section, so that a configuration file can be changed a whole table at a time and nowhere
/// else (`TOMLDocument+Editing.swift`).
///
/// It refuses what the specification refuses: a key or table defined twice, a table extended
/// after it was closed (an inline table, a table defined by a header extended with dotted keys,
/// and the reverse), an array of tables declared over something else, and every malformed key,
/// string, number, date or time (toml.io/en/v1.0.0).
package struct TOMLDocument: Sendable {
    /// One `[table]` or `[[array]]` header and the lines that belong to it.
    package struct Section: Sendable {
        package let path: [String]
        package let isArrayElement: Bool
        /// From the start of the header's line to the end of the line of its last key/value pair
        /// (its line break included): comments and blank lines after that belong to no section.
        package internal(set) var range: Range<Int>
        /// The table the header defines (an index into `tables`).
        let table: Int
    }

    package let bytes: [UInt8]
    package let sections: [Section]
    let tables: [TOMLTable]

    package init(_ bytes: [UInt8]) throws(ConfigError) {
        if let invalid = bytes.firstInvalidUTF8Offset {
            throw ConfigError(at: invalid, in: bytes, "invalid UTF-8")
        }
        var parser = TOMLParser(bytes: bytes)
        try parser.document()
        self.bytes = bytes
        sections = parser.sections
        tables = parser.tables
    }

    /// The whole document as a table.
    package var root: ConfigValue { value(ofTable: 0) }

    /// How the key at `path` is defined.
    enum Definition {
        case missing
        case table(Int)
        case tableArray([Int])
        /// A value (an inline table or array among them) at `path`, a part of the path asked for.
        case value(path: [String], offset: Int)
        /// An array of tables at `path`, a part of the path asked for: a header under it would
        /// extend its last element, not the table a program reads at the path.
        case tableArrayOnPath(path: [String], offset: Int)
    }

    /// What `path` names.
    func definition(at path: [String]) -> Definition {
        var table = 0
        for (index, key) in path.enumerated() {
            let last = index == path.count - 1
            switch tables[table].entries[key] {
            case nil: return .missing
            case .table(let child):
                if last { return .table(child) }
                table = child
            case .tableArray(let elements):
                if last { return .tableArray(elements) }
                return .tableArrayOnPath(path: Array(path[...index]), offset: tables[elements[0]].offset)
            case .value(_, let offset): return .value(path: Array(path[...index]), offset: offset)
            }
        }
        return .table(table)
    }

    func value(ofTable index: Int) -> ConfigValue { Self.valueOfTable(index, in: tables) }

    /// A table of the parser's, with the tables in it, as a value.
    static func valueOfTable(_ index: Int, in tables: [TOMLTable]) -> ConfigValue {
        let table = tables[index]
        return .table(
            table.keys.map { key in
                switch table.entries[key]! {
                case .value(let value, _): (key, value)
                case .table(let child): (key, valueOfTable(child, in: tables))
                case .tableArray(let elements): (key, .array(elements.map { valueOfTable($0, in: tables) }))
                }
            })
    }

    /// The sections that define `table` or a table inside it, in the order of the text.
    func sections(within table: Int) -> [Section] {
        sections.filter { section in
            var current: Int? = section.table
            while let index = current {
                if index == table { return true }
                current = tables[index].parent
            }
            return false
        }
    }
}

/// A table as the parser builds it: its keys in order, and how it came to be, which decides
/// what may still add to it.
struct TOMLTable: Sendable {
    enum Origin: Sendable {
        case root
        /// Named on the way to a header's table (`a` for `[a.b]`); a header may still define it.
        case implicit
        /// Defined by its `[header]`.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`): only dotted keys of its section add to it.
        case dotted
        /// An element of an array of tables, made by its `[[header]]`.
        case arrayElement
        /// Written `{ ... }`: closed once written.
        case inline
    }

    var origin: Origin
    let parent: Int?
    /// Where it was made or defined, for messages.
    var offset: Int
    var keys: [String] = []
    var entries: [String: TOMLEntry] = [:]
}

enum TOMLEntry: Sendable {
    case value(ConfigValue, offset: Int)
    case table(Int)
    /// An array of tables made by `[[header]]`s (one written `[...]` is a value).
    case tableArray([Int])
}

extension Collection<String> {
    /// A dotted key as TOML writes it: `mcp_servers.memoryd`, `projects."/home/me"`.
    package var tomlKey: String { map(ConfigValue.tomlKey).joined(separator: ".") }
}
