/// What of a transcript's text is never stored: text between `<private>` and `</private>`, and
/// strings that are plainly credentials, replaced by `[redacted]`. Best effort: it knows the
/// shapes below, not every secret (README, "Secrets").
///
/// - private-key blocks (`-----BEGIN … PRIVATE KEY-----` to its `END` line, or to the end);
/// - API keys with a well-known prefix (`Redaction.keyPrefixes`), when enough key characters follow;
/// - AWS access key ids (`AKIA`, `ASIA` and 16 capitals or digits) and the value of an
///   `aws_secret_access_key`;
/// - the credentials of an `Authorization: Bearer …` (or `Basic …`, `token …`) header.
///
/// It works on UTF-8 bytes: every marker is ASCII, so a cut never falls inside a character.
package enum Redaction {
    package static let replacement = "[redacted]"

    /// A key's prefix and how many key characters (`[A-Za-z0-9_-]`, or only letters and digits for
    /// the keys that have no others, so that a long snake_case name is not taken for one) must
    /// follow it at least.
    static let keyPrefixes: [(prefix: [UInt8], minimum: Int, alphanumeric: Bool)] = [
        ("sk-ant-", 20, false), ("sk-proj-", 20, false), ("sk-svcacct-", 20, false), ("sk-", 32, false),  // Anthropic, OpenAI
        ("ghp_", 30, true), ("gho_", 30, true), ("ghu_", 30, true), ("ghs_", 30, true), ("ghr_", 30, true),  // GitHub
        ("github_pat_", 40, false),
        ("glpat-", 20, false),  // GitLab
        ("xoxb-", 20, false), ("xoxp-", 20, false), ("xoxa-", 20, false), ("xoxr-", 20, false), ("xapp-", 20, false),  // Slack
        ("AIza", 35, false),  // Google
        ("sk_live_", 20, true), ("rk_live_", 20, true), ("sk_test_", 20, true),  // Stripe
        ("hf_", 30, true),  // Hugging Face
        ("npm_", 36, true),  // npm
        ("pypi-", 50, false),  // PyPI
        ("AKIA", 16, true), ("ASIA", 16, true),  // AWS access key ids
    ].map { (Array($0.0.utf8), $0.1, $0.2) }

    /// `text` with private parts removed and credentials replaced.
    package static func apply(_ text: String) -> String {
        let original = Array(text.utf8)
        let bytes = replacingTokens(replacingKeyBlocks(removingPrivate(original)))
        return bytes == original ? text : String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Private parts

    private static let openPrivate = Array("<private>".utf8)
    private static let closePrivate = Array("</private>".utf8)

    /// Without what stands between `<private>` and `</private>`, tags included; an opening tag
    /// that is never closed hides the rest.
    static func removingPrivate(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while let open = find(openPrivate, in: bytes, from: index, ignoringCase: true) {
            result += bytes[index..<open]
            guard let close = find(closePrivate, in: bytes, from: open + openPrivate.count, ignoringCase: true) else {
                return result
            }
            index = close + closePrivate.count
        }
        guard index > 0 else { return bytes }
        return result + bytes[index...]
    }

    // MARK: - Private-key blocks

    private static let begin = Array("-----BEGIN ".utf8)
    private static let privateKeyHeader = Array("PRIVATE KEY-----".utf8)
    private static let end = Array("-----END ".utf8)

    static func replacingKeyBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        var searchFrom = 0
        while let start = find(begin, in: bytes, from: searchFrom) {
            // The header's label (RSA, EC, OPENSSH, ENCRYPTED, or none) ends with PRIVATE KEY-----.
            let lineEnd = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            guard let header = find(privateKeyHeader, in: bytes, from: start + begin.count), header < lineEnd else {
                searchFrom = start + begin.count
                continue
            }
            result += bytes[index..<start]
            result += replacement.utf8
            guard let footer = find(end, in: bytes, from: header),
                let footerEnd = find(privateKeyHeader, in: bytes, from: footer + end.count)
            else { return result }
            index = footerEnd + privateKeyHeader.count
            searchFrom = index
        }
        guard index > 0 else { return bytes }
        return result + bytes[index...]
    }

    // MARK: - Tokens

    private static func isKeyCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isKeyCharacter(byte) && byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-")
    }

    private static let authorization = Array("authorization:".utf8)
    private static let schemes = ["bearer", "basic", "token"].map { Array($0.utf8) }
    private static let awsSecret = Array("aws_secret_access_key".utf8)

    /// Keys with known prefixes, AWS secrets and Authorization headers' credentials.
    static func replacingTokens(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            // A key starts at a word's start.
            let atWordStart = index == 0 || !isKeyCharacter(bytes[index - 1])
            if atWordStart, let keyEnd = keyEnd(in: bytes, at: index) {
                result += replacement.utf8
                index = keyEnd
                continue
            }
            if atWordStart, let (kept, valueEnd) = credentialValue(in: bytes, at: index) {
                result += bytes[index..<kept]
                result += replacement.utf8
                index = valueEnd
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// The end of a key with a known prefix that starts at `index`.
    private static func keyEnd(in bytes: [UInt8], at index: Int) -> Int? {
        for (prefix, minimum, alphanumeric) in keyPrefixes where matches(prefix, in: bytes, at: index, ignoringCase: false) {
            var end = index + prefix.count
            while end < bytes.count, alphanumeric ? isAlphanumeric(bytes[end]) : isKeyCharacter(bytes[end]) { end += 1 }
            let length = end - index - prefix.count
            // AWS ids are exactly 16 capitals or digits.
            if prefix.first == UInt8(ascii: "A"), prefix.count == 4, prefix != Array("AIza".utf8) {
                guard length == 16,
                    bytes[(index + 4)..<end].allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) })
                else { continue }
            }
            if length >= minimum { return end }
        }
        return nil
    }

    /// Where the credentials of an Authorization header or an AWS secret's value start (the bytes
    /// before them are kept) and end.
    private static func credentialValue(in bytes: [UInt8], at index: Int) -> (Int, Int)? {
        if matches(authorization, in: bytes, at: index, ignoringCase: true) {
            var position = skipSpaces(bytes, index + authorization.count)
            if let scheme = schemes.first(where: { matches($0, in: bytes, at: position, ignoringCase: true) }) {
                position = skipSpaces(bytes, position + scheme.count)
            }
            let end = tokenEnd(bytes, position)
            return end > position ? (position, end) : nil
        }
        if matches(awsSecret, in: bytes, at: index, ignoringCase: true) {
            var position = skipSpaces(bytes, index + awsSecret.count)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") || bytes[position] == UInt8(ascii: ":")
            else { return nil }
            position = skipSpaces(bytes, position + 1)
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                position += 1
            }
            let end = tokenEnd(bytes, position)
            return end - position >= 16 ? (position, end) : nil
        }
        // A bare "Bearer <token>" (a curl command's -H argument, a header pasted alone).
        if matches(schemes[0], in: bytes, at: index, ignoringCase: true) {
            let position = skipSpaces(bytes, index + schemes[0].count)
            guard position > index + schemes[0].count else { return nil }
            let end = tokenEnd(bytes, position)
            return end - position >= 16 ? (position, end) : nil
        }
        return nil
    }

    private static func skipSpaces(_ bytes: [UInt8], _ from: Int) -> Int {
        var position = from
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position
    }

    /// The end of a run of characters that are not white space, quotes or a line's end.
    private static func tokenEnd(_ bytes: [UInt8], _ from: Int) -> Int {
        var position = from
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): return position
            default: position += 1
            }
        }
        return position
    }

    // MARK: - Matching

    private static func matches(_ needle: [UInt8], in bytes: [UInt8], at index: Int, ignoringCase: Bool) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in needle.indices {
            var byte = bytes[index + offset]
            if ignoringCase, (0x41...0x5A).contains(byte) { byte += 0x20 }
            if byte != needle[offset] { return false }
        }
        return true
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, ignoringCase: Bool = false) -> Int? {
        guard let first = needle.first, from <= bytes.count - needle.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            var byte = bytes[index]
            if ignoringCase, (0x41...0x5A).contains(byte) { byte += 0x20 }
            if byte == first, matches(needle, in: bytes, at: index, ignoringCase: ignoringCase) { return index }
            index += 1
        }
        return nil
    }
}
