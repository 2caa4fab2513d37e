// Changes to a JSON document made in its text: a member or element is added after the last one
// with the indentation its siblings have, replaced where it is, or taken out with its comma, so
// that everything else keeps its bytes. Each change returns the new text, or nil when there is
// nothing to change; a change of several steps reads the text again between them.
extension JSONDocument {
    /// The text with `value` at `path` of keys: the member replaced when it holds something
    /// else, or added, with the objects that lead to it. Nil when it holds `value` already.
    package func setting(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> [UInt8]? {
        let (container, rest) = try deepestObject(on: path)
        if rest.isEmpty {
            let member = container.member(path[path.count - 1])!
            if member.value.value == value { return nil }
            return bytes.applying([replacement(of: member.value, with: value)])
        }
        let nested = rest.dropFirst().reversed().reduce(value) { inner, key in .table([(key, inner)]) }
        return bytes.applying(addition(of: nested, key: rest.first!, to: container))
    }

    /// The text without the member at `path`, and without the objects on the path that this
    /// leaves empty (the top level stays), but for those `keepsEmpty` names. Nil when there is
    /// no such member. A key given twice counts with its last value (as `JSON.parse` reads it):
    /// when that goes, an earlier one counts, and what it holds at `path` goes too.
    package func removingMember(
        at path: [String], keepingEmpty keepsEmpty: (ArraySlice<String>) -> Bool = { _ in false }
    ) throws(ConfigError) -> [UInt8]? {
        guard try deepestObject(on: path).rest.isEmpty else { return nil }
        var document = self
        // Found through objects only, so `deepestObject` finds it again without an error.
        while document.root.node(at: path) != nil {
            let (container, _) = try document.deepestObject(on: path)
            let index = container.members!.lastIndex { $0.key == path[path.count - 1] }!
            document = try JSONDocument(
                document.bytes.applying(document.removal(ofEntry: index, of: container)), syntax: syntax)
            document = try JSONDocument(
                document.removingEmptyContainers(on: path.dropLast(), keepingEmpty: keepsEmpty), syntax: syntax)
        }
        return document.bytes
    }

    /// The text with `element` in the array at `path` (created as needed): an element for which
    /// `isSame` holds is replaced by it, others for which it holds are removed, and when there is
    /// none it is added at the end. Nil when the array holds it once already.
    package func ensuring(
        _ element: ConfigValue, inArrayAt path: [String], identifiedBy isSame: (ConfigValue) -> Bool
    ) throws(ConfigError) -> [UInt8]? {
        var document = self
        var changed = false
        while true {
            // No array yet (only on the first pass): it is made with the element in it.
            guard let array = try document.array(at: path), let elements = array.elements else {
                return try document.setting(.array([element]), at: path)
            }
            let same = elements.indices.filter { isSame(elements[$0].value) }
            let edits: [TextEdit]
            if same.count > 1 {
                edits = document.removal(ofEntry: same.last!, of: array)
            } else if let index = same.first {
                if elements[index].value == element { return changed ? document.bytes : nil }
                edits = [document.replacement(of: elements[index], with: element)]
            } else {
                edits = document.addition(of: element, key: nil, to: array)
            }
            document = try JSONDocument(document.bytes.applying(edits), syntax: syntax)
            changed = true
        }
    }

    /// The text without the elements of the array at `path` for which `isMatch` holds, and
    /// without the array and the objects on its path that this leaves empty, but for those
    /// `keepsEmpty` names. Nil when none does. When a key given twice goes with what it held,
    /// the earlier one counts (as for `removingMember`): its elements for which `isMatch` holds go too.
    package func removingElements(
        inArrayAt path: [String], where isMatch: (ConfigValue) -> Bool,
        keepingEmpty keepsEmpty: (ArraySlice<String>) -> Bool = { _ in false }
    ) throws(ConfigError) -> [UInt8]? {
        guard try array(at: path) != nil else { return nil }
        var document = self
        var changed = false
        while true {
            while let array = document.root.node(at: path),
                let index = array.elements?.lastIndex(where: { isMatch($0.value) })
            {
                document = try JSONDocument(
                    document.bytes.applying(document.removal(ofEntry: index, of: array)), syntax: syntax)
                changed = true
            }
            guard changed else { return nil }
            document = try JSONDocument(
                document.removingEmptyContainers(on: path[...], keepingEmpty: keepsEmpty), syntax: syntax)
            guard document.root.node(at: path)?.elements?.contains(where: { isMatch($0.value) }) == true else {
                return document.bytes
            }
        }
    }

    // MARK: - Steps

    /// The text without the members at the end of `path` that hold an empty object or array,
    /// from the deepest up, stopping at one that `keepsEmpty` names.
    private func removingEmptyContainers(
        on path: ArraySlice<String>, keepingEmpty keepsEmpty: (ArraySlice<String>) -> Bool
    ) throws(ConfigError) -> [UInt8] {
        var document = self
        var path = path
        while !path.isEmpty, !keepsEmpty(path), let node = document.root.node(at: path), node.isEmptyContainer {
            let (container, _) = try document.deepestObject(on: Array(path))
            let index = container.members!.lastIndex { $0.key == path.last! }!
            document = try JSONDocument(
                document.bytes.applying(document.removal(ofEntry: index, of: container)), syntax: syntax)
            path = path.dropLast()
        }
        return document.bytes
    }

    /// The object that holds the last key of `path`, or the deepest object on the path and the
    /// keys not found in it. Every value on the way must be an object.
    private func deepestObject(on path: [String]) throws(ConfigError) -> (object: Node, rest: ArraySlice<String>) {
        precondition(!path.isEmpty)
        var node = root
        guard node.members != nil else {
            throw ConfigError(at: node.range.lowerBound, in: bytes, "the top level is \(node.kind), not an object")
        }
        for index in 0..<(path.count - 1) {
            guard let member = node.member(path[index]) else { return (node, path[index...]) }
            guard member.value.members != nil else {
                throw ConfigError(
                    at: member.value.range.lowerBound, in: bytes,
                    "\(path[...index].joined(separator: ".")) is \(member.value.kind), not an object")
            }
            node = member.value
        }
        return (node, node.member(path[path.count - 1]) == nil ? path[(path.count - 1)...] : [])
    }

    /// The array at `path`, nil when there is none; an error when something else is there.
    private func array(at path: [String]) throws(ConfigError) -> Node? {
        let (container, rest) = try deepestObject(on: path)
        guard rest.isEmpty, let node = container.member(path[path.count - 1])?.value else { return nil }
        guard node.elements != nil else {
            throw ConfigError(
                at: node.range.lowerBound, in: bytes, "\(path.joined(separator: ".")) is \(node.kind), not an array")
        }
        return node
    }

    // MARK: - Edits

    /// Adds `value` (as member `key` of an object, or an element of an array) after the last
    /// entry of `container`: on a line of its own with the last entry's indentation, after any
    /// comment on that entry's line, or on the same line when the entries share one. Into an
    /// empty container it goes on a line of its own, one level deeper than the container's line
    /// (after the comments in it, if it holds some), unless more follows the container on its line.
    func addition(of value: ConfigValue, key: String?, to container: Node) -> [TextEdit] {
        let prefix = key.map { ConfigValue.jsonString($0) + ": " } ?? ""
        let containerIndent = indentation(ofLineAt: container.range.lowerBound)
        guard let last = container.entryRanges.last else {
            let inside = (container.range.lowerBound + 1)..<(container.range.upperBound - 1)
            let indent = containerIndent + indentationUnit
            let text =
                newline + indent + prefix
                + value.json(indentation: indentationUnit, lineIndent: indent, newline: newline)
                + newline + containerIndent
            if bytes[inside].allSatisfy(Self.isWhitespace) {
                // `{}` with more after it on its line (`{"a": {}, "b": 1}`): the entry stays on that line.
                return [TextEdit(replacing: inside, with: endsLine(container) ? text : prefix + value.compactJSON)]
            }
            // Comments only: after the last of them, on a line of its own.
            let afterComments = bytes[inside].lastIndex { !Self.isWhitespace($0) }! + 1
            let line =
                newline + indent + prefix
                + value.json(indentation: indentationUnit, lineIndent: indent, newline: newline)
            return [.insert(line, at: afterComments)]
        }
        guard startsLine(last.lowerBound) else {
            return [.insert(", " + prefix + value.compactJSON, at: last.upperBound)]
        }
        let indent = indentation(ofLineAt: last.lowerBound)
        let unit =
            indent.count > containerIndent.count && indent.hasPrefix(containerIndent)
            ? String(indent.dropFirst(containerIndent.count)) : indentationUnit
        let text = newline + indent + prefix + value.json(indentation: unit, lineIndent: indent, newline: newline)
        return [.insert(",", at: last.upperBound), .insert(text, at: lineTrailer(after: last.upperBound))]
    }

    /// True when only a comma, blanks and comments follow `node` on its line.
    func endsLine(_ node: Node) -> Bool {
        var index = node.range.upperBound
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") { index += 1 }
        index = lineTrailer(after: index)
        while index < bytes.count && Self.isBlank(bytes[index]) { index += 1 }
        return index == bytes.count || Self.isLineBreak(bytes[index])
    }

    /// Puts `value` where `node` is: on one line when the node was, else laid out from the
    /// indentation of the node's line.
    func replacement(of node: Node, with value: ConfigValue) -> TextEdit {
        let text =
            bytes[node.range].contains(where: Self.isLineBreak)
            ? value.json(
                indentation: indentationUnit, lineIndent: indentation(ofLineAt: node.range.lowerBound), newline: newline
            )
            : value.compactJSON
        return TextEdit(replacing: node.range, with: text)
    }

    /// Takes out entry `index` of `container` with its comma, the inverse of `addition`: the
    /// last entry with the comma before it (and what followed that comma on its line stays),
    /// another with the comma after it, up to what follows. A comment on the entry's own line
    /// goes with it.
    func removal(ofEntry index: Int, of container: Node) -> [TextEdit] {
        let entries = container.entryRanges
        let entry = entries[index]
        let end = lineTrailer(after: entry.upperBound)
        if entries.count == 1 {
            let inside = (container.range.lowerBound + 1)..<(container.range.upperBound - 1)
            let onlyWhitespace =
                bytes[inside.lowerBound..<entry.lowerBound].allSatisfy(Self.isWhitespace)
                && bytes[end..<inside.upperBound].allSatisfy(Self.isWhitespace)
            if onlyWhitespace { return [.remove(inside)] }
            let afterComments =
                (bytes[inside.lowerBound..<entry.lowerBound].lastIndex { !Self.isWhitespace($0) } ?? inside.lowerBound
                    - 1) + 1
            return [.remove(keepingLineComment(afterComments, from: inside.lowerBound, before: end)..<end)]
        }
        if index + 1 < entries.count {
            let comma = nextToken(after: entry.upperBound)
            var next = lineTrailer(after: comma + 1)
            while next < bytes.count && Self.isWhitespace(bytes[next]) { next += 1 }
            return [.remove(entry.lowerBound..<next)]
        }
        let comma = nextToken(after: entries[index - 1].upperBound)
        let start = keepingLineComment(lineTrailer(after: comma + 1), from: comma + 1, before: end)
        return [.remove(comma..<(comma + 1)), .remove(start..<end)]
    }

    /// Where a removal up to `end` starts, when it would start at `start`, the end of the
    /// comments from `offset`: past the line break of a `//` comment that ends there (or runs on
    /// past it, in blanks after its last word), if more than blanks follows `end` on its line (a
    /// closing bracket), which the comment would take in. Setup's own entries end their line, and
    /// so come out from `start`, as they went in.
    func keepingLineComment(_ start: Int, from offset: Int, before end: Int) -> Int {
        var index = offset
        var endsLineComment = false
        while index < start {
            if Self.isWhitespace(bytes[index]) {
                index += 1
            } else if let commentEnd = commentEnd(at: index, withinLine: false) {
                endsLineComment = commentEnd >= start && bytes[index + 1] == UInt8(ascii: "/")
                index = commentEnd
            } else {
                return start
            }
        }
        guard endsLineComment else { return start }
        // A lone CR does not end the comment: only a line feed (after blanks, or a CR) does.
        var next = end
        while next < bytes.count && (Self.isBlank(bytes[next]) || bytes[next] == UInt8(ascii: "\r")) { next += 1 }
        if next == bytes.count || bytes[next] == UInt8(ascii: "\n") { return start }
        return bytes[start..<end].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? start
    }
}

extension JSONDocument.Node {
    /// What kind of value this is, for messages: "an array", "a string", ...
    var kind: String {
        switch content {
        case .object: "an object"
        case .array: "an array"
        case .scalar(.string): "a string"
        case .scalar(.integer), .scalar(.float): "a number"
        case .scalar(.bool(let flag)): flag ? "true" : "false"
        case .scalar: "null"
        }
    }
}
