import Testing

@testable import ConfigEditing

/// `JSONDocument`'s edits: made in the text, laid out as the text around them, and undone
/// byte for byte.
@Suite("JSON editing")
struct JSONEditingTests {
    static let server = ConfigValue.table([("command", .string("/usr/bin/memctl")), ("args", .array([.string("mcp")]))])
    static let group = ConfigValue.table([
        (
            "hooks",
            .array([
                .table([
                    ("type", .string("command")), ("command", .string("memctl context")), ("timeout", .integer(10)),
                ])
            ])
        )
    ])

    private func isGroup(_ value: ConfigValue) -> Bool {
        value[path: ["hooks"]]?.array?.first?["command"] == .string("memctl context")
    }

    private func document(_ text: String, _ syntax: JSONDocument.Syntax = .strict) throws -> JSONDocument {
        try JSONDocument(Array(text.utf8), syntax: syntax)
    }

    /// `text` with memoryd's server and a hook group added.
    private func setUp(_ text: String, _ syntax: JSONDocument.Syntax = .strict) throws -> String {
        var bytes = Array(text.utf8)
        if let next = try JSONDocument(bytes, syntax: syntax).setting(Self.server, at: ["mcpServers", "memoryd"]) {
            bytes = next
        }
        if let next = try JSONDocument(bytes, syntax: syntax).ensuring(
            Self.group, inArrayAt: ["hooks", "SessionStart"], identifiedBy: isGroup)
        {
            bytes = next
        }
        _ = try JSONDocument(bytes, syntax: syntax)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func remove(_ text: String, _ syntax: JSONDocument.Syntax = .strict) throws -> String {
        var bytes = Array(text.utf8)
        if let next = try JSONDocument(bytes, syntax: syntax).removingMember(at: ["mcpServers", "memoryd"]) {
            bytes = next
        }
        if let next = try JSONDocument(bytes, syntax: syntax).removingElements(
            inArrayAt: ["hooks", "SessionStart"], where: isGroup)
        {
            bytes = next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("into an empty object: one level deeper than its line, as JSON.stringify lays it out")
    func emptyObject() throws {
        #expect(
            try setUp("{}") == """
                {
                  "mcpServers": {
                    "memoryd": {
                      "command": "/usr/bin/memctl",
                      "args": [
                        "mcp"
                      ]
                    }
                  },
                  "hooks": {
                    "SessionStart": [
                      {
                        "hooks": [
                          {
                            "type": "command",
                            "command": "memctl context",
                            "timeout": 10
                          }
                        ]
                      }
                    ]
                  }
                }
                """)
    }

    @Test("after the last member, with the indentation of its siblings (here four spaces, and a tab)")
    func siblingsIndentation() throws {
        let fourSpaces = """
            {
                "theme": "dark",
                "mcpServers": {
                    "other": {"command": "x"}
                }
            }

            """
        #expect(
            try setUp(fourSpaces).hasPrefix(
                """
                {
                    "theme": "dark",
                    "mcpServers": {
                        "other": {"command": "x"},
                        "memoryd": {
                            "command": "/usr/bin/memctl",
                            "args": [
                                "mcp"
                            ]
                        }
                    },
                    "hooks": {
                        "SessionStart": [

                """))
        let tabs = "{\n\t\"a\": 1\n}"
        #expect(try setUp(tabs).hasPrefix("{\n\t\"a\": 1,\n\t\"mcpServers\": {\n\t\t\"memoryd\": {\n\t\t\t\"command\""))
    }

    @Test("an existing array of groups gets memoryd's at its end")
    func appendsToArray() throws {
        let text = """
            {
              "hooks": {
                "SessionStart": [
                  {"hooks": [{"type": "command", "command": "echo hi"}]}
                ]
              }
            }
            """
        let result = try setUp(text)
        #expect(
            result.contains(
                """
                    "SessionStart": [
                      {"hooks": [{"type": "command", "command": "echo hi"}]},
                      {
                        "hooks": [
                """))
        #expect(try document(result).root.value[path: ["hooks", "SessionStart"]]?.array?.count == 2)
    }

