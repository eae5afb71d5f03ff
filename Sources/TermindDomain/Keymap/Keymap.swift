/// The key bindings in force: the prefix key and what each trigger does. Built by layering
/// keymap files, the defaults first and the person's file over them (`Keymap.load(layering:)`);
/// the TUI looks keys up through a `KeyDispatcher`.
public struct Keymap: Sendable, Hashable {
    /// `C-\` (the byte 0x1C): the default prefix, chosen because nothing a person runs in a pane
    /// wants it. tmux's `C-b` would fight a tmux on the remote host, screen's `C-a` is
    /// readline's and emacs's beginning-of-line, and readline and emacs own most other `C-`
    /// letters. `C-]` was the other candidate, but vim users press it to follow tags and telnet
    /// uses it as its escape. `C-\` is bound by no shell, readline, vim or tmux default; in a
    /// shell it only sends SIGQUIT (which no one types on purpose, and which `send-prefix` still
    /// delivers); emacs's toggle-input-method and neovim's `C-\ C-n` are reachable by pressing
    /// the prefix twice. Terminals that cannot type `\` with Control usually send the same byte
    /// for `C-4`.
    public static let defaultPrefix = Key.control("\\")

    public private(set) var prefix: Key
    public private(set) var bindings: [KeyTrigger: KeyAction]
    /// Where each binding was made, for problems found after layering.
    private var origins: [KeyTrigger: Origin]

    struct Origin: Sendable, Hashable {
        let file: String
        let line: Int
    }

    /// No bindings, the default prefix: what `unbind-all` leaves.
    public init(prefix: Key = Keymap.defaultPrefix, bindings: [KeyTrigger: KeyAction] = [:]) {
        self.prefix = prefix
        self.bindings = bindings
        self.origins = [:]
    }

    /// The action `trigger` sets off, if any.
    public func action(for trigger: KeyTrigger) -> KeyAction? { bindings[trigger] }

    /// What pressing `key` right after the prefix does: its own binding, else, when it is the
    /// prefix key itself, the `prefix prefix` binding.
    public func actionAfterPrefix(_ key: Key) -> KeyAction? {
        bindings[.afterPrefix(key)] ?? (key == prefix ? bindings[.prefixTwice] : nil)
    }

    /// Every trigger bound to `action`, direct ones first.
    public func triggers(for action: KeyAction) -> [KeyTrigger] {
        bindings.filter { $0.value == action }.map(\.key).sorted(by: KeymapOrder.triggers(prefix: prefix))
    }

    // MARK: - Layering

    /// Applies one file's directives in order over this keymap.
    public mutating func apply(_ file: KeymapFile) {
        for line in file.lines {
            switch line.directive {
            case .bind(let trigger, let action):
                bindings[trigger] = action
                origins[trigger] = Origin(file: file.name, line: line.number)
            case .unbind(let trigger):
                bindings[trigger] = nil
                origins[trigger] = nil
            case .unbindAll:
                bindings = [:]
                origins = [:]
            case .setPrefix(let key):
                prefix = key
            }
        }
    }

    /// The defaults and then each of the person's files, in order, with every problem: those of
    /// each file's lines, and a direct binding on the prefix key, which could never run (the
    /// binding is dropped).
    public static func load(layering files: [KeymapFile]) -> KeymapLoad {
        var keymap = Keymap()
        var problems = files.flatMap(\.problems)
        for file in files { keymap.apply(file) }
        if keymap.bindings[.direct(keymap.prefix)] != nil {
            let origin = keymap.origins[.direct(keymap.prefix)]
            problems.append(
                KeymapProblem(
                    file: origin?.file ?? files.last?.name ?? "keymap", line: origin?.line ?? 0,
                    message: "\(keymap.prefix) is the prefix key, so binding it on its own never runs; bind it as prefix prefix"))
            keymap.bindings[.direct(keymap.prefix)] = nil
            keymap.origins[.direct(keymap.prefix)] = nil
        }
        return KeymapLoad(keymap: keymap, problems: problems)
    }

    /// Convenience for the usual two layers: the default file's text and, when the person has one,
    /// their file's text and path.
    public static func load(defaults: String, user: (text: String, path: String)?) -> KeymapLoad {
        var files = [KeymapFile(parsing: defaults, name: KeymapFile.defaultFileName)]
        if let user { files.append(KeymapFile(parsing: user.text, name: user.path)) }
        return load(layering: files)
    }

    /// Equal when they bind the same triggers to the same actions with the same prefix, whichever
    /// files the bindings came from.
    public static func == (lhs: Keymap, rhs: Keymap) -> Bool {
        lhs.prefix == rhs.prefix && lhs.bindings == rhs.bindings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(prefix)
        hasher.combine(bindings)
    }
}
