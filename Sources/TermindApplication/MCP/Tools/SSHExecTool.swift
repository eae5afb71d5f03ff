import Foundation
import TermindDomain

/// `ssh_exec`: runs a command on a Vault Host on an exec channel of its own (never a person's
/// PTY), with optional standard input, a timeout, and each output stream bounded
/// (`BoundedOutput`): the first 64 KiB kept, the rest counted and marked as cut.
public struct SSHExecTool: MCPTool {
    private let hosts: MCPHostConnections
    private let clock: ContinuousClock

    public init(hosts: MCPHostConnections) {
        self.hosts = hosts
        clock = ContinuousClock()
    }

    public static let maxStdinBytes = 1024 * 1024
    public static let timeoutRange = 1...3_600
    public static let defaultTimeout = 60

    public let definition = MCPToolDefinition(
        name: "ssh_exec", title: "Run a command on a Host",
        description: """
            Runs a shell command on a Host of the Vault (by label) on an exec channel, without a terminal. \
            Returns the exit status, stdout and stderr (each at most 64 KiB; 'stdoutTruncated' says when more was printed) \
            and the duration. The command ends (SIGTERM, then the channel closes) when the timeout passes.
            """,
        inputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string", "description": "The Host's label (list_hosts)"],
                "command": ["type": "string", "description": "The command, as the remote shell reads it"],
                "stdin": ["type": "string", "description": "Text for the command's standard input (then EOF); at most 1 MiB"],
                "timeout": [
                    "type": "integer", "minimum": 1, "maximum": 3600,
                    "description": "Seconds before the command is ended (default 60)",
                ],
            ],
            "required": ["host", "command"],
            "additionalProperties": false,
        ],
        outputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string"],
                "exitStatus": ["type": ["integer", "null"], "description": "null when the command was killed or timed out"],
                "signal": ["type": ["string", "null"]],
                "timedOut": ["type": "boolean"],
                "stdout": ["type": "string"], "stderr": ["type": "string"],
                "stdoutBytes": ["type": "integer", "description": "How many bytes the command printed in all"],
                "stderrBytes": ["type": "integer"],
                "stdoutTruncated": ["type": "boolean"], "stderrTruncated": ["type": "boolean"],
                "durationMs": ["type": "integer"],
            ],
            "required": [
                "host", "exitStatus", "signal", "timedOut", "stdout", "stderr", "stdoutBytes", "stderrBytes",
                "stdoutTruncated", "stderrTruncated", "durationMs",
            ],
        ],
        annotations: MCPToolAnnotations(readOnly: false, destructive: true, idempotent: false, openWorld: true))

    public func call(_ arguments: MCPArguments) async -> MCPToolResult {
        let label: String, command: String, input: String?, timeout: Int
        do {
            label = try arguments.string("host", maxLength: 200)
            command = try arguments.string("command", maxLength: 64 * 1024)
            input = try arguments.optionalString("stdin", maxLength: Self.maxStdinBytes)
            timeout = try arguments.integer("timeout", in: Self.timeoutRange, default: Self.defaultTimeout)
        } catch {
            return .failure(error.message)
        }
        guard !command.isEmpty else { return .failure("'command' is empty") }
        let host: Host
        switch await hosts.host(label) {
        case .success(let found): host = found
        case .failure(let failure): return .failure(failure.message)
        }
        let started = clock.now
        let run = await hosts.with(host) { connection in
            try await Self.run(command, input: input, timeout: .seconds(timeout), on: connection)
        }
        switch run {
        case .failure(let failure): return .failure(failure.message)
        case .success(let outcome):
            let elapsed = clock.now - started
            let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            return .success([
                "host": .string(label),
                "exitStatus": outcome.status.map { .integer(Int64($0)) } ?? .null,
                "signal": outcome.signal.map(JSONValue.string) ?? .null,
                "timedOut": .bool(outcome.timedOut),
                "stdout": .string(outcome.stdout.text), "stderr": .string(outcome.stderr.text),
                "stdoutBytes": .integer(outcome.stdout.total), "stderrBytes": .integer(outcome.stderr.total),
                "stdoutTruncated": .bool(outcome.stdout.truncated), "stderrTruncated": .bool(outcome.stderr.truncated),
                "durationMs": .integer(milliseconds),
            ])
        }
    }

    struct Outcome: Sendable {
        var stdout = BoundedOutput()
        var stderr = BoundedOutput()
        var status: Int32?
        var signal: String?
        var timedOut = false
    }

    /// Reads the command's output to its end or to the timeout; at the timeout (or the call's
    /// cancellation) the channel is closed, which sends the command SIGTERM.
    static func run(_ command: String, input: String?, timeout: Duration, on connection: any SSHConnection) async throws -> Outcome {
        let process = try await connection.execute(command)
        let reading = Task<Outcome, any Error> {
            var outcome = Outcome()
            for try await output in process.output {
                switch output {
                case .stdout(let bytes): outcome.stdout.append(bytes)
                case .stderr(let bytes): outcome.stderr.append(bytes)
                case .exit(let status, let signal): (outcome.status, outcome.signal) = (signal == nil ? status : nil, signal)
                }
            }
            return outcome
        }
        let writing = Task {
            if let input, !input.isEmpty { try? await process.send(Array(input.utf8)) }
            try? await process.closeInput()
        }
        let timer = Task { () -> Bool in
            do { try await Task.sleep(for: timeout) } catch { return false }
            await process.close()
            return true
        }
        defer { writing.cancel() }
        var outcome: Outcome
        do {
            outcome = try await withTaskCancellationHandler {
                try await reading.value
            } onCancel: {
                reading.cancel()
                Task { await process.close() }
            }
        } catch {
            timer.cancel()
            throw error
        }
        timer.cancel()
        // The output ended without an exit because the timer closed the channel.
        outcome.timedOut = await timer.value && outcome.status == nil
        return outcome
    }
}
