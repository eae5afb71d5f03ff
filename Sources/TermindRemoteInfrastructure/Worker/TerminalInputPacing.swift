/// How much input a PTY channel may have sent that the server has not yet written to its
/// terminal.
///
/// Why: when the remote terminal has echo off in canonical mode (`stty -echo`, a password
/// prompt), OpenSSH's sshd answers each write to the terminal with an `SSH_MSG_IGNORE` as long
/// as that write ("simulated echo", channels.c `channel_handle_wfd`), and one write takes all the
/// input sshd has buffered that the terminal accepts. libssh2 1.10 drops the connection on any
/// incoming packet over 40,000 bytes (`LIBSSH2_ERROR_OUT_OF_BOUNDARY`, -41), so input sent far
/// ahead of the terminal (a paste, `exec -tt` with a file on stdin) could end the connection.
///
/// So a PTY channel keeps at most `simulatedEchoLimit` bytes unacknowledged while the server
/// simulates echo (an `IGNORE` came within `quietPeriod`), and in the channel's first
/// `startPeriod`, while the remote terminal's mode is not yet known (a command starting with
/// `stty -echo`). Otherwise the limit is `windowLimit`, above the
/// 96 KiB of unacknowledged data after which sshd sends window adjustments (3 × its 32 KiB
/// packet), so input never waits for an adjustment that cannot come.
///
/// Acknowledged bytes are a lower bound of what the server wrote to the terminal: the window
/// it gave back, or the bytes its `IGNORE`s reported since the last count, whichever is more.
/// The window given back is counted from the window there was at the first write (sshd opens
/// the channel with none and grants 2 MiB once the command starts).
/// `IGNORE`s carry no channel number: with several PTY channels on one connection each counts
/// all of them (a looser bound, not a stall).
struct TerminalInputPacing {
    /// Below libssh2's 40,000-byte packet limit with room for the `IGNORE`'s headers, padding
    /// and MAC.
    static let simulatedEchoLimit = 32 << 10
    static let windowLimit = 128 << 10
    static let quietPeriod: Duration = .seconds(1)
    /// Long enough for a shell to run a first `stty`, even under load (250 ms was not: a
    /// command's `stty -echo` came later and 4 of 16 runs lost the connection); input sent at
    /// once to a terminal with echo on waits this long after its first 32 KiB.
    static let startPeriod: Duration = .seconds(1)

    /// Bytes libssh2 has sent on the channel.
    private(set) var sent: UInt64 = 0
    /// Bytes known to be written to the remote terminal.
    private(set) var acknowledged: UInt64 = 0
    /// The send window granted up to the first write (window then plus that write).
    private var grantedAtStart: UInt64?
    /// The session's count of `IGNORE`d bytes already credited.
    private var ignoreMark: UInt64
    private let opened: ContinuousClock.Instant

    /// How much may be sent now, and when a tighter limit lapses (for the worker's `poll`).
    struct Allowance: Equatable {
        let bytes: Int
        let relaxesAt: ContinuousClock.Instant?
    }

    init(ignoredSoFar: UInt64, now: ContinuousClock.Instant) {
        ignoreMark = ignoredSoFar
        opened = now
    }

    /// `window`: libssh2's send window for the channel right after this write.
    mutating func didSend(_ count: Int, window: UInt64) {
        sent += UInt64(max(0, count))
        if grantedAtStart == nil { grantedAtStart = window + sent }
    }

    /// - Parameters:
    ///   - window: libssh2's send window for the channel now.
    ///   - ignored: the session's total of bytes reported written by `IGNORE`s.
    ///   - lastIgnore: when the session last received an `IGNORE`.
    mutating func allowance(
        window: UInt64, ignored: UInt64, lastIgnore: ContinuousClock.Instant?, now: ContinuousClock.Instant
    ) -> Allowance {
        var returned: UInt64 = 0
        if let grantedAtStart, window + sent > grantedAtStart { returned = window + sent - grantedAtStart }
        let reported = ignored > ignoreMark ? ignored - ignoreMark : 0
        ignoreMark = max(ignoreMark, ignored)
        acknowledged = min(sent, max(acknowledged + reported, returned))
        let unacknowledged = sent - acknowledged

        var strictUntil = opened.advanced(by: Self.startPeriod)
        if let lastIgnore { strictUntil = max(strictUntil, lastIgnore.advanced(by: Self.quietPeriod)) }
        let strict = now < strictUntil
        let limit = UInt64(strict ? Self.simulatedEchoLimit : Self.windowLimit)
        let room = limit > unacknowledged ? Int(limit - unacknowledged) : 0
        return Allowance(bytes: room, relaxesAt: strict ? strictUntil : nil)
    }
}
