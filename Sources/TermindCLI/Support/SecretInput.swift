import Foundation
import TermindApplication
import TermindDomain

/// Reads secrets the two ways SPEC allows: from standard input (`--password-stdin`), or
/// from a no-echo prompt on the controlling terminal. Never from argv. Without a terminal a
/// prompt becomes `InteractionRequired` (exit 6).
enum SecretInput {
    /// All of standard input, without one trailing newline (what `echo pw |` adds).
    static func readStandardInput() -> Secret {
        var bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return Secret(bytes: bytes)
    }

    /// Asks on `/dev/tty` with echo off, like OpenSSH's prompts.
    /// - Parameters:
    ///   - need: what is asked for, for the error when no terminal is there.
    ///   - remedy: how to give it without a prompt.
    static func prompt(_ text: String, need: String, remedy: String) throws -> Secret {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { throw InteractionRequired(need: need, remedy: remedy) }
        defer { close(tty) }
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { throw InteractionRequired(need: need, remedy: remedy) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        _ = text.withCString { write(tty, $0, strlen($0)) }
        tcsetattr(tty, TCSAFLUSH, &silent)
        defer { tcsetattr(tty, TCSAFLUSH, &original) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return Secret(bytes: bytes)
    }

    /// Asks twice and insists on the same answer, for a new passphrase.
    static func promptNew(_ text: String, need: String, remedy: String) throws -> Secret {
        let first = try prompt(text, need: need, remedy: remedy)
        let second = try prompt("Repeat: ", need: need, remedy: remedy)
        guard first == second else { throw SecretMismatch() }
        return first
    }
}

/// The two entries of a new passphrase differed.
struct SecretMismatch: CategorizedFailure {
    var exitCode: ExitCode { .failure }
    var description: String { "the two entries differ; nothing was changed" }
}
