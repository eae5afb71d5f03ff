import Foundation
import TermindApplication
import TermindCrypto

/// Partial-transfer records as JSON files under `$XDG_STATE_HOME/termind/partials/`, one per
/// destination, named by the SHA-256 of its location and path (so any path fits a file name).
/// Files are mode 0600 in a 0700 directory and written atomically (a temporary file renamed
/// over the old one), so a crash leaves the old record or the new one, never half of either.
/// A plain value; `Sendable`; each call blocks its thread for a few small file operations.
public struct PartialTransferFiles: PartialTransferStore {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The store under `paths.stateDirectory`.
    public init(paths: XDGPaths) {
        self.init(directory: paths.stateDirectory + "/partials")
    }

    /// The record file for a destination.
    public func file(for destination: TransferAddress) -> String {
        let key = SHA256.hash(Array((destination.location + "\u{0}" + destination.path).utf8)).hexString
        return directory + "/" + key + ".json"
    }

    /// Nil when there is no record, or the file is not one (unreadable JSON, another layout,
    /// another destination): a resume then starts over, saying so.
    public func load(destination: TransferAddress) async throws -> PartialTransferRecord? {
        guard let data = try read(file(for: destination), what: "the partial-transfer record") else { return nil }
        guard let record = try? Self.decoder.decode(PartialTransferRecord.self, from: data),
            record.version == PartialTransferRecord.currentVersion, record.destination == destination
        else { return nil }
        return record
    }

    public func save(_ record: PartialTransferRecord) async throws {
        try writeJSON(record, to: file(for: record.destination))
    }

    /// The placement file for a Batch's sources and destination (`batch-KEY.json`).
    public func placementFile(sources: [TransferAddress], destination: TransferAddress) -> String {
        let text = (sources + [destination]).map { $0.location + "\u{0}" + $0.path }.joined(separator: "\u{1}")
        return directory + "/batch-" + SHA256.hash(Array(text.utf8)).hexString + ".json"
    }

    public func loadPlacement(sources: [TransferAddress], destination: TransferAddress) async throws -> TransferPlacement? {
        let path = placementFile(sources: sources, destination: destination)
        guard let data = try read(path, what: "the placement record") else { return nil }
        guard let placement = try? Self.decoder.decode(TransferPlacement.self, from: data),
            placement.isFor(sources: sources, destination: destination)
        else { return nil }
        return placement
    }

    public func savePlacement(_ placement: TransferPlacement) async throws {
        try writeJSON(placement, to: placementFile(sources: placement.sources, destination: placement.destination))
    }

    public func removePlacement(sources: [TransferAddress], destination: TransferAddress) async throws {
        let path = placementFile(sources: sources, destination: destination)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemError(errno: errno, "cannot remove the placement record", path: path)
        }
    }

    /// The file's bytes, nil when it does not exist; never through a symlink planted at its name.
    private func read(_ path: String, what: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(errno: errno, "cannot read \(what)", path: path)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw FileSystemError(.failure, location: "local", path: path, detail: "cannot read \(what): \(error)")
        }
    }

    /// Writes `value` as JSON to `path` atomically (a 0600 temporary file, fsynced, renamed).
    private func writeJSON(_ value: some Encodable, to path: String) throws {
        try makeDirectory()
        let data: Data
        do {
            data = try Self.encoder.encode(value)
        } catch {
            throw FileSystemError(.failure, location: "local", path: path, detail: "cannot encode the partial-transfer record: \(error)")
        }
        var template = Array((directory + "/.record-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)  // mode 0600
        guard descriptor >= 0 else {
            throw FileSystemError(errno: errno, "cannot create a file for the partial-transfer record", path: directory)
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw FileSystemError(errno: failure, "cannot write the partial-transfer record", path: path)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(errno: code, "cannot save the partial-transfer record", path: path)
        }
    }

    public func remove(destination: TransferAddress) async throws {
        let path = file(for: destination)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemError(errno: errno, "cannot remove the partial-transfer record", path: path)
        }
    }

    /// Claims by an exclusive `flock` on `KEY.lock` beside the record (opened without
    /// following a symlink, mode 0600). The lock file stays: removing it would let two
    /// processes lock two different files of one name.
    public func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)? {
        try makeDirectory()
        let path = String(file(for: destination).dropLast(".json".count)) + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot open the transfer lock", path: path) }
        let locked: Int32
        do {
            locked = try await LocalFileLock.lock(descriptor, wait: wait)
        } catch {
            close(descriptor)
            throw error
        }
        guard locked == 0 else {
            close(descriptor)
            if locked == EWOULDBLOCK { return nil }
            throw FileSystemError(errno: locked, "cannot lock the transfer lock", path: path)
        }
        return LocalTransferClaim(descriptor: descriptor)
    }

    /// `mkdir -p` with mode 0700 for each missing component.
    private func makeDirectory() throws {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileSystemError(errno: errno, "cannot create the directory for partial-transfer records", path: prefix)
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
