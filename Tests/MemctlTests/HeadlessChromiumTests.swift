import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The browser the UI tests drive: pages in a temporary directory, loaded, read, clicked, typed
/// into and photographed through `HeadlessChromium`. The tests share one browser, a page each.
@Suite(
    "Headless Chromium: pages as a user's browser shows them",
    .enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.missingMessage)), .serialized,
    .sharedChromium)
struct HeadlessChromiumTests {
    let dir: TemporaryDirectory
    let browser: SharedChromium.Browser

    init() throws {
        dir = try TemporaryDirectory()
        browser = try #require(SharedChromium.current, "the suite's browser")
    }

    /// Writes an HTML page into the test's directory and returns its file:// URL.
    @discardableResult
    private func file(_ name: String, _ html: String) throws -> String {
        URL(fileURLWithPath: try dir.write(name, html)).absoluteString
    }

    /// The width and height in a PNG's IHDR chunk, the first after the signature.
    private func pngSize(_ png: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png)
        try #require(
            bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        try #require(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test("a script's SVG drawing is there to read: its circles, laid out at their sizes")
    func svgDrawing() throws {
        try browser.withPage { page in
            let url = try file(
                "drawing.html",
                """
                <!doctype html><meta charset="utf-8"><title>Drawing</title>
                <body><script>
                // Drawn a moment after the load event, as a page that fetches its data first would.
                setTimeout(() => {
                  const ns = 'http://www.w3.org/2000/svg';
                  const svg = document.createElementNS(ns, 'svg');
                  svg.setAttribute('width', '200');
                  svg.setAttribute('height', '100');
                  for (const [x, r] of [[30, 10], [90, 20], [160, 30]]) {
                    const circle = document.createElementNS(ns, 'circle');
                    circle.setAttribute('cx', x);
                    circle.setAttribute('cy', 50);
                    circle.setAttribute('r', r);
                    svg.append(circle);
                  }
                  document.body.append(svg);
                }, 100);
                </script></body>
                """)
            try page.navigate(url)
            try page.waitUntil("document.querySelectorAll('svg circle').length === 3")
            let radii = try page.evaluate(
                "[...document.querySelectorAll('svg circle')].map(c => Number(c.getAttribute('r')))")
            #expect(radii as? [Int] == [10, 20, 30])
            let widths = try page.evaluate(
                "[...document.querySelectorAll('svg circle')].map(c => Math.round(c.getBoundingClientRect().width))")
            #expect(widths as? [Int] == [20, 40, 60])
            #expect(page.problems == [])
        }
    }

    @Test("typing into a search field and submitting its GET form loads the URL with ?q=…")
    func formSubmission() throws {
        try browser.withPage { page in
            let url = try file(
                "search.html",
                """
                <!doctype html><meta charset="utf-8"><title>Search</title>
                <form action="results.html" method="get"><input id="q" name="q"><button>Search</button></form>
                """)
            try file(
                "results.html",
                """
                <!doctype html><meta charset="utf-8"><title>Results</title>
                <p id="asked"></p><script>
                document.getElementById('asked').textContent = new URLSearchParams(location.search).get('q');
                </script>
                """)
            try page.navigate(url)
            _ = try page.evaluate("document.getElementById('q').focus()")
            try page.type("red fox")
            #expect(try page.evaluate("document.getElementById('q').value") as? String == "red fox")
            try page.waitForNavigation { _ = try page.evaluate("document.querySelector('button').click()") }
            #expect(try page.url.hasSuffix("/results.html?q=red+fox"))
            #expect(try page.evaluate("document.getElementById('asked').textContent") as? String == "red fox")
            #expect(page.problems == [])
        }
    }

