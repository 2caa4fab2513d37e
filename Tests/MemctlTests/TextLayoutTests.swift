import Testing

@testable import memctl

/// memctl's terminal layout, called directly: display widths, cutting, padding, tables.
@Suite("TextLayout")
struct TextLayoutTests {
    @Test("a character takes 1 column, 2 when wide (CJK, full-width, emoji), 0 when it combines or formats", arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("\u{20DD}", 0), ("\u{200B}", 0), ("\u{AD}", 0),
        ("漢", 2), ("あ", 2), ("한", 2), ("ᄀ", 2), ("Ａ", 2), ("￥", 2), ("𠀀", 2),
        // Yi syllables and CJK compatibility forms: ranges the tests' old copy of this function missed.
        ("ꀀ", 2), ("︰", 2),
        ("😀", 2), ("❤\u{FE0F}", 2), ("❤", 1), ("👨‍👩‍👧", 2), ("→", 1), ("…", 1),
    ] as [(Character, Int)])
    func characterWidth(character: Character, columns: Int) {
        #expect(TextLayout.width(of: character) == columns)
    }

    @Test("a string's width is the sum of its characters'")
    func stringWidth() {
        #expect(TextLayout.width(of: "") == 0)
        #expect(TextLayout.width(of: "abc") == 3)
        #expect(TextLayout.width(of: "漢字abc") == 7)
        #expect(TextLayout.width(of: "cafe\u{301} 😀") == 7)
        #expect(TextLayout.width(of: "ꀀ︰") == 4)
    }

    @Test("control characters become visible symbols; other text is kept")
    func singleLine() {
        #expect(TextLayout.singleLine("one\ntwo") == "one↵two")
        #expect(TextLayout.singleLine("a\tb") == "a b")
        #expect(TextLayout.singleLine("\u{0}\r\u{1B}\u{7F}") == "␀␍␛␡")
        #expect(TextLayout.singleLine("漢字 é 😀") == "漢字 é 😀")
    }

    @Test("cutting keeps text that fits and ends cut text with … within the width", arguments: [
        ("abcdef", 6, "abcdef"), ("abcdef", 10, "abcdef"), ("abcdef", 4, "abc…"), ("abcdef", 1, "…"), ("abcdef", 0, ""),
        ("abcdef", -2, ""), ("漢字漢字", 8, "漢字漢字"), ("漢字漢字", 5, "漢字…"), ("漢字漢字", 4, "漢…"), ("漢字", 2, "…"),
        ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"), ("", 0, ""),
    ])
    func cut(text: String, maximum: Int, expected: String) {
        let result = TextLayout.cut(text, to: maximum)
        #expect(result == expected)
        #expect(TextLayout.width(of: result) <= max(maximum, 0))
    }

    @Test("padding fills to a width by display columns, on either side, and never cuts")
    func pad() {
        #expect(TextLayout.pad("ab", to: 5) == "ab   ")
        #expect(TextLayout.pad("ab", to: 5, rightAligned: true) == "   ab")
        #expect(TextLayout.pad("漢", to: 4) == "漢  ")
        #expect(TextLayout.pad("e\u{301}", to: 3) == "e\u{301}  ")
        #expect(TextLayout.pad("toolong", to: 3) == "toolong")
        #expect(TextLayout.pad("", to: 2, rightAligned: true) == "  ")
    }

    private func sampleTable() -> Table {
        var table = Table(.init(header: "ID", rightAligned: true), .init(header: "NAME"), .init(header: "TEXT"))
        table.append("7", "漢字", "hello")
        table.append("1234", "bob", "line\nbreak")
        return table
    }

    @Test("a table aligns its columns by display width, two spaces apart, numbers to the right")
    func tableWithoutWidth() {
        #expect(sampleTable().render(width: nil) == ["  ID  NAME  TEXT", "   7  漢字  hello", "1234  bob   line↵break"])
    }

    @Test("a narrow terminal narrows the widest other column down to its header, then cuts the line")
    func tableWithWidth() {
        #expect(sampleTable().render(width: 20) == ["ID  NAME  TEXT", " 7  漢字  hello", "1…  bob   line↵break"])
        #expect(sampleTable().render(width: 14) == ["ID  NAME  TEXT", " 7  漢字  hel…", "1…  bob   lin…"])
    }

    @Test("no rendered line is wider than the terminal, whatever its width")
    func tableNeverOverflows() {
        var table = sampleTable()
        table.append("99", "a rather long name for a column", "😀 and some more text that goes on 漢字漢字")
        for width in 1...60 {
            let lines = table.render(width: width)
            // A header and every row, each as wide as it may be: never a line left out to fit.
            #expect(lines.count == table.rows.count + 1, "width \(width)")
            for line in lines {
                #expect(TextLayout.width(of: line) <= width, "width \(width): \(line)")
            }
            #expect(lines.contains { TextLayout.width(of: $0) == width } || width > 40, "width \(width): \(lines)")
        }
    }

    @Test("cells other than the last are cut to their column's maximum when appended; the last is not")
    func appendCuts() {
        var table = Table(.init(header: "A", maximumWidth: 5), .init(header: "B"))
        let long = String(repeating: "x", count: 40)
        table.append("abcdefgh", long)
        #expect(table.rows == [["abcd…", long]])
        var defaults = Table(.init(header: "A"), .init(header: "B"))
        defaults.append(long, "b")
        #expect(defaults.rows[0][0] == String(repeating: "x", count: 23) + "…")
    }
}
