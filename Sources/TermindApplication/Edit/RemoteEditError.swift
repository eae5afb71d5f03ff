import TermindDomain

/// An edit that could not begin: the remote path is missing (and no new file was asked for),
/// is not a regular file, changed while its copy was fetched, or is already being edited on
/// this machine. Nothing was uploaded.
public struct RemoteEditError: CategorizedFailure, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case missing
        case notAFile = "not-a-file"
        case changedWhileOpening = "changed-while-opening"
        case beingEdited = "being-edited"
    }

    public let kind: Kind
    public let file: TransferAddress
    public let detail: String

    public init(_ kind: Kind, _ file: TransferAddress, _ detail: String) {
        self.kind = kind
        self.file = file
        self.detail = detail
    }

    public var exitCode: ExitCode { .failure }

    public var description: String { "\(file): \(detail)" }
}
