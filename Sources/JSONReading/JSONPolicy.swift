/// How the reader takes what RFC 8259 forbids or leaves open but some writers produce, for the
/// inputs whose policies differ: what JSONDecoder reads (MCP messages and memoryd's own JSONL,
/// which JSONDecoder read before this reader served them), or the RFC strictly (chat exports
/// and coding agents' transcripts, which JavaScript and Python programs write).
package struct JSONPolicy: Sendable, Equatable {
    /// A comma before a closing bracket or brace, which JSONDecoder takes.
    package var trailingCommas: Bool
    /// A `\u` escape of half a surrogate pair with no other half: U+FFFD (a JavaScript or Python
    /// string can hold one, and so the JSON written from it), or refused, as JSONDecoder does.
    package var replacesLoneSurrogates: Bool
    /// A whole number that fits is `JSONNode.integer`, exactly also past 2^53 (`7`, `1.0`, `1e2`,
    /// as JSONDecoder decodes an `Int64`); otherwise every number is a double.
    package var exactIntegers: Bool
    /// An error in the value of a key given twice says so (`JSONReadError.inRepeatedKey`):
    /// JSONDecoder never reads such a value, and a reader that did must be able to tell why.
    package var marksRepeatedKeys: Bool

    /// RFC 8259 strictly, half surrogate pairs read as U+FFFD.
    package static let strict = JSONPolicy(
        trailingCommas: false, replacesLoneSurrogates: true, exactIntegers: false, marksRepeatedKeys: false)
    /// What JSONDecoder reads, value for value.
    package static let jsonDecoder = JSONPolicy(
        trailingCommas: true, replacesLoneSurrogates: false, exactIntegers: true, marksRepeatedKeys: true)
}
