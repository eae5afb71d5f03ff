import Foundation

/// How many Hosts `exec` may have connected at once within this process's file descriptor
/// limit (`ulimit -n`). Each connection holds descriptors until it ends (its socket, its
/// worker's wake-up eventfd, a jump hop's tunnel too); past the limit `socket` fails with
/// EMFILE and Hosts fail one after another with "Too many open files" while the others work.
/// So a `--parallel` that cannot fit first raises the soft limit towards the hard one, as far as
/// it needs, and is otherwise lowered to what fits, with a line that says so.
struct DescriptorBudget: Equatable {
    /// Descriptors one connection may hold, with room for a jump hop (a direct one holds 2:
    /// the socket and the eventfd).
    static let perConnection = 4
    /// Kept free for the rest of the process: the Vault, key files, known_hosts, the streams.
    static let reserve = 64

    /// Hosts connected at once.
    let parallel: Int
    /// The soft limit to set, when it must rise (never above the hard limit).
    let raisedLimit: Int?

    /// The budget for `wanted` connections at once with `inUse` descriptors open and the
    /// process's soft and hard limits. Pure.
    static func plan(wanted: Int, inUse: Int, softLimit: Int, hardLimit: Int) -> DescriptorBudget {
        let needed = inUse + reserve + wanted * perConnection
        if needed <= softLimit { return DescriptorBudget(parallel: wanted, raisedLimit: nil) }
        let limit = min(needed, hardLimit)
        let fits = max(1, (limit - inUse - reserve) / perConnection)
        return DescriptorBudget(parallel: min(wanted, fits), raisedLimit: limit > softLimit ? limit : nil)
    }

    /// Plans for this process (its limits, its open descriptors) and raises the soft limit when
    /// the plan says so; if the raise is refused, plans again within the limit as it is.
    static func apply(wanted: Int) -> (budget: DescriptorBudget, limit: Int) {
        guard let limits = DescriptorLimit.current() else { return (DescriptorBudget(parallel: wanted, raisedLimit: nil), 0) }
        let soft = limits.soft, hard = limits.hard
        let inUse = openDescriptors()
        let budget = plan(wanted: wanted, inUse: inUse, softLimit: soft, hardLimit: hard)
        guard let raised = budget.raisedLimit else { return (budget, soft) }
        if DescriptorLimit.raiseSoft(to: raised) { return (budget, raised) }
        return (plan(wanted: wanted, inUse: inUse, softLimit: soft, hardLimit: soft), soft)
    }

    /// Descriptors open in this process now (the entries of /proc/self/fd), or a guess of the
    /// standard streams and a few more when /proc cannot be read.
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 16
    }
}
