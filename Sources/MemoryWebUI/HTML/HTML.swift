import MemoryModel

/// Building HTML by hand: every piece of the database goes through `escaped` on its way into a
/// page, so a memory that says `<script>` shows those characters and runs nothing.
enum HTML {
    /// `text` with the five characters that mean something in HTML replaced by references: safe
    /// in element content and in a quoted attribute value.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A link; `href` is a path of this site that `Link` built (already percent-encoded).
    static func link(_ href: String, _ text: some StringProtocol, class name: String? = nil) -> String {
        let attribute = name.map { " class=\"\($0)\"" } ?? ""
        return "<a href=\"\(escaped(href))\"\(attribute)>\(escaped(text))</a>"
    }

    /// A table with a header row; cells are HTML already.
    static func table(_ headers: [String], _ rows: [[String]], class name: String = "list") -> String {
        var html = "<div class=\"table-wrap\"><table class=\"\(name)\"><thead><tr>"
        html += headers.map { "<th scope=\"col\">\(escaped($0))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>" }
        return html + "</tbody></table></div>"
    }

    /// `label: value` pairs as a definition list; values are HTML already.
    static func fields(_ fields: [(String, String)]) -> String {
        "<dl class=\"fields\">" + fields.map { "<dt>\(escaped($0.0))</dt><dd>\($0.1)</dd>" }.joined() + "</dl>"
    }

    /// JSON for a `<script type="application/json">` element: "</" written as "<\/" so that no
    /// string in it can close the element.
    static func scriptJSON(_ json: String) -> String { json.replacing("</", with: "<\\/") }

    /// `2026-11-02 09:30` (UTC) that a table cell does not break.
    static func time(_ time: Timestamp) -> String { "<span class=\"nowrap\">\(time.minutes)</span>" }

    /// A whole number with thousands separated by a thin space: 1 000 000.
    static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "\u{202F}" }
            grouped.append(digit)
        }
        return (number < 0 ? "−" : "") + grouped
    }
}
