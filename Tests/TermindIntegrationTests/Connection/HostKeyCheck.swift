import TermindDomain

/// One host-key check a test verifier was asked for.
struct HostKeyCheck: Sendable, Equatable {
    let key: HostKey
    let hostname: String
    let port: Int
    let connectionLabel: String
}
