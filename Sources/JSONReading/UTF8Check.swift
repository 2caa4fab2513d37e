/// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is valid.
package func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // Plain ASCII is by far the common case and needs no decoding.
    if !bytes.contains(where: { $0 >= 0x80 }) { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput: return nil
        case .error: return offset
        }
    }
}
