import TermindApplication
import TermindDomain

/// The workbench's forwards this run (docs/behaviour.md, "Forwards in the workbench"): for
/// each Host, the connection its enabled rules listen on (the first pane's; one per Host), and
/// for each rule whether it runs this run and how it is doing. A rule's `enabled` on the Host
/// is only where a run starts: toggling here never writes the Vault.
///
/// Confined to the TUI's main actor with the workbench that holds it.
struct ForwardRuns {
    /// One rule of one Host.
    struct Key: Hashable {
        let hostLabel: String
        let rule: ForwardRule
    }

    /// How a rule that runs is doing on its Host's connection.
    enum Status: Equatable {
        /// No connection of its Host carries forwards (no pane connected, or all closed).
        case idle
        case starting
        case listening(ForwardListening)
        /// It could not listen (a port in use, the server refused): the detail says why.
        case failed(String)
    }

    /// The connection a Host's forwards run on, and which of the run's sessions it is, so a
    /// late answer from an earlier one changes nothing.
    struct Session {
        let number: Int
        let connection: any SSHConnection
        let identity: ObjectIdentifier
    }

    /// Rules turned on or off in the overlay this run (the Host's `enabled` otherwise).
    var choices: [Key: Bool] = [:]
    var statuses: [Key: Status] = [:]
    var sessions: [String: Session] = [:]
    /// Connections seen to end: a pane still holding one (lost, not yet reconnected) is not
    /// where forwards start again.
    var ended: Set<ObjectIdentifier> = []
    var nextSession = 1
    /// Draws the forwards overlay again twice a second while it is open (its counters change
    /// without events).
    var refresh: Task<Void, Never>?

    func runs(_ key: Key, onHost enabled: Bool) -> Bool { choices[key] ?? enabled }

    func status(_ key: Key) -> Status { statuses[key] ?? .idle }

    /// The listener `key` has now, if it listens.
    func listening(_ key: Key) -> ForwardListening? {
        if case .listening(let listening) = status(key) { return listening }
        return nil
    }

    /// Who a connection is, to tell the Host's session's from another pane's.
    static func identity(of connection: any SSHConnection) -> ObjectIdentifier {
        ObjectIdentifier(connection as AnyObject)
    }
}
