import Foundation
import TermindApplication

// `termind cp --list-partials` and `--prune-partials`: what the records directory holds, and
// removing what an interrupted transfer left longer ago than the person wants to keep it.

extension PartialTransferFiles {
    /// How old a record is before `--prune-partials` removes it by default: 30 days.
    public static let staleAge: TimeInterval = 30 * 24 * 3600

    /// Every record, placement, leftover lock file and unfinished write in the directory (none
    /// when it does not exist), oldest first. `claims.lock` is not listed.
    public func storedRecords() throws -> [StoredPartialRecord] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch {
            throw FileSystemError(.failure, location: "local", path: directory, detail: "cannot list the partial-transfer records: \(error)")
        }
        var stored: [StoredPartialRecord] = []
        for name in names where name != "claims.lock" {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
            if name.hasPrefix(".record-") {
                stored.append(StoredPartialRecord(file: path, content: .unfinishedWrite, savedAt: modified))
            } else if name.hasSuffix(".lock") {
                stored.append(StoredPartialRecord(file: path, content: .legacyLock, savedAt: modified))
            } else if name.hasPrefix("batch-") && name.hasSuffix(".json") {
                stored.append(StoredPartialRecord(file: path, content: .placement, savedAt: modified))
            } else if name.hasSuffix(".json") {
                stored.append(readRecord(path, modified: modified))
            }
        }
        return stored.sorted { $0.savedAt < $1.savedAt }
    }

    private func readRecord(_ path: String, modified: Date) -> StoredPartialRecord {
        guard let data = FileManager.default.contents(atPath: path) else {
            return StoredPartialRecord(file: path, content: .unreadable("it cannot be read"), savedAt: modified)
        }
        guard let record = try? Self.decoder.decode(PartialTransferRecord.self, from: data) else {
            return StoredPartialRecord(file: path, content: .unreadable("it is not a partial-transfer record"), savedAt: modified)
        }
        guard file(for: record.destination) == path else {
            return StoredPartialRecord(file: path, content: .unreadable("its name does not match its destination"), savedAt: modified)
        }
        return StoredPartialRecord(file: path, content: .record(record), savedAt: record.savedAt)
    }

    /// What `prune` did with one stale entry.
    public enum PruneOutcome: Sendable {
        /// The record (or placement, or lock file) is gone, and with it the local partial file
        /// it named when that was still the file Termind wrote.
        case removed(partialRemoved: String?)
        /// The record is gone; the partial it names was left, for the reason given.
        case removedKeepingPartial(String)
        /// Nothing was removed: a transfer holds this destination now, or removing failed.
        case kept(String)
    }

    /// Removes every entry saved more than `age` before `now` (records, placements, lock files
    /// of earlier versions, unreadable `.json` files; unfinished writes once an hour old too),
    /// except records whose destination a running transfer claims. A local partial file goes too when it is still the file the
    /// record names (same device and inode, same owner); one somewhere else is never touched,
    /// and a remote one is left for `termind rm`.
    public func prune(olderThan age: TimeInterval, now: Date = Date()) async throws -> [(StoredPartialRecord, PruneOutcome)] {
        var outcomes: [(StoredPartialRecord, PruneOutcome)] = []
        for entry in try storedRecords() where entry.isStale(now: now, age: age) {
            guard let record = entry.record else {
                outcomes.append((entry, unlink(entry.file) == 0 || errno == ENOENT
                    ? .removed(partialRemoved: nil) : .kept(String(cString: strerror(errno)))))
                continue
            }
            guard let claim = try await claim(destination: record.destination, wait: false) else {
                outcomes.append((entry, .kept("a transfer to \(record.destination) is running")))
                continue
            }
            let partial = removePartial(of: record)
            let code = unlink(entry.file) == 0 ? 0 : errno
            await claim.release()
            guard code == 0 || code == ENOENT else {
                outcomes.append((entry, .kept("the record cannot be removed: \(String(cString: strerror(code)))")))
                continue
            }
            switch partial {
            case .success(let removed): outcomes.append((entry, .removed(partialRemoved: removed)))
            case .failure(let why): outcomes.append((entry, .removedKeepingPartial(why.reason)))
            }
        }
        return outcomes
    }

    private struct Left: Error {
        let reason: String
    }

    /// Removes the record's local partial file if it is still the one Termind wrote: the path
    /// removed, nil when there was none, or why it was left.
    private func removePartial(of record: PartialTransferRecord) -> Result<String?, Left> {
        let path = record.partialPath
        guard record.destination.location == "local" else {
            return .failure(Left(reason: "the partial \(record.destination.location):\(path) is on the server: "
                + "remove it with termind rm \(record.destination.location):\(path) if nothing resumes it"))
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT ? .success(nil) : .failure(Left(reason: "\(path) cannot be examined: \(String(cString: strerror(errno)))"))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG, let recorded = record.partial,
            recorded.matches(LocalPartialWriter.identity(status))
        else {
            return .failure(Left(reason: "\(path) is not the file the record names; it was not touched"))
        }
        guard unlink(path) == 0 else {
            return .failure(Left(reason: "\(path) cannot be removed: \(String(cString: strerror(errno)))"))
        }
        return .success(path)
    }
}
