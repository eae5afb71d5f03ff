import TermindDomain

/// What a Batch did, once it settled (nothing running or waiting): every entry's outcome,
/// totals, the partial files left, and the exit status for `termind cp`.
public struct TransferBatchReport: Sendable {
    public let id: TransferBatchID
    /// Every entry, in plan order (`TransferID.index`): the named sources and what their
    /// trees hold.
    public let files: [TransferFileReport]
    /// A failure of the whole Batch before any entry (several sources into a file, ...).
    public let failure: TransferFailure?
    /// The Batch was interrupted (its task cancelled, Ctrl-C): partials kept.
    public let interrupted: Bool
    /// Partial files that a cancel could not remove.
    public let notRemoved: [TransferAddress]

    public init(
        id: TransferBatchID, files: [TransferFileReport], failure: TransferFailure? = nil, interrupted: Bool = false,
        notRemoved: [TransferAddress] = []
    ) {
        self.id = id
        self.files = files
        self.failure = failure
        self.interrupted = interrupted
        self.notRemoved = notRemoved
    }

    public var totals: TransferTotals {
        var totals = TransferTotals()
        for file in files {
            if file.kind == .file { totals.files += 1 }
            switch file.outcome {
            case .completed(let completion):
                totals.completed += 1
                totals.bytes += completion.bytes
                totals.bytesSent += completion.bytesSent
            case .linked: totals.linked += 1
            case .directory(let created): if created { totals.directoriesCreated += 1 }
            case .skipped: totals.skipped += 1
            case .failed: totals.failed += 1
            case .paused, .pending, .running: totals.paused += 1
            case .cancelled: totals.cancelled += 1
            }
        }
        return totals
    }

    /// The partial files left at destinations (paused ones, and failures kept for a resume).
    public var partials: [PartialFile] { files.compactMap(\.outcome.partial) }

    /// Whether every entry completed or was skipped on purpose.
    public var succeeded: Bool { exitCode == .success }

    /// `interrupted` after Ctrl-C; else `transferIncomplete` (8) when a partial file is left
    /// (a lost connection included: the partials are what a script must act on) or a file
    /// failed verification; else the connection, authentication, host-key or interaction status
    /// when that is what stopped a transfer; else `transferIncomplete` when something did not
    /// run; else `failure` when anything failed; else `success`.
    public var exitCode: ExitCode {
        var causes: [ExitCode] = []
        if let failure { causes.append(failure.exitCode) }
        var partialKept = !notRemoved.isEmpty
        var notRun = false
        var failed = failure != nil
        for file in files {
            switch file.outcome {
            case .failed(let failure):
                causes.append(failure.exitCode)
                if failure.partial != nil || failure.exitCode == .transferIncomplete { partialKept = true } else { failed = true }
            case .paused(let pause):
                if let cause = pause.cause { causes.append((cause as? any CategorizedFailure)?.exitCode ?? .failure) }
                if pause.partial != nil { partialKept = true } else { notRun = true }
            case .pending, .running:
                notRun = true
            case .cancelled(let notRemoved):
                if !notRemoved.isEmpty { partialKept = true }
            default:
                break
            }
        }
        let connection: Set<ExitCode> = [
            .connectionFailed, .authenticationFailed, .hostKeyNotAccepted, .hostKeyChanged, .interactionRequired,
        ]
        if interrupted { return .interrupted }
        if partialKept { return .transferIncomplete }
        if let first = causes.first(where: connection.contains) { return first }
        if notRun { return .transferIncomplete }
        if failed { return .failure }
        return .success
    }
}
