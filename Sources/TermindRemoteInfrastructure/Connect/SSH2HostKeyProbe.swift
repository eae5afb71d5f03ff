import Foundation
import TermindApplication
import TermindDomain

/// Reads a server's host key with a handshake on a thread of its own, then disconnects
/// without authenticating. libssh2 failures become `SSHFailure`s naming host and port.
public struct SSH2HostKeyProbe: HostKeyProbe {
    public init() {}

    public func offeredHostKey(
        hostname: String, port: Int, preferring algorithms: [String], timeout: Duration
    ) async throws -> HostKey {
        let label = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
        return try await withCheckedThrowingContinuation { continuation in
            // SSH2Session blocks its thread while it polls; keep that off the cooperative pool.
            Thread {
                do {
                    let session = try SSH2Session(host: hostname, port: port, connectTimeout: timeout, ioTimeout: timeout)
                    defer { session.disconnect() }
                    let supported = (try? session.supportedHostKeyAlgorithms()) ?? []
                    let preferred = algorithms.filter(supported.contains)
                    try session.handshake(
                        hostKeyAlgorithms: preferred.isEmpty ? nil : preferred + supported.filter { !preferred.contains($0) })
                    continuation.resume(returning: try session.hostKey())
                } catch let error as SSH2Error {
                    continuation.resume(throwing: SSHFailure(Self.kind(of: error), connection: label, detail: error.description))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    private static func kind(of error: SSH2Error) -> SSHFailure.Kind {
        switch error.kind {
        case .resolve: .resolve
        case .connect: .connect
        case .timeout: .timeout
        case .disconnected: .dropped
        default: .handshake
        }
    }
}
