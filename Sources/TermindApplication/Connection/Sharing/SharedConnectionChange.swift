/// What an observer of `SharedConnections` hears: a label's connection became live (its
/// opening succeeded), or that connection ended (last release, discarded, or all closed). The
/// workbench's control socket offers each live one to other processes.
public enum SharedConnectionChange: Sendable {
    case live(label: String, connection: any SSHConnection, number: Int)
    case ended(label: String, number: Int)
}
