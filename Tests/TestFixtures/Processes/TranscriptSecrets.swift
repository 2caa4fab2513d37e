// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

    import Foundation
    import Testing

    /// Credentials and private text as a user pastes them into a coding agent's session, what of
    /// them may be stored, and a look for them in every byte of a database.
    package enum TranscriptSecrets {
        /// What a user says, and what of it is stored (empty: nothing is).
        package static let pasted: [(said: String, stored: String)] = [
            (
                "Here is my key sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa and <private>my PIN is 4711</private> please deploy",
                "Here is my key [redacted] and  please deploy"
            ),
            (
                "Run `curl -H \"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu\" https://api.example.com` with ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 and AKIAIOSFODNN7EXAMPLE.",
                "Run `curl -H \"Authorization: Bearer [redacted]\" https://api.example.com` with [redacted] and [redacted]."
            ),
            (
                "the deploy key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\nand sk-proj-Qw3Er4Ty5Ui6Op7As8Df9Gh0JkLzXcVbNm12",
                "the deploy key:\n[redacted]\nand [redacted]"
            ),
            ("<private>I am seeing Dr. Okafor about my heart</private>", ""),
        ]

        /// Strings that must not be anywhere in the database: the credentials, and what was private.
        package static let fragments = [
            "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa", "PIN is 4711", "eyJhbGciOiJIUzI1NiJ9", "c2VjcmV0LXRva2Vu",
            "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "AKIAIOSFODNN7EXAMPLE",
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
            "Qw3Er4Ty5Ui6Op7As8Df9Gh0JkLzXcVbNm12", "Okafor", "about my heart",
        ]

        /// Which of `fragments` are in the database, in any case: in its dump (every table), or in the
        /// bytes of its files (the full-text index, the WAL).
        package static func leaked(_ db: String) throws -> [String] {
            let dump = try SQLiteShell.run(db, ".dump").output.lowercased()
            var bytes = Data()
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: db + suffix) {
                bytes.append(try Data(contentsOf: URL(fileURLWithPath: db + suffix)))
            }
            let raw = String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
            return fragments.filter { dump.contains($0.lowercased()) || raw.contains($0.lowercased()) }
        }
    }

#endif
