import Foundation
import Synchronization
import TermindApplication
import TermindCrypto

/// Partial-transfer records as JSON files under `$XDG_STATE_HOME/termind/partials/`, one per
/// destination, named by the SHA-256 of its location and path (so any path fits a file name).
/// Files are mode 0600 in a 0700 directory and written atomically (a temporary file renamed
/// over the old one), so a crash leaves the old record or the new one, never half of either.
/// A plain value; `Sendable`; each call blocks its thread for a few small file operations.
public struct PartialTransferFiles: PartialTransferStore {
    public let directory: String
    /// Shared by copies of this value.
    private let written = WrittenRecords()

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
        let path = file(for: destination)
        guard let data = try read(path, what: "the partial-transfer record") else { return nil }
        guard let record = written.record(at: path, reading: data) ?? (try? Self.decoder.decode(PartialTransferRecord.self, from: data)),
            record.version == PartialTransferRecord.currentVersion, record.destination == destination
        else { return nil }
        return record
    }

    /// A record of a verified prefix is fsynced before its rename (a resume relies on it). A
    /// record with nothing verified (written twice as each file starts: before its partial
    /// exists, then naming it) is not: a power cut may lose it, and the next run then refuses
    /// the partial, saying so, where an fsync per file would cost every small file a disk
    /// flush. It is written in place when that cannot leave a torn record (`writeInPlace`).
    public func save(_ record: PartialTransferRecord) async throws {
        let path = file(for: record.destination)
        let data = PartialTransferRecordJSON.encode(record)
        written.forget(path)
        let inPlace = record.verifiedBytes == 0 ? try writeInPlace(data, to: path) : false
        if !inPlace {
            try writeAtomically(data, to: path, durable: record.verifiedBytes > 0)
        }
        written.remember(record, as: data, at: path)
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
        let path = placementFile(sources: placement.sources, destination: placement.destination)
        try writeAtomically(try encoded(placement, for: path), to: path)
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

    /// `value` as the JSON written to `path`.
    private func encoded(_ value: some Encodable, for path: String) throws -> Data {
        do {
            return try Self.encoder.encode(value)
        } catch {
            throw FileSystemError(.failure, location: "local", path: path, detail: "cannot encode the partial-transfer record: \(error)")
        }
    }

    /// Writes `data` to `path` atomically (a 0600 temporary file, fsynced when `durable`,
    /// renamed).
    private func writeAtomically(_ data: Data, to path: String, durable: Bool = true) throws {
        try makeDirectory()
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
        if failure == 0 && durable && fsync(descriptor) != 0 { failure = errno }
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

    /// Writes `data` over the record at `path` without a temporary file, when no record is
    /// there or the one there is no longer than the new one: one write at offset 0 then leaves
    /// the old record or the new one whatever kills the process (a shorter one would leave
    /// the old one's tail). False, with nothing written, when that does not hold, or the name
    /// holds anything but a private regular file of this user's. A file created and renamed
    /// for every record made a tree of small files churn through inodes, which ext4 scans
    /// past while they are recently deleted.
    private func writeInPlace(_ data: Data, to path: String) throws -> Bool {
        try makeDirectory()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
            status.st_nlink == 1, status.st_mode & 0o077 == 0, Int(status.st_size) <= data.count
        else { return false }
        let written = data.withUnsafeBytes { buffer in pwrite(descriptor, buffer.baseAddress!, buffer.count, 0) }
        guard written == data.count else {
            throw FileSystemError(errno: written < 0 ? errno : EIO, "cannot write the partial-transfer record", path: path)
        }
        return true
    }

    public func remove(destination: TransferAddress) async throws {
        let path = file(for: destination)
        written.forget(path)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemError(errno: errno, "cannot remove the partial-transfer record", path: path)
        }
    }

    /// Claims by an exclusive lock on one byte of `claims.lock` (an open-file-description
    /// lock, at an offset taken from the destination's key): one file for every destination,
    /// so claiming leaves nothing behind, and two destinations share a byte only if 62 bits
    /// of their SHA-256 agree. Opened without following a symlink, mode 0600.
    public func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)? {
        try makeDirectory()
        let path = directory + "/claims.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot open the transfer lock", path: path) }
        let locked: Int32
        do {
            locked = try await LocalFileLock.lock(descriptor, byte: Self.claimOffset(destination), wait: wait)
        } catch {
            close(descriptor)
            throw error
        }
        guard locked == 0 else {
            close(descriptor)
            if locked == EWOULDBLOCK || locked == EAGAIN || locked == EACCES { return nil }
            throw FileSystemError(errno: locked, "cannot lock the transfer lock", path: path)
        }
        return LocalTransferClaim(descriptor: descriptor)
    }

    /// The byte of `claims.lock` that stands for `destination`: 62 bits of its key's SHA-256.
    static func claimOffset(_ destination: TransferAddress) -> Int64 {
        let digest = SHA256.hash(Array((destination.location + "\u{0}" + destination.path).utf8))
        let bits = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int64(bits & 0x3FFF_FFFF_FFFF_FFFF)
    }

    /// `mkdir -p` with mode 0700 for each missing component; once per directory and process
    /// (it is not removed while Termind runs, and a file per transfer made this 10 failing
    /// `mkdir` calls each).
    private func makeDirectory() throws {
        guard !Self.madeDirectories.withLock({ $0.contains(directory) }) else { return }
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileSystemError(errno: errno, "cannot create the directory for partial-transfer records", path: prefix)
            }
        }
        Self.madeDirectories.withLock { _ = $0.insert(directory) }
    }

    private static let madeDirectories = Mutex<Set<String>>([])

    /// Placements; records go through `PartialTransferRecordJSON`, which writes the same bytes.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
