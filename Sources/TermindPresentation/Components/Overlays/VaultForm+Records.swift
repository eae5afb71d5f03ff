import Foundation
import TermindApplication
import TermindDomain

// The forms of each kind of record, filled from the Vault (or empty, for a new one), and their
// save through `VaultEditor`: the same use cases, rules and messages as `termind hosts add`,
// `identities edit`, `snippets add`. A password is sealed by the editor; the form forgets it.

extension VaultForm {
    static let noChoice = "(none)"
    static let on = "on", off = "off"

    /// A Host's form: `host` to edit, or a new Host. Identities are offered by label.
    static func host(_ host: Host?, in snapshot: VaultSnapshot) -> VaultForm {
        let identity = host?.identityID.flatMap { snapshot.identity(id: $0)?.label.rawValue } ?? noChoice
        let jumps = host?.jumpChain.compactMap { snapshot.host(id: $0)?.label.rawValue } ?? []
        return VaultForm(subject: .host(editing: host?.label.rawValue), fields: [
            Field(name: "Label", text: host?.label.rawValue ?? "", kind: .text, help: "what you call it: termind connect LABEL"),
            Field(name: "Hostname", text: host?.hostname ?? "", kind: .text, help: "a DNS name or an IP address"),
            Field(name: "Port", text: String(host?.port.rawValue ?? 22), kind: .text, help: "1-65535"),
            Field(name: "User", text: host?.username ?? "", kind: .text, help: "empty: the Identity's username"),
            Field(name: "Identity", text: identity, kind: .choice([noChoice] + snapshot.identities.map(\.label.rawValue)),
                  help: "←/→ choose the Identity to log in with"),
            Field(name: "Jump hosts", text: jumps.joined(separator: ", "), kind: .text, help: "Host labels, first hop first, commas between"),
            Field(name: "Tags", text: host?.tags.joined(separator: ", ") ?? "", kind: .text, help: "commas between"),
            Field(name: "Notes", text: host?.notes ?? "", kind: .text, help: "anything"),
            Field(name: "Share connection", text: (host?.sharesConnection ?? true) ? on : off, kind: .choice([on, off]),
                  help: "on: its panes are channels of one authenticated connection"),
            Field(name: "Reconnect", text: (host?.reconnect ?? .auto).rawValue, kind: .choice(ReconnectPolicy.allCases.map(\.rawValue)),
                  help: "auto: a lost pane reconnects by itself when logging in needs no person"),
            Field(name: "Shell integration", text: (host?.usesShellIntegration ?? true) ? on : off, kind: .choice([on, off]),
                  help: "on: bash and zsh mark prompts and commands for the command history"),
            Field(name: "Clipboard writes", text: (host?.allowsClipboardWrites ?? false) ? on : off, kind: .choice([off, on]),
                  help: "on: programs on it may set this machine's clipboard (OSC 52)"),
        ])
    }

    static func identity(_ identity: Identity?, in snapshot: VaultSnapshot) -> VaultForm {
        let key = identity?.keyID.flatMap { snapshot.key(id: $0)?.label.rawValue } ?? noChoice
        var fields = [
            Field(name: "Label", text: identity?.label.rawValue ?? "", kind: .text, help: "what Hosts call it"),
            Field(name: "Username", text: identity?.username ?? "", kind: .text, help: "the user to log in as"),
            Field(name: "Key", text: key, kind: .choice([noChoice] + snapshot.keys.map(\.label.rawValue)), help: "←/→ choose a Key of the Vault"),
            Field(name: "Password", text: "", kind: .secret,
                  help: identity?.hasPassword == true ? "typed hidden; empty keeps the stored one" : "typed hidden; sealed in the Vault; empty: none"),
        ]
        if identity?.hasPassword == true {
            fields.append(Field(name: "Forget password", text: "no", kind: .choice(["no", "yes"]), help: "yes: remove the stored password"))
        }
        return VaultForm(subject: .identity(editing: identity?.label.rawValue), fields: fields)
    }

    static func snippet(_ snippet: Snippet?) -> VaultForm {
        VaultForm(subject: .snippet(editing: snippet?.label.rawValue), fields: [
            Field(name: "Label", text: snippet?.label.rawValue ?? "", kind: .text, help: "what you call it"),
            Field(name: "Script", text: snippet?.script ?? "", kind: .text, help: "{{name}} marks a variable asked for when it is used"),
            Field(name: "Tags", text: snippet?.tags.joined(separator: ", ") ?? "", kind: .text, help: "commas between"),
        ])
    }

    // MARK: - Saving

    /// Writes the form through `editor`; the label the record has now. Throws the editor's
    /// refusal (or a field that is not what it must be) for the form to show.
    func save(with editor: VaultEditor) async throws -> String {
        let label = value("Label").trimmingCharacters(in: .whitespaces)
        let renamed = subject.editing.flatMap { $0 == label ? nil : label }
        switch subject {
        case .host(let editing):
            let fields = try hostFields()
            if let editing {
                return try await editor.editHost(editing, fields, newLabel: renamed).label.rawValue
            }
            return try await editor.addHost(label, fields).label.rawValue
        case .identity(let editing):
            let password = value("Password")
            var fields = IdentityFields(
                username: value("Username"), key: choice("Key"), password: password.isEmpty ? nil : Secret(password),
                clearPassword: value("Forget password") == "yes")
            if editing == nil { fields.clearPassword = false }
            if let editing {
                return try await editor.editIdentity(editing, fields, newLabel: renamed).label.rawValue
            }
            return try await editor.addIdentity(label, fields).label.rawValue
        case .snippet(let editing):
            let tags = Self.list(value("Tags"))
            if let editing {
                return try await editor.editSnippet(editing, script: value("Script"), tags: tags, newLabel: renamed).label.rawValue
            }
            return try await editor.addSnippet(label, script: value("Script"), tags: tags).label.rawValue
        }
    }

    /// Every field of the Host form as `HostFields` (given in full: an edit sets each).
    private func hostFields() throws -> HostFields {
        let portText = value("Port").trimmingCharacters(in: .whitespaces)
        guard let port = Int(portText) else {
            throw VaultFormProblem("Port: '\(TerminalSafeText(portText).text)' is not a number (1-65535)")
        }
        var fields = HostFields(
            hostname: value("Hostname").trimmingCharacters(in: .whitespaces), port: port,
            username: value("User").trimmingCharacters(in: .whitespaces), identity: choice("Identity"),
            jumps: Self.list(value("Jump hosts")), tags: Self.list(value("Tags")), notes: value("Notes"),
            allowsClipboardWrites: value("Clipboard writes") == Self.on,
            usesShellIntegration: value("Shell integration") == Self.on,
            sharesConnection: value("Share connection") == Self.on)
        fields.reconnect = ReconnectPolicy(rawValue: value("Reconnect"))
        return fields
    }

    /// A choice field's label, "" for none (which unbinds).
    private func choice(_ name: String) -> String {
        let chosen = value(name)
        return chosen == Self.noChoice ? "" : chosen
    }

    /// "a, b ,c" as ["a", "b", "c"]; empty items dropped.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// A form field that is not what it must be, found before the Vault is asked.
struct VaultFormProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
