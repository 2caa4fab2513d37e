import Testing

@testable import MemoryImport

/// What of a transcript's text is never stored: private parts, and credentials of the shapes
/// `Redaction` knows.
@Suite("Redaction")
struct RedactionTests {
    private let redacted = Redaction.replacement

    /// `count` key characters of the kinds a key holds: capitals, small letters, digits.
    private func keyCharacters(_ count: Int) -> String {
        let alphabet = Array("aB3xQ9mZ7kR2")
        return String((0..<count).map { alphabet[$0 % alphabet.count] })
    }

    // MARK: - Private parts

    @Test("text between <private> and </private> is removed with its tags, each span")
    func privateSpans() {
        #expect(Redaction.apply("my pin is <private>4821</private>, remember it") == "my pin is , remember it")
        #expect(Redaction.apply("a<private>1</private>b<private>2</private>c") == "abc")
        #expect(Redaction.apply("<private>\nmulti\nline\n</private>after") == "after")
    }

    @Test("private tags are found whatever their case")
    func privateCase() {
        #expect(Redaction.apply("a <PRIVATE>x</PRIVATE> b") == "a  b")
        #expect(Redaction.apply("a <Private>x</pRiVaTe> b") == "a  b")
    }

    @Test("a <private> never closed hides the rest of the text")
    func unclosedPrivate() {
        #expect(Redaction.apply("keep this <private>and not this, nor </privat> this") == "keep this ")
        #expect(Redaction.apply("<private>") == "")
    }

    @Test("a closing tag without an opening one is left as it is")
    func strayClose() {
        #expect(Redaction.apply("nothing </private> hidden") == "nothing </private> hidden")
    }

    // MARK: - Private-key blocks

    @Test("a PEM private-key block is replaced from its BEGIN line to its END line")
    func pemBlock() {
        let text = """
            the key:
            -----BEGIN RSA PRIVATE KEY-----
            MIIEowIBAAKCAQEA7bq3
            Zm9vYmFy
            -----END RSA PRIVATE KEY-----
            and after it
            """
        #expect(Redaction.apply(text) == "the key:\n\(redacted)\nand after it")
        let bare = "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----"
        #expect(Redaction.apply(bare) == redacted)
        let openSSH = "x -----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbg==\n-----END OPENSSH PRIVATE KEY----- y"
        #expect(Redaction.apply(openSSH) == "x \(redacted) y")
    }

    @Test("a private-key block with no END hides the rest of the text")
    func unterminatedPEM() {
        #expect(Redaction.apply("pasted: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\nmore") == "pasted: \(redacted)")
    }

    @Test("public keys and certificates are not private keys, even before one")
    func publicBlocks() {
        let certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
        #expect(Redaction.apply(certificate) == certificate)
        let publicKey = "-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----"
        #expect(Redaction.apply(publicKey) == publicKey)
        let both = certificate + "\n-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\nend"
        #expect(Redaction.apply(both) == certificate + "\n\(redacted)\nend")
    }

    // MARK: - Keys with a known prefix

    @Test(
        "a key with a known prefix is replaced from its minimum length on, and left below it",
        arguments: Redaction.keyPrefixes.map {
            (String(decoding: $0.prefix, as: UTF8.self), $0.minimum, $0.alphanumeric)
        }
        .filter { !["AKIA", "ASIA"].contains($0.0) }
    )
    func keyPrefix(name: String, minimum: Int, alphanumeric: Bool) {
        let atMinimum = name + keyCharacters(minimum)
        #expect(Redaction.apply("key \(atMinimum) here") == "key \(redacted) here", "\(name) at \(minimum)")
        #expect(Redaction.apply(atMinimum) == redacted)
        // A key of letters and digits alone ends at the first other character.
        let longer = name + keyCharacters(minimum + 25) + "-_x"
        #expect(Redaction.apply("(\(longer))") == (alphanumeric ? "(\(redacted)-_x)" : "(\(redacted))"))
        let below = name + keyCharacters(minimum - 1)
        #expect(Redaction.apply("key \(below) here") == "key \(below) here", "\(name) at \(minimum - 1)")
    }

    @Test("a long snake_case name that starts like a key of letters and digits is not one")
    func snakeCaseName() {
        let name = "hf_hub_download_with_retries_and_a_cache_for_every_model_file"
        #expect(Redaction.apply("call \(name)()") == "call \(name)()")
        #expect(Redaction.apply("npm_config_registry_url_for_the_private_mirror_of_ours") == "npm_config_registry_url_for_the_private_mirror_of_ours")
    }

    @Test("an AWS access key id is AKIA or ASIA and exactly 16 capitals or digits")
    func awsAccessKeyIDs() {
        #expect(Redaction.apply("id AKIAIOSFODNN7EXAMPLE ok") == "id \(redacted) ok")
        #expect(Redaction.apply("id ASIAY34FZKBOKMUTVV7A ok") == "id \(redacted) ok")
        // 15 and 17 characters, small letters: not an id.
        #expect(Redaction.apply("AKIAIOSFODNN7EXAMPL") == "AKIAIOSFODNN7EXAMPL")
        #expect(Redaction.apply("AKIAIOSFODNN7EXAMPLEX") == "AKIAIOSFODNN7EXAMPLEX")
        #expect(Redaction.apply("AKIAiosfodnn7example") == "AKIAiosfodnn7example")
        #expect(Redaction.apply("ASIA_PACIFIC_REGION_1") == "ASIA_PACIFIC_REGION_1")
    }

