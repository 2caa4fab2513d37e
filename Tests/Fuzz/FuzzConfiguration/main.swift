import FuzzSupport
import MemoryDaemon
import MemoryModel

// A configuration file's text (memoryd reads it with String(contentsOfFile:encoding: .utf8),
// which refuses invalid UTF-8, so only UTF-8 gets here). The file is line by line: it gives the
// same settings, or fails, exactly as its lines (cut at each newline byte) applied one at a time.
// A file that parses, written back as `key = value` lines, parses to the same settings.

func parse(_ text: String) -> DaemonConfiguration? {
    var configuration = DaemonConfiguration(environment: [:])
    do throws(ConfigurationError) {
        try configuration.apply(contents: text, path: "memoryd.conf")
    } catch {
        precondition(!error.description.isEmpty, "a refused file has no reason")
        return nil
    }
    return configuration
}

func parseLineByLine(_ text: String) -> DaemonConfiguration? {
    var configuration = DaemonConfiguration(environment: [:])
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        do {
            try configuration.apply(contents: String(decoding: line, as: UTF8.self), path: "memoryd.conf")
        } catch {
            return nil
        }
    }
    return configuration
}

/// The settings as a file would write them, every key.
func render(_ configuration: DaemonConfiguration) -> String {
    func seconds(_ duration: Duration?) -> String { "\(duration?.components.seconds ?? 0)s" }
    func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
    return """
        db = \(configuration.database)
        socket = \(configuration.socket)
        log_level = \(configuration.logLevel.name)
        consolidation_interval = \(seconds(configuration.loops.intervals[.consolidation]))
        extraction_interval = \(seconds(configuration.loops.intervals[.extraction]))
        graph_interval = \(seconds(configuration.loops.intervals[.graph]))
        retry_base = \(seconds(configuration.loops.retryBase))
        min_age = \(seconds(configuration.policy.minimumAge))
        batch_size = \(configuration.policy.batchSize)
        threads = \(configuration.policy.threads)
        follow = \(list(configuration.follow.map { "\($0.tool.rawValue)=\($0.root)" }))
        peers = \(list(configuration.peers.map { "\($0.name)=\($0.path)" }))
        """
}

// A key the rendering leaves out would be a setting the round trip never checks.
let renderedKeys = render(DaemonConfiguration(environment: [:])).split(separator: "\n").map { $0.split(separator: " ")[0] }
precondition(renderedKeys.map(String.init) == DaemonConfiguration.keys.map(\.name), "render writes \(renderedKeys), not every key")

runFuzzer { bytes in
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    let whole = parse(text)
    let byLine = parseLineByLine(text)
    precondition(
        whole == byLine,
        "\(text.debugDescription) parses as \(String(describing: whole)), line by line as \(String(describing: byLine))")
    guard let whole else { return }
    // A directory named "x /" is the directory "x ", which a `key = value` line cannot write:
    // values lose their blanks at both ends.
    let paths = whole.follow.map(\.root) + whole.peers.map(\.path)
    guard !paths.contains(where: { $0.last?.isWhitespace == true }) else { return }
    let rendered = render(whole)
    precondition(
        parse(rendered) == whole,
        "\(text.debugDescription) written back as \(rendered.debugDescription) parses differently")
}
