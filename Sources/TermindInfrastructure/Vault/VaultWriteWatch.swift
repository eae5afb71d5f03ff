import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells when the Vault's files were written (by this process or another), through inotify on
/// the database's directory: a commit writes `termind.db-wal`, a checkpoint `termind.db`. The
/// live Vault waits on it instead of polling, so an idle workbench does not wake for the Vault
/// at all; what was written is still decided by `PRAGMA data_version`, read after each event.
///
/// Owns one inotify descriptor, read on a Dispatch source only when the kernel has events;
/// `stop()` (or deinit) closes it and ends the stream. Unchecked Sendable: its one mutable
/// part is the Dispatch source, whose cancel is safe from any thread.
public final class VaultWriteWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let source: any DispatchSourceRead
    /// One element for any number of writes since the last was taken: the reader reads the
    /// counter once for a burst of commits.
    public let writes: AsyncStream<Void>

    /// Watches the directory of `databasePath`; nil where inotify cannot be had (the caller
    /// then polls).
    public init?(databasePath: String) {
        let directory = (databasePath as NSString).deletingLastPathComponent
        let name = (databasePath as NSString).lastPathComponent
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        let (writes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.writes = writes
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global(qos: .utility))
        source.setEventHandler {
            if Self.drain(descriptor, touching: [name, name + "-wal"]) { continuation.yield() }
        }
        source.setCancelHandler {
            continuation.finish()
            close(descriptor)
        }
        self.source = source
        source.resume()
    }

    deinit { stop() }

    /// Stops watching; the stream ends.
    public func stop() {
        if !source.isCancelled { source.cancel() }
    }

    /// Reads every pending event; true when one names a file of `names`.
    private static func drain(_ descriptor: Int32, touching names: Set<String>) -> Bool {
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + header - 4, as: UInt32.self))
                }
                let nameStart = offset + header
                let nameEnd = min(count, nameStart + length)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                if names.contains(name) { touched = true }
                offset = nameStart + length
            }
        }
        return touched
    }
}
