import Synchronization
import TermindApplication
import TermindDomain

/// A `HostKeyVerifier` test double that accepts every key, offers `preferred` algorithms first,
/// and records what it was asked.
final class AcceptingVerifier: HostKeyVerifier {
    let preferred: [String]
    private let recorded = Mutex<[HostKeyCheck]>([])

    init(preferring preferred: [String] = []) {
        self.preferred = preferred
    }

    var checks: [HostKeyCheck] { recorded.withLock { $0 } }

    func preferredAlgorithms(hostname: String, port: Int) async -> [String] { preferred }

    func verify(_ key: HostKey, hostname: String, port: Int, connectionLabel: String, generation: AttemptGeneration) async throws {
        recorded.withLock { $0.append(HostKeyCheck(key: key, hostname: hostname, port: port, connectionLabel: connectionLabel)) }
    }
}
