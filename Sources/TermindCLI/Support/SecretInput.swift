import Foundation
import TermindApplication
import TermindDomain

/// Reads secrets the two ways docs/behaviour.md §1 allows: from standard input (`--password-stdin`), or
/// from a no-echo prompt on the controlling terminal. Never from argv. Without a terminal a
/// prompt becomes `InteractionRequired` (exit 6).
enum SecretInput {
    /// All of standard input, without one trailing newline (what `echo pw |` adds).
    static func readStandardInput() -> Secret {
        var bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return Secret(wiping: &bytes)
    }

    /// Asks on `/dev/tty` with echo off, like OpenSSH's prompts.
    /// - Parameters:
    ///   - need: what is asked for, for the error when no terminal is there.
    ///   - remedy: how to give it without a prompt.
    static func prompt(_ text: String, need: String, remedy: String) throws -> Secret {
        guard let console = Console(path: "/dev/tty") else { throw InteractionRequired(need: need, remedy: remedy) }
        var line = try console.readLine(prompt: text, echo: false) ?? []
        return Secret(wiping: &line)
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
