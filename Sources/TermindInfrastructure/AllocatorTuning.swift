import CLinux

/// How glibc's allocator keeps memory this process frees, set once at start.
///
/// Transfers and panes allocate and free buffers of 32 KiB to 256 KiB thousands of times a
/// second. With glibc's defaults those were handed back to the kernel (unmapped, or trimmed off
/// a thread's arena) and faulted in again, zeroed, on the next use: a 1 GiB download took
/// 229,000 page faults and a quarter of its system time. Keeping up to 32 MiB of freed memory and
/// serving blocks below 1 MiB from the heap brings that to about 5,000, for a peak of about
/// 45 MiB (measured with `perf stat -e page-faults` and `/usr/bin/time`).
///
/// Each arena keeps its own freed memory, and glibc gives threads up to eight arenas a core:
/// a 1 GiB download read through two connections (two worker threads) peaked at 60-74 MiB.
/// One arena keeps it at 56-58 MiB, no slower (4.1-4.2 s against 4.3-4.5 s); threads still
/// take small blocks from their own cache without the arena's lock. The limit binds only threads
/// that take an arena after it is set, so it is set on the main thread before the first `await`
/// (`termind/main.swift`): set from `main()`, which runs on the runtime's pool, the peak was
/// 59-63 MiB against 53-54.
public enum AllocatorTuning {
    static let mapThreshold: Int32 = 1 << 20
    static let trimThreshold: Int32 = 32 << 20
    static let arenaLimit: Int32 = 1

    /// Leaves glibc's settings alone when `GLIBC_TUNABLES` or `MALLOC_ARENA_MAX` is set: a
    /// person's own tuning wins.
    /// - Returns: whether glibc took every setting (it refuses a parameter it does not know).
    @discardableResult
    public static func apply(environment: [String: String]) -> Bool {
        guard environment["GLIBC_TUNABLES"] == nil, environment["MALLOC_ARENA_MAX"] == nil else { return false }
        let mapped = mallopt(TERMIND_M_MMAP_THRESHOLD, mapThreshold) == 1
        let trimmed = mallopt(TERMIND_M_TRIM_THRESHOLD, trimThreshold) == 1
        let arenas = mallopt(TERMIND_M_ARENA_MAX, arenaLimit) == 1
        return mapped && trimmed && arenas
    }
}
