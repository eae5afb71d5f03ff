import Foundation

/// This process's limit on open file descriptors (`RLIMIT_NOFILE`, `ulimit -n`): read, and its
/// soft limit raised towards the hard one. `exec` raises it as far as its Hosts need
/// (`DescriptorBudget`), `forward` to the hard limit, since every connection it carries holds a
/// descriptor for as long as it lasts.
enum DescriptorLimit {
    /// The soft and hard limits, or nil when they cannot be read. No limit reads as `Int32.max`.
    static func current() -> (soft: Int, hard: Int)? {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return nil }
        return (clamped(limits.rlim_cur), clamped(limits.rlim_max))
    }

    /// Sets the soft limit to `limit`, which must not pass the hard one; whether it took.
    static func raiseSoft(to limit: Int) -> Bool {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return false }
        limits.rlim_cur = rlim_t(limit)
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0
    }

    /// Raises the soft limit to the hard one; returns the soft limit in force after (nil when
    /// the limits cannot be read).
    @discardableResult
    static func raiseSoftToHard() -> Int? {
        guard let limits = current() else { return nil }
        if limits.soft < limits.hard, raiseSoft(to: limits.hard) { return limits.hard }
        return limits.soft
    }

    private static func clamped(_ value: rlim_t) -> Int {
        // RLIM_INFINITY is the largest rlim_t, so it is above the bound too.
        value > rlim_t(Int32.max) ? Int(Int32.max) : Int(value)
    }
}
