/// Follows a request head as it arrives in pieces: where it ends, and whether its bytes so far
/// already deserve the 400 that `HTTPRequestHead.parse` would give (a NUL anywhere, a byte no
/// request line may hold). Each byte is looked at once, so a head sent a byte at a time costs its
/// length, not its length squared; and a TLS handshake or other binary sent to the port is
/// refused at its first bytes instead of at the head timeout.
package struct HeadScanner {
    /// How far `HTTPRequestHead.end(in:from:)` has looked.
    private var searched = 0
    /// How far the request line's bytes have been checked; it stops before a CR it cannot judge yet.
    private var lineChecked = 0
    private var requestLineEnded = false

    package init() {}

    /// Scans `bytes`, all that was received so far: each call with the bytes of the last one and
    /// more after them. When the head has ended, `refusal` is about the head's bytes only.
    package mutating func scan(_ bytes: [UInt8]) -> (end: Int?, refusal: HTTPRequestError?) {
        let end = HTTPRequestHead.end(in: bytes, from: searched)
        let head = end ?? bytes.count
        if bytes[min(searched, head)..<head].contains(0) { return (end, HTTPRequestHead.nulRefusal) }
        searched = bytes.count
        var index = lineChecked
        while !requestLineEnded && index < head {
            let byte = bytes[index]
            if byte == HTTPRequestHead.lf {
                requestLineEnded = true
            } else if byte == HTTPRequestHead.cr {
                // Allowed only as the CR of the request line's CRLF; the last byte received is
                // judged when the next one comes.
                if index + 1 == head { break }
                guard bytes[index + 1] == HTTPRequestHead.lf else {
                    return (end, HTTPRequestHead.requestLineByteRefusal)
                }
            } else if !(0x20...0x7E).contains(byte) {
                return (end, HTTPRequestHead.requestLineByteRefusal)
            }
            index += 1
        }
        lineChecked = index
        return (end, nil)
    }
}
