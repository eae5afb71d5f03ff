/// Nothing names the account that runs Termind: the user database has no entry for its uid and
/// neither `$USER` nor `$LOGNAME` is set, so a connection that needs the local user name has
/// none to send.
public struct LocalAccountUnknown: CategorizedFailure, Equatable {
    public let userID: Int

    public init(userID: Int) { self.userID = userID }

    public var exitCode: ExitCode { .failure }

    public var description: String {
        "cannot tell the local user name: uid \(userID) has no entry in the user database and neither USER nor "
            + "LOGNAME is set; name the user (USER@HOST, -l USER, or a username on the Host or its Identity), "
            + "or set USER"
    }
}
