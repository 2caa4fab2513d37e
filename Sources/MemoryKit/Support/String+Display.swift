extension String {
    /// Line breaks and tabs as spaces, so that a piece of a memory fits on one line.
    public func replacingLineBreaks() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
    }
}
