/// How long a pane lost by a Host that reconnects by itself waits before each attempt: 1 s,
/// then twice the last wait, at most a minute (1, 2, 4 … 32, 60, 60 …); a shell that opens
/// starts it again from 1 s. A plain value the terminal pane keeps.
struct ReconnectBackoff: Equatable {
    /// The longest wait, in seconds.
    static let longest = 60

    /// Attempts waited for since the last shell opened.
    private(set) var attempts = 0

    /// The wait before the next attempt, in seconds.
    var nextDelay: Int { min(Self.longest, 1 << min(attempts, 6)) }

    /// The wait before the next attempt, counting that attempt.
    mutating func next() -> Int {
        defer { attempts += 1 }
        return nextDelay
    }

    /// A shell opened: the next loss waits 1 s again.
    mutating func reset() { attempts = 0 }
}
