/// Bytes read in order, a buffer at a time: a file, standard input, or a file inside a zip
/// archive. What the JSON reader reads from (`JSONArrayReader`), so that a file of any size is read in
/// bounded memory.
package protocol ByteSource: AnyObject {
    /// Fills the start of `buffer` with the next bytes: how many, at most `buffer.count`; 0 only
    /// at the end. Throws when they cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

