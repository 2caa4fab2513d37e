import Testing

@testable import ConfigEditing

/// `LineDiff`: what `diff -u` prints (checked against GNU diff 3.8 while it was written: 400
/// random pairs applied with `patch` gave the new text, with as many changed lines as GNU's).
@Suite("Line diff")
struct LineDiffTests {
    private func diff(_ old: String, _ new: String) -> String {
        LineDiff.unified(from: Array(old.utf8), to: Array(new.utf8), oldName: "a", newName: "b")
    }

    private static let numbered = (1...20).map { "line \($0)\n" }.joined()

    @Test("equal texts: no diff")
    func equal() {
        #expect(diff("", "") == "")
        #expect(diff(Self.numbered, Self.numbered) == "")
    }

    @Test("a change with three lines of context each side, and diff's line numbers")
    func oneHunk() {
        let new = Self.numbered.replacing("line 10\n", with: "line ten\n")
        #expect(
            diff(Self.numbered, new) == """
                --- a
                +++ b
                @@ -7,7 +7,7 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +line ten
                 line 11
                 line 12
                 line 13

                """)
    }

    @Test("changes more than six lines apart are two hunks; closer ones, one")
    func hunks() {
        let far = Self.numbered.replacing("line 2\n", with: "").replacing("line 19\n", with: "line 19\nadded\n")
        #expect(
            diff(Self.numbered, far) == """
                --- a
                +++ b
                @@ -1,5 +1,4 @@
                 line 1
                -line 2
                 line 3
                 line 4
                 line 5
                @@ -17,4 +16,5 @@
                 line 17
                 line 18
                 line 19
                +added
                 line 20

                """)
        let near = Self.numbered.replacing("line 2\n", with: "").replacing("line 9\n", with: "")
        #expect(diff(Self.numbered, near).split(separator: "\n").count { $0.hasPrefix("@@") } == 1)
    }

    @Test("into an empty text and out of it: the empty side is 0,0")
    func emptySides() {
        #expect(diff("", "{}\n") == "--- a\n+++ b\n@@ -0,0 +1 @@\n+{}\n")
        #expect(diff("a\nb\n", "") == "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    @Test("a last line without a line break is marked, and gaining one is a change")
    func noNewlineAtEnd() {
        #expect(
            diff("{}", "{\n  \"a\": 1\n}") == """
                --- a
                +++ b
                @@ -1 +1,3 @@
                -{}
                \\ No newline at end of file
                +{
                +  "a": 1
                +}
                \\ No newline at end of file

                """)
        #expect(diff("x", "x\n") == "--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n")
    }

    @Test("the edit script is a shortest one")
    func shortest() {
        let edits = LineDiff.script(
            from: LineDiff.lines(of: Array("a\nb\nc\na\nb\nb\na\n".utf8)),
            to: LineDiff.lines(of: Array("c\nb\na\nb\na\nc\n".utf8)))
        #expect(edits.count { if case .same = $0 { false } else { true } } == 5)
    }
}
