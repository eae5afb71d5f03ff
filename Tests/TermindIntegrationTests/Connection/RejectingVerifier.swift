import Synchronization
import TermindApplication
import TermindDomain

/// A `HostKeyVerifier` test double that records the key it was shown and rejects it, as a
/// person choosing *Reject* would.
final class RejectingVerifier: HostKeyVerifier {
    private let recorded = Mutex<[HostKeyCheck]>([])

    var checks: [HostKeyCheck] { recorded.withLock { $0 } }

    func preferredAlgorithms(hostname: String, port: Int) async -> [String] { [] }

    func verify(_ key: HostKey, hostname: String, port: Int, connectionLabel: String, generation: AttemptGeneration) async throws {
        recorded.withLock { $0.append(HostKeyCheck(key: key, hostname: hostname, port: port, connectionLabel: connectionLabel)) }
        throw SSHFailure(.hostKeyRejected, connection: connectionLabel, detail: "the \(key.algorithm) host key \(key.fingerprint) was rejected")
    }
}
