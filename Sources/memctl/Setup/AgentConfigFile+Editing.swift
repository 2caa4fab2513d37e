import ConfigEditing

// memoryd's entries put into a file's text and taken out again, through ConfigEditing: only
// they change, and everything else keeps its bytes.
extension AgentConfigFile {
    /// What a missing or blank file is taken to hold: `{}` for JSON, nothing for TOML.
    var emptyText: [UInt8] { format == .toml ? [] : Array("{}\n".utf8) }

    /// `text` with memoryd's entries as they should be.
    func settingUp(_ text: [UInt8]) throws(ConfigError) -> [UInt8] {
        var text = startingText(text)
        if format == .toml {
            var document = try TOMLDocument(text)
            if let mcpServer, let next = try document.setting(table: mcpServer, at: serverPath) {
                text = next
                document = try TOMLDocument(text)
            }
            for (event, group) in hookGroups {
                if let next = try document.ensuring(
                    arrayElement: group, at: ["hooks", event], identifiedBy: isMemorydGroup)
                {
                    text = next
                    document = try TOMLDocument(text)
                }
            }
            return text
        }
        var document = try JSONDocument(text, syntax: syntax)
        if let mcpServer, let next = try document.setting(mcpServer, at: serverPath) {
            text = next
            document = try JSONDocument(text, syntax: syntax)
        }
        for (event, group) in hookGroups {
            if let next = try document.ensuring(group, inArrayAt: ["hooks", event], identifiedBy: isMemorydGroup) {
                text = next
                document = try JSONDocument(text, syntax: syntax)
            }
        }
        return text
    }

    /// `text` without memoryd's MCP server and hook groups, and without what they alone filled:
    /// an object or array that they leave empty goes too, unless `before` (the file before
    /// memctl's last change to it, its backup) has it empty: it was there before setup.
    func removing(_ text: [UInt8], before: [UInt8]? = nil) throws(ConfigError) -> [UInt8] {
        var text = startingText(text)
        if format == .toml {
            var document = try TOMLDocument(text)
            if mcpServer != nil, let next = document.removingTable(at: serverPath) {
                text = next
                document = try TOMLDocument(text)
            }
            for (event, _) in hookGroups {
                if let next = document.removingArrayElements(at: ["hooks", event], where: isMemorydGroup) {
                    text = next
                    document = try TOMLDocument(text)
                }
            }
            return text
        }
        let earlier = before.flatMap { try? JSONDocument(startingText($0), syntax: syntax).root }
        let keepsEmpty = { (path: ArraySlice<String>) in earlier?.node(at: path)?.isEmptyContainer ?? false }
        var document = try JSONDocument(text, syntax: syntax)
        if mcpServer != nil, let next = try document.removingMember(at: serverPath, keepingEmpty: keepsEmpty) {
            text = next
            document = try JSONDocument(text, syntax: syntax)
        }
        for (event, _) in hookGroups {
            if let next = try document.removingElements(
                inArrayAt: ["hooks", event], where: isMemorydGroup, keepingEmpty: keepsEmpty)
            {
                text = next
                document = try JSONDocument(text, syntax: syntax)
            }
        }
        return text
    }

    /// The file's settings, for `warnings`.
    func settings(in text: [UInt8]) throws(ConfigError) -> ConfigValue {
        let text = startingText(text)
        return format == .toml ? try TOMLDocument(text).root : try JSONDocument(text, syntax: syntax).root.value
    }

    /// A hook group that runs memctl's `context --hook` for this agent and nothing else: one
    /// that memoryd's setup wrote, wherever memctl was then.
    func isMemorydGroup(_ group: ConfigValue) -> Bool {
        guard let handlers = group["hooks"]?.array, !handlers.isEmpty else { return false }
        return handlers.allSatisfy { handler in
            handler["command"]?.string.map { MemctlInvocation.isHookCommand($0, for: tool) } ?? false
        }
    }

    private var syntax: JSONDocument.Syntax { format == .jsonWithComments ? .withComments : .strict }

    /// A blank JSON file is read as an empty object (JSON.parse refuses it, and the agents then
    /// start from nothing).
    private func startingText(_ text: [UInt8]) -> [UInt8] {
        format != .toml && text.isBlank ? emptyText : text
    }
}
