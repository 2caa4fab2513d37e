import FuzzSupport
import HTTPServer

// Bytes as they come off a connection to the UI's HTTP server (any bytes). Where the head ends
// and whether its bytes are refused early never depend on how the reads cut them: `end(in:)` on
// all of them, and the server's `HeadScanner` fed pieces of 1 byte (up to 256 bytes), 3 and 7
// bytes, and two pieces cut where the first byte says, agree. A head the scanner refuses, `parse`
// refuses with the same error. `parse` gives a request or a 4xx/5xx with a reason. A request's
// path starts with "/" and holds no NUL; its method is a token, its target within the limit, its
// headers clean; it has no body; and written back as a head it parses to the same request. Small
// limits, so that the inputs reach them.

let limits = {
    var limits = HTTPServer.Limits()
    limits.maximumHeadBytes = 512
    limits.maximumTargetBytes = 128
    return limits
}()

/// What scanning `bytes` in pieces finds: the end, or the refusal, of the first read that has one.
/// The received bytes grow as the server's buffer does, without a copy per read.
func scanInPieces(_ bytes: [UInt8], cuts: [Int]) -> (end: Int?, refusal: HTTPRequestError?) {
    var scanner = HeadScanner()
    var received: [UInt8] = []
    received.reserveCapacity(bytes.count)
    for cut in cuts + [bytes.count] where cut > received.count && cut <= bytes.count {
        received += bytes[received.count..<cut]
        let found = scanner.scan(received)
        if found.end != nil || found.refusal != nil { return found }
    }
    return (nil, nil)
}

runFuzzer { buffer in
    let bytes = Array(buffer)
    let end = HTTPRequestHead.end(in: bytes)
    if let end {
        precondition(
            end >= 2 && end <= bytes.count && bytes[end - 1] == UInt8(ascii: "\n"), "end \(end) is no line end")
        precondition(HTTPRequestHead.end(in: Array(bytes[..<(end - 1)])) == nil, "a shorter prefix ends at \(end)")
    }
    var whole = HeadScanner()
    let scanned = whole.scan(bytes)
    precondition(
        scanned.end == end,
        "the scanner ends at \(String(describing: scanned.end)), end(in:) at \(String(describing: end))")
    let first = Int(bytes.first ?? 0)
    // A byte at a time only for short inputs: it is most of the cost of a long one, and the cut
    // the first byte places falls anywhere in the first 256 bytes.
    let sizes = bytes.count <= 256 ? [1, 3, 7] : [3, 7]
    for cuts in sizes.map({ Array(stride(from: $0, to: bytes.count, by: $0)) }) + [[first % (bytes.count + 1)]] {
        let pieces = scanInPieces(bytes, cuts: cuts)
        precondition(
            (pieces.refusal != nil) == (scanned.refusal != nil),
            "refused in pieces \(cuts.prefix(2)) but not at once, or the reverse")
        if let refusal = pieces.refusal { precondition(refusal.status.code == 400, "early refusal \(refusal)") }
        if pieces.refusal == nil {
            precondition(pieces.end == end, "in pieces \(cuts.prefix(2)) the head ends elsewhere")
        }
    }
    if end == nil && bytes.count > limits.maximumHeadBytes {
        let code = HTTPRequestHead.tooLongRefusal(bytes, limits: limits).status.code
        precondition(code == 414 || code == 431, "a head too long is refused with \(code)")
    }

    let head = end.map { Array(bytes[..<$0]) } ?? bytes
    let request: HTTPRequest
    do throws(HTTPRequestError) {
        request = try HTTPRequestHead.parse(head, limits: limits)
    } catch {
        precondition((400...599).contains(error.status.code), "refused with \(error.status.code)")
        precondition(!error.description.isEmpty, "a refusal without a reason")
        if let refusal = scanned.refusal, head.count <= limits.maximumHeadBytes {
            precondition(error == refusal, "the scanner refused with \(refusal), parse with \(error)")
        }
        return
    }
    precondition(scanned.refusal == nil, "parse took what the scanner refused: \(scanned.refusal!)")
    precondition(end == head.count && head.count <= limits.maximumHeadBytes, "parse took bytes that are no head")
    precondition(request.path.hasPrefix("/") && !request.path.utf8.contains(0), "path \(request.path)")
    precondition(request.target.hasPrefix("/") && request.target.utf8.count <= limits.maximumTargetBytes, "target")
    precondition(request.target.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "target bytes")
    precondition(!request.method.isEmpty && request.method.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "method")
    for header in request.headers {
        precondition(!header.name.isEmpty && !header.name.contains(":"), "header name \(header.name)")
        precondition(!header.value.utf8.contains { $0 < 0x20 && $0 != 0x09 }, "control character in \(header.name)")
        precondition(header.value.first != " " && header.value.last != " ", "unstripped \(header.name)")
    }
    precondition(request.header("Transfer-Encoding") == nil, "a request with a body")
    precondition((request.header("Content-Length") ?? "0").allSatisfy { $0 == "0" }, "a request with a body")
    precondition(request.version == .http11 || !request.keepAlive, "HTTP/1.0 kept alive")
    precondition(request.version == .http10 || request.header("Host") != nil, "HTTP/1.1 without Host")

    // Written back (CRLF, one space after each colon, invalid UTF-8 as U+FFFD) it may be longer.
    var roomy = limits
    roomy.maximumHeadBytes = 4 * limits.maximumHeadBytes
    do throws(HTTPRequestError) {
        let again = try HTTPRequestHead.parse(request.head, limits: roomy)
        precondition(again == request, "\(request) written back parses to \(again)")
    } catch {
        fatalError("\(request) written back is refused: \(error)")
    }
}
