import Synchronization
import TermindApplication

/// One channel opened through a control socket: a command, a shell, or the `sftp` subsystem,
/// relayed by the process that holds the connection. Output is read from the socket only as
/// the consumer asks for it, so a slow reader slows the server's channel, not memory.
///
/// `Sendable`: the stream is, and the exit state is behind a `Mutex`.
final class ControlRemoteProcess: RemoteShell {
    let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let stream: ControlStream

    init(stream: ControlStream, label: String) {
        self.stream = stream
        let exited = Mutex(false)
        output = AsyncThrowingStream {
            if exited.withLock({ $0 }) { return nil }
            while true {
                let frame: ControlFrame?
                do {
                    frame = try await stream.next()
                } catch {
                    stream.close()
                    throw SSHFailure(.dropped, connection: label, detail: "the shared connection's control socket failed: \(error)")
                }
                guard let frame else {
                    stream.close()
                    throw SSHFailure(.dropped, connection: label, detail: "the process that shared the connection went away")
                }
                switch frame.kind {
                case .stdout: return .stdout(frame.payload)
                case .stderr: return .stderr(frame.payload)
                case .exit:
                    exited.withLock { $0 = true }
                    stream.close()
                    do {
                        return try ControlRequest.exit(frame)
                    } catch {
                        throw SSHFailure(.channel, connection: label, detail: "the control socket sent a bad exit: \(error)")
                    }
                case .lost:
                    stream.close()
                    throw (try? ControlRequest.failure(frame, connection: label))
                        ?? SSHFailure(.dropped, connection: label, detail: "the shared connection was lost")
                default:
                    stream.close()
                    throw SSHFailure(.channel, connection: label, detail: "the control socket sent an unexpected \(frame.kind)")
                }
            }
        }
    }

    func write(_ bytes: [UInt8]) async throws {
        try await stream.send(ControlFrame.data(.stdin, bytes))
    }

    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
        stream.post(ControlFrame.data(.stdin, bytes), failed: failed)
    }

    func closeInput() async throws {
        try await stream.send(ControlFrame(.eof))
    }

    func resize(_ size: TerminalSize) async {
        try? await stream.send(ControlRequest.windowChange(size))
    }

    func close() async {
        try? await stream.send(ControlFrame(.close))
        stream.close()
    }
}
