import TermindApplication

/// Everything a remote process sent, and when, relative to when collecting started.
struct CollectedOutput: Sendable {
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var exit: RemoteOutput?
    /// Each chunk as it arrived, with its time.
    var chunks: [(at: Duration, output: RemoteOutput)] = []

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Reads `output` to its end.
    static func collect(_ output: AsyncThrowingStream<RemoteOutput, any Error>) async throws -> CollectedOutput {
        let started = ContinuousClock.now
        var collected = CollectedOutput()
        for try await element in output {
            collected.chunks.append((started.duration(to: .now), element))
            switch element {
            case .stdout(let bytes): collected.stdout += bytes
            case .stderr(let bytes): collected.stderr += bytes
            case .exit: collected.exit = element
            }
        }
        return collected
    }
}