    @Test("objects written on one line get the new member on that line")
    func inline() throws {
        #expect(
            try setUp(#"{"mcpServers": {"x": {}}, "hooks": {"SessionStart": [1]}}"#) == """
                {"mcpServers": {"x": {}, "memoryd": {"command": "/usr/bin/memctl", "args": ["mcp"]}}, \
                "hooks": {"SessionStart": [1, {"hooks": [{"type": "command", "command": "memctl context", "timeout": 10}]}]}}
                """)
    }

    @Test("an empty object with more after it on its line gets the member on that line")
    func inlineEmpty() throws {
        #expect(
            try setUp(#"{"mcpServers": {}, "n": 3}"#).hasPrefix(
                #"{"mcpServers": {"memoryd": {"command": "/usr/bin/memctl", "args": ["mcp"]}}, "n": 3,"#))
        #expect(try remove(setUp(#"{"mcpServers": {}, "n": 3}"#)) == #"{"n": 3}"#)
        #expect(
            try setUp("{\n  \"mcpServers\": {},\n  \"n\": 3\n}").hasPrefix(
                "{\n  \"mcpServers\": {\n    \"memoryd\": {\n"))
        #expect(
            try setUp("{\n  \"mcpServers\": {}, // none yet\n  \"n\": 3\n}", .withComments).hasPrefix(
                "{\n  \"mcpServers\": {\n    \"memoryd\""))
    }

    @Test("a member already as it should be: no change; otherwise exactly it is replaced")
    func replaces() throws {
        let done = try setUp("{\n  \"a\": 1\n}\n")
        #expect(try document(done).setting(Self.server, at: ["mcpServers", "memoryd"]) == nil)
        #expect(
            try document(done).ensuring(Self.group, inArrayAt: ["hooks", "SessionStart"], identifiedBy: isGroup) == nil)
        let moved = done.replacing("/usr/bin/memctl", with: "/opt/memctl")
        let fixed = try #require(try document(moved).setting(Self.server, at: ["mcpServers", "memoryd"]))
        #expect(moved != done)
        #expect(String(decoding: fixed, as: UTF8.self) == done)
        let array = try #require(try document(done).root.node(at: ["hooks", "SessionStart"]))
        let twice = try document(done).addition(of: Self.group, key: nil, to: array)
        let doubled = String(decoding: Array(done.utf8).applying(twice), as: UTF8.self)
        let once = try #require(
            try document(doubled).ensuring(Self.group, inArrayAt: ["hooks", "SessionStart"], identifiedBy: isGroup))
        #expect(String(decoding: once, as: UTF8.self) == done)
    }

    @Test(
        "setting up then removing gives back the original bytes",
        arguments: [
            "{}", "{}\n", "{\n  \"a\": 1\n}", "{\n  \"a\": 1\n}\n", "{\"a\":1}",
            "{\r\n  \"a\": [\r\n    1\r\n  ]\r\n}\r\n",
            "{\n    \"a\": {\"b\": [1, 2]},\n    \"c\": \"é\\\"\\u00e9\"\n}\n", "{\n\t\"a\": true\n}",
            "{\n  \"a\": 1   \n}",
            "{\n  \"mcpServers\": {\n    \"x\": {\"command\": \"y\"}\n  },\n  \"z\": null\n}\n",
            "{\n  \"hooks\": {\n    \"Stop\": []\n  },\n  \"mcpServers\": {\n    \"x\": {}\n  }\n}",
            "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\"matcher\": \"x\", \"hooks\": []}\n    ]\n  }\n}\n",
            "\u{FEFF}{\"a\": 1,\n \"b\": 2}",
        ])
    func roundTrip(text: String) throws {
        let set = try setUp(text)
        #expect(set != text)
        #expect(try remove(set) == text, "\(set)")
    }

    @Test(
        "with comments: setting up then removing gives back the original bytes, comments where they were",
        arguments: [
            "// settings\n{\n  \"a\": 1 // one\n}\n", "{\n  \"a\": 1, // one\n  \"b\": 2 /* two */\n}",
            "{\n  // nothing yet\n}\n", "{\n  \"mcpServers\": {\n    // mine\n    \"x\": {}\n  } // servers\n}\n",
            "{ /* a */ \"a\": 1 }", "{\n  \"a\": 1\n  /* last\n     words */\n}\n",
        ])
    func roundTripWithComments(text: String) throws {
        let set = try setUp(text, .withComments)
        #expect(set != text)
        #expect(try remove(set, .withComments) == text, "\(set)")
    }

    /// Two things an edit in the text cannot know afterwards: what was inside an empty object,
    /// and that an object left empty was there before memoryd's entry went in.
    @Test("removing leaves {} for an empty object that held whitespace, and takes out an object it leaves empty")
    func emptyContainers() throws {
        #expect(try remove(setUp("{ }")) == "{}")
        #expect(try remove(setUp("{\n}\n")) == "{}\n")
        #expect(try remove(setUp("{\n  \"mcpServers\": {},\n  \"a\": 1\n}")) == "{\n  \"a\": 1\n}")
    }

    @Test("an object or array named to be kept stays, empty, when its last entry goes")
    func keepingEmpty() throws {
        let text = "{\n  \"mcpServers\": {},\n  \"hooks\": {}\n}\n"
        let set = try setUp(text)
        var bytes = Array(set.utf8)
        let keep = { (path: ArraySlice<String>) in path == ["mcpServers"] || path == ["hooks"] }
        bytes = try #require(
            try JSONDocument(bytes, syntax: .strict).removingMember(at: ["mcpServers", "memoryd"], keepingEmpty: keep))
        bytes = try #require(
            try JSONDocument(bytes, syntax: .strict).removingElements(
                inArrayAt: ["hooks", "SessionStart"], where: isGroup, keepingEmpty: keep))
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }

    @Test("a comment on the last member's line stays with that member")
    func trailingComment() throws {
        #expect(
            try setUp("{\n  \"a\": 1 // one\n}", .withComments).hasPrefix("{\n  \"a\": 1, // one\n  \"mcpServers\": {"))
    }

    /// Gemini CLI strips comments with strip-json-comments, whose `//` comment ends at a line
    /// feed only (or the CR of a CRLF): a lone CR is inside it, as the reader reads it.
    @Test("a // comment with a lone CR inside ends where the reader ends it: at the line feed")
    func commentWithLoneCarriageReturn() throws {
        let text = "{\n  \"a\": 1 // one\rtwo\n}\n"
        let set = try setUp(text, .withComments)
        #expect(set.hasPrefix("{\n  \"a\": 1, // one\rtwo\n  \"mcpServers\": {"))
        #expect(try remove(set, .withComments) == text)
        #expect(
            try remove("{\n  \"mcpServers\": {\"memoryd\": {}}, // set up\rbefore\n  \"x\": 1\n}", .withComments)
                == "{\n  \"x\": 1\n}")
        #expect(try setUp("{\r\n  \"a\": 1 // one\r\n}", .withComments).hasPrefix("{\r\n  \"a\": 1, // one\r\n  \"mcp"))
    }

    @Test("removing an entry whose line closes its object keeps the line break that ends a // comment before it")
    func lineCommentBeforeClosingLine() throws {
        #expect(
            try remove("{\n  // mine\n  \"mcpServers\": {\"memoryd\": {}} }", .withComments) == "{\n  // mine\n }")
        #expect(
            try remove("{\"a\": 1, // c\r\n \"mcpServers\": {\"memoryd\": {}} }\r\n", .withComments)
                == "{\"a\": 1 // c\r\n }\r\n")
        #expect(
            try remove("{\n  // mine\n  \"mcpServers\": {\"memoryd\": {}}\r}", .withComments) == "{\n  // mine\n\r}")
        // Blanks after the comment's last word are still inside it, up to its line feed (found by
        // FuzzConfigEditing: the removal started after "mine" and took the line feed with it, and the
        // comment ran on over the closing brace).
        #expect(
            try remove("{\n  // mine  \n\"mcpServers\": {\"memoryd\": {}} }", .withComments) == "{\n  // mine  \n }")
        #expect(
            try remove("{\"a\": 1, // c \t\r\n \"mcpServers\": {\"memoryd\": {}} }\r\n", .withComments)
                == "{\"a\": 1 // c \t\r\n }\r\n")
        // A /* */ comment may be followed on its line: `{ /* a */ }` set up comes back as it was.
        #expect(try remove(setUp("{ /* a */ }", .withComments), .withComments) == "{ /* a */ }")
    }

    @Test("removing takes out only what matches, and keeps containers that still hold something")
    func removesOnlyMatches() throws {
        let text = """
            {
              "mcpServers": {
                "memoryd": {"command": "x"},
                "other": {"command": "y"}
              },
              "hooks": {
                "SessionStart": [
                  {"hooks": [{"command": "memctl context"}]},
                  {"hooks": [{"command": "echo"}]}
                ],
                "Stop": []
              }
            }
            """
        #expect(
            try remove(text) == """
                {
                  "mcpServers": {
                    "other": {"command": "y"}
                  },
                  "hooks": {
                    "SessionStart": [
                      {"hooks": [{"command": "echo"}]}
                    ],
                    "Stop": []
                  }
                }
                """)
        #expect(try document("{\"a\": 1}").removingMember(at: ["mcpServers", "memoryd"]) == nil)
        #expect(
            try document("{\"hooks\": {}}").removingElements(inArrayAt: ["hooks", "SessionStart"], where: isGroup)
                == nil)
    }

    /// JSON.parse keeps the last of a key given twice: once removal takes out the last one, an
    /// earlier one counts, and what memoryd's it holds would be memoryd's again.
    @Test("removing also takes out memoryd's entries that a key given twice hid until the last one went")
    func removesUncoveredDuplicates() throws {
        #expect(
            try remove(#"{"mcpServers": {"memoryd": {"command": "a"}}, "mcpServers": {"memoryd": {"command": "b"}}}"#)
                == "{}")
        #expect(try remove(#"{"mcpServers": {"memoryd": 1, "memoryd": 2, "x": 3}}"#) == #"{"mcpServers": {"x": 3}}"#)
        let ours = #"{"hooks": [{"type": "command", "command": "memctl context"}]}"#
        #expect(
            try remove(
                """
                {
                  "hooks": {
                    "SessionStart": [\(ours)],
                    "SessionStart": [
                      \(ours)
                    ]
                  },
                  "a": 1
                }
                """) == "{\n  \"a\": 1\n}")
        // What a removal uncovers that is not memoryd's stays, whatever it is.
        #expect(try remove(#"{"mcpServers": 1, "mcpServers": {"memoryd": {}}}"#) == #"{"mcpServers": 1}"#)
        #expect(
            try remove(#"{"hooks": {"SessionStart": [], "SessionStart": [\#(ours)]}}"#)
                == #"{"hooks": {"SessionStart": []}}"#)
    }

    @Test("a value of another type on the path is an error that says where")
    func wrongTypes() throws {
        #expect(throws: ConfigError(line: 2, column: 17, reason: "mcpServers is an array, not an object")) {
            try self.document("{\n  \"mcpServers\": []\n}").setting(Self.server, at: ["mcpServers", "memoryd"])
        }
        #expect(throws: ConfigError(line: 1, column: 28, reason: "hooks.SessionStart is an object, not an array")) {
            try self.document(#"{"hooks": {"SessionStart": {}}}"#).ensuring(
                Self.group, inArrayAt: ["hooks", "SessionStart"], identifiedBy: self.isGroup)
        }
        #expect(throws: ConfigError(line: 1, column: 1, reason: "the top level is an array, not an object")) {
            try self.document("[]").setting(Self.server, at: ["mcpServers", "memoryd"])
        }
    }
}
