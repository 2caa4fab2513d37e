import Testing

@testable import ConfigEditing

/// `TOMLDocument`: TOML 1.0 validated, its values read, and its sections' ranges.
@Suite("TOML document")
struct TOMLDocumentTests {
    private func parse(_ text: String) throws -> TOMLDocument { try TOMLDocument(Array(text.utf8)) }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try TOMLDocument(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// Documents from the TOML 1.0 specification (toml.io/en/v1.0.0) and the shapes Codex's
    /// config.toml takes.
    @Test(
        "accepts valid TOML",
        arguments: [
            "", "\n", "# only a comment", "key = \"value\"", "bare_key = 1\nbare-key = 2\n1234 = 3",
            "\"127.0.0.1\" = \"value\"\n\"character encoding\" = \"value\"\n\"ʎǝʞ\" = \"value\"\n'key2' = \"value\"\n'quoted \"value\"' = \"value\"",
            "\"\" = \"blank\"",
            "name = \"Orange\"\nphysical.color = \"orange\"\nphysical.shape = \"round\"\nsite.\"google.com\" = true",
            "fruit.name = \"banana\"\nfruit. color = \"yellow\"\nfruit . flavor = \"banana\"",
            "apple.type = \"fruit\"\norange.type = \"fruit\"\napple.skin = \"thin\"\norange.skin = \"thick\"",
            "3.14159 = \"pi\"",
            #"str = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF.""#,
            "str1 = \"\"\"\nRoses are red\nViolets are blue\"\"\"",
            "str2 = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"",
            "str4 = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"",
            "str5 = \"\"\"Here are three quotation marks: \"\"\\\".\"\"\"",
            "str7 = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"",
            "winpath = 'C:\\Users\\nodejs\\templates'\nregex = '<\\i\\c*\\s*>'",
            "regex2 = '''I [dw]on't need \\d{2} apples'''\nlines = '''\nThe first newline is\ntrimmed in raw strings.\n'''",
            "quot15 = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\napos15 = \"Here are fifteen apostrophes: '''''''''''''''\"\nstr = ''''That,' she said, 'is still pointless.''''",
            "int1 = +99\nint2 = 42\nint3 = 0\nint4 = -17\nint5 = 1_000\nint6 = 5_349_221\nint7 = 53_49_221\nint8 = 1_2_3_4_5",
            "hex1 = 0xDEADBEEF\nhex2 = 0xdeadbeef\nhex3 = 0xdead_beef\noct1 = 0o01234567\noct2 = 0o755\nbin1 = 0b11010110",
            "max = 9223372036854775807\nmin = -9223372036854775808\nzero = +0\nnzero = -0",
            "flt1 = +1.0\nflt2 = 3.1415\nflt3 = -0.01\nflt4 = 5e+22\nflt5 = 1e06\nflt6 = -2E-22\nflt7 = 6.626e-34\nflt8 = 224_617.445_991_228",
            "sf1 = inf\nsf2 = +inf\nsf3 = -inf\nsf4 = nan\nsf5 = +nan\nsf6 = -nan\nb1 = true\nb2 = false",
            "odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00-07:00\nodt3 = 1979-05-27T00:32:00.999999-07:00\nodt4 = 1979-05-27 07:32:00Z",
            "ldt1 = 1979-05-27T07:32:00\nldt2 = 1979-05-27T00:32:00.999999\nld1 = 1979-05-27\nlt1 = 07:32:00\nlt2 = 00:32:00.999999",
            "leap = 2024-02-29\nsecond = 1990-12-31T23:59:60Z\nlower = 1979-05-27t07:32:00z",
            "integers = [ 1, 2, 3 ]\ncolors = [ \"red\", \"yellow\", \"green\" ]\nnested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]\nnested_mixed_array = [ [ 1, 2 ], [\"a\", \"b\", \"c\"] ]\nstring_array = [ \"all\", 'strings', \"\"\"are the same\"\"\", '''type''' ]",
            "numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]\ncontributors = [\n  \"Foo Bar <foo@example.com>\",\n  { name = \"Baz Qux\", email = \"bazqux@example.com\", url = \"https://example.com/bazqux\" }\n]",
            "integers2 = [\n  1, 2, 3\n]\n\nintegers3 = [\n  1,\n  2, # this is ok\n]",
            "[table-1]\nkey1 = \"some string\"\nkey2 = 123\n\n[table-2]\nkey1 = \"another string\"\nkey2 = 456",
            "[dog.\"tater.man\"]\ntype.name = \"pug\"", "[a.b.c]\n[ d.e.f ]\n[ g .  h  . i ]\n[ j . \"ʞ\" . 'l' ]",
            "# [x] you\n# [x.y] don't\n# [x.y.z] need these\n[x.y.z.w] # for this to work\n\n[x] # defining a super-table afterward is ok",
            "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n\n[fruit.apple.texture]  # you can add sub-tables\nsmooth = true",
            "[fruit.apple]\n[animal]\n[fruit.orange]", "[fruit.apple]\n[fruit.orange]\n[animal]",
            "name = { first = \"Tom\", last = \"Preston-Werner\" }\npoint = { x = 1, y = 2 }\nanimal = { type.name = \"pug\" }\nempty = {}",
            "[[products]]\nname = \"Hammer\"\nsku = 738594937\n\n[[products]]  # empty table within the array\n\n[[products]]\nname = \"Nail\"\nsku = 284758393\n\ncolor = \"gray\"",
            "[[fruits]]\nname = \"apple\"\n\n[fruits.physical]  # subtable\ncolor = \"red\"\nshape = \"round\"\n\n[[fruits.varieties]]  # nested array of tables\nname = \"red delicious\"\n\n[[fruits.varieties]]\nname = \"granny smith\"\n\n\n[[fruits]]\nname = \"banana\"\n\n[[fruits.varieties]]\nname = \"plantain\"",
            "points = [ { x = 1, y = 2, z = 3 },\n           { x = 7, y = 8, z = 9 },\n           { x = 2, y = 4, z = 8 } ]",
            "a = 1\r\nb = \"\"\"x\r\ny\"\"\"\r\n[t]\r\nc = 2\r\n", "\tindented = 1\n  [  t  ]  \n  k = 'v'  # c",
            "[[a]]\n[a.b]\n[[a]]\n[a.b]", "[a.b]\nx = 1\n[a]\ny = 2", "[[a.b]]\n[a]\nc = 1",
            "[a.b.c]\n[a]\nb.x = 1\n[a.b.d]", "a.b = 1\n[a.c]",
            """
            model = "gpt-5.1-codex"
            model_reasoning_effort = "high"
            approval_policy = "on-request"
            notify = ["notify-send", "Codex"]

            [mcp_servers.github]
            command = "npx"
            args = ["-y", "@modelcontextprotocol/server-github"]
            env = { GITHUB_TOKEN = "ghp_x" }

            [mcp_servers.docs]
            url = "https://example.com/mcp"
            startup_timeout_sec = 20.5

            [projects."/home/me/src/shop"]
            trust_level = "trusted"

            [hooks.state."/home/me/.codex/config.toml:session_start:0:0"]
            trusted_hash = "sha256:00ff"
            """,
        ])
    func valid(text: String) {
        #expect(error(text) == nil, "\(text)")
    }

    @Test(
        "refuses invalid TOML",
        arguments: [
            "key = # INVALID", "first = \"Tom\" last = \"Preston-Werner\" # INVALID", "= \"no key name\"",
            "\"\"\"key\"\"\" = 1",
            "name = \"Tom\"\nname = \"Pradyun\"", "spelling = \"favorite\"\n\"spelling\" = \"favourite\"",
            "fruit.apple = 1\nfruit.apple.smooth = true", "a.b = 1\na = 2", "bare key = 1", "ke$y = 1", "key = value",
            "s = \"a\nb\"", "s = 'a\nb'", "s = \"\\x41\"", "s = \"\\uD800\"", "s = \"\\U00110000\"", "s = \"a",
            "s = \"\"\"a\"\"\"\"\"\"",
            "s = \"tab\u{01}\"", "s = '''a''''''", "s = \"\"\"a \\  b\"\"\"", "# bell \u{07}", "a = 1\rb = 2",
            "int = 01", "int = +0x1", "int = 1__000", "int = _1", "int = 1_", "int = 0xG", "int = 9223372036854775808",
            "int = -9223372036854775809", "int = 0b2", "flt = .7", "flt = 7.", "flt = 3.e+20", "flt = 1e", "flt = 01.5",
            "flt = 1._5", "flt = infinity", "flt = NaN", "bool = True", "bool = truee",
            "d = 1979-13-27", "d = 1979-02-30", "d = 2023-02-29", "d = 1979-05-27T25:00:00", "d = 1979-05-27T07:32",
            "d = 1979-05-27T07:32:00+7:00", "t = 07:32:00Z", "d = 1979-05-27T07:32:00.", "d = 79-05-27",
            "a = [1 2]", "a = [,]", "a = [1,,2]", "a = [1", "t = { a = 1, }", "t = { a = 1\n}", "t = { a = 1, a = 2 }",
            "t = { a = { b = 1 }, a.c = 2 }", "t = {a=1}\nt.b = 2", "[t]\n[t]", "[a]\nb = 1\n[a.b]",
            "[a.b]\n[a]\nb.c = 1",
            "[fruit]\napple.color = \"red\"\n[fruit.apple]", "a = [1]\n[[a]]", "[[a]]\n[a]", "[a]\n[[a]]", "a = 1\n[a]",
            "a = 1\n[a.b]", "t = {}\n[t]", "t = {}\n[t.x]", "[a] b = 1", "[ a ] ]", "[[a] ]", "[]", "[a.]", "[.a]",
            "a. = 1",
            "[a\nb]", "key = \"v\" junk", "\u{FEFF}a = 1", "[a.b.c]\n[a]\nb.x = 1\n[a.b]", "[a.b.c]\n[a]\nb.c.t = 1",
            "[[a.b]]\n[a]\nb.x = 1", "a.b = 1\n[a]",
        ])
    func invalid(text: String) {
        #expect(error(text) != nil, "\(text)")
    }

    @Test(
        "says where and why it stops",
        arguments: [
            ("a = 1\nb = 2\na = 3", 3, 1, "the key a is defined twice (first at line 1)"),
            ("[t]\nx = 1\n\n[t]", 4, 1, "the table t is defined twice (first at line 1)"),
            (
                "[fruit]\napple.color = 1\n[fruit.apple]", 3, 1,
                "the table fruit.apple is defined twice (first with dotted keys at line 2)"
            ),
            ("[a.b]\n[a]\nb.c = 1", 3, 1, "a dotted key cannot add to the table b, defined at line 1"),
            ("hooks = { x = 1 }\n[[hooks.SessionStart]]", 2, 1, "hooks is already a value (line 1), not a table"),
            (
                "[hooks]\nSessionStart = []\n[[hooks.SessionStart]]", 3, 1,
                "hooks.SessionStart is already a value (line 2): [[hooks.SessionStart]] cannot add to it"
            ),
            ("model = gpt-5", 1, 9, "'gpt-5' is not a TOML value"),
            ("x = \"é\" y", 1, 9, "expected a line break, found 'y'"),
            ("n = 99999999999999999999", 1, 5, "an integer that does not fit in 64 bits"),
            (
                "[projects.\"/x\"\ntrust = 1", 1, 15,
                "expected ']' after the table name projects.\"/x\", found the end of the line"
            ),
        ] as [(String, Int, Int, String)])
    func errors(text: String, line: Int, column: Int, reason: String) {
        #expect(error(text) == ConfigError(line: line, column: column, reason: reason))
    }

    @Test("reads values as the specification gives them")
    func values() throws {
        let document = try parse(
            """
            str = "I'm a string. \\"You can quote me\\". Name\\tJos\\u00E9\\nLocation\\tSF."
            ml = \"\"\"
            The quick brown \\


              fox jumps over \\
                the lazy dog.\"\"\"
            quotes = ''''That,' she said.''''
            lit = 'C:\\Users'
            ints = [0xDEAD_BEEF, 0o755, 0b1101, -17, 1_000]
            floats = [1e06, -0.01, 224_617.445_991_228]
            when = 1979-05-27 07:32:00Z
            a.b."c d" = true
            inline = { x = 1, y.z = [2] }
            [[products]]
            name = "Hammer"
            [[products]]
            [products.dims]
            w = 1
            """)
        let root = document.root
        #expect(root["str"] == .string("I'm a string. \"You can quote me\". Name\tJosé\nLocation\tSF."))
        #expect(root["ml"] == .string("The quick brown fox jumps over the lazy dog."))
        #expect(root["quotes"] == .string("'That,' she said.'"))
        #expect(root["lit"] == .string("C:\\Users"))
        #expect(
            root["ints"]
                == .array([.integer(0xDEAD_BEEF), .integer(0o755), .integer(0b1101), .integer(-17), .integer(1000)]))
        #expect(root["floats"] == .array([.float(1e6), .float(-0.01), .float(224_617.445_991_228)]))
        #expect(root["when"] == .dateTime("1979-05-27 07:32:00Z"))
        #expect(root[path: ["a", "b", "c d"]] == .bool(true))
        #expect(root["inline"] == .table([("x", .integer(1)), ("y", .table([("z", .array([.integer(2)]))]))]))
        #expect(
            root["products"]
                == .array([.table([("name", .string("Hammer"))]), .table([("dims", .table([("w", .integer(1))]))])]))
    }

    @Test("a section runs from its header's line to its last pair's line, comments after that left out")
    func sections() throws {
        let text = """
            top = 1
            # about a
              [a]   # a's header
            x = 1
            # inside

            y = \"\"\"
            two\"\"\"
            # after a

            [[b]]
            [b.c]
            z = 2
            """
        let document = try parse(text)
        func slice(_ range: Range<Int>) -> String { String(decoding: document.bytes[range], as: UTF8.self) }
        #expect(document.sections.map(\.path) == [["a"], ["b"], ["b", "c"]])
        #expect(document.sections.map(\.isArrayElement) == [false, true, false])
        #expect(slice(document.sections[0].range) == "  [a]   # a's header\nx = 1\n# inside\n\ny = \"\"\"\ntwo\"\"\"\n")
        #expect(slice(document.sections[1].range) == "[[b]]\n")
        #expect(slice(document.sections[2].range) == "[b.c]\nz = 2")
        guard case .tableArray(let elements) = document.definition(at: ["b"]) else {
            Issue.record("b is no array of tables")
            return
        }
        #expect(document.sections(within: elements[0]).map(\.path) == [["b"], ["b", "c"]])
    }
}
