import Foundation
import TermindDomain

/// What one file's run knows so far, kept where its failure handling can see it: the chosen
/// destination and partial, the claim on the destination, the source as it was when the run
/// started, the verified prefix, and the open handles. Lives in the one task that runs the
/// file; not `Sendable`.
final class FileTransferState {
    var finalPath: String
    var partialPath: String?
    var sourceSize: UInt64 = 0
    var sourceModified: Int64?
    /// When this partial's first bytes were read (carried over from the record a resume
    /// continues).
    var startedAt = Date()
    var prefix = VerifiedPrefix()
    /// `prefix` describes the partial (false while an earlier partial is still being checked).
    var prefixKnown = false
    /// A partial from an earlier run was there when this one began (and was taken over).
    var partialExisted = false
    /// The record of that partial, when resuming found one.
    var earlierRecord: PartialTransferRecord?
    /// This run created the partial or took it over: it may write, keep or remove it. Until
    /// then nothing at the partial's name is touched.
    var ownsPartial = false
    /// This run wrote to the partial.
    var wroteToPartial = false
    /// A record was saved for this partial during the run.
    var recordSaved = false
    var bytesSent: UInt64 = 0
    /// The destination, held against other Termind processes for the whole run.
    var claim: (any TransferClaim)?
    /// The partial as created or taken over (what records name).
    var partialIdentity: FileIdentity?
    var reader: (any FileReader)?
    /// The open partial, owned (and locked on this machine) until closed.
    var writer: (any PartialWriter)?

    init(destination: String) {
        finalPath = destination
    }

    func record(source: TransferAddress, destination: TransferAddress, writer run: String, partial: FileIdentity?)
        -> PartialTransferRecord
    {
        PartialTransferRecord(
            source: source, sourceSize: sourceSize, sourceModified: sourceModified, destination: destination,
            partialPath: partialPath ?? "", verifiedBytes: prefix.length, sha256: prefix.sha256, savedAt: Date(),
            startedAt: startedAt, partial: partial, writer: run)
    }

    /// Closes what is still open, ignoring failures (the run already failed or stopped).
    func closeHandles() async {
        if let writer {
            _ = try? await uncancelled { try await writer.close() }
            self.writer = nil
        }
        if let reader {
            _ = try? await uncancelled { try await reader.close() }
            self.reader = nil
        }
    }

    /// Starts closing what is still open and returns at once: an interrupted transfer never
    /// waits on a server that may be why it was interrupted (docs/behaviour.md §8: Ctrl-C
    /// stops at once). The process may exit before the closes are answered.
    func closeHandlesInBackground() {
        let writer = writer, reader = reader
        self.writer = nil
        self.reader = nil
        guard writer != nil || reader != nil else { return }
        Task.detached {
            _ = try? await writer?.close()
            _ = try? await reader?.close()
        }
    }

    /// Closes what is open and gives up the claim on the destination.
    func finish() async {
        await closeHandles()
        if let claim {
            self.claim = nil
            await uncancelledRelease(claim)
        }
    }

    private func uncancelledRelease(_ claim: any TransferClaim) async {
        _ = try? await uncancelled { await claim.release() }
    }
}
