import Foundation

/// One version of a file as its file system describes it: kind, size, mtime and mode. An edit
/// uploads over the version it opened only while the file still is that version
/// (docs/behaviour.md §4): SFTP v3 has no inode or change time, so these four are what tells
/// that someone else wrote it meanwhile.
public struct FileVersion: Sendable, Equatable, Codable, CustomStringConvertible {
    public let kind: FileKind
    public let size: UInt64?
    /// Seconds since the epoch.
    public let modified: Int64?
    /// The permission bits (`0o7777`).
    public let permissions: UInt32?

    public init(kind: FileKind, size: UInt64?, modified: Int64?, permissions: UInt32?) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.permissions = permissions
    }

    public init(_ attributes: FileAttributes) {
        self.init(kind: attributes.kind, size: attributes.size, modified: attributes.modified, permissions: attributes.permissions)
    }

    /// Whether `current` is still this version. A field the server left out cannot vouch for
    /// anything, so it counts as changed: the upload is refused rather than risked.
    public func isUnchanged(in current: FileVersion) -> Bool {
        guard size != nil, modified != nil, permissions != nil else { return false }
        return self == current
    }

    /// `12 bytes, modified 2026-03-01 10:00:07 UTC, mode 0640` (a directory or symlink says so).
    public var description: String {
        var parts: [String] = []
        if kind != .file { parts.append("a \(kind == .other ? "special file" : kind.rawValue)") }
        parts.append(size.map { "\($0) bytes" } ?? "size unknown")
        parts.append(modified.map { "modified " + Self.utc($0) } ?? "modification time unknown")
        parts.append(permissions.map { "mode " + Self.octal($0) } ?? "mode unknown")
        return parts.joined(separator: ", ")
    }

    /// `0640`: at least four octal digits.
    public static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Seconds since the epoch as `yyyy-MM-dd HH:mm:ss UTC`: the seconds matter (two writes in
    /// one minute), and UTC reads the same on both machines.
    private static func utc(_ seconds: Int64) -> String {
        var time = time_t(truncatingIfNeeded: seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "\(seconds)s after the epoch" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }
}