    @Test("a prefix inside a word is no key: task-list, disk-usage, a long hyphenated name")
    func prefixMidWord() {
        let words = [
            "task-list", "disk-usage", "ask-the-user-before-overwriting-anything-in-the-repository",
            "flask-sqlalchemy-session-handling-and-connection-pooling-notes", "thf_0123456789abcdefghij0123456789abc",
            "myghp_abcdefghijABCDEFGHIJ0123456789xyz", "XAKIAIOSFODNN7EXAMPLE", "risk-free",
        ]
        for word in words {
            #expect(Redaction.apply("see \(word) now") == "see \(word) now", "\(word)")
        }
    }

    // MARK: - AWS secrets and Authorization headers

    @Test("the value of aws_secret_access_key is replaced, the name and quotes kept")
    func awsSecret() {
        let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        #expect(Redaction.apply("aws_secret_access_key = \(secret)") == "aws_secret_access_key = \(redacted)")
        #expect(
            Redaction.apply("export AWS_SECRET_ACCESS_KEY=\(secret)\nnext")
                == "export AWS_SECRET_ACCESS_KEY=\(redacted)\nnext")
        #expect(Redaction.apply("aws_secret_access_key: \"\(secret)\"") == "aws_secret_access_key: \"\(redacted)\"")
        #expect(Redaction.apply("aws_secret_access_key='\(secret)'") == "aws_secret_access_key='\(redacted)'")
    }

    @Test("an aws_secret_access_key without = or :, or with a short value, is left")
    func awsSecretNot() {
        #expect(Redaction.apply("set aws_secret_access_key in the config") == "set aws_secret_access_key in the config")
        #expect(Redaction.apply("aws_secret_access_key = short") == "aws_secret_access_key = short")
    }

    @Test("an Authorization header keeps its scheme and loses its credentials: Bearer, Basic, token, none")
    func authorization() {
        #expect(Redaction.apply("Authorization: Bearer abc.def.ghi") == "Authorization: Bearer \(redacted)")
        #expect(Redaction.apply("authorization: basic dXNlcjpwYXNz\nnext") == "authorization: basic \(redacted)\nnext")
        #expect(Redaction.apply("AUTHORIZATION: token 12345") == "AUTHORIZATION: token \(redacted)")
        #expect(Redaction.apply("Authorization: s3cr3t") == "Authorization: \(redacted)")
        #expect(
            Redaction.apply("curl -H \"Authorization: Bearer x\" https://api.example.com")
                == "curl -H \"Authorization: Bearer \(redacted)\" https://api.example.com")
        #expect(Redaction.apply("Authorization:\nnothing on its line") == "Authorization:\nnothing on its line")
    }

    @Test("a bare Bearer and a token of 16 characters or more is replaced; prose is not")
    func bareBearer() {
        let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        #expect(Redaction.apply("use Bearer \(token) for it") == "use Bearer \(redacted) for it")
        #expect(Redaction.apply("bearer \(token)") == "bearer \(redacted)")
        #expect(Redaction.apply("Bearer short-token") == "Bearer short-token")
        #expect(Redaction.apply("the Bearer of bad news") == "the Bearer of bad news")
        #expect(Redaction.apply("a forbearer\(token)") == "a forbearer\(token)")
    }

    // MARK: - Everything else

    @Test("text with no secret comes back as it was")
    func identity() {
        let texts = [
            "", "Plain words.", "  leading and trailing  \n", "sk- and ghp_ alone", "BEGIN PRIVATE KEY",
            "-----BEGIN ", "<privat>not a tag</privat>", "Bearer", "Authorization:", "日本語のテキスト 🎉 émoji",
            "line one\r\nline two\ttab", "AKIA", "aws_secret_access_key",
        ]
        for text in texts {
            #expect(Redaction.apply(text) == text)
        }
    }

    @Test("characters of several bytes around a secret stay whole")
    func multiByte() {
        let key = "sk-ant-" + keyCharacters(30)
        #expect(Redaction.apply("héllo 🎉 \(key) 日本語") == "héllo 🎉 \(redacted) 日本語")
        #expect(Redaction.apply("日本\(key)é") == "日本\(redacted)é")
        #expect(Redaction.apply("ça <private>sécrét 🔑</private> va") == "ça  va")
        #expect(Redaction.apply("🔑 Authorization: Bearer ключ123 — ok") == "🔑 Authorization: Bearer \(redacted) — ok")
        #expect(
            Redaction.apply("Ω\n-----BEGIN PRIVATE KEY-----\nΩΩ\n-----END PRIVATE KEY-----\nΩ") == "Ω\n\(redacted)\nΩ")
    }

    @Test("private parts go first, so a key inside one is gone with it")
    func order() {
        let key = "ghp_" + keyCharacters(36)
        #expect(Redaction.apply("a <private>\(key)</private> b \(key)") == "a  b \(redacted)")
    }
}
