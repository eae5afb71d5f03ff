import Foundation
import TermindDomain

/// What one file's run knows so far, kept where its failure handling can see it: the chosen
/// destination and partial, the source as it was when the run started, the verified prefix,
/// and the open handles. Lives in the one task that runs the file; not `Sendable`.
final class FileTransferState {
    var finalPath: String
    var partialPath: String?
    var sourceSize: UInt64 = 0
    var sourceModified: Int64?
    var prefix = VerifiedPrefix()
    /// `prefix` describes the partial (false while an earlier partial is still being checked).
    var prefixKnown = false
    /// A partial from an earlier run was there when this one began.
    var partialExisted = false
    /// The record of that partial, when resuming found one.
    var earlierRecord: PartialTransferRecord?
    /// This run opened the partial for writing.
    var wroteToPartial = false
    /// A record was saved for this partial during the run.
    var recordSaved = false
    var bytesSent: UInt64 = 0
    var reader: (any FileReader)?
    var writer: (any FileWriter)?

    init(destination: String) {
        finalPath = destination
    }

    func record(source: TransferAddress, destination: TransferAddress) -> PartialTransferRecord {
        PartialTransferRecord(
            source: source, sourceSize: sourceSize, sourceModified: sourceModified, destination: destination,
            partialPath: partialPath ?? "", verifiedBytes: prefix.length, sha256: prefix.sha256, savedAt: Date())
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
}
