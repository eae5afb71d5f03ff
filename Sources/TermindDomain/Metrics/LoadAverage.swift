/// The first three fields of `/proc/loadavg`: runnable tasks averaged over 1, 5 and 15 minutes.
public struct LoadAverage: Sendable, Equatable {
    public let one: Double
    public let five: Double
    public let fifteen: Double

    public init(one: Double, five: Double, fifteen: Double) {
        self.one = one
        self.five = five
        self.fifteen = fifteen
    }

    /// nil unless the first three fields are plausible load figures (0 to a million).
    public static func parse(_ line: Substring) -> LoadAverage? {
        let fields = MetricCounter.fields(line)
        guard fields.count >= 3,
              let one = MetricCounter.decimal(fields[0], limit: 1e6),
              let five = MetricCounter.decimal(fields[1], limit: 1e6),
              let fifteen = MetricCounter.decimal(fields[2], limit: 1e6)
        else { return nil }
        return LoadAverage(one: one, five: five, fifteen: fifteen)
    }
}
