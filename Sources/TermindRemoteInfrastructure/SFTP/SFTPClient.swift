import TermindApplication
import TermindDomain

/// A server's file system over Termind's own SFTP v3 client (draft-ietf-secsh-filexfer-02) on
/// an `sftp` subsystem channel, using the OpenSSH extensions the server announces:
/// `limits@openssh.com` (chunk sizes), `posix-rename@openssh.com`, `fsync@openssh.com`,
/// `statvfs@openssh.com`, `hardlink@openssh.com` and `copy-data`.
///
/// Termind speaks SFTP itself rather than through libssh2's SFTP API, which in 1.10 caps
/// requests at 30,000 bytes, pipelines on its own terms and lacks posix-rename. Every call sends
/// its requests at once; concurrent calls have their requests in flight together, answered by
/// id (`SFTPExchange`).
///
/// Every failure is a `FileSystemError` naming the path, with the server's message and what to
/// do. An ambiguous status (FAILURE, OpenSSH's answer for most errno values, and NO_SUCH_FILE,
/// which it also sends for ENOTDIR) is looked at more closely, by the server's own words or a
/// second request: something already there, not a directory, a directory, a directory not
/// empty, a full disk (statvfs after a failed WRITE). Directory entries whose name is not a
/// plain name (a `/` in it) are refused, as OpenSSH's client does.
///
/// `Sendable`: it holds only `Sendable` values and the exchange.
final class SFTPClient: RemoteFileSystem {
    let location: String
    let serverExtensions: [String: String]
    /// The protocol version both sides speak (3).
    let version: UInt32
    /// The server's `limits@openssh.com`, when it offers them.
    let limits: SFTPLimits?
    /// How this server reads SYMLINK's paths.
    let symlinkOrder: SFTPSymlinkOrder
    let exchange: SFTPExchange

    /// How many names of one listing are checked for a repeat.
    static let namesCheckedForRepeats = 1_000_000

    /// How long the server may take to answer INIT.
    static let defaultHandshakeLimit: Duration = .seconds(30)

    private init(exchange: SFTPExchange, version: SFTPVersion, limits: SFTPLimits?, symlinkOrder: SFTPSymlinkOrder) {
        self.exchange = exchange
        self.symlinkOrder = symlinkOrder
        self.location = exchange.location
        self.version = version.version
        self.limits = limits
        var extensions: [String: String] = [:]
        for announced in version.extensions where extensions[announced.name] == nil {
            extensions[announced.name] = announced.data
        }
        self.serverExtensions = extensions
    }

    deinit {
        let exchange = exchange
        Task {
            await exchange.close(.sftpConnectionLost("the file system was released", location: exchange.location))
        }
    }

    /// Starts SFTP on `process` (a channel running the `sftp` subsystem): negotiates version 3
    /// and asks for the server's limits when it offers them. On failure the channel is closed.
    /// `serverSoftware` is the server's SSH identification string, for its SYMLINK order.
    static func open(
        over process: any RemoteProcess, location: String, serverSoftware: String? = nil,
        handshakeLimit: Duration = defaultHandshakeLimit, requestTimeout: Duration = SFTPExchange.defaultRequestTimeout
    ) async throws -> SFTPClient {
        let exchange = SFTPExchange(process: process, location: location, requestTimeout: requestTimeout)
        exchange.start()
        do {
            let version = try await exchange.negotiate(version: 3, within: handshakeLimit)
            guard version.version >= 3 else {
                throw FileSystemError(.unsupported, location: location, path: "", detail:
                    "the server speaks SFTP version \(version.version); Termind needs version 3 or later")
            }
            var limits: SFTPLimits?
            if version.extensions.contains(where: { $0.name == SFTPExtensionRequest.limitsName }) {
                if case .extendedReply(let data) = try await exchange.send(.extended(.limits)) {
                    do {
                        limits = try SFTPLimits.decode(data)
                    } catch let error as SFTPWireError {
                        throw FileSystemError.sftpProtocolViolation(error, location: location)
                    }
                }
            }
            return SFTPClient(exchange: exchange, version: version, limits: limits,
                              symlinkOrder: SFTPSymlinkOrder(serverSoftware: serverSoftware))
        } catch {
            await exchange.close(.sftpConnectionLost("the file system could not be opened", location: location))
            throw (error as? FileSystemError)?.sftpNaming(path: "", doing: "starting SFTP") ?? error
        }
    }

