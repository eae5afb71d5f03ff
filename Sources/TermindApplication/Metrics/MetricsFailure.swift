import TermindDomain

/// Why a Host's metrics stopped: the server has no `/proc`, its sampler sent what cannot be
/// read, or the sampler ended. Exit 1 (a failure not listed otherwise).
public struct MetricsFailure: CategorizedFailure, Sendable, Equatable {
    public let description: String
    public var exitCode: ExitCode { .failure }

    public init(_ description: String) { self.description = description }

    public static func unavailable(on host: String) -> MetricsFailure {
        MetricsFailure("\(host): metrics unavailable on this server (it has no Linux /proc)")
    }
}
