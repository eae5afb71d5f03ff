import TermindApplication
import TermindDomain

/// `termind cp --json`'s summary: one object for the whole Batch. A contract for scripts.
struct TransferReportView: Encodable {
    struct File: Encodable {
        let source: String
        let destination: String
        let kind: FileKind
        /// completed, linked, directory, skipped, failed, paused, cancelled, pending.
        let status: String
        let bytes: UInt64?
        /// Bytes moved in this run (less than `bytes` after a resume).
        let bytesSent: UInt64?
        let resumedFrom: UInt64?
        let sha256: String?
        /// Copied by the server itself (`copy-data`): no bytes crossed the network, and no
        /// digest was taken.
        let serverSideCopy: Bool?
        let reason: String?
        let error: String?
        /// The partial file kept at the destination's side, for `--resume`.
        let partial: String?
    }

    struct Partial: Encodable {
        let path: String
        let bytesKept: UInt64
    }

    struct Totals: Encodable {
        let files, completed, skipped, failed, paused, cancelled, linked, directoriesCreated: Int
        let bytes, bytesSent: UInt64
    }

    let files: [File]
    let totals: Totals
    let partials: [Partial]
    let error: String?
    let interrupted: Bool
    let exitCode: Int32

    init(_ report: TransferBatchReport) {
        files = report.files.map(Self.file)
        let totals = report.totals
        self.totals = Totals(
            files: totals.files, completed: totals.completed, skipped: totals.skipped, failed: totals.failed,
            paused: totals.paused, cancelled: totals.cancelled, linked: totals.linked,
            directoriesCreated: totals.directoriesCreated, bytes: totals.bytes, bytesSent: totals.bytesSent)
        partials = report.partials.map { Partial(path: $0.address.description, bytesKept: $0.bytesKept) }
        error = report.failure.map(String.init(describing:))
        interrupted = report.interrupted
        exitCode = report.exitCode.rawValue
    }

    private static func file(_ file: TransferFileReport) -> File {
        var status = "pending", bytes: UInt64?, sent: UInt64?, resumed: UInt64?, sha256: String?, serverSide: Bool?
        var reason: String?, error: String?
        switch file.outcome {
        case .pending, .running: status = "pending"
        case .completed(let completion):
            status = "completed"
            bytes = completion.bytes
            sent = completion.bytesSent
            resumed = completion.resumedFrom
            sha256 = completion.sha256
            serverSide = completion.serverSideCopy
        case .linked(let target):
            status = "linked"
            reason = target
        case .directory(let created): status = created ? "created" : "merged"
        case .skipped(let why):
            status = "skipped"
            reason = why.rawValue
        case .failed(let failure):
            status = "failed"
            error = String(describing: failure.error)
        case .paused(let pause):
            status = "paused"
            error = pause.cause.map(String.init(describing:))
        case .cancelled: status = "cancelled"
        }
        return File(
            source: file.source.description, destination: file.destination.description, kind: file.kind, status: status,
            bytes: bytes, bytesSent: sent, resumedFrom: resumed, sha256: sha256, serverSideCopy: serverSide, reason: reason, error: error,
            partial: file.outcome.partial?.address.description)
    }
}
