import Foundation

/// A fresh directory under the system temporary folder, removed with everything in it when
/// `remove()` runs or the value is released. Tests use one per server and per home.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    /// - Parameter mode: permission bits; servers that read files as another user need 0o755.
    public init(prefix: String = "termind-test", mode: mode_t = 0o700) throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        var template = Array(base.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw TestRigError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        chmod(url.path, mode)
    }

    public func appending(_ component: String) -> URL { url.appendingPathComponent(component) }

    /// Writes `text` to `name` inside the directory with the given mode and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String, mode: mode_t = 0o644) throws -> String {
        let file = appending(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        chmod(file.path, mode)
        return file.path
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}
