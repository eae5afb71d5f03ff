import TermindDomain

/// Starts a remote shell with Termind's shell integration (docs/behaviour.md §3) without any
/// program in a command line on the server: the session's command is a fixed line that turns
/// its terminal's echo off, says it is ready (`OSC 133;I;ready`) and reads the bootstrap
/// program from the terminal (`sh -s`); termind answers with the program, which holds the
/// session's fresh `ShellMarkToken`. `ps` on the server shows `sh -s`, never the program.
public struct ShellIntegration: Sendable {
    /// The session's command, the same for every session.
    public let command: String
    private let program: @Sendable (ShellMarkToken) -> String

    /// `program` is the bootstrap with a session's token in place.
    public init(command: String, program: @escaping @Sendable (ShellMarkToken) -> String) {
        self.command = command
        self.program = program
    }

    /// Opens the shell on `connection`'s PTY (in `directory` when given, the command then
    /// starting with its `cd`); the token is the one its marks carry.
    public func open(
        on connection: any SSHConnection, term: String, size: TerminalSize, environment: [String: String],
        startingIn directory: ShellStartDirectory? = nil
    ) async throws -> (shell: any RemoteShell, token: ShellMarkToken) {
        let token = try ShellMarkToken.random()
        let command = directory.map { $0.command(then: self.command) } ?? self.command
        let shell = try await connection.execute(command, onTerminal: term, size: size, environment: environment)
        return (ShellIntegrationShell(shell, program: Array(program(token).utf8), token: token), token)
    }
}
