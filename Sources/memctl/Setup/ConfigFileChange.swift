import ConfigEditing
import SystemSupport

/// What setup (or removal) does to one configuration file: worked out in memory from the file
/// as it is, then written, after a backup of the file as it was.
struct ConfigFileChange {
    enum Outcome: String {
        case unchanged, created, changed, deleted
    }

    let file: AgentConfigFile
    let current: ConfigFile
    let outcome: Outcome
    /// The text to write, for `created` and `changed`.
    let contents: [UInt8]

    /// Reads the file and works out memoryd's entries in it (or their removal). A file that
    /// cannot be read as its format is an error naming it, the line and the column.
    init(_ file: AgentConfigFile, removing: Bool) throws {
        self.file = file
        current = try ConfigFile.read(file.path)
        let old = current.contents ?? []
        let backup = removing ? try current.backup() : nil
        var new: [UInt8]
        do {
            new = removing ? try file.removing(old, before: backup) : try file.settingUp(old)
        } catch {
            throw UnreadableConfigFile(path: current.path, error: error)
        }
        if current.contents == nil {
            outcome = removing ? .unchanged : .created
        } else if new == old {
            outcome = .unchanged
        } else if removing && new == file.emptyText {
            // Left as setup starts a missing file: it did not exist before setup made it, unless
            // the backup shows it that way (or blank) before memctl's last change.
            if let backup, backup == file.emptyText || backup.isBlank {
                new = backup
                outcome = .changed
            } else {
                outcome = .deleted
            }
        } else {
            outcome = .changed
        }
        contents = new
    }

    /// Where the file was kept before the change, when it existed.
    var backupPath: String? { outcome != .unchanged && current.contents != nil ? current.backupPath : nil }

    /// Makes the change: the backup first, then the file written whole, or deleted.
    func apply() throws(SystemError) {
        switch outcome {
        case .unchanged: return
        case .created: try current.write(contents, newFileMode: file.newFileMode)
        case .changed:
            try current.writeBackup()
            try current.write(contents, newFileMode: file.newFileMode)
        case .deleted:
            try current.writeBackup()
            try current.delete()
        }
    }

    /// The change as a unified diff; a file that is created or deleted is /dev/null on its other side.
    var diff: String {
        LineDiff.unified(
            from: current.contents ?? [], to: outcome == .deleted ? [] : contents,
            oldName: current.contents == nil ? "/dev/null" : current.path,
            newName: outcome == .deleted ? "/dev/null" : current.path)
    }

    /// What in the file as it will be keeps memoryd's hooks from running. (The text was read
    /// when the change was worked out: it reads again.)
    func warnings() -> [String] {
        guard outcome != .deleted, let check = file.warnings,
            let settings = try? file.settings(in: outcome == .unchanged ? current.contents ?? [] : contents)
        else { return [] }
        return check(settings).map { "\(current.path): \($0)" }
    }
}

/// A configuration file that memctl setup cannot read as its format: it is left as it is.
struct UnreadableConfigFile: Error, CustomStringConvertible {
    let path: String
    let error: any Error

    var description: String { "\(path), \(error); the file is left as it is" }
}
