import Testing

@testable import MemoryImport

/// The text rules the transcript readers share.
@Suite("Transcript text")
struct TranscriptTextTests {
    @Test("spans of the given tags are cut wherever they are, attributes and all, each of them")
    func spans() {
        let (text, cut) = TranscriptText.removingSpans(
            of: ["system-reminder", "ide_selection"],
            from: "a<system-reminder>x</system-reminder>b<ide_selection path=\"a.py\">y</ide_selection>"
                + "c<system-reminder>\nz</system-reminder>d")
        #expect(text == "abcd")
        #expect(cut)
    }

    @Test("an unclosed span runs to the end; text without the tags comes back uncut")
    func unclosedAndNone() {
        #expect(
            TranscriptText.removingSpans(of: ["system-reminder"], from: "typed<system-reminder>rest") == ("typed", true)
        )
        #expect(TranscriptText.removingSpans(of: ["system-reminder"], from: "plain text") == ("plain text", false))
        #expect(TranscriptText.removingSpans(of: ["x"], from: "") == ("", false))
    }

    @Test("a longer tag name that starts like one of the tags is not cut")
    func otherTagName() {
        let text = "<system-reminders>kept</system-reminders>"
        #expect(TranscriptText.removingSpans(of: ["system-reminder"], from: text) == (text, false))
    }

    @Test(
        "a span is cut even after a longer tag name that starts like it")
    func spanAfterOtherTagName() {
        let text = "<system-reminders>kept</system-reminders> <system-reminder>cut</system-reminder>typed"
        #expect(
            TranscriptText.removingSpans(of: ["system-reminder"], from: text)
                == ("<system-reminders>kept</system-reminders> typed", true))
    }

    @Test("starts(withAnyOf:) looks past leading white space")
    func starts() {
        #expect(TranscriptText.starts("\n  <command-name>/x", withAnyOf: ["<command-name>"]))
        #expect(!TranscriptText.starts("say <command-name>", withAnyOf: ["<command-name>"]))
        #expect(!TranscriptText.starts("", withAnyOf: ["<"]))
    }

    @Test("a message's id without an id of its own is its time and the FNV-1a hash of its text, stable across runs")
    func contentID() {
        #expect(TranscriptText.hash("") == "cbf29ce484222325")
        #expect(TranscriptText.hash("a") == "af63dc4c8601ec8c")
        #expect(TranscriptText.hash("foobar") == "85944171f73967e8")
        #expect(
            TranscriptText.contentID("user", time: "2026-09-01T10:00:00.000Z", text: "a")
                == "user:2026-09-01T10:00:00.000Z:af63dc4c8601ec8c")
        #expect(TranscriptText.contentID("user", time: nil, text: "") == "user:-:cbf29ce484222325")
    }
}
