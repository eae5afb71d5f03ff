import Foundation
import TermindApplication

/// A file named on the command line could not be read.
struct FileReadFailure: CategorizedFailure {
    let path: String
    /// A failure by default; `.usage` where a command's other statuses already give 1 a meaning.
    var exitCode: ExitCode = .failure
    var description: String {
        FileManager.default.fileExists(atPath: path)
            ? "cannot read \(path): permission denied or not a regular file"
            : "cannot read \(path): no such file"
    }
}
