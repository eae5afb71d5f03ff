/// One user's hold on a shared connection (a pane's shell or SFTP channel, the transfer
/// queue's site): the connection to open channels on, and which of the label's successive
/// connections it is, so a release or a loss reported late never touches its replacement.
public struct SharedConnectionLease: Sendable {
    /// The Host label the connection serves.
    public let label: String
    /// The authenticated connection to open channels on.
    public let connection: any SSHConnection
    /// Which connection of the label this is (each new one for the label has a new number).
    public let connectionNumber: Int
    /// True for the hold whose `open` made the connection (its opening recorded the Connection
    /// History entry); false for one that joined a connection made for another.
    public let openedConnection: Bool
    /// This hold's own number: released once, by the one who holds it.
    let holder: Int
}
