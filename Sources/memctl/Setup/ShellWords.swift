/// Words of a POSIX shell command line: quoted to be read back as they are, and split again,
/// for the hook commands that agents run through a shell.
enum ShellWords {
    /// `word` as the shell reads it back: as it is when it holds only characters the shell
    /// leaves alone, else in single quotes (a single quote inside written `'\''`).
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "+", ",", ":", "@", "%", "=": true
                default: false
                }
            }
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }

    static func command(_ words: [String]) -> String { words.map(quoted).joined(separator: " ") }

    /// The words of a simple command as the shell splits them: blanks separate words, single
    /// quotes keep everything, double quotes keep all but `\"`, `\\`, `\$` and `` \` ``, and a
    /// backslash outside quotes keeps the next character. Nil for an unclosed quote.
    static func split(_ command: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = command.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = characters.next(), escaped != "\n" { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
