/// The `SSH_FX_*` codes of a STATUS reply. SFTP v3 defines 0 through 8; servers that also
/// speak later versions sometimes send the later codes anyway, so those Termind can act on
/// are known too, and any other stays `.other`.
enum SFTPStatusCode: Sendable, Equatable, CustomStringConvertible {
    case ok
    case endOfFile
    case noSuchFile
    case permissionDenied
    case failure
    case badMessage
    case noConnection
    case connectionLost
    case operationUnsupported
    /// Draft 05 and later: NO_SUCH_PATH, FILE_ALREADY_EXISTS, WRITE_PROTECT, NO_SPACE_ON_FILESYSTEM,
    /// QUOTA_EXCEEDED, DIR_NOT_EMPTY, NOT_A_DIRECTORY, FILE_IS_A_DIRECTORY.
    case noSuchPath
    case fileAlreadyExists
    case writeProtect
    case noSpaceOnFileSystem
    case quotaExceeded
    case directoryNotEmpty
    case notADirectory
    case fileIsADirectory
    case other(UInt32)

    init(_ raw: UInt32) {
        switch raw {
        case 0: self = .ok
        case 1: self = .endOfFile
        case 2: self = .noSuchFile
        case 3: self = .permissionDenied
        case 4: self = .failure
        case 5: self = .badMessage
        case 6: self = .noConnection
        case 7: self = .connectionLost
        case 8: self = .operationUnsupported
        case 10: self = .noSuchPath
        case 11: self = .fileAlreadyExists
        case 12: self = .writeProtect
        case 14: self = .noSpaceOnFileSystem
        case 15: self = .quotaExceeded
        case 18: self = .directoryNotEmpty
        case 19: self = .notADirectory
        case 24: self = .fileIsADirectory
        default: self = .other(raw)
        }
    }

    var rawValue: UInt32 {
        switch self {
        case .ok: 0
        case .endOfFile: 1
        case .noSuchFile: 2
        case .permissionDenied: 3
        case .failure: 4
        case .badMessage: 5
        case .noConnection: 6
        case .connectionLost: 7
        case .operationUnsupported: 8
        case .noSuchPath: 10
        case .fileAlreadyExists: 11
        case .writeProtect: 12
        case .noSpaceOnFileSystem: 14
        case .quotaExceeded: 15
        case .directoryNotEmpty: 18
        case .notADirectory: 19
        case .fileIsADirectory: 24
        case .other(let raw): raw
        }
    }

    /// The draft's name without `SSH_FX_`, for messages.
    var description: String {
        switch self {
        case .ok: "OK"
        case .endOfFile: "EOF"
        case .noSuchFile: "NO_SUCH_FILE"
        case .permissionDenied: "PERMISSION_DENIED"
        case .failure: "FAILURE"
        case .badMessage: "BAD_MESSAGE"
        case .noConnection: "NO_CONNECTION"
        case .connectionLost: "CONNECTION_LOST"
        case .operationUnsupported: "OP_UNSUPPORTED"
        case .noSuchPath: "NO_SUCH_PATH"
        case .fileAlreadyExists: "FILE_ALREADY_EXISTS"
        case .writeProtect: "WRITE_PROTECT"
        case .noSpaceOnFileSystem: "NO_SPACE_ON_FILESYSTEM"
        case .quotaExceeded: "QUOTA_EXCEEDED"
        case .directoryNotEmpty: "DIR_NOT_EMPTY"
        case .notADirectory: "NOT_A_DIRECTORY"
        case .fileIsADirectory: "FILE_IS_A_DIRECTORY"
        case .other(let raw): "status \(raw)"
        }
    }
}
