/// A counter read from a server's `/proc` text: decimal digits only, at most 20 of them, and
/// within `UInt64`. A sign, a fraction, garbage or an overflowing value is no counter at all
/// (nil): a hostile or broken server cannot make Termind trap or show a wrapped figure.
public enum MetricCounter {
    public static func parse(_ token: Substring) -> UInt64? {
        guard !token.isEmpty, token.utf8.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in token.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    /// A non-negative decimal such as `/proc/uptime`'s `4322.68` or a load average, bounded to
    /// `limit` and to 24 characters.
    public static func decimal(_ token: Substring, limit: Double) -> Double? {
        guard !token.isEmpty, token.utf8.count <= 24,
              token.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
              let value = Double(token), value.isFinite, value >= 0, value <= limit
        else { return nil }
        return value
    }

    /// How much `current` grew since `previous`; a counter that went back (reset, wrapped, or a
    /// server that lies) grew by nothing.
    public static func growth(from previous: UInt64, to current: UInt64) -> UInt64 {
        current >= previous ? current - previous : 0
    }

    /// The whitespace-separated fields of `line`.
    static func fields(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// A name from the server (an interface, a device, a mount, a process), cut to `limit`
    /// characters; shown through `TerminalSafeText` wherever it reaches a terminal.
    static func name(_ text: Substring, limit: Int = 64) -> String {
        String(text.prefix(limit))
    }
}
