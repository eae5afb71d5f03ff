import Foundation
import TermindDomain

/// Draws a metrics pane in its rect: the title line, a sparkline row for each of CPU, memory,
/// load, network in and out, disk reads and writes over the last five minutes, the file systems
/// with a bar each, and the busiest processes (as many as fit). Names from the server go
/// through `TerminalSafeText`. A plain value built for each frame; it only reads the pane.
@MainActor
struct MetricsPaneView {
    let pane: MetricsPane
    let context: PaneDrawContext

    /// Cells before each sparkline: the figure's name and its latest value.
    static let labelWidth = 9
    static let valueWidth = 12

    func draw(in rect: CellRect, into buffer: inout CellBuffer) {
        guard rect.columns > 0, rect.rows > 0 else { return }
        drawTitle(in: CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1), into: &buffer)
        let content = WorkbenchLayout.contentRect(of: rect)
        guard content.rows > 0 else { return }
        buffer.fill(content, style: WorkbenchTheme.text)
        let lines = self.lines(width: content.columns)
        for (offset, (text, style)) in lines.enumerated() where offset < content.rows {
            buffer.put(text, column: content.column, row: content.row + offset, style: style, clip: content)
        }
        if let reason = pane.stopReason, pane.metrics?.history.latest != nil {
            // Figures already shown stay; why they stopped goes at the foot.
            let foot = " stopped: \(reason) · Enter: try again"
            let line = CellRect(column: content.column, row: content.endRow - 1, columns: content.columns, rows: 1)
            buffer.fill(line, style: WorkbenchTheme.notice)
            buffer.put(TextWrap.truncated(foot, to: content.columns), column: line.column, row: line.row, style: WorkbenchTheme.notice, clip: line)
        }
    }

    // MARK: - Parts

    private func drawTitle(in line: CellRect, into buffer: inout CellBuffer) {
        let style = context.isFocused ? WorkbenchTheme.focusedTitle : WorkbenchTheme.title
        buffer.fill(line, style: style)
        let title = " \(context.number) \(context.name.map { TerminalSafeText($0).text } ?? pane.host) · metrics"
        // The title comes first: the figures on the right shorten, then go, to leave it whole.
        let zoom = context.isZoomed ? "[zoom] " : ""
        var rights: [String]
        if let metrics = pane.metrics, metrics.isSampling {
            let every = "every \(metrics.interval) s"
            rights = [every]
            if let latest = metrics.history.latest { rights.insert(every + " · up \(MetricFigureText.duration(latest.uptime))", at: 0) }
        } else {
            rights = [pane.stopReason != nil ? "[stopped]" : "[waiting]"]
        }
        rights = rights.map { zoom + $0 + " " } + (zoom.isEmpty ? [] : [zoom])
        let titleWidth = CharacterWidth.columns(of: title)
        let rightText = rights.first { titleWidth + 1 + CharacterWidth.columns(of: $0) <= line.columns } ?? ""
        let rightWidth = CharacterWidth.columns(of: rightText)
        buffer.put(TextWrap.truncated(title, to: max(0, line.columns - rightWidth - 1)), column: line.column, row: line.row, style: style, clip: line)
        if !rightText.isEmpty {
            buffer.put(rightText, column: line.endColumn - rightWidth, row: line.row, style: style, clip: line)
        }
    }

    /// Every line of the content, top first; the caller draws those that fit.
    func lines(width: Int) -> [(String, CellStyle)] {
        guard let metrics = pane.metrics, let latest = metrics.history.latest else { return waitingLines(width: width) }
        var lines = sparklineLines(metrics.history.entries, latest: latest, width: width)
        lines.append(("", WorkbenchTheme.text))
        lines += filesystemLines(latest.filesystems, width: width)
        lines.append(("", WorkbenchTheme.text))
        lines += processLines(width: width)
        return lines
    }

    private func waitingLines(width: Int) -> [(String, CellStyle)] {
        if let reason = pane.stopReason {
            var lines: [(String, CellStyle)] = [(" No metrics from \(pane.host)", WorkbenchTheme.failure), ("", WorkbenchTheme.text)]
            lines += TextWrap.lines(reason, width: max(1, width - 2)).map { (" " + $0, WorkbenchTheme.text) }
            lines += [("", WorkbenchTheme.text), (" Enter: try again", WorkbenchTheme.dim)]
            return lines
        }
        if pane.isSampling {
            let interval = pane.metrics?.interval ?? 2
            let text = "Waiting for the first figures: a rate needs two samples, \(interval) s apart…"
            return TextWrap.lines(text, width: max(1, width - 2)).map { (" " + $0, WorkbenchTheme.dim) }
        }
        return [(" Connecting to \(pane.host) for its metrics…", WorkbenchTheme.dim)]
    }

    /// One row per figure: `CPU      12.5%       ▁▂▃▅▇`.
    private func sparklineLines(_ entries: [ServerMetrics], latest: ServerMetrics, width: Int) -> [(String, CellStyle)] {
        let sparkWidth = max(0, width - Self.labelWidth - Self.valueWidth - 2)
        func row(_ name: String, _ value: String, _ values: [Double], maximum: Double) -> (String, CellStyle) {
            let text = " " + pad(name, Self.labelWidth - 1) + pad(value, Self.valueWidth) + " "
                + Sparkline.render(values, width: sparkWidth, maximum: maximum)
            return (text, WorkbenchTheme.text)
        }
        func rate(_ value: Double) -> String { MetricFigureText.bytes(value) + "/s" }
        func peak(_ values: [Double]) -> Double { max(values.max() ?? 0, 1) }

        var rows: [(String, CellStyle)] = []
        rows.append(row("CPU", MetricFigureText.percent(latest.cpuPercent), entries.map(\.cpuPercent), maximum: 100))
        let memory = entries.map { $0.memory?.usedPercent ?? 0 }
        let memoryValue = latest.memory.map { MetricFigureText.percent($0.usedPercent) } ?? "-"
        rows.append(row("Memory", memoryValue, memory, maximum: 100))
        let load = entries.map { $0.load?.one ?? 0 }
        // Load against the core count, so a busy machine fills the line and an idle one does not.
        rows.append(row("Load", latest.load.map { MetricFigureText.decimal($0.one) } ?? "-", load,
                        maximum: max(Double(max(latest.cores.count, 1)), load.max() ?? 0)))
        let received = entries.map { $0.network.reduce(0) { $0 + $1.receivedPerSecond } }
        let sent = entries.map { $0.network.reduce(0) { $0 + $1.sentPerSecond } }
        rows.append(row("Net in", rate(received.last ?? 0), received, maximum: peak(received)))
        rows.append(row("Net out", rate(sent.last ?? 0), sent, maximum: peak(sent)))
        let read = entries.map { $0.disks.reduce(0) { $0 + $1.readPerSecond } }
        let written = entries.map { $0.disks.reduce(0) { $0 + $1.writtenPerSecond } }
        rows.append(row("Disk rd", rate(read.last ?? 0), read, maximum: peak(read)))
        rows.append(row("Disk wr", rate(written.last ?? 0), written, maximum: peak(written)))
        return rows
    }

    /// `/srv      ██████░░░░░░  54.0%  21.3 GiB of 39.2 GiB`.
    private func filesystemLines(_ filesystems: [FilesystemUsage]?, width: Int) -> [(String, CellStyle)] {
        var lines: [(String, CellStyle)] = [(" File systems", WorkbenchTheme.heading)]
        guard let filesystems else {
            lines.append(("  reading at the next sample…", WorkbenchTheme.dim))
            return lines
        }
        if filesystems.isEmpty { lines.append(("  none that store data", WorkbenchTheme.dim)) }
        let barWidth = max(4, min(30, width - 46))
        for filesystem in filesystems {
            let share = filesystem.size == 0 ? 0 : Double(filesystem.used) / Double(filesystem.size)
            let filled = min(barWidth, Int((share * Double(barWidth)).rounded()))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            let mount = TextElision.path(TerminalSafeText(filesystem.mount).text, to: 14)
            let figures = "\(MetricFigureText.bytes(Double(filesystem.used))) of \(MetricFigureText.bytes(Double(filesystem.size)))"
            let line = "  " + pad(mount, 15) + bar + " " + pad(MetricFigureText.percent(share * 100), 7) + figures
            lines.append((line, share >= 0.9 ? WorkbenchTheme.failure : WorkbenchTheme.text))
        }
        return lines
    }

    /// The busiest processes: `PID CPU MEMORY NAME`, in the pane's order.
    private func processLines(width: Int) -> [(String, CellStyle)] {
        let heading = pane.order == .cpu ? " Processes by CPU (m: by memory)" : " Processes by memory (c: by CPU)"
        var lines: [(String, CellStyle)] = [(TextWrap.truncated(heading, to: width), WorkbenchTheme.heading)]
        let processes = pane.processes
        guard !processes.isEmpty else { return lines + [("  none listed", WorkbenchTheme.dim)] }
        // A narrow pane gives up the PID column before a figure is cut; a long name ends in "…".
        let showsPID = width >= 40
        func row(_ pid: String, _ cpu: String, _ memory: String, _ name: String) -> String {
            let start = "  " + (showsPID ? pad(pid, 9) : "") + pad(cpu, 8) + pad(memory, 11)
            return start + TextWrap.truncated(name, to: max(0, width - CharacterWidth.columns(of: start)))
        }
        lines.append((row("PID", "CPU", "MEMORY", "NAME"), WorkbenchTheme.dim))
        for process in processes {
            lines.append((
                row(String(process.pid), MetricFigureText.percent(process.cpuPercent), MetricFigureText.bytes(Double(process.memory)),
                    TerminalSafeText(process.name).text),
                WorkbenchTheme.text))
        }
        return lines
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let columns = CharacterWidth.columns(of: text)
        return columns >= width ? text + " " : text + String(repeating: " ", count: width - columns)
    }
}
