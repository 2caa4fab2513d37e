import Foundation
import MemoryModel
import Synchronization
import SystemSupport
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium that a test drives over the Chrome DevTools Protocol, to check a page as a
/// user's browser shows it. Blocking: every step waits for its answer, at most `stepTimeout`.
///
/// The protocol runs on two pipes (`--remote-debugging-pipe`): Chromium reads commands on its
/// descriptor 3 and writes answers and events on its descriptor 4, each message one JSON text
/// ended by a NUL byte. Events that arrive while a step waits are kept, so that a load event
/// that comes before or after the answer to its `Page.navigate` is seen either way. One owner,
/// one thread: not Sendable.
final class HeadlessChromium {
    // MARK: - Finding Chromium

    /// The Chromium program: `chromium` or `chromium-browser` on PATH or in /usr/bin.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in ["chromium", "chromium-browser"] {
            for directory in directories where directory.hasPrefix("/") {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static var isAvailable: Bool { executable != nil }

    static let missingMessage =
        "Chromium is not installed (Debian: apt-get install chromium); the browser tests are skipped"

    // MARK: - Failures

    /// Why a browser step failed, naming the step.
    enum Failure: Error, CustomStringConvertible {
        /// No Chromium on PATH or in /usr/bin.
        case notInstalled
        /// A system call failed.
        case system(call: String, errno: Int32)
        /// No answer within the step's time; `log` is the end of Chromium's output.
        case timedOut(step: String, after: Duration, log: String)
        /// Chromium answered with an error, or with something that is not a protocol message.
        case protocolError(step: String, message: String)
        /// Chromium closed its end of the pipes: it has ended, `log` says why.
        case browserExited(step: String, log: String)
        /// The page's renderer crashed.
        case pageCrashed(step: String)
        /// `Page.navigate` could not load the URL (`net::ERR_FILE_NOT_FOUND`, …).
        case navigationFailed(url: String, error: String)
        /// The page threw: the exception's text, as the DevTools console shows it.
        case javaScript(expression: String, exception: String)
        /// `waitUntil`'s expression was still not true at the end of its time.
        case conditionNotMet(expression: String, after: Duration, lastException: String?)

        var description: String {
            switch self {
            case .notInstalled: HeadlessChromium.missingMessage
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
            case .timedOut(let step, let after, let log): "\(step): no answer from Chromium after \(after)\(log)"
            case .protocolError(let step, let message): "\(step): \(message)"
            case .browserExited(let step, let log): "\(step): Chromium has ended\(log)"
            case .pageCrashed(let step): "\(step): the page crashed"
            case .navigationFailed(let url, let error): "cannot load \(url): \(error)"
            case .javaScript(let expression, let exception): "\(exception) - while evaluating `\(expression)`"
            case .conditionNotMet(let expression, let after, let lastException):
                "`\(expression)` still not true after \(after)"
                    + (lastException.map { " (last exception: \($0))" } ?? "")
            }
        }
    }

    // MARK: - State

    /// Chromium's process, also the id of its process group.
    let processID: pid_t
    /// The longest any one step waits for Chromium.
    let stepTimeout: Duration
    /// The profile, the home directory Chromium sees, and its log (`chromium.log`).
    let directory: TemporaryDirectory

    /// The write end of Chromium's descriptor 3 (non-blocking), -1 once closed.
    private var commandPipe: Int32
    /// The read end of Chromium's descriptor 4, -1 once closed.
    private var eventPipe: Int32
    private var lastCommandID = 0
    /// Bytes read from Chromium that do not yet end in a NUL.
    private var unread: [UInt8] = []
    /// Answers not yet taken, by command id.
    private var answers: [Int: [String: Any]] = [:]
    /// Events a step may wait for (see `isAwaitable`), oldest first.
    private var awaitable: [Event] = []
    /// How many events have arrived: a step marks it before acting, then waits for later events.
    private var eventCount = 0
    private var problemsBySession: [String: [String]] = [:]
    private var crashedSessions: Set<String> = []
    /// Chromium closed its end of the event pipe.
    private var pipeClosed = false
    private var closed = false

    private struct Event {
        let sequence: Int
        let method: String
        let session: String?
        let params: [String: Any]
    }

    // MARK: - Starting and closing

    /// Starts Chromium and waits until it answers.
    init(stepTimeout: Duration = .seconds(15)) throws {
        guard let executable = Self.executable else { throw Failure.notInstalled }
        let directory = try TemporaryDirectory()
        let started = try Self.spawn(executable, in: directory)
        self.directory = directory
        self.stepTimeout = stepTimeout
        processID = started.pid
        commandPipe = started.commands
        eventPipe = started.events
        do {
            try send("Browser.getVersion", step: "start Chromium")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Ends Chromium: `Browser.close`, then its process group is killed if it has not ended within
    /// 5 seconds, and any process of ours that is left (`livingProcesses`) is killed too. Chromium
    /// is reaped before this returns; calling it again does nothing.
    func close() {
        guard !closed else { return }
        closed = true
        if !pipeClosed {
            lastCommandID += 1
            let command = #"{"id":\#(lastCommandID),"method":"Browser.close","params":{}}"#
            // Failing to ask is no reason to stop: the kill below ends Chromium either way.
            try? write(Array(command.utf8) + [0], step: "close Chromium", deadline: .now + .seconds(1))
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while !hasEnded, ContinuousClock.now < deadline { usleep(10_000) }
        // The zygote, renderers and utilities are in Chromium's process group; once Chromium has
        // ended they end by themselves, but nothing of theirs is worth waiting for. Chromium is
        // not reaped yet, so the group's id cannot have been reused.
        kill(-processID, SIGKILL)
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        for descriptor in [commandPipe, eventPipe] where descriptor >= 0 { Glibc.close(descriptor) }
        commandPipe = -1
        eventPipe = -1
        // Chromium's crash handlers start sessions of their own and leave when Chromium has gone;
        // a straggler is killed by its id.
        let stragglersDeadline = ContinuousClock.now + .seconds(2)
        var left = livingProcesses
        while !left.isEmpty, ContinuousClock.now < stragglersDeadline {
            usleep(20_000)
            left = livingProcesses
        }
        for pid in left { kill(pid, SIGKILL) }
    }

    /// Whether Chromium has ended, without reaping it.
    private var hasEnded: Bool {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processID), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
            // ECHILD: someone else has reaped it.
            if errno != EINTR { return true }
        }
        return info._sifields._sigchld.si_pid == processID
    }

    /// The processes of this browser that are still alive (not zombies): those of its process
    /// group, and those that left it but name its directory, as Chromium's crash handlers do
    /// (`--database=<directory>/chromium/Crash Reports`).
    var livingProcesses: [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { return nil }
            // After the command name: state, parent, process group.
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", fields[0] != "X" else { return nil }
            if pid_t(fields[2]) == processID { return pid }
            let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: commandLine, as: UTF8.self).contains(directory.url.path) ? pid : nil
        }
    }

