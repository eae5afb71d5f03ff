import Foundation
import TermindTestSupport
import XCTest

/// A tmpfs of a few kilobytes mounted inside a test's directory, to meet a real `ENOSPC`.
/// Needs root (the tests run as root); skips the test where mounting is not allowed.
struct SmallTmpfs {
    let path: String

    init(in directory: TemporaryDirectory, size: String) throws {
        path = directory.path + "/tmpfs"
        mkdir(path, 0o755)
        let mounted = try ChildProcess.run("mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        guard mounted.status == 0 else { throw TestRigError("a small tmpfs is needed and mounting one failed (run the tests as root): \(mounted.stderr)") }
    }

    func unmount() {
        _ = try? ChildProcess.run("umount", [path])
    }
}
