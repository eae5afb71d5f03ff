import TermindApplication
import TermindDomain

/// The metrics pane as a component (`PaneKind.metrics`): a view of its Host's one sampler,
/// with sparklines over the last five minutes, the file systems and the busiest processes.
///
/// The pane samples nothing itself. On `.connect` it asks the workbench to have the Host
/// sampled (`.watchMetrics`): on a connection a pane of the Host already has, or on one opened
/// for it (whose questions name this pane, one at a time through the interaction queue like
/// any other). Every change of the Host's figures comes back as `.metrics`. While it is open
/// the sampler also reads the file systems, which the status bar alone does not need.
///
/// Confined to the TUI's main actor.
@MainActor
final class MetricsPane: PaneComponent {
    /// How the process list is ordered.
    enum ProcessOrder: Equatable {
        case cpu
        case memory
    }

    let paneID: PaneID
    let host: String
    private(set) var size: CellSize
    private(set) var generation: AttemptGeneration?
    /// The Host's figures as last delivered; nil until the workbench first says.
    private(set) var metrics: HostMetrics?
    /// The connection for the sampler could not be opened: why.
    private(set) var failure: String?
    private(set) var order: ProcessOrder = .cpu

    init(paneID: PaneID, host: String, size: CellSize) {
        self.paneID = paneID
        self.host = host
        self.size = size
    }

    var hostLabel: String? { host }
    /// Closing loses nothing: the figures are a view, and the sampler goes on for the status bar.
    var isLive: Bool { false }
    /// The figures stopped by themselves (a lost connection, a failed one): reconnect all
    /// asks again, as Enter does.
    var isLost: Bool { !isSampling && stopReason != nil }
    var acceptsPlainText: Bool { false }
    var statusHint: String? { "metrics: c by CPU · m by memory" }

    /// True when the pane shows figures that come in now.
    var isSampling: Bool { metrics?.isSampling == true }

    /// What stopped the figures, if they stopped by themselves: the pane offers to try again.
    var stopReason: String? { failure ?? metrics?.problem }

    func update(_ event: PaneEvent) -> [PaneEffect] {
        switch event {
        case .connect, .reconnect:
            return watch()
        case .key(let press):
            return key(press)
        case .resized(let size):
            self.size = size
            return []
        case .metrics(let metrics):
            self.metrics = metrics
            if metrics.isSampling { failure = nil }
            return []
        case .connectFailed(let attempt, let error):
            guard attempt == generation else { return [] }
            failure = Self.text(of: error)
            return []
        case .connectionLost(let attempt, let detail):
            guard attempt == generation else { return [] }
            failure = "the connection was lost: \(detail)"
            return []
        case .hostRemoved:
            failure = "its Host was removed from the Vault"
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .close:
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .typed, .paste, .mouse, .viewed, .scrollMode, .sendPrefix, .shellOpened, .output, .exited, .shellClosed,
             .copyMode, .find, .previousPrompt, .copyCommandOutput, .fileSystemOpened, .browserReply, .followDirectory,
             .historyStarted, .reconnectByItself, .reconnectTick:
            return []
        }
    }

    private func key(_ press: KeyPress) -> [PaneEffect] {
        guard press.modifiers.isEmpty || press.modifiers == [.shift] else { return [] }
        switch press.key {
        case .character("c"): order = .cpu
        case .character("m"): order = .memory
        case .character("r"), .enter:
            guard !isSampling else { return [.message("the metrics of \(host) are coming in")] }
            return watch()
        default: break
        }
        return []
    }

    /// A new attempt at having the Host sampled; an earlier one's questions are withdrawn.
    private func watch() -> [PaneEffect] {
        var effects: [PaneEffect] = generation.map { [.retire($0)] } ?? []
        let attempt = AttemptGeneration.next()
        generation = attempt
        failure = nil
        effects.append(.watchMetrics(hostLabel: host, generation: attempt))
        return effects
    }

    /// The processes of the latest sample, busiest first by the pane's order.
    var processes: [ServerMetrics.Process] {
        let latest = metrics?.history.latest?.processes ?? []
        switch order {
        case .cpu: return latest.sorted { ($0.cpuPercent, $0.memory) > ($1.cpuPercent, $1.memory) }
        case .memory: return latest.sorted { ($0.memory, $0.cpuPercent) > ($1.memory, $1.cpuPercent) }
        }
    }

    private static func text(of error: any Error) -> String {
        if let failure = error as? SSHFailure { return failure.detail }
        if let failure = error as? any CategorizedFailure { return failure.description }
        if error is CancellationError { return "cancelled" }
        return String(describing: error)
    }

    func draw(into buffer: inout CellBuffer, in rect: CellRect, context: PaneDrawContext) -> ScreenCursor? {
        MetricsPaneView(pane: self, context: context).draw(in: rect, into: &buffer)
        return context.isFocused ? .hidden : nil
    }
}