    private static func spawn(_ executable: String, in directory: TemporaryDirectory) throws
        -> (pid: pid_t, commands: Int32, events: Int32)
    {
        let commands = try closeOnExecPipe()
        let events = try closeOnExecPipe()
        // Our end only: writes wait in `poll` with the step's deadline, never in `write`.
        let flags = fcntl(commands.write, F_GETFL)
        guard flags >= 0, fcntl(commands.write, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let code = errno
            for descriptor in [commands.read, commands.write, events.read, events.write] { Glibc.close(descriptor) }
            throw Failure.system(call: "fcntl(O_NONBLOCK)", errno: code)
        }
        // Chromium's ends are copied to descriptors 3 and 4 from numbers above both, so that
        // neither copy overwrites the other's source; a copy does not keep close-on-exec.
        let browserReads = fcntl(commands.read, F_DUPFD_CLOEXEC, 10)
        let browserWrites = fcntl(events.write, F_DUPFD_CLOEXEC, 10)
        let duplicateError = errno
        for descriptor in [commands.read, events.write] { Glibc.close(descriptor) }
        guard browserReads >= 0, browserWrites >= 0 else {
            for descriptor in [browserReads, browserWrites, commands.write, events.read] where descriptor >= 0 {
                Glibc.close(descriptor)
            }
            throw Failure.system(call: "fcntl(F_DUPFD_CLOEXEC)", errno: duplicateError)
        }
        defer {
            Glibc.close(browserReads)
            Glibc.close(browserWrites)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, directory.path("chromium.log"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        // Ours are close-on-exec; this also covers any that another part of the test process opened without.
        GlibcExtras.closeDescriptors(from: 5, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so that `close` ends Chromium's children with it.
        posix_spawnattr_setpgroup(&attributes, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--hide-scrollbars", "--mute-audio", "--user-data-dir=\(directory.path("profile"))",
        ]
        // Chromium refuses to start as root with its sandbox.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        // Chromium writes `~/.pki` and its crash reports under `~/.config`, and a singleton socket
        // in a directory of $TMPDIR that it leaves behind: all in the directory, not the user's.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory.url.path
        environment["HOME"] = directory.url.path
        environment["XDG_CONFIG_HOME"] = directory.url.path
        environment["XDG_CACHE_HOME"] = directory.path("cache")
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard started == 0 else {
            Glibc.close(commands.write)
            Glibc.close(events.read)
            throw Failure.system(call: "posix_spawn \(executable)", errno: started)
        }
        return (pid, commands.write, events.read)
    }

    /// A pipe whose ends are close-on-exec from the start: another test may spawn a process at
    /// any moment, and an end it inherited would keep the pipe open after Chromium has gone.
    private static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let pipe2 = GlibcExtras.function("pipe2", as: Pipe2.self) else {
            throw Failure.system(call: "pipe2", errno: ENOSYS)
        }
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure.system(call: "pipe2", errno: errno) }
        return (ends[0], ends[1])
    }

    // MARK: - Pages

    /// Opens a tab (`Target.createTarget`) and attaches to it on a session of its own, with the
    /// Page, Runtime, Log and Inspector domains enabled and focus emulated.
    func newPage() throws -> Page {
        let created = try send("Target.createTarget", ["url": "about:blank"], step: "open a page")
        guard let target = created["targetId"] as? String else {
            throw Failure.protocolError(step: "open a page", message: "no targetId in \(created)")
        }
        let attached = try send(
            "Target.attachToTarget", ["targetId": target, "flatten": true], step: "attach to the page")
        guard let session = attached["sessionId"] as? String else {
            throw Failure.protocolError(step: "attach to the page", message: "no sessionId in \(attached)")
        }
        let page = Page(browser: self, session: session, frame: target)
        for method in ["Page.enable", "Runtime.enable", "Log.enable", "Inspector.enable"] {
            try page.send(method, step: "set up the page (\(method))")
        }
        try page.send("Page.setLifecycleEventsEnabled", ["enabled": true], step: "set up the page (lifecycle events)")
        // Focus, typing and `:focus` styles then work as in the window in front, whichever tab is.
        try page.send("Emulation.setFocusEmulationEnabled", ["enabled": true], step: "set up the page (focus)")
        return page
    }

    /// One tab of the browser. It keeps its browser alive.
    final class Page {
        let browser: HeadlessChromium
        /// The protocol session the page's commands carry.
        let session: String
        /// The id of the main frame (the target's id).
        let frame: String

        fileprivate init(browser: HeadlessChromium, session: String, frame: String) {
            self.browser = browser
            self.session = session
            self.frame = frame
        }

        @discardableResult
        fileprivate func send(_ method: String, _ params: [String: Any] = [:], step: String) throws -> [String: Any] {
            try browser.send(method, params, session: session, step: step)
        }

        /// The size of the page's viewport in CSS pixels, one device pixel each; `mobile` lays the
        /// page out as a phone does (its `<meta name="viewport">` counts).
        func setViewport(width: Int, height: Int, mobile: Bool = false) throws {
            try send(
                "Emulation.setDeviceMetricsOverride",
                ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile],
                step: "set the viewport to \(width)×\(height)")
        }

        /// What `prefers-color-scheme` says to the page's media queries.
        func setColorScheme(dark: Bool) throws {
            let value = dark ? "dark" : "light"
            try send(
                "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": value]]],
                step: "emulate a \(value) colour scheme")
        }

        /// Loads `url` and waits for its load event. A URL that cannot be loaded throws with
        /// Chromium's reason; a same-document navigation (a fragment) returns at once.
        func navigate(_ url: String) throws {
            let step = "navigate to \(url)"
            let result = try send("Page.navigate", ["url": url], step: step)
            if let error = result["errorText"] as? String, !error.isEmpty {
                throw Failure.navigationFailed(url: url, error: error)
            }
            guard let loader = result["loaderId"] as? String else { return }
            try browser.waitForLoad(of: loader, in: self, step: step)
        }

        /// Runs `action` (a click on a link, a form's submission through `evaluate`), then waits
        /// until the main frame has moved to a new document and that document has loaded.
        func waitForNavigation(after action: () throws -> Void) throws {
            let mark = browser.eventCount
            try action()
            let step = "wait for a navigation"
            let loader = try browser.waitForEvent(after: mark, session: session, step: step) { event -> String? in
                guard event.method == "Page.frameNavigated",
                    let frame = event.params["frame"] as? [String: Any], frame["parentId"] == nil
                else { return nil }
                return frame["loaderId"] as? String
            }
            try browser.waitForLoad(of: loader, in: self, step: step)
        }

        /// Types `text` into the focused element as a keyboard would (`Input.insertText`): the
        /// page sees its `beforeinput` and `input` events.
        func type(_ text: String) throws {
            try send("Input.insertText", ["text": text], step: "type \"\(text)\"")
        }

        /// The value of a JavaScript expression, by value (a promise is awaited): `String`, `Bool`,
        /// a number, an array or a dictionary; nil for `undefined` and `null`. An exception the
        /// expression throws is a `Failure.javaScript` with its text.
        func evaluate(_ expression: String) throws -> Any? {
            let shown = expression.count > 80 ? expression.prefix(77) + "..." : expression
            let result = try send(
                "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                step: "evaluate `\(shown)`")
            if let details = result["exceptionDetails"] as? [String: Any] {
                throw Failure.javaScript(expression: String(shown), exception: HeadlessChromium.text(of: details))
            }
            let object = result["result"] as? [String: Any] ?? [:]
            // NaN, Infinity, -0 and BigInts come as their text.
            if let unserializable = object["unserializableValue"] { return unserializable }
            let value = object["value"]
            return value is NSNull ? nil : value
        }

        /// Evaluates `expression` until it is true, every 50 ms; exceptions it throws meanwhile
        /// (an element not there yet) count as false.
        func waitUntil(_ expression: String, timeout: Duration = .seconds(10)) throws {
            let deadline = ContinuousClock.now + timeout
            var lastException: String?
            while true {
                do {
                    if try evaluate(expression) as? Bool == true { return }
                } catch Failure.javaScript(_, let exception) {
                    lastException = exception
                }
                guard ContinuousClock.now < deadline else {
                    throw Failure.conditionNotMet(expression: expression, after: timeout, lastException: lastException)
                }
                try browser.readMessages(
                    until: min(deadline, .now + .milliseconds(50)), step: "wait until \(expression)")
            }
        }

        /// Closes the tab (`Target.closeTarget`), and forgets its problems.
        func close() throws {
            try browser.send("Target.closeTarget", ["targetId": frame], step: "close the page")
            browser.problemsBySession[session] = nil
        }

        /// The viewport as a PNG image.
        func screenshot() throws -> Data {
            let step = "take a screenshot"
            let result = try send("Page.captureScreenshot", ["format": "png"], step: step)
            guard let text = result["data"] as? String, let png = Data(base64Encoded: text) else {
                throw Failure.protocolError(step: step, message: "no base64 image in the answer")
            }
            return png
        }

        /// The console errors, uncaught exceptions and browser-reported errors (a Content Security
        /// Policy violation, a resource that did not load) of this page so far, all navigations
        /// together, oldest first: empty when the page loaded cleanly.
        var problems: [String] {
            // A failure to read is Chromium's end, which the next step reports.
            try? browser.readMessages(until: .now, step: "read the page's problems")
            return browser.problemsBySession[session] ?? []
        }

        /// `location.href`.
        var url: String {
            get throws {
                let href = try evaluate("location.href")
                guard let url = href as? String else {
                    throw Failure.protocolError(
                        step: "read location.href", message: "not a string: \(String(describing: href))")
                }
                return url
            }
        }
    }

    // MARK: - The protocol

    /// Sends a command and waits for its answer's `result`; an `error` answer throws.
    @discardableResult
    fileprivate func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, step: String)
        throws -> [String: Any]
    {
        lastCommandID += 1
        let id = lastCommandID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let deadline = ContinuousClock.now + stepTimeout
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try JSONSerialization.data(withJSONObject: message)) + [0]
        } catch {
            throw Failure.protocolError(step: step, message: "cannot encode \(method): \(error)")
        }
        try write(bytes, step: step, deadline: deadline)
        let answer = try wait(until: deadline, session: session, step: step) { answers.removeValue(forKey: id) }
        if let error = answer["error"] as? [String: Any] {
            let data = (error["data"] as? String).map { " (\($0))" } ?? ""
            throw Failure.protocolError(step: step, message: "\(method): \(error["message"] ?? error)\(data)")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// Waits for the load event of the document `loader` brought into the page's main frame.
    fileprivate func waitForLoad(of loader: String, in page: Page, step: String) throws {
        _ = try waitForEvent(after: 0, session: page.session, step: step) { event -> Bool? in
            let isLoad =
                event.method == "Page.lifecycleEvent"
                && event.params["name"] as? String == "load" && event.params["loaderId"] as? String == loader
                && event.params["frameId"] as? String == page.frame
            return isLoad ? true : nil
        }
    }

    /// Waits for the first event of `session` after the `mark`-th for which `match` says something.
    private func waitForEvent<Value>(after mark: Int, session: String, step: String, _ match: (Event) -> Value?)
        throws -> Value
    {
        try wait(until: .now + stepTimeout, session: session, step: step) {
            for event in awaitable where event.sequence > mark && event.session == session {
                if let value = match(event) { return value }
            }
            return nil
        }
    }

    /// Reads from Chromium until `found` gives a value, `deadline` passes, Chromium ends or the
    /// page of `session` crashes.
    private func wait<Value>(
        until deadline: ContinuousClock.Instant, session: String?, step: String, _ found: () -> Value?
    ) throws -> Value {
        while true {
            if let value = found() { return value }
            if let session, crashedSessions.contains(session) { throw Failure.pageCrashed(step: step) }
            guard ContinuousClock.now < deadline else {
                throw Failure.timedOut(step: step, after: stepTimeout, log: logTail())
            }
            try readMessages(until: deadline, step: step)
        }
    }

    /// Reads what Chromium sends, until `deadline` or until something has been read, and files it.
    fileprivate func readMessages(until deadline: ContinuousClock.Instant, step: String) throws {
        guard !pipeClosed, eventPipe >= 0 else { throw Failure.browserExited(step: step, log: logTail()) }
        var waiting = pollfd(fd: eventPipe, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiting, 1, Self.milliseconds(until: deadline))
        if ready < 0 && errno != EINTR { throw Failure.system(call: "poll", errno: errno) }
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(eventPipe, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            throw Failure.system(call: "read", errno: errno)
        }
        if count == 0 {
            pipeClosed = true
            throw Failure.browserExited(step: step, log: logTail())
        }
        // A screenshot is a megabyte of base64: look for the end of a message in the new bytes only.
        let hasEnd = chunk[..<count].contains(0)
        unread.append(contentsOf: chunk[..<count])
        guard hasEnd else { return }
        while let end = unread.firstIndex(of: 0) {
            let message = Data(unread[..<end])
            unread.removeSubrange(...end)
            try file(message, step: step)
        }
    }

    /// Files one message: an answer by its id, an event into the page's problems and, if a step
    /// may wait for it, among the awaitable events.
    private func file(_ text: Data, step: String) throws {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: text)
        } catch {
            throw Failure.protocolError(
                step: step, message: "not JSON from Chromium: \(String(decoding: text.prefix(200), as: UTF8.self))")
        }
        guard let message = parsed as? [String: Any] else {
            throw Failure.protocolError(step: step, message: "not a JSON object from Chromium: \(parsed)")
        }
        if let id = message["id"] as? Int {
            answers[id] = message
            return
        }
        guard let method = message["method"] as? String else { return }
        let session = message["sessionId"] as? String
        let params = message["params"] as? [String: Any] ?? [:]
        eventCount += 1
        if let session {
            if let problem = Self.problem(method, params) { problemsBySession[session, default: []].append(problem) }
            if method == "Inspector.targetCrashed" { crashedSessions.insert(session) }
        }
        if Self.isAwaitable(method, params) {
            awaitable.append(Event(sequence: eventCount, method: method, session: session, params: params))
            // A step waits only for events after it began, two a navigation: the rest is history.
            if awaitable.count > 256 { awaitable.removeFirst(awaitable.count - 256) }
        }
    }

    /// The events a step waits for: a main or child frame's new document, and a document's load.
    private static func isAwaitable(_ method: String, _ params: [String: Any]) -> Bool {
        method == "Page.frameNavigated" || (method == "Page.lifecycleEvent" && params["name"] as? String == "load")
    }

    /// What an event says went wrong in the page, if it is a problem.
    private static func problem(_ method: String, _ params: [String: Any]) -> String? {
        switch method {
        case "Runtime.exceptionThrown":
            return (params["exceptionDetails"] as? [String: Any]).map { "uncaught: " + text(of: $0) }
        case "Runtime.consoleAPICalled" where ["error", "assert"].contains(params["type"] as? String):
            let arguments = params["args"] as? [[String: Any]] ?? []
            return "console.error: "
                + arguments.map { argument in
                    (argument["value"].map { "\($0)" }) ?? (argument["description"] as? String) ?? "?"
                }.joined(separator: " ")
        case "Log.entryAdded":
            guard let entry = params["entry"] as? [String: Any], entry["level"] as? String == "error" else {
                return nil
            }
            let source = entry["source"] as? String ?? "log"
            let url = (entry["url"] as? String).map { " (\($0))" } ?? ""
            return "\(source): \(entry["text"] as? String ?? "?")\(url)"
        default:
            return nil
        }
    }

    /// An exception's text as the console shows it (`Error: boom\n    at …`), else the details' text.
    fileprivate static func text(of details: [String: Any]) -> String {
        let exception = details["exception"] as? [String: Any] ?? [:]
        if let description = exception["description"] as? String { return description }
        if let value = exception["value"] { return "\(details["text"] as? String ?? "Uncaught") \(value)" }
        return details["text"] as? String ?? "an exception without text"
    }

    /// Writes a whole message, waiting in `poll` until `deadline` when the pipe is full.
    private func write(_ bytes: [UInt8], step: String, deadline: ContinuousClock.Instant) throws {
        guard !pipeClosed, commandPipe >= 0 else { throw Failure.browserExited(step: step, log: logTail()) }
        // Writing to a Chromium that has gone raises SIGPIPE, whose default action would end the
        // whole test process: block it on this thread and take back the one the write raised.
        var sigpipe = sigset_t()
        sigemptyset(&sigpipe)
        sigaddset(&sigpipe, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &sigpipe, &previousMask)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        var raisedSIGPIPE = false
        defer {
            if raisedSIGPIPE && sigismember(&pendingBefore, SIGPIPE) == 0 {
                var now = timespec()
                while sigtimedwait(&sigpipe, nil, &now) < 0 && errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(commandPipe, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 {
                offset += count
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var waiting = pollfd(fd: commandPipe, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&waiting, 1, Self.milliseconds(until: deadline))
                if ready == 0 { throw Failure.timedOut(step: step, after: stepTimeout, log: logTail()) }
                if ready < 0 && errno != EINTR { throw Failure.system(call: "poll", errno: errno) }
            case EPIPE:
                raisedSIGPIPE = true
                pipeClosed = true
                throw Failure.browserExited(step: step, log: logTail())
            default:
                throw Failure.system(call: "write", errno: errno)
            }
        }
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 600_000))
    }

    /// The last lines of Chromium's log, without its complaints about D-Bus (there is none in a
    /// container), to say why it did not answer.
    private func logTail() -> String {
        guard let data = FileManager.default.contents(atPath: directory.path("chromium.log")) else { return "" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("dbus") }
        return lines.isEmpty ? "" : "; Chromium's log ends:\n" + lines.suffix(15).joined(separator: "\n")
    }
}

