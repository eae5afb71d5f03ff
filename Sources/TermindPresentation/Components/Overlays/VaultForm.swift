import TermindDomain

/// A form over the panes to add or edit a Vault record (a Host, an Identity, a Snippet): its
/// fields in order, the one being typed into, and why the last save was refused. The rules are
/// the command line's: the form gathers text and `VaultForm+Saving` hands it to `VaultEditor`,
/// whose refusal (a taken label, a bad port, an Identity that does not exist) is shown here.
/// A plain value owned by the workbench.
struct VaultForm {
    /// What the form writes.
    enum Subject: Equatable {
        /// A new Host, or the Host of that label.
        case host(editing: String?)
        case identity(editing: String?)
        case snippet(editing: String?)

        var kindName: String {
            switch self {
            case .host: "Host"
            case .identity: "Identity"
            case .snippet: "Snippet"
            }
        }

        var editing: String? {
            switch self {
            case .host(let label), .identity(let label), .snippet(let label): label
            }
        }
    }

    /// How a field is typed into.
    enum Kind: Equatable {
        case text
        /// Typed masked (a password): never drawn, never kept past the save.
        case secret
        /// One of these; ←/→ or Space step through them.
        case choice([String])
    }

    struct Field: Equatable {
        let name: String
        var text: String
        let kind: Kind
        /// A short line under the form while the field is focused.
        let help: String
    }

    let subject: Subject
    var fields: [Field]
    var focused = 0
    var problem: String?
    /// True while the Vault write is under way (keys wait).
    var isSaving = false

    var title: String {
        if let label = subject.editing { return "Edit \(subject.kindName) '\(TerminalSafeText(label).text)'" }
        return "New \(subject.kindName)"
    }

    /// The text of the field named `name` ("" when there is none).
    func value(_ name: String) -> String {
        fields.first { $0.name == name }?.text ?? ""
    }

    // MARK: - Editing

    mutating func focusNext() { focused = (focused + 1) % fields.count }
    mutating func focusPrevious() { focused = (focused + fields.count - 1) % fields.count }

    /// A typed character: into a text field; Space steps a choice.
    mutating func type(_ character: Character) {
        problem = nil
        switch fields[focused].kind {
        case .text, .secret:
            guard !CellBuffer.isControl(character) else { return }
            fields[focused].text.append(character)
        case .choice:
            if character == " " { step(by: 1) }
        }
    }

    /// Pasted text: its first line, into a text field.
    mutating func paste(_ line: String) {
        if case .choice = fields[focused].kind { return }
        fields[focused].text += line.filter { !CellBuffer.isControl($0) }
        problem = nil
    }

    mutating func deleteBackward() {
        problem = nil
        if case .choice = fields[focused].kind { return }
        if !fields[focused].text.isEmpty { fields[focused].text.removeLast() }
    }

    mutating func clearField() {
        problem = nil
        if case .choice = fields[focused].kind { return }
        fields[focused].text = ""
    }

    /// Steps a choice field's value; nothing on a text field.
    mutating func step(by offset: Int) {
        guard case .choice(let options) = fields[focused].kind, !options.isEmpty else { return }
        problem = nil
        let current = options.firstIndex(of: fields[focused].text) ?? 0
        fields[focused].text = options[(current + offset + options.count) % options.count]
    }
}
