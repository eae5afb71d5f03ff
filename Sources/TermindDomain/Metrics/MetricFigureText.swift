import Foundation

/// How a metric reads as text, the same in `termind metrics` and the metrics pane: `12.5%`,
/// `0.52`, `3.1 GiB`, `2d 4h`. A namespace of pure functions.
public enum MetricFigureText {
    public static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
    public static func decimal(_ value: Double) -> String { String(format: "%.2f", value) }

    /// Binary units, one decimal past bytes: `812 B`, `3.1 GiB`.
    public static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var scaled = value.isFinite ? max(0, value) : 0
        var unit = 0
        while scaled >= 1024 && unit < units.count - 1 {
            scaled /= 1024
            unit += 1
        }
        return unit == 0 ? String(format: "%.0f B", scaled) : String(format: "%.1f %@", scaled, units[unit])
    }

    /// The two largest units of an uptime: `2d 4h`, `3h 12m`, `5m 9s`.
    public static func duration(_ seconds: Double) -> String {
        let total = Int(min(max(0, seconds.isFinite ? seconds : 0), 1e12))
        let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60
        return days > 0 ? "\(days)d \(hours)h" : hours > 0 ? "\(hours)h \(minutes)m" : "\(minutes)m \(total % 60)s"
    }
}
