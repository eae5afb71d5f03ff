import Foundation
import TermindApplication

/// What `exec` sends to the remote command's standard input.
enum ExecInput: Equatable, Sendable {
    /// Nothing: EOF at once (`-n`; several Hosts without `--stdin-all`; a terminal on standard
    /// input when no PTY was asked for, so an interactive `exec` never waits on the keyboard).
    case none
    /// Standard input streamed as it is read, then EOF (one Host).
    case stream
    /// The same bytes to every Host (`--stdin-all`), read once before connecting.
    case bytes([UInt8])

    /// `--stdin-all` reads at most this many MiB unless `--stdin-limit` says otherwise.
    static let defaultStdinAllLimitMiB = 16

    /// The choice for one run: `stdinAll` applies to any number of Hosts (and reads standard
    /// input now, through `readAll`); otherwise only one Host reads standard input, and a
    /// terminal is read only through a PTY.
    static func choose(
        hostCount: Int, noInput: Bool, stdinAll: Bool, inputIsTerminal: Bool, usesPTY: Bool,
        readAll: () throws(ExecInputError) -> [UInt8]
    ) throws(ExecInputError) -> ExecInput {
        if noInput { return .none }
        if stdinAll { return .bytes(try readAll()) }
        guard hostCount == 1 else { return .none }
        if inputIsTerminal && !usesPTY { return .none }
        return .stream
    }

    /// Sends this input to `process`, then EOF; returns how the copy ended.
    func send(to process: any RemoteProcess) async -> StandardInputForwarder.Ending {
        switch self {
        case .none:
            // The command may have ended already; its input being closed then is no failure.
            try? await process.closeInput()
            return .endOfInput
        case .stream:
            return await StandardInputForwarder().forward(to: process)
        case .bytes(let bytes):
            do {
                try await process.write(bytes)
                try await process.closeInput()
                return .endOfInput
            } catch {
                return .stopped
            }
        }
    }

    /// Reads all of `descriptor` for `--stdin-all`; fails above `limit` bytes without keeping
    /// more than `limit + 1` of them.
    static func readAll(from descriptor: Int32, limit: Int) throws(ExecInputError) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, min(buffer.count, limit + 1 - data.count))
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw ExecInputError("reading standard input for --stdin-all failed: \(String(cString: strerror(errno)))")
            }
            data += buffer[..<count]
            if data.count > limit {
                throw ExecInputError(
                    "standard input is larger than \(limit / (1024 * 1024)) MiB, the most --stdin-all sends to every Host; "
                        + "raise it with --stdin-limit MIB, or copy the data with termind cp")
            }
        }
    }
}

/// Standard input could not be made ready for `--stdin-all`.
struct ExecInputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
