import Foundation
import TestFixtures
import Testing

/// `memctl ui` as a user's browser shows it: headless Chromium, driven over the DevTools
/// protocol, against a real `memctl ui` process on the demo database. Screenshots go to
/// $MEMCTL_SCREENSHOTS when it is set (the README's come from there), else to the test's
/// temporary directory.
@Suite(
    "memctl ui in a real browser",
    .enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.missingMessage)),
    .serialized)
struct BrowserTests {
    let directory: TemporaryDirectory
    let server: UIServerProcess
    let base: String

    init() throws {
        directory = try TemporaryDirectory()
        let database = directory.path("demo.db")
        let demo = try Memctl.run(["--db", database, "demo"], in: directory)
        try #require(demo.status == 0, "\(demo.stderr)")
        server = try UIServerProcess(database: database, in: directory)
        try server.waitUntilServing()
        base = "http://127.0.0.1:\(server.port)"
    }

    /// Saves `page`'s viewport as `name`.png and checks it is a PNG of `width`×`height`.
    private func screenshot(
        _ page: HeadlessChromium.Page, _ name: String, width: Int, height: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let png = try page.screenshot()
        #expect(
            Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], sourceLocation: sourceLocation)
        let size = png.subdata(in: 16..<24).map { $0 }
        let shown = (
            Int(size[0]) << 24 | Int(size[1]) << 16 | Int(size[2]) << 8 | Int(size[3]),
            Int(size[4]) << 24 | Int(size[5]) << 16 | Int(size[6]) << 8 | Int(size[7])
        )
        #expect(shown == (width, height), "\(name).png", sourceLocation: sourceLocation)
        let folder =
            ProcessInfo.processInfo.environment["MEMCTL_SCREENSHOTS"].map { URL(fileURLWithPath: $0) } ?? directory.url
        try png.write(to: folder.appendingPathComponent("\(name).png"))
    }

    private func count(_ page: HeadlessChromium.Page, _ selector: String) throws -> Int {
        try page.evaluate("document.querySelectorAll(\(Self.quoted(selector))).length") as? Int ?? 0
    }

    private func click(_ page: HeadlessChromium.Page, _ expression: String) throws {
        try page.waitForNavigation { _ = try page.evaluate("(\(expression)).click()") }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    @Test("overview, the recall box, a memory, an entity and the graph, as Chromium shows them")
    func walkThrough() throws {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        let page = try browser.newPage()
        try page.setViewport(width: 1280, height: 800)

        // The printed address: the token becomes a cookie and leaves the address bar.
        try page.navigate(server.address)
        #expect(try page.url == base + "/")
        #expect(try page.evaluate("document.title") as? String == "Overview · memoryd")
        #expect(try count(page, ".chart rect.bar") > 20)
        #expect(try count(page, ".cards .card") == 6)
        try screenshot(page, "ui-overview", width: 1280, height: 800)

        // The recall box, as a user fills it in.
        try click(page, "document.querySelector('nav a[href=\"/recall\"]')")
        _ = try page.evaluate("document.getElementById('q').focus()")
        try page.type(UICommandTests.question)
        _ = try page.evaluate("document.querySelector('select[name=words]').value = '30'")
        try click(page, "document.querySelector('form.bar button[type=submit]')")
        #expect(try page.url.hasPrefix(base + "/recall?q=Where+does+my+sister+Leah+live%3F&words=30"))
        let lines =
            try page.evaluate("[...document.querySelectorAll('#recall-lines li')].map(li => li.textContent)")
            as? [String] ?? []
        #expect(lines.first?.contains("Munich") == true, "\(lines)")
        #expect(try page.evaluate("document.getElementById('q').value") as? String == UICommandTests.question)
        try screenshot(page, "ui-recall", width: 1280, height: 800)

        // The first memory it quotes, then the entity Leah.
        try click(page, "document.querySelector('#recall-lines li a')")
        #expect(try page.url.hasPrefix(base + "/memory/"))
        #expect(try count(page, "p.memory-text") == 1)
        try screenshot(page, "ui-memory", width: 1280, height: 800)
        try click(page, "[...document.querySelectorAll('main a')].find(a => a.textContent === 'Leah')")
        #expect(try page.evaluate("document.querySelector('h1').textContent") as? String == "Leah")
        #expect(try count(page, ".timeline rect.span") >= 1)
        try screenshot(page, "ui-entity", width: 1280, height: 800)

        // Her neighbourhood in the graph: the script draws nodes and edges.
        try click(
            page, "[...document.querySelectorAll('main a')].find(a => a.textContent.startsWith('See it in the graph'))")
        try page.waitUntil("document.getElementById('graph').hasAttribute('data-drawn')")
        #expect(try count(page, "#graph circle") >= 3)
        #expect(try count(page, "#graph line.edge") >= 2)
        #expect(try count(page, "#graph .node.center") == 1)
        let labels =
            try page.evaluate("[...document.querySelectorAll('#graph .edge-label')].map(t => t.textContent)")
            as? [String]
        #expect(labels?.contains("lives in") == true, "\(labels ?? [])")

        // The whole graph, around the user: the move from Berlin shows as an ended edge.
        try page.navigate(base + "/graph?entity=user&limit=120")
        try page.waitUntil("document.getElementById('graph').hasAttribute('data-drawn')")
        #expect(try count(page, "#graph line.edge.closed") >= 1)
        #expect(try count(page, "#graph a circle") == count(page, "#graph .node"))
        try screenshot(page, "ui-graph", width: 1280, height: 800)
        #expect(page.problems.isEmpty, "\(page.problems)")
    }

    @Test("at phone width and in dark mode the pages fit and follow the system")
    func phoneAndDark() throws {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        let page = try browser.newPage()
        try page.setViewport(width: 390, height: 844, mobile: true)
        try page.navigate(server.address)
        for path in [
            "/", "/recall?q=Where+does+my+sister+Leah+live%3F&words=60", "/entities", "/memory/ltm:1", "/graph",
        ] {
            try page.navigate(base + path)
            #expect(
                try page.evaluate("document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true,
                "\(path) is wider than the phone")
        }
        try page.waitUntil("document.getElementById('graph').hasAttribute('data-drawn')")
        try screenshot(page, "ui-graph-phone", width: 390, height: 844)

        try page.setColorScheme(dark: true)
        try page.setViewport(width: 1280, height: 800)
        try page.navigate(base + "/")
        #expect(try page.evaluate("getComputedStyle(document.body).backgroundColor") as? String == "rgb(19, 19, 21)")
        try screenshot(page, "ui-overview-dark", width: 1280, height: 800)
        try page.setColorScheme(dark: false)
        try page.navigate(base + "/")
        #expect(try page.evaluate("getComputedStyle(document.body).backgroundColor") as? String == "rgb(246, 246, 243)")
        #expect(page.problems.isEmpty, "\(page.problems)")
    }
}
