import Foundation
import Synchronization
import TermindApplication

/// The log file: appends one line per message to `termind.log` in the XDG state directory and
/// rotates it by size.
///
/// A line reads `2026-11-30T08:55:01.123Z WARNING [File.swift:42] message` (UTC, milliseconds).
/// Messages arrive as `LogMessage`s, so secrets are already `<secret>`; control characters in a
/// message are escaped so a remote string cannot forge a second line.
///
/// Owns the file descriptor behind a lock: `Sendable`, callable from any thread at once, and
/// each line goes out in one `O_APPEND` write, so two processes sharing the file interleave
/// whole lines. The directory is created 0700 and the file kept at 0600. When a line would
/// take the file past `maximumFileSize`, `termind.log` becomes `termind.log.1`, `.1` becomes
/// `.2` and so on, keeping `keptFiles` older files and dropping the oldest.
///
/// A failure to write never stops the program: it is reported once (to standard error unless
/// another reporter is given) and that line is dropped; later lines try again silently.
public final class FileLogger: Logger {
    public let path: String
    public let minimumLevel: LogLevel
    public let maximumFileSize: Int
    public let keptFiles: Int

    private let clock: @Sendable () -> Date
    private let reportFailure: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State: Sendable {
        var descriptor: Int32 = -1
        var hasReportedFailure = false
    }

    /// The environment variable that sets the minimum level (`debug`, `info`, `notice`, `warning`, `error`).
    public static let levelVariable = "TERMIND_LOG_LEVEL"
    public static let defaultMaximumFileSize = 5 * 1024 * 1024
    public static let defaultKeptFiles = 3

    /// - Parameters:
    ///   - path: the log file; missing parent directories are created with mode 0700.
    ///   - maximumFileSize: rotate before a line would take the file past this many bytes.
    ///   - keptFiles: how many rotated files (`.1` … `.N`) to keep; 0 keeps none.
    ///   - clock: the time stamped on each line.
    ///   - reportFailure: told once, in a sentence, when the file cannot be written.
    public init(
        path: String, minimumLevel: LogLevel = .info,
        maximumFileSize: Int = FileLogger.defaultMaximumFileSize,
        keptFiles: Int = FileLogger.defaultKeptFiles,
        clock: @escaping @Sendable () -> Date = { Date() },
        reportFailure: @escaping @Sendable (String) -> Void = FileLogger.writeToStandardError
    ) {
        self.path = path
        self.minimumLevel = minimumLevel
        self.maximumFileSize = max(0, maximumFileSize)
        self.keptFiles = max(0, keptFiles)
        self.clock = clock
        self.reportFailure = reportFailure
    }

