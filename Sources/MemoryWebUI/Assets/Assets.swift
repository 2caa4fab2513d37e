/// The files the pages load besides themselves, compiled into the binary: the page works
/// offline, and the Content-Security-Policy allows nothing from elsewhere.
enum Assets {
    static let stylesheetPath = "/static/style.css"
    static let graphScriptPath = "/static/graph.js"
    static let iconPath = "/static/icon.svg"

    struct File {
        let type: String
        let body: String
    }

    static func file(at path: String) -> File? {
        switch path {
        case stylesheetPath: File(type: "text/css; charset=utf-8", body: stylesheet)
        case graphScriptPath: File(type: "text/javascript; charset=utf-8", body: graphScript)
        case iconPath: File(type: "image/svg+xml", body: icon)
        default: nil
        }
    }

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f6fdb"/>\
        <path d="M9 21 16 10l7 11" stroke="#fff" stroke-width="2" fill="none"/><circle cx="16" cy="10" r="3.6" fill="#fff"/>\
        <circle cx="9" cy="21" r="3" fill="#fff"/><circle cx="23" cy="21" r="3" fill="#fff"/></svg>
        """
}
