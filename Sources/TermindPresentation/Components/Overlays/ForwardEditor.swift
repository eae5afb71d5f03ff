import TermindApplication
import TermindDomain

/// The editor of one forwarding rule, over the forwards overlay (`a` adds one, `e` changes the
/// selected one): the Host it goes to (a new rule may go to any Host of the Workspace) and the
/// rule typed as `termind hosts edit --forward` takes it (`L 8080:localhost:80`), read by the
/// same parser (`ForwardRule(parsingStored:)`), so a refusal is the command line's text. What
/// was typed stays after a refusal. A plain value owned by the workbench.
struct ForwardEditor: Equatable {
    /// The Hosts the rule may go to; a rule being changed: its Host alone.
    let hosts: [String]
    /// The index in `hosts` of the Host the rule goes to.
    var host: Int
    /// The rule being changed; nil: a new rule.
    let editing: ForwardRule?
    /// The rule being changed listens (or is starting) now: saving stops that listener.
    let isRunning: Bool
    var text: String
    /// Why the last Enter was refused: the parser's or the Vault's words.
    var problem: String?
    /// True while the Vault write is under way (keys wait).
    var isSaving = false

    /// A new rule for one of `hosts`, `host` first chosen.
    init(adding hosts: [String], host: Int) {
        self.hosts = hosts
        self.host = min(max(0, host), max(0, hosts.count - 1))
        editing = nil
        isRunning = false
        text = ""
    }

    /// Changing `rule` of `hostLabel`, its text typed after what it is now.
    init(editing rule: ForwardRule, of hostLabel: String, isRunning: Bool) {
        hosts = [hostLabel]
        host = 0
        editing = rule
        self.isRunning = isRunning
        text = rule.stored
    }

    var hostLabel: String { hosts[host] }

    /// The syntax, one line per kind, as `hosts edit --forward` takes it.
    static let syntax = [
        "L [bind:]port:host:port   listen here, the server connects on",
        "R [bind:]port:host:port   the server listens, this machine connects",
        "D [bind:]port             a SOCKS proxy here, through the server",
    ]

    // MARK: - Editing

    mutating func type(_ character: Character) {
        guard !CellBuffer.isControl(character) else { return }
        text.append(character)
        problem = nil
    }

    mutating func paste(_ line: String) {
        text += line.filter { !CellBuffer.isControl($0) }
        problem = nil
    }

    mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        problem = nil
    }

    mutating func clear() {
        text = ""
        problem = nil
    }

    /// The next or previous Host, for a new rule.
    mutating func stepHost(by offset: Int) {
        guard hosts.count > 1 else { return }
        host = (host + offset + hosts.count) % hosts.count
        problem = nil
    }

    /// The change Enter asks for; nil, with `problem` the command line's refusal, when the text
    /// is not a rule.
    mutating func change() -> ForwardChange? {
        do {
            let rule = try ForwardRule(parsingStored: text)
            problem = nil
            return editing.map { .replace($0, with: rule) } ?? .add(rule)
        } catch {
            problem = error.description
            return nil
        }
    }
}