    @Test("clicking a link loads the linked page")
    func linkClick() throws {
        try browser.withPage { page in
            let url = try file("first.html", #"<!doctype html><title>First</title><a href="second.html">next</a>"#)
            try file("second.html", "<!doctype html><title>Second</title><p>arrived</p>")
            try page.navigate(url)
            try page.waitForNavigation { _ = try page.evaluate("document.querySelector('a').click()") }
            #expect(try page.url.hasSuffix("/second.html"))
            #expect(try page.evaluate("document.title") as? String == "Second")
        }
    }

    @Test("a screenshot is a PNG of the viewport: 1280×800 on a desktop, 390×844 on a phone")
    func screenshotSizes() throws {
        try browser.withPage { page in
            let url = try file(
                "sized.html",
                """
                <!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
                <title>Sized</title><p>Some text to draw.</p>
                """)
            try page.navigate(url)
            try page.setViewport(width: 1280, height: 800)
            let desktop = try pngSize(try page.screenshot())
            #expect(desktop.width == 1280 && desktop.height == 800)
            #expect(try page.evaluate("innerWidth") as? Int == 1280)

            try page.setViewport(width: 390, height: 844, mobile: true)
            let phone = try pngSize(try page.screenshot())
            #expect(phone.width == 390 && phone.height == 844)
            #expect(try page.evaluate("innerWidth") as? Int == 390)
        }
    }

    @Test("an emulated dark colour scheme is what the page's media queries see")
    func darkColourScheme() throws {
        try browser.withPage { page in
            let html = """
                <style>body { background: white }
                @media (prefers-color-scheme: dark) { body { background: black } }</style>
                """
            let encoded = try #require(html.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            try page.navigate("data:text/html," + encoded)
            try page.setColorScheme(dark: true)
            #expect(try page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool == true)
            #expect(try page.evaluate("getComputedStyle(document.body).backgroundColor") as? String == "rgb(0, 0, 0)")
            try page.setColorScheme(dark: false)
            #expect(try page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool == false)
        }
    }

    @Test("an inline script that the page's Content Security Policy forbids does not run, and is a problem")
    func contentSecurityPolicyViolation() throws {
        try browser.withPage { page in
            let url = try file(
                "strict.html",
                """
                <!doctype html><meta http-equiv="Content-Security-Policy" content="script-src 'none'">
                <title>Strict</title><script>document.title = 'ran';</script>
                """)
            try page.navigate(url)
            #expect(try page.evaluate("document.title") as? String == "Strict")
            #expect(page.problems.contains { $0.contains("Content Security Policy") }, "\(page.problems)")
        }
    }

    @Test("console errors and uncaught exceptions are problems; a thrown exception in evaluate is a Swift error")
    func scriptProblems() throws {
        try browser.withPage { page in
            let url = try file(
                "noisy.html",
                """
                <!doctype html><title>Noisy</title>
                <script>console.error('lost', 42); null.property;</script>
                """)
            try page.navigate(url)
            let problems = page.problems
            #expect(problems.count == 2, "\(problems)")
            #expect(problems.contains("console.error: lost 42"), "\(problems)")
            #expect(
                problems.contains { $0.hasPrefix("uncaught: TypeError: Cannot read properties of null") }, "\(problems)"
            )

            let boom = #expect(throws: HeadlessChromium.Failure.self) {
                try page.evaluate("(() => { throw new Error('boom') })()")
            }
            #expect(boom?.description.contains("Error: boom") == true)
            let rejection = #expect(throws: HeadlessChromium.Failure.self) {
                try page.evaluate("Promise.reject(new RangeError('later'))")
            }
            #expect(rejection?.description.contains("RangeError: later") == true)
            #expect(try page.evaluate("null") == nil)
        }
    }

    @Test("a file that is not there fails its navigation with Chromium's reason")
    func missingFile() throws {
        try browser.withPage { page in
            let url = URL(fileURLWithPath: dir.path("absent.html")).absoluteString
            let missing = #expect(throws: HeadlessChromium.Failure.self) { try page.navigate(url) }
            #expect(missing?.description.contains("net::ERR_FILE_NOT_FOUND") == true)
        }
    }

    @Test("after close() no process of the browser is left, and the browser's steps say it has ended")
    func closeLeavesNothing() throws {
        let browser = try HeadlessChromium()
        let page = try browser.newPage()
        try page.navigate(try file("page.html", "<!doctype html><title>Page</title>"))
        let pid = browser.processID
        #expect(browser.livingProcesses.contains(pid))
        #expect(browser.livingProcesses.count > 1, "a browser, a zygote, a renderer…")
        browser.close()
        #expect(browser.livingProcesses == [])
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        let ended = #expect(throws: HeadlessChromium.Failure.self) { try page.evaluate("1") }
        #expect(ended?.description.contains("Chromium has ended") == true)
    }

    @Test("a page whose renderer crashes fails its next step saying so, and the browser goes on")
    func crashedPage() throws {
        try browser.withPage { page in
            // Chromium's debug URL that crashes the renderer; its navigation is aborted.
            #expect(throws: HeadlessChromium.Failure.self) { try page.navigate("chrome://crash") }
            let crashed = #expect(throws: HeadlessChromium.Failure.self) { try page.evaluate("1") }
            #expect(crashed?.description.contains("the page crashed") == true)
        }
        try browser.withPage { page in
            try page.navigate("data:text/html,<title>After</title>")
            #expect(try page.evaluate("document.title") as? String == "After")
        }
    }

    @Test("when Chromium dies, the next step fails saying so instead of SIGPIPE ending the tests")
    func browserDies() throws {
        let browser = try HeadlessChromium()
        let pid = browser.processID
        kill(-pid, SIGKILL)
        // Once all of Chromium's threads have ended (waited for, not reaped: `close` reaps), its
        // descriptors are closed and the next command meets a pipe without a reader.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let died = #expect(throws: HeadlessChromium.Failure.self) { try browser.newPage() }
        #expect(died?.description.contains("open a page: Chromium has ended") == true)
        browser.close()
        #expect(browser.livingProcesses == [])
    }
}