    /// The standard log: `paths.logFile`, at the level `TERMIND_LOG_LEVEL` names (else info).
    public convenience init(paths: XDGPaths, environment: [String: String]) {
        self.init(path: paths.logFile, minimumLevel: Self.minimumLevel(fromEnvironment: environment) ?? .info)
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// The level `TERMIND_LOG_LEVEL` names, or nil when it is unset or not a level.
    public static func minimumLevel(fromEnvironment environment: [String: String]) -> LogLevel? {
        environment[levelVariable].flatMap(LogLevel.init(parsing:))
    }

    public func log(_ level: LogLevel, _ message: LogMessage, file: String, line: Int) {
        guard level >= minimumLevel else { return }
        let text = Self.formatLine(level: level, message: message, file: file, line: line, date: clock())
        let bytes = Array(text.utf8)
        let failure = state.withLock { state -> String? in
            do throws(WriteFailure) {
                try append(bytes, state: &state)
                return nil
            } catch {
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
                guard !state.hasReportedFailure else { return nil }
                state.hasReportedFailure = true
                return "termind: cannot write the log file \(path): \(error.reason); log lines are dropped\n"
            }
        }
        // Reported outside the lock: the reporter may itself be slow or log.
        if let failure { reportFailure(failure) }
    }

    /// Writes `text` to standard error with one system call.
    public static let writeToStandardError: @Sendable (String) -> Void = { text in
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    // MARK: Formatting

    /// One line, newline included: `2026-11-30T08:55:01.123Z WARNING [File.swift:42] message`.
    static func formatLine(level: LogLevel, message: LogMessage, file: String, line: Int, date: Date) -> String {
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        return "\(timestamp(date)) \(level.name) [\(fileName):\(line)] \(escaped(message.text))\n"
    }

    /// ISO 8601 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds.quotientRoundingDown(1000))
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(Int(fields.tm_year) + 1900, 4) + "-" + padded(Int(fields.tm_mon) + 1, 2) + "-"
            + padded(Int(fields.tm_mday), 2) + "T" + padded(Int(fields.tm_hour), 2) + ":"
            + padded(Int(fields.tm_min), 2) + ":" + padded(Int(fields.tm_sec), 2) + "."
            + padded(fraction, 3) + "Z"
    }

    /// Newlines, carriage returns and other control characters written as escapes.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: Writing (under the lock)

    private struct WriteFailure: Error {
        let reason: String
        init(_ what: String, _ target: String, errno number: Int32 = errno) {
            reason = "\(what) \(target): \(String(cString: strerror(number)))"
        }
    }

    private func append(_ bytes: [UInt8], state: inout State) throws(WriteFailure) {
        if state.descriptor < 0 { state.descriptor = try open() }
        if maximumFileSize > 0 {
            var fileStatus = stat()
            guard fstat(state.descriptor, &fileStatus) == 0 else { throw WriteFailure("cannot inspect", path) }
            // Another process may have rotated the file away under us: follow the path.
            var pathStatus = stat()
            if stat(path, &pathStatus) != 0 || pathStatus.st_ino != fileStatus.st_ino
                || pathStatus.st_dev != fileStatus.st_dev
            {
                close(state.descriptor)
                state.descriptor = -1
                state.descriptor = try open()
                guard fstat(state.descriptor, &fileStatus) == 0 else { throw WriteFailure("cannot inspect", path) }
            }
            if fileStatus.st_size > 0 && Int(fileStatus.st_size) + bytes.count > maximumFileSize {
                close(state.descriptor)
                state.descriptor = -1
                try rotate()
                state.descriptor = try open()
            }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(state.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteFailure("cannot append to", path)
            }
            offset += written
        }
    }

    private func open() throws(WriteFailure) -> Int32 {
        try createParentDirectories()
        // Never through a symlink planted at the log's name, and never a FIFO or device there
        // (O_NONBLOCK: a FIFO without a reader fails at once instead of hanging).
        let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw WriteFailure("cannot open", path) }
        var fileStatus = stat()
        guard fstat(descriptor, &fileStatus) == 0, fileStatus.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            throw WriteFailure("cannot open", path, errno: EINVAL)
        }
        if fileStatus.st_mode & 0o777 != 0o600 {
            // The log names hosts and users: keep it private even if it was created otherwise.
            fchmod(descriptor, 0o600)
        }
        return descriptor
    }

    private func createParentDirectories() throws(WriteFailure) {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        var prefix = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw WriteFailure("cannot create the directory", prefix)
            }
        }
        var directoryStatus = stat()
        guard stat(parent, &directoryStatus) == 0 else { throw WriteFailure("cannot inspect", parent) }
        guard directoryStatus.st_mode & S_IFMT == S_IFDIR else {
            throw WriteFailure("cannot use", parent, errno: ENOTDIR)
        }
    }

    /// termind.log → .1 → .2 … → .N; the old .N is removed. With no kept files, removes the log.
    private func rotate() throws(WriteFailure) {
        guard keptFiles > 0 else {
            if unlink(path) != 0 && errno != ENOENT { throw WriteFailure("cannot remove", path) }
            return
        }
        let oldest = "\(path).\(keptFiles)"
        if unlink(oldest) != 0 && errno != ENOENT { throw WriteFailure("cannot remove", oldest) }
        for generation in stride(from: keptFiles - 1, through: 1, by: -1) {
            let from = "\(path).\(generation)", to = "\(path).\(generation + 1)"
            if rename(from, to) != 0 && errno != ENOENT { throw WriteFailure("cannot rename", from) }
        }
        if rename(path, "\(path).1") != 0 && errno != ENOENT { throw WriteFailure("cannot rename", path) }
    }
}

extension Int64 {
    fileprivate func quotientRoundingDown(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
