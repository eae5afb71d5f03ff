import Foundation
import TermindApplication
import TermindDomain

/// The person's OpenSSH known_hosts files (`~/.ssh/known_hosts`, and `~/.ssh/known_hosts2`
/// when present), read read-only as OpenSSH would consult them (docs/behaviour.md §2, issue 4). Termind
/// never writes them; new trust goes to the Vault.
///
/// Reading never fails a connection: a missing file is normal (logged at debug), an unreadable
/// one is logged as a warning and skipped, and each line that cannot be parsed is skipped with
/// a warning naming file and line. Records keep their file and line, so a changed key can say
/// where the old one lives.
///
/// A plain value, `Sendable`; `load()` reads the files each time it is called.
public struct SystemKnownHosts: Sendable {
    /// The files read, in order.
    public let files: [String]
    public let logger: any Logger

    /// The default files under `homeDirectory`: `.ssh/known_hosts`, then `.ssh/known_hosts2`.
    public init(homeDirectory: String, logger: any Logger = NullLogger()) {
        let directory = homeDirectory.hasSuffix("/") ? homeDirectory + ".ssh" : homeDirectory + "/.ssh"
        self.init(files: [directory + "/known_hosts", directory + "/known_hosts2"], logger: logger)
    }

    public init(files: [String], logger: any Logger = NullLogger()) {
        self.files = files
        self.logger = logger
    }

    /// Every record of every file, in file then line order.
    public func load() -> [KnownHostsFileRecord] {
        files.flatMap(read)
    }

    private func read(_ path: String) -> [KnownHostsFileRecord] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            logger.debug("no \(path); its known hosts are not consulted")
            return []
        }
        guard !isDirectory.boolValue else {
            logger.warning("\(path) is a directory, not a known_hosts file; it is not consulted")
            return []
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            logger.warning("cannot read \(path) (\(Self.reason(error))); its known hosts are not consulted")
            return []
        }
        let parsed = KnownHostsFile.parseNumbered(String(decoding: data, as: UTF8.self), file: path)
        for warning in parsed.warnings {
            logger.warning("\(warning)")
        }
        let records = parsed.records.map { KnownHostsFileRecord(record: $0.record, file: path, line: $0.line) }
        logger.debug("read \(records.count) known hosts from \(path)")
        return records
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return error.localizedDescription
    }
}
