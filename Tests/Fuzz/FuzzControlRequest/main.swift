import ControlProtocol
import FuzzSupport

// One control-socket request line. The server refuses a line that is not UTF-8 before decoding
// it, so only UTF-8 gets here. A request that decodes has this daemon's version, encodes as one
// line, and that line decodes to the same request: decode(encode(decode(x))) == decode(x).
runFuzzer { bytes in
    guard let line = String(validating: bytes, as: UTF8.self) else { return }
    let request: ControlProtocol.Request
    do throws(ProtocolError) {
        request = try ControlProtocol.request(from: line)
    } catch {
        precondition(!error.description.isEmpty, "a refused request has no reason")
        return
    }
    precondition(request.version == ControlProtocol.version, "\(line) decodes with version \(request.version)")
    let encoded = ControlProtocol.line(request)
    precondition(
        encoded.hasSuffix("\n") && !encoded.dropLast().contains("\n"), "\(request) encodes as more than one line")
    do {
        let again = try ControlProtocol.request(from: String(encoded.dropLast()))
        precondition(again == request, "\(line) → \(encoded) → \(again)")
    } catch {
        fatalError("\(line) → \(encoded), which is refused: \(error)")
    }
}