    /// READ lengths: the server's limit, capped at 255 KiB; 32 KiB without limits.
    var readChunkSize: Int { limits?.readChunkSize ?? SFTPLimits.defaultChunkSize }
    /// WRITE lengths, the same way.
    var writeChunkSize: Int { limits?.writeChunkSize ?? SFTPLimits.defaultChunkSize }

    func offers(_ extensionName: String) -> Bool { serverExtensions[extensionName] != nil }

    func close() async {
        await exchange.close(.sftpConnectionLost("the file system was closed", location: location))
    }

    // MARK: - FileSystem

    func list(_ path: String) async throws -> [RemoteFile] {
        var files: [RemoteFile] = []
        try await list(path) { files += $0 }
        return files
    }

    func list(_ path: String, inParts part: ([RemoteFile]) async throws -> Void) async throws {
        try await explaining(path, { try await self.orParent(path, try? await self.notADirectoryFinding(path)) }) {
            let handle = try await self.handle(.opendir(path: path), path: path, doing: "opening the directory")
            // Names seen, by a hash of their bytes (Swift compares Strings by canonical
            // equivalence; names are bytes): 16 bytes a name, for the first million names, so
            // an endless listing still streams in bounded memory.
            var seen = Set<Int>()
            do {
                // To EOF; an empty NAME also ends it (a server answering so would otherwise be
                // asked forever). Each reply is handed on before the next is asked for, so an
                // endless listing costs what the caller keeps, and Ctrl-C is seen between replies.
                while let names = try await self.names(.readdir(handle: handle), path: path, doing: "reading the directory"),
                      !names.isEmpty {
                    try Task.checkCancellation()
                    var files: [RemoteFile] = []
                    files.reserveCapacity(names.count)
                    for name in names where name.filename != "." && name.filename != ".." {
                        // A name with a slash could lead a recursive copy out of its directory.
                        // Looked for in the bytes: Foundation's `contains` was an eighth of `ls -l`'s time.
                        guard !name.filename.isEmpty,
                              !name.filename.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }) else {
                            throw FileSystemError(.failure, location: self.location, path: path, detail:
                                "reading the directory failed: the server sent the entry name "
                                    + "“\(SFTPStatusError.displayable(name.filename))”, which is not a plain name; "
                                    + "the listing was refused, check the server")
                        }
                        // Two entries of one name would be two sources for one destination.
                        var filename = name.filename
                        let hash = filename.withUTF8 { bytes in
                            var hasher = Hasher()
                            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                            return hasher.finalize()
                        }
                        guard seen.count >= Self.namesCheckedForRepeats || seen.insert(hash).inserted else {
                            throw FileSystemError(.failure, location: self.location, path: path, detail:
                                "reading the directory failed: the server listed the name "
                                    + "“\(SFTPStatusError.displayable(name.filename))” more than once; "
                                    + "the listing was refused, check the server")
                        }
                        files.append(RemoteFile(
                            path: RemotePath.join(path, name.filename), attributes: name.attributes,
                            longName: name.longName.isEmpty ? nil : name.longName))
                    }
                    try await part(files)
                }
            } catch {
                // Best effort and in the background: a stopped listing does not wait on the server.
                Task { try? await self.closeHandle(handle, path: path) }
                throw error
            }
            try await self.closeHandle(handle, path: path)
        }
    }

    func stat(_ path: String) async throws -> RemoteFile {
        try await explaining(path, { try await self.parentFinding(path) }) {
            RemoteFile(path: path, attributes: try await self.attributes(.stat(path: path), path: path, doing: "stat"))
        }
    }

    func lstat(_ path: String) async throws -> RemoteFile {
        try await explaining(path, { try await self.parentFinding(path) }) {
            RemoteFile(path: path, attributes: try await self.attributes(.lstat(path: path), path: path, doing: "lstat"))
        }
    }

    /// NO_SUCH_FILE is nothing there, without the second look at the parent that `lstat`
    /// takes to tell a path under a file apart.
    func lstatIfPresent(_ path: String) async throws -> RemoteFile? {
        guard let attributes = try await existingAttributes(path) else { return nil }
        return RemoteFile(path: path, attributes: attributes)
    }

    func realpath(_ path: String) async throws -> String {
        try await explaining(path) {
            try await self.singleName(.realpath(path: path), path: path, doing: "resolving the path")
        }
    }

    func makeDirectory(_ path: String, permissions: UInt32) async throws {
        try await explaining(path, { try await self.orParent(path, try? await self.existsFinding(path)) }) {
            try await self.status(.mkdir(path: path, attributes: FileAttributes(mode: permissions)), path: path,
                                  doing: "creating the directory")
        }
    }

    func removeDirectory(_ path: String) async throws {
        try await explaining(path, { try await self.orParent(path, try? await self.removeDirectoryFinding(path)) }) {
            try await self.status(.rmdir(path: path), path: path, doing: "removing the directory")
        }
    }

    func remove(_ path: String) async throws {
        try await explaining(path, { try await self.orParent(path, try? await self.isADirectoryFinding(path)) }) {
            try await self.status(.remove(path: path), path: path, doing: "removing the file")
        }
    }

    func rename(_ source: String, to destination: String, replacing: Bool) async throws {
        guard replacing else { return try await performRename(source, to: destination, replacing: false) }
        do {
            try await performRename(source, to: destination, replacing: true)
        } catch let error as FileSystemError where error.kind == .alreadyExists {
            // Replacing was asked for: "choose another name or replace it" would be no advice.
            let how = offers(SFTPExtensionRequest.posixRenameName)
                ? "refused to replace it"
                : "cannot replace a file by renaming (it lacks posix-rename@openssh.com)"
            throw FileSystemError(.alreadyExists, location: location, path: destination, detail:
                "renaming \(source) to \(destination) failed: something is already there and the server \(how); "
                    + "Termind never removes a file to make way: move \(destination) away, then run the copy again")
        }
    }

    private func performRename(_ source: String, to destination: String, replacing: Bool) async throws {
        let what = "renaming \(source) to \(destination)"
        if replacing && offers(SFTPExtensionRequest.posixRenameName) {
            try await explaining(source, { try await self.renameFinding(source, destination) }) {
                try await self.status(.extended(.posixRename(from: source, to: destination)), path: source, doing: what)
            }
            return
        }
        if !replacing {
            // Some servers implement RENAME with rename(2), which replaces: look first.
            if let existing = try await existingKind(destination) {
                throw FileSystemError(.alreadyExists, location: location, path: destination, detail:
                    "\(what) failed: a \(existing) is already there; \(FileSystemError.Kind.alreadyExists.sftpAdvice)")
            }
        }
        // Without posix-rename a replacing rename is a plain RENAME, which fails on an existing
        // destination: it is never unlinked first.
        try await explaining(source, { try await self.renameFinding(source, destination) }) {
            try await self.status(.rename(from: source, to: destination), path: source, doing: what)
        }
    }

    func symlink(at path: String, pointingTo target: String) async throws {
        try await explaining(path, { try await self.orParent(path, try? await self.existsFinding(path)) }) {
            try await self.status(.symlink(linkPath: path, targetPath: target, order: self.symlinkOrder), path: path,
                                  doing: "creating a symbolic link to \(target)")
        }
    }

    func readlink(_ path: String) async throws -> String {
        try await explaining(path, { try await self.orParent(path, try? await self.notASymlinkFinding(path)) }) {
            try await self.singleName(.readlink(path: path), path: path, doing: "reading the symbolic link")
        }
    }

    /// SETSTAT follows a symlink on the server: a symlink at the name is refused first
    /// (`.unexpectedFile`), so a link planted there does not redirect the change. (SFTP v3 has
    /// no handle for a directory's attributes; open files use FSETSTAT.)
    func setAttributes(_ path: String, _ changes: FileAttributes) async throws {
        if try await existingKind(path) == .symlink {
            throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                "cannot change its attributes: it is a symbolic link, which is never followed")
        }
        var attributes = changes
        // SFTP v3 sets uid with gid and atime with mtime: keep the current half not given.
        let needsGroup = (changes.userID == nil) != (changes.groupID == nil)
        let needsTime = (changes.accessed == nil) != (changes.modified == nil)
        if needsGroup || needsTime {
            let current = try await stat(path).attributes
            attributes.userID = attributes.userID ?? current.userID
            attributes.groupID = attributes.groupID ?? current.groupID
            attributes.accessed = attributes.accessed ?? current.accessed
            attributes.modified = attributes.modified ?? current.modified
        }
        try await explaining(path) {
            try await self.status(.setstat(path: path, attributes: attributes), path: path, doing: "setting attributes")
        }
    }

    func openForReading(_ path: String) async throws -> any FileReader {
        try await openReader(path)
    }

    func openForFlushing(_ path: String) async throws -> any FileFlusher {
        SFTPFileFlusher(file: (try await openReader(path)).file)
    }

    /// `openForReading` with its concrete type.
    func openReader(_ path: String) async throws -> SFTPFileReader {
        let handle = try await explaining(path, { try await self.parentFinding(path) }) {
            try await self.handle(.open(path: path, flags: .read, attributes: FileAttributes()), path: path,
                                  doing: "opening for reading")
        }
        return SFTPFileReader(client: self, handle: handle, path: path)
    }

    func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter {
        try await openWriter(path, mode, permissions: permissions)
    }

    /// `openForWriting` with its concrete type.
    func openWriter(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> SFTPFileWriter {
        let flags: SFTPOpenFlags = switch mode {
        case .createNew: [.write, .create, .exclusive]
        case .truncate: [.write, .create, .truncate]
        case .keep: [.write, .create]
        }
        let handle = try await explaining(path, { try await self.openForWritingFinding(path, mode) }) {
            try await self.handle(.open(path: path, flags: flags, attributes: FileAttributes(mode: permissions)),
                                  path: path, doing: "opening for writing")
        }
        return SFTPFileWriter(client: self, handle: handle, path: path)
    }

    /// OPEN with `SSH_FXF_CREAT|SSH_FXF_EXCL` (the server's `open(O_CREAT|O_EXCL)`, which
    /// neither follows nor reuses what is at the name), read-write, then FSTAT for its identity.
    func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter {
        let handle = try await explaining(path, { try await self.openForWritingFinding(path, .createNew) }) {
            try await self.handle(.open(path: path, flags: [.read, .write, .create, .exclusive],
                                        attributes: FileAttributes(mode: permissions)),
                                  path: path, doing: "creating the partial file")
        }
        let writer = SFTPFileWriter(client: self, handle: handle, path: path)
        do {
            let attributes = try await fstat(handle, path: path)
            return SFTPFileWriter(taking: writer, identity: SFTPFileWriter.identity(attributes))
        } catch {
            try? await writer.close()
            throw error
        }
    }

    /// LSTAT first: only a regular file is opened (read-write, no CREAT, so nothing new is
    /// made), and FSTAT of the open file must agree with LSTAT (type, owner, mode, size,
    /// mtime: SFTP v3 has no inode), or the file was swapped and is closed untouched. Whose
    /// file it is, and whether another writer is at it, the caller tells from its record and
    /// claim: SFTP has no locks (`wait` has nothing to wait for here).
    func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter {
        try await openExisting(path, doing: "opening the partial file")
    }

    /// As `openPartial`: the very regular file that LSTAT saw, opened read-write without
    /// CREAT or TRUNC, whoever owns it.
    func openInPlace(_ path: String) async throws -> any PartialWriter {
        try await openExisting(path, doing: "opening the file to write it in place")
    }

    private func openExisting(_ path: String, doing action: String) async throws -> any PartialWriter {
        let named = try await lstat(path).attributes
        guard named.kind == .file else {
            throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                "it is \(named.kind.partialDescription), not a regular file")
        }
        let handle = try await explaining(path, { try await self.parentFinding(path) }) {
            try await self.handle(.open(path: path, flags: [.read, .write], attributes: FileAttributes()), path: path,
                                  doing: action)
        }
        let writer = SFTPFileWriter(client: self, handle: handle, path: path)
        do {
            let opened = try await fstat(handle, path: path)
            guard SFTPFileWriter.sameFile(opened, named) else {
                throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                    "it was replaced while it was being opened")
            }
            return SFTPFileWriter(taking: writer, identity: SFTPFileWriter.identity(opened))
        } catch {
            try? await writer.close()
            throw error
        }
    }

    /// Read-write, no CREAT (nothing new is made); FSTAT of the open file, not the name, is
    /// what is checked.
    func openToWriteBeside(_ path: String, accessed stamp: Int64, owner: UInt32) async throws -> any FileWriter {
        let handle = try await explaining(path, { try await self.parentFinding(path) }) {
            try await self.handle(.open(path: path, flags: [.read, .write], attributes: FileAttributes()), path: path,
                                  doing: "opening the partial file beside its writer")
        }
        let writer = SFTPFileWriter(client: self, handle: handle, path: path)
        do {
            let opened = try await fstat(handle, path: path)
            guard opened.kind == .file, opened.userID == owner, opened.accessed == stamp else {
                throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                    "it is not the file being written (another file was put at its name)")
            }
            return writer
        } catch {
            try? await writer.close()
            throw error
        }
    }

    // MARK: - RemoteFileSystem

    func usage(of path: String) async throws -> FileSystemUsage {
        try requireExtension(SFTPExtensionRequest.statvfsName, path: path, doing: "asking for the free space")
        return try await explaining(path) {
            let data = try await self.extendedReply(.extended(.statvfs(path: path)), path: path, doing: "asking for the free space")
            return try self.decoding(path) { try FileSystemUsage.decodeSFTPStatVFS(data) }
        }
    }

    func hardlink(at path: String, pointingTo target: String) async throws {
        try requireExtension(SFTPExtensionRequest.hardlinkName, path: path, doing: "creating a hard link")
        try await explaining(path, { try await self.orParent(path, try? await self.existsFinding(path)) }) {
            try await self.status(.extended(.hardlink(target: target, link: path)), path: path,
                                  doing: "creating a hard link to \(target)")
        }
    }

    func copyData(
        from source: any FileReader, at sourceOffset: UInt64, count: UInt64,
        to destination: any FileWriter, at destinationOffset: UInt64
    ) async throws {
        guard let reader = source as? SFTPFileReader, reader.client === self,
              let writer = destination as? SFTPFileWriter, writer.client === self else {
            throw FileSystemError(.failure, location: location, path: (destination as? SFTPFileWriter)?.path ?? "", detail:
                "copying on the server failed: both files must be open on this file system; open them here first")
        }
        try requireExtension(SFTPExtensionRequest.copyDataName, path: writer.path, doing: "copying on the server")
        let sourceHandle = try reader.file.liveHandle()
        let destinationHandle = try writer.file.liveHandle()
        try await explaining(writer.path) {
            try await self.status(.extended(.copyData(
                source: sourceHandle, sourceOffset: sourceOffset, length: count,
                destination: destinationHandle, destinationOffset: destinationOffset)),
                path: writer.path, doing: "copying \(reader.path) on the server")
        }
    }

    // MARK: - Handles (for readers and writers)

    func fstat(_ handle: [UInt8], path: String) async throws -> FileAttributes {
        try await explaining(path) { try await self.attributes(.fstat(handle: handle), path: path, doing: "fstat") }
    }

    func fsetstat(_ handle: [UInt8], _ changes: FileAttributes, path: String) async throws {
        try await explaining(path) {
            try await self.status(.fsetstat(handle: handle, attributes: changes), path: path, doing: "setting attributes")
        }
    }

    func closeHandle(_ handle: [UInt8], path: String) async throws {
        if Task.isCancelled {
            // On the way out of a cancelled operation: the CLOSE goes out, its answer is not
            // waited for (the server may be the reason for the cancel).
            exchange.post(.close(handle: handle), about: path)
            return
        }
        try await explaining(path) {
            try await self.status(.close(handle: handle), path: path, doing: "closing")
        }
    }

    /// Reads up to `length` bytes at `offset` with one READ: empty at the end of the file.
    func read(_ handle: [UInt8], at offset: UInt64, length: Int, path: String) async throws -> [UInt8] {
        try await explaining(path, { try await self.readFinding(handle) }) {
            let body = try await self.send(.read(handle: handle, offset: offset, length: UInt32(clamping: length)),
                                           path: path, doing: "reading")
            switch body {
            case .data(let data):
                guard data.count <= length else {
                    let error = SFTPWireError("the server answered a READ of \(length) bytes with \(data.count)")
                    await self.exchange.close(.sftpProtocolViolation(error, location: self.location))
                    throw FileSystemError.sftpProtocolViolation(error, location: self.location).sftpNaming(path: path, doing: "reading")
                }
                return data
            case .status(let status) where status.code == .endOfFile:
                return []
            default:
                throw self.unexpected(body, path: path, doing: "reading")
            }
        }
    }

    /// Writes `data` at `offset` with one WRITE.
    func write(_ handle: [UInt8], _ data: ArraySlice<UInt8>, at offset: UInt64, path: String) async throws {
        try await explaining(path, { try await self.writeFinding(path, needing: data.count) }) {
            try await self.status(.write(handle: handle, offset: offset, data: data), path: path, doing: "writing")
        }
    }

    func fsync(_ handle: [UInt8], path: String) async throws {
        guard offers(SFTPExtensionRequest.fsyncName) else { return }
        try await explaining(path) {
            try await self.status(.extended(.fsync(handle: handle)), path: path, doing: "synchronising to disk")
        }
    }

    /// Makes the open file durable (FSYNC, when offered), sets `changes` on it (FSETSTAT),
    /// then looks at it by handle and by name (FSTAT, LSTAT): all in one write, one round trip.
    /// `named` is nil when nothing is at `path`. The first failure is thrown, the later
    /// requests having run.
    func seal(_ handle: [UInt8], path: String, setting changes: FileAttributes?, synchronizing: Bool) async throws
        -> (opened: FileAttributes, named: FileAttributes?)
    {
        let syncs = synchronizing && offers(SFTPExtensionRequest.fsyncName)
        var requests: [SFTPRequest] = []
        if syncs { requests.append(.extended(.fsync(handle: handle))) }
        if let changes { requests.append(.fsetstat(handle: handle, attributes: changes)) }
        requests += [.fstat(handle: handle), .lstat(path: path)]
        let bodies: [SFTPReply.Body]
        do {
            bodies = try await exchange.send(together: requests, about: path)
        } catch let error as FileSystemError {
            throw error.sftpNaming(path: path, doing: "finishing the file")
        }
        var replies = bodies.makeIterator()
        return try await explaining(path) {
            if syncs { try expectOK(replies.next()!, path: path, doing: "synchronising to disk") }
            if changes != nil { try expectOK(replies.next()!, path: path, doing: "setting attributes") }
            let opened = try expectAttributes(replies.next()!, path: path, doing: "fstat")
            let named = replies.next()!
            if case .status(let status) = named, status.code == .noSuchFile { return (opened, nil) }
            return (opened, try expectAttributes(named, path: path, doing: "lstat"))
        }
    }

    // MARK: - Requests and their replies

    /// Sends `request`; channel-wide failures come back naming `path`.
    private func send(_ request: SFTPRequest, path: String, doing what: String) async throws -> SFTPReply.Body {
        do {
            return try await exchange.send(request, about: path)
        } catch let error as FileSystemError {
            throw error.sftpNaming(path: path, doing: what)
        }
    }

    private func status(_ request: SFTPRequest, path: String, doing what: String) async throws {
        try expectOK(try await send(request, path: path, doing: what), path: path, doing: what)
    }

    private func expectOK(_ body: SFTPReply.Body, path: String, doing what: String) throws {
        guard case .status(let status) = body, status.code == .ok else { throw unexpected(body, path: path, doing: what) }
    }

    private func handle(_ request: SFTPRequest, path: String, doing what: String) async throws -> [UInt8] {
        let body = try await send(request, path: path, doing: what)
        guard case .handle(let handle) = body else { throw unexpected(body, path: path, doing: what) }
        return handle
    }

    private func attributes(_ request: SFTPRequest, path: String, doing what: String) async throws -> FileAttributes {
        try expectAttributes(try await send(request, path: path, doing: what), path: path, doing: what)
    }

    private func expectAttributes(_ body: SFTPReply.Body, path: String, doing what: String) throws -> FileAttributes {
        guard case .attributes(let attributes) = body else { throw unexpected(body, path: path, doing: what) }
        return attributes
    }

    /// The names of a NAME reply; nil for EOF.
    private func names(_ request: SFTPRequest, path: String, doing what: String) async throws -> [SFTPName]? {
        let body = try await send(request, path: path, doing: what)
        switch body {
        case .names(let names): return names
        case .status(let status) where status.code == .endOfFile: return nil
        default: throw unexpected(body, path: path, doing: what)
        }
    }

    /// The one name REALPATH and READLINK answer with.
    private func singleName(_ request: SFTPRequest, path: String, doing what: String) async throws -> String {
        guard let name = try await names(request, path: path, doing: what)?.first else {
            throw FileSystemError(.failure, location: location, path: path, detail:
                "\(what) failed: the server answered with no name; \(FileSystemError.Kind.failure.sftpAdvice)")
        }
        return name.filename
    }

    private func extendedReply(_ request: SFTPRequest, path: String, doing what: String) async throws -> [UInt8] {
        let body = try await send(request, path: path, doing: what)
        guard case .extendedReply(let data) = body else { throw unexpected(body, path: path, doing: what) }
        return data
    }

    /// A STATUS where something else was wanted becomes an `SFTPStatusError`; any other body
    /// cannot come (the request table checks reply types).
    private func unexpected(_ body: SFTPReply.Body, path: String, doing what: String) -> any Error {
        if case .status(let status) = body { return SFTPStatusError(status: status, path: path, what: what) }
        return FileSystemError(.protocolViolation, location: location, path: path, detail:
            "\(what) failed: the server answered with an unexpected reply; \(FileSystemError.Kind.protocolViolation.sftpAdvice)")
    }

    private func decoding<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SFTPWireError {
            throw FileSystemError.sftpProtocolViolation(error, location: location).sftpNaming(path: path, doing: "decoding the reply")
        }
    }

    private func requireExtension(_ name: String, path: String, doing what: String) throws {
        guard offers(name) else {
            throw FileSystemError(.unsupported, location: location, path: path, detail:
                "\(what) failed: the server does not offer the \(name) extension; \(FileSystemError.Kind.unsupported.sftpAdvice)")
        }
    }

    // MARK: - Looking closer at a failure

    /// A closer look's result: the precise kind and how it is known.
    typealias Finding = (kind: FileSystemError.Kind, note: String)

    /// Runs `body`; a STATUS failure becomes a `FileSystemError`. When its code is ambiguous
    /// (FAILURE, or NO_SUCH_FILE which OpenSSH also sends for ENOTDIR), the server's message or
    /// else `finding` (a second look: its own errors are ignored) may name it more precisely.
    private func explaining<T>(
        _ path: String, _ finding: (@Sendable () async throws -> Finding?)? = nil, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as SFTPStatusError {
            var found: Finding?
            if error.isAmbiguous {
                found = error.messageFinding
                if found == nil, let finding, exchange.ending == nil { found = try? await finding() }
            }
            throw error.fileSystemError(location: location, finding: found)
        }
    }

    /// The kind of what is at `path` without following a symlink, nil when nothing is there.
    private func existingKind(_ path: String) async throws -> FileKind? {
        try await existingAttributes(path)?.kind
    }

    /// What is at `path` without following a symlink, nil when nothing is there.
    private func existingAttributes(_ path: String) async throws -> FileAttributes? {
        do {
            return try await attributes(.lstat(path: path), path: path, doing: "lstat")
        } catch let error as SFTPStatusError where error.kind == .noSuchFile {
            return nil
        } catch let error as SFTPStatusError {
            throw error.fileSystemError(location: location)
        }
    }

    /// `found`, or else what the parent of `path` tells.
    private func orParent(_ path: String, _ found: Finding?) async throws -> Finding? {
        if let found { return found }
        return try await parentFinding(path)
    }

    private func existsFinding(_ path: String) async throws -> Finding? {
        guard let kind = try await existingKind(path) else { return nil }
        return (.alreadyExists, "a \(kind) is already there")
    }

    private func isADirectoryFinding(_ path: String) async throws -> Finding? {
        guard try await existingKind(path) == .directory else { return nil }
        return (.isADirectory, "it is a directory")
    }

    private func notADirectoryFinding(_ path: String) async throws -> Finding? {
        let kind = try await attributes(.stat(path: path), path: path, doing: "stat").kind
        guard kind != .directory else { return nil }
        return (.notADirectory, "it is a \(kind), not a directory")
    }

    /// A path under something that is not a directory (OpenSSH sends FAILURE for ENOTDIR).
    private func parentFinding(_ path: String) async throws -> Finding? {
        let parent = RemotePath.parent(of: path)
        guard parent != path, parent != "." else { return nil }
        let kind = try await attributes(.stat(path: parent), path: parent, doing: "stat").kind
        guard kind != .directory else { return nil }
        return (.notADirectory, "\(parent) is a \(kind), not a directory")
    }

    private func removeDirectoryFinding(_ path: String) async throws -> Finding? {
        guard let kind = try await existingKind(path) else { return nil }
        guard kind == .directory else { return (.notADirectory, "it is a \(kind), not a directory") }
        let handle = try await handle(.opendir(path: path), path: path, doing: "opening the directory")
        defer { Task { try? await self.closeHandle(handle, path: path) } }
        let names = try await names(.readdir(handle: handle), path: path, doing: "reading the directory") ?? []
        guard names.contains(where: { $0.filename != "." && $0.filename != ".." }) else { return nil }
        return (.directoryNotEmpty, "it still holds entries")
    }

    private func renameFinding(_ source: String, _ destination: String) async throws -> Finding? {
        guard let target = try await existingKind(destination) else { return nil }
        let kind = try await existingKind(source)
        if target == .directory && kind != .directory { return (.isADirectory, "\(destination) is a directory") }
        if target == .directory { return (.directoryNotEmpty, "\(destination) is a directory that may not be empty") }
        return (.alreadyExists, "a \(target) is already at \(destination)")
    }

    private func notASymlinkFinding(_ path: String) async throws -> Finding? {
        guard let kind = try await existingKind(path), kind != .symlink else { return nil }
        return (.failure, "it is a \(kind), not a symbolic link")
    }

    private func openForWritingFinding(_ path: String, _ mode: FileWriteMode) async throws -> Finding? {
        if let kind = try await existingKind(path) {
            if kind == .directory { return (.isADirectory, "it is a directory") }
            if mode == .createNew { return (.alreadyExists, "a \(kind) is already there") }
            return nil
        }
        return try await parentFinding(path)
    }

    private func readFinding(_ handle: [UInt8]) async throws -> Finding? {
        let kind = try await attributes(.fstat(handle: handle), path: "", doing: "fstat").kind
        guard kind == .directory else { return nil }
        return (.isADirectory, "it is a directory")
    }

    /// A WRITE that failed on a full disk: OpenSSH says only FAILURE, statvfs tells.
    private func writeFinding(_ path: String, needing count: Int) async throws -> Finding? {
        guard offers(SFTPExtensionRequest.statvfsName) else { return nil }
        let usage = try await usage(of: path)
        guard usage.availableBytes < UInt64(count) else { return nil }
        return (.noSpace, "\(usage.availableBytes) bytes are free on its file system")
    }
}
