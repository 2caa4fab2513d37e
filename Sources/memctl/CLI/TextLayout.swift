import MemoryStorage

/// Laying out text for a terminal: display widths, cutting to a width, aligned columns.
enum TextLayout {
    /// Columns a character takes on a terminal: 0 for combining marks, 2 for wide (CJK,
    /// emoji), 1 otherwise.
    static func width(of character: Character) -> Int {
        // Printable ASCII ("\r\n", the one ASCII character of two scalars, is not printable).
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func width(of text: String) -> Int {
        // Printable ASCII is a column a byte, without looking up Unicode's properties (a recall's
        // table of 200 memories asked them for 3,600 characters).
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// Makes text safe for one table cell: line breaks and other control characters become
    /// visible symbols (`↵`, `␀`, …) so they cannot break the layout.
    static func singleLine(_ text: String) -> String {
        // Only control characters change, and UTF-8 has no byte below 0x80 but in ASCII.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result.unicodeScalars.append("↵")
            case 0x09: result.unicodeScalars.append(" ")
            case 0x00..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.unicodeScalars.append("␡")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Cuts `text` to at most `maximum` columns, ending with `…` when something was cut.
    static func cut(_ text: String, to maximum: Int) -> String {
        guard width(of: text) > maximum else { return text }
        guard maximum > 1 else { return maximum == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > maximum - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    static func pad(_ text: String, to columns: Int, rightAligned: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(of: text)))
        return rightAligned ? padding + text : text + padding
    }
}

/// Rows of text in aligned columns; the last column is cut to fit the terminal width.
struct Table {
    struct Column {
        let header: String
        var rightAligned = false
        /// Cells wider than this are cut (the last column is cut to the terminal instead).
        var maximumWidth = 24
    }

    let columns: [Column]
    private(set) var rows: [[String]] = []

    init(_ columns: Column...) { self.columns = columns }

    mutating func append(_ cells: String...) {
        rows.append(
            cells.enumerated().map { index, cell in
                let line = TextLayout.singleLine(cell)
                return index == columns.count - 1 ? line : TextLayout.cut(line, to: columns[index].maximumWidth)
            })
    }

    func render(width: Int?) -> [String] {
        var widths = columns.map { TextLayout.width(of: $0.header) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextLayout.width(of: cell)) }
        }
        let lastIndex = columns.count - 1
        let separators = 2 * lastIndex
        if let width {
            // Give the last column at least a little room by narrowing the widest other columns
            // (not below their header); whatever still does not fit is cut at the edge.
            let lastMinimum = min(widths[lastIndex], 10)
            while widths.dropLast().reduce(0, +) + separators + lastMinimum > width,
                let widest = widths.indices.dropLast().max(by: { widths[$0] - headerWidth($0) < widths[$1] - headerWidth($1) }),
                widths[widest] > headerWidth(widest)
            {
                widths[widest] -= 1
            }
            widths[lastIndex] = max(0, width - widths.dropLast().reduce(0, +) - separators)
        }
        func line(_ cells: [String]) -> String {
            let text = cells.enumerated().map { index, cell in
                let cut = TextLayout.cut(cell, to: widths[index])
                return index == lastIndex ? cut : TextLayout.pad(cut, to: widths[index], rightAligned: columns[index].rightAligned)
            }.joined(separator: "  ")
            return width.map { TextLayout.cut(text, to: $0) } ?? text
        }
        return [line(columns.map(\.header))] + rows.map(line)
    }

    private func headerWidth(_ index: Int) -> Int { TextLayout.width(of: columns[index].header) }
}
