import Foundation
import TermindDomain

/// `termind metrics` without `--json`: one block per report. Every name from the server goes
/// through `context.shown` (terminal-safe on a terminal).
enum MetricsReportText {
    static func text(of report: MetricsReport, context: CommandContext) -> String {
        var lines: [String] = []
        let cores = report.cpu.perCore.enumerated().map { "\($0.offset):\(percent($0.element))" }.joined(separator: " ")
        var summary = "\(context.shown(report.host))  up \(duration(report.uptime))  cpu \(percent(report.cpu.percent))"
        if !cores.isEmpty { summary += " (\(cores))" }
        if let memory = report.memory {
            summary += "  mem \(percent(memory.usedPercent)) of \(bytes(Double(memory.total)))"
        }
        if let load = report.load { summary += "  load \(decimal(load.one)) \(decimal(load.five)) \(decimal(load.fifteen))" }
        lines.append(summary)
        for interface in report.network {
            lines.append("  net  \(context.shown(interface.interface))  in \(bytes(interface.receivedBytesPerSecond))/s  out \(bytes(interface.sentBytesPerSecond))/s")
        }
        for disk in report.disks {
            lines.append("  disk \(context.shown(disk.device))  read \(bytes(disk.readBytesPerSecond))/s  write \(bytes(disk.writtenBytesPerSecond))/s")
        }
        for filesystem in report.filesystems {
            let used = filesystem.size == 0 ? 0 : Double(filesystem.used) / Double(filesystem.size) * 100
            lines.append("  fs   \(context.shown(filesystem.mount))  \(bytes(Double(filesystem.used))) of \(bytes(Double(filesystem.size))) (\(percent(used)))")
        }
        if !report.processes.isEmpty {
            lines.append("  \(pad("PID", 8))\(pad("CPU", 8))\(pad("MEM", 11))NAME")
            for process in report.processes {
                lines.append("  \(pad(String(process.pid), 8))\(pad(percent(process.cpu), 8))\(pad(bytes(Double(process.memory)), 11))\(context.shown(process.name))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func percent(_ value: Double) -> String { MetricFigureText.percent(value) }
    private static func decimal(_ value: Double) -> String { MetricFigureText.decimal(value) }
    private static func bytes(_ value: Double) -> String { MetricFigureText.bytes(value) }
    private static func duration(_ seconds: Double) -> String { MetricFigureText.duration(seconds) }
}
