import TermindDomain

extension TransferJob {
    /// Copies a symlink found in a tree as a symlink: made at the partial name, then renamed
    /// into place like a file (so *Overwrite* replaces atomically). A destination that cannot
    /// make symlinks skips it, and says so.
    func copySymlink(from sourceFS: any FileSystem, to destinationFS: any FileSystem) async -> Result {
        let state = FileTransferState(destination: destination.path)
        do {
            let target = try await sourceFS.readlink(source.path)
            let replacing: Bool
            switch try await place(at: destination.path, source: entry.attributes, kind: .symlink, in: destinationFS) {
            case .write(let path, let replace):
                state.finalPath = path
                replacing = replace
            case .skip(let reason):
                return Result(outcome: .skipped(reason), destination: destination.path, record: nil)
            case .fail(let error):
                return Result(outcome: .failed(TransferFailure(error)), destination: destination.path, record: nil)
            }
            let partialPath = PartialFileName.path(for: state.finalPath)
            if let existing = try await destinationFS.lstatIfPresent(partialPath) {
                // Never removed: it may be another transfer's partial, or someone else's file.
                throw TransferError(
                    .notAPartial, destinationAddress(partialPath),
                    "is in the way of the symlink (\(existing.kind.partialDescription) is there); nothing was touched: move it away (or remove it, if it is yours) and copy again")
            }
            do {
                try await destinationFS.symlink(at: partialPath, pointingTo: target)
            } catch let error as FileSystemError where error.kind == .unsupported {
                return Result(outcome: .skipped(.symlinkUnsupported), destination: state.finalPath, record: nil)
            }
            state.partialPath = partialPath
            state.ownsPartial = true
            state.wroteToPartial = true
            guard let committed = try await commit(state, replacing: replacing, source: entry.attributes, in: destinationFS) else {
                return Result(outcome: .skipped(.destinationExists), destination: state.finalPath, record: nil)
            }
            return Result(outcome: .linked(target: target), destination: committed, record: nil)
        } catch {
            return await stopped(error, state, in: destinationFS)
        }
    }
}