// MARK: - One browser for a suite

/// One Chromium for the tests of a suite (`@Suite(.sharedChromium)`): started before the suite's
/// first test and closed after its last. Starting one costs about a second of CPU: on two cores,
/// HeadlessChromiumTests took 15.6 s with a browser per test and 6.8 s sharing one, a page each
/// (0.3 s to open). A test borrows it through `SharedChromium.current`.
struct SharedChromium: SuiteTrait, TestScoping {
    /// The browser of the suite that is running.
    @TaskLocal static var current: Browser?

    /// The shared browser; its tests take turns.
    final class Browser: Sendable {
        private let chromium: Mutex<HeadlessChromium>

        fileprivate init(_ chromium: consuming sending HeadlessChromium) { self.chromium = Mutex(chromium) }

        /// Runs `body` on a new page of the browser, which no other test uses meanwhile, and then
        /// closes the page.
        func withPage(_ body: (HeadlessChromium.Page) throws -> Void) throws {
            try chromium.withLock { chromium in
                let page = try chromium.newPage()
                do {
                    try body(page)
                } catch {
                    // The test's failure is the one to report.
                    try? page.close()
                    throw error
                }
                try page.close()
            }
        }

        fileprivate func close() { chromium.withLock { $0.close() } }
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let browser = Browser(try HeadlessChromium())
        defer { browser.close() }
        try await Self.$current.withValue(browser) { try await function() }
    }
}

extension Trait where Self == SharedChromium {
    /// One Chromium for all the tests of the suite.
    static var sharedChromium: Self { Self() }
}
