/// Coding agents' user configurations as they are found in the wild, for `memctl setup`'s
/// tests: written by the agents themselves (Claude Code's JSON.stringify layout, Codex's
/// toml_edit, Gemini CLI's comment-json) and edited by hand.
enum AgentConfigFixtures {
    /// `~/.claude.json`, as Claude Code writes it (two spaces, no line break at the end): many
    /// keys, projects, numbers, escapes and other scripts than Latin.
    static let claudeJSON = #"""
        {
          "numStartups": 184,
          "installMethod": "native",
          "autoUpdates": false,
          "theme": "dark-daltonized",
          "tipsHistory": {
            "new-user-warmup": 7,
            "memory-command": 12,
            "shift-enter": 180
          },
          "firstStartTime": "2025-03-02T08:14:55.120Z",
          "userID": "a3f1c9e07d5b4e2f8a6c1d3e5f7a9b0c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a",
          "oauthAccount": {
            "accountUuid": "6b0e7c2a-4f1d-4e8b-9a3c-2d5f7e1a9b4c",
            "emailAddress": "zoë.müller@example.com",
            "organizationName": "Zoë's \"Lab\" — 東京"
          },
          "mcpServers": {
            "github": {
              "type": "stdio",
              "command": "npx",
              "args": [
                "-y",
                "@modelcontextprotocol/server-github"
              ],
              "env": {
                "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_0123456789abcdef"
              }
            }
          },
          "projects": {
            "/home/zoe/src/shop": {
              "allowedTools": [],
              "history": [
                {
                  "display": "fix the \"checkout\" bug\nand add a test",
                  "pastedContents": {}
                },
                {
                  "display": "émoji 🚀 and tab\there",
                  "pastedContents": {
                    "1": {
                      "id": 1,
                      "type": "text",
                      "content": "line one\r\nline two \\ backslash \u0007 bell"
                    }
                  }
                }
              ],
              "mcpServers": {},
              "enabledMcpjsonServers": [],
              "hasTrustDialogAccepted": true,
              "lastCost": 0.48213,
              "lastAPIDuration": 61234,
              "lastLinesAdded": -0,
              "lastTotalInputTokens": 1.2e5,
              "lastSessionId": "0f8e2d4c-6a1b-4c3d-9e5f-7a8b9c0d1e2f"
            },
            "/home/zoe/notes": {
              "allowedTools": ["Bash(git status)"],
              "history": [],
              "hasTrustDialogAccepted": false
            }
          },
          "cachedChangelog": "# Changelog\n\n## 2.1.240\n\n- Faster \u00e9diting\n",
          "hasCompletedOnboarding": true,
          "lastOnboardingVersion": "2.1.240"
        }
        """#

    /// `~/.claude/settings.json`, kept by hand: permissions, environment, a status line and
    /// hooks of the user's own, SessionStart among them.
    static let claudeSettings = #"""
        {
          "$schema": "https://json.schemastore.org/claude-code-settings.json",
          "model": "opus",
          "permissions": {
            "allow": [
              "Bash(npm run lint)",
              "Bash(npm run test:*)",
              "Read(~/.zshrc)"
            ],
            "deny": [
              "Read(./.env)",
              "Read(./secrets/**)"
            ]
          },
          "env": {
            "CLAUDE_CODE_ENABLE_TELEMETRY": "0",
            "HTTPS_PROXY": "http://proxy.example.com:8080"
          },
          "hooks": {
            "PreToolUse": [
              {
                "matcher": "Bash",
                "hooks": [
                  {
                    "type": "command",
                    "command": "jq -r '.tool_input.command' >> ~/.claude/bash-log.txt"
                  }
                ]
              }
            ],
            "SessionStart": [
              {
                "matcher": "startup",
                "hooks": [
                  {
                    "type": "command",
                    "command": "echo \"Today is $(date +%A)\""
                  }
                ]
              }
            ]
          },
          "statusLine": {
            "type": "command",
            "command": "~/.claude/statusline.sh",
            "padding": 0
          },
          "includeCoAuthoredBy": false
        }

        """#

    /// `~/.codex/config.toml`: comments, model settings, a multi-line string, inline tables,
    /// MCP servers, a hook of the user's own, trusted projects and hook trust state.
    static let codexConfig = #"""
        # ~/.codex/config.toml
        model = "gpt-5.1-codex"
        model_reasoning_effort = "high"   # low | medium | high
        approval_policy = "on-request"
        sandbox_mode = "workspace-write"
        notify = ["notify-send", "-a", "Codex"]
        developer_instructions = """
        Prefer small commits.
        Run the tests before you say "done".
        """
        tui = { notifications = true, animations = false }

        [sandbox_workspace_write]
        network_access = false
        writable_roots = [
          "/home/zoe/.cache",   # build caches
          '/tmp',
        ]

        [features]
        web_search_request = true

        [mcp_servers.github]
        command = "npx"
        args = ["-y", "@modelcontextprotocol/server-github"]
        env = { GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_0123456789abcdef" }

        [mcp_servers.docs]
        url = "https://developers.example.com/mcp"
        startup_timeout_sec = 20.5
        tool_timeout_sec = 120

        [[hooks.SessionStart]]
        matcher = "startup"
        [[hooks.SessionStart.hooks]]
        type = "command"
        command = 'python3 ~/.codex/hooks/greet.py'
        timeout = 5

        [projects."/home/zoe/src/shop"]
        trust_level = "trusted"

        [projects.'/home/zoe/src/legacy app']
        trust_level = "untrusted"

        [hooks.state."/home/zoe/.codex/config.toml:session_start:0:0"]
        trusted_hash = "sha256:5f2b0c3a9e8d7f6e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291807f6e"

        """#

    /// `~/.gemini/settings.json`: comments of both kinds, MCP servers and hooks of the user's own.
    static let geminiSettings = #"""
        // Gemini CLI user settings
        {
          "general": {
            "vimMode": true,
            "preferredEditor": "code" // VS Code
          },
          "ui": { "theme": "GitHub" },
          /* MCP servers, added with `gemini mcp add --scope user` */
          "mcpServers": {
            "github": {
              "command": "npx",
              "args": ["-y", "@modelcontextprotocol/server-github"],
              "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "$GITHUB_TOKEN" },
              "timeout": 30000
            }
          },
          "hooks": {
            "BeforeTool": [
              {
                "matcher": "write_file|replace",
                "hooks": [
                  { "type": "command", "name": "lint", "command": "$GEMINI_PROJECT_DIR/.gemini/lint.sh", "timeout": 5000 }
                ]
              }
            ]
          } // the end
        }

        """#
}
