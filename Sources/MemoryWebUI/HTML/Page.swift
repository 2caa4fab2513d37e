import HTTPServer

/// One page of the site: its title, the part of the navigation it belongs to, its body, and
/// the scripts it needs (files of `Assets`; CSP allows no inline script).
struct Page {
    enum Section: String, CaseIterable {
        case overview = "Overview"
        case recall = "Recall"
        case memories = "Memories"
        case entities = "Entities"
        case graph = "Graph"

        var path: String {
            switch self {
            case .overview: Link.overview
            case .recall: "/recall"
            case .memories: Link.memories
            case .entities: Link.entities
            case .graph: Link.graph
            }
        }
    }

    var title: String
    var section: Section?
    var body: String
    var scripts: [String] = []
    var status: HTTPStatus = .ok

    /// The whole HTML document around the body: navigation, then the body, then the footer.
    func document(database: String) -> String {
        let navigation = Section.allCases.map { item in
            let current = item == section ? " aria-current=\"page\"" : ""
            return "<a href=\"\(item.path)\"\(current)>\(item.rawValue)</a>"
        }.joined()
        let scriptTags = scripts.map { "<script src=\"\(HTML.escaped($0))\"></script>" }.joined()
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(HTML.escaped(title)) · memoryd</title>
            <link rel="stylesheet" href="\(Assets.stylesheetPath)">
            <link rel="icon" href="\(Assets.iconPath)" type="image/svg+xml">
            </head>
            <body>
            <header class="top"><a class="brand" href="/"><img src="\(Assets.iconPath)" alt="" width="22" height="22">memoryd</a>
            <nav aria-label="Pages">\(navigation)</nav></header>
            <main>
            \(body)
            </main>
            <footer>Read-only view of <code>\(HTML.escaped(database))</code>. Nothing here changes it.</footer>
            \(scriptTags)
            </body>
            </html>
            """
    }

    /// A page that says what went wrong, with the status that says it to the browser.
    static func problem(_ status: HTTPStatus, _ message: String) -> Page {
        Page(
            title: "\(status.code) \(status.reason)", section: nil,
            body: "<h1>\(HTML.escaped(status.reason))</h1><p class=\"problem\">\(HTML.escaped(message))</p>"
                + "<p><a href=\"/\">Back to the overview</a></p>",
            status: status)
    }
}
