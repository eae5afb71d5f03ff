import Foundation
import TermindDomain

/// One line of transfer progress as `termind cp` draws it on a terminal, redrawn in place:
/// `app.tar.gz  [#########-----------]  45%  12.3 MB/s  ETA 0:07`. Pure formatting, so the
/// line can be tested without a terminal. The name is shown as `TerminalSafeText` (a server
/// chooses it: CVE-2019-6109 was scp's progress meter printing it raw).
struct ProgressLine {
    var name: String
    var done: UInt64
    var total: UInt64
    /// Bytes per second, smoothed by the caller; nil before there is a rate.
    var rate: Double?

    /// The line fitted to `width` columns: the name is shortened first (keeping its end,
    /// where the extension is), then the bar.
    func text(width: Int) -> String {
        let name = TerminalSafeText(name).text
        let percent = total == 0 ? 100 : Int(min(100, done * 100 / total))
        let numbers = " \(String(percent).leftPadded(to: 3))%  \(Self.rateText(rate))  ETA \(etaText)"
        let room = max(10, width - numbers.count - 2)
        let nameWidth = min(name.count, max(8, room / 2))
        let barWidth = max(0, room - nameWidth - 3)
        let filled = total == 0 ? barWidth : Int(Double(barWidth) * Double(min(done, total)) / Double(total))
        let bar = barWidth >= 5 ? "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" : ""
        return Self.shortened(name, to: nameWidth) + bar + numbers
    }

    /// `m:ss` (or `h:mm:ss`) left at the current rate; `--:--` without one.
    var etaText: String {
        guard let rate, rate > 0 else { return "--:--" }
        let seconds = Int((Double(total > done ? total - done : 0) / rate).rounded(.up))
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let mmss = "\(minutes):\(rest < 10 ? "0" : "")\(rest)"
        return hours > 0 ? "\(hours):\(minutes < 10 ? "0" : "")\(mmss)" : mmss
    }

    /// `12.3 MB/s`, decimal units as `sftp` and `rsync` show them.
    static func rateText(_ rate: Double?) -> String {
        guard let rate else { return "   -- B/s" }
        return byteText(rate) + "/s"
    }

    /// `512 B`, `4.1 kB`, `12.3 MB`, `1.07 GB`.
    static func byteText(_ value: Double) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = value
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
        return String(format: "%.\(digits)f \(units[unit])", value)
    }

    /// The end of `name` within `width` columns, `…` in front when cut.
    static func shortened(_ name: String, to width: Int) -> String {
        guard name.count > width else { return name }
        guard width > 1 else { return String(name.suffix(width)) }
        return "…" + name.suffix(width - 1)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
