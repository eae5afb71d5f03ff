import Foundation
import TermindApplication

/// Runs one command on many Hosts, at most `parallel` at once, prefixing each output line
/// with the Host's label (`web: ...`) as lines complete, and collecting each Host's result.
struct ExecFanOut {
    let command: String
    let input: ExecInput
    let parallel: Int
    let access: ConnectionAccess
    let context: CommandContext

    func run(on hosts: [String], prefixLines: Bool) async -> [ExecResult] {
        var results: [Int: ExecResult] = [:]
        await withTaskGroup(of: (Int, ExecResult).self) { group in
            var next = 0
            func startNext() {
                // Interrupted: the Hosts not started yet are not connected to.
                guard next < hosts.count, !Task.isCancelled else { return }
                let index = next
                next += 1
                group.addTask { (index, await self.run(on: hosts[index], prefixLines: prefixLines)) }
            }
            for _ in 0..<min(parallel, hosts.count) { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
        }
        return hosts.indices.map { index in
            results[index] ?? Self.interrupted(ExecResult(host: hosts[index]), before: true)
        }
    }

    /// The summary reads `web: interrupted: cancelled before it finished`.
    private static func interrupted(_ result: ExecResult, before: Bool) -> ExecResult {
        var result = result
        result.error = .init(
            category: ExitCode.interrupted.category,
            message: before ? "cancelled before it started" : "cancelled before it finished")
        return result
    }

    private func run(on host: String, prefixLines: Bool) async -> ExecResult {
        var result = ExecResult(host: host)
        // The prefix is Termind's: escaped on a terminal; the remote output after it is the
        // remote program's own and passes unchanged, as `ssh` passes it.
        var stdoutLines = LinePrefixer(prefix: "\(context.shown(host)): ")
        var stderrLines = LinePrefixer(prefix: "\(context.shownOnErr(host)): ")
        do {
            try await access.withConnection(to: host) { connection in
                let process = try await connection.execute(command)
                let sending = Task { await input.send(to: process) }
                defer { sending.cancel() }
                // Ctrl-C or SIGTERM ends the command as with one Host.
                try await process.readToEnd { output in
                    switch output {
                    case .stdout(let bytes):
                        if prefixLines { context.out(bytes: stdoutLines.feed(bytes)) } else { result.stdout += String(decoding: bytes, as: UTF8.self) }
                    case .stderr(let bytes):
                        if prefixLines { context.err(bytes: stderrLines.feed(bytes)) } else { result.stderr += String(decoding: bytes, as: UTF8.self) }
                    case .exit(let status, let signal):
                        result.exitStatus = status
                        result.signal = signal
                    }
                }
            }
        } catch where Task.isCancelled {
            result = Self.interrupted(result, before: false)
        } catch {
            result.error = .init(
                category: (error as? any CategorizedFailure)?.exitCode.category ?? ExitCode.failure.category,
                message: (error as? any CategorizedFailure)?.description ?? "\(error)")
        }
        if prefixLines {
            context.out(bytes: stdoutLines.flush())
            context.err(bytes: stderrLines.flush())
        }
        return result
    }

    /// `web: exit 0`, `db: exit 3`, `cache: connection failed: ...`, then a count.
    static func summary(_ results: [ExecResult]) -> String {
        var lines = results.map { result -> String in
            if let error = result.error { return "\(result.host): \(error.category): \(error.message)" }
            if let signal = result.signal { return "\(result.host): killed by SIG\(signal)" }
            return "\(result.host): exit \(result.exitStatus.map(String.init) ?? "unknown")"
        }
        let succeeded = results.filter { $0.error == nil && $0.exitStatus == 0 }.count
        lines.append("\(succeeded) of \(results.count) succeeded")
        return lines.joined(separator: "\n") + "\n"
    }
}
