import TermindApplication
import TermindDomain
@testable import TermindRemoteInfrastructure
import XCTest

/// Every error kind the CLI prints, built by the code that builds it (SFTP status mapping,
/// libssh2 error mapping, the transfer failure around a file error, the Vault's failure): each
/// says what failed, where, and one thing to do, and no sentence or advice clause is said twice
/// (issue 19: a permission-denied upload used to say "check the permissions" twice).
final class ErrorMessagesSaidOnceTests: XCTestCase {
    private struct Row {
        let kind: String
        let message: String
        let what: String
        let place: String
        let todo: String
    }

    private static func sftp(_ code: SFTPStatusCode, _ message: String, path: String, doing: String) -> FileSystemError {
        SFTPStatusError(status: SFTPStatus(code: code, message: message), path: path, what: doing)
            .fileSystemError(location: "srv")
    }

    private static func ssh(_ kind: SSH2Error.Kind, _ operation: String, _ message: String, code: Int32) -> String {
        SSHFailure.from(
            SSH2Error(kind: kind, operation: operation, message: message, code: code, host: "srv.example.com", port: 22),
            connection: "srv"
        ).description
    }

    private static let partial = PartialFile(address: TransferAddress(location: "srv", path: "/srv/www/.index.html.termind-partial"), bytesKept: 5)

    private var rows: [Row] {
        [
            Row(kind: "permission denied (upload)",
                message: TransferFailure(Self.sftp(.permissionDenied, "Permission denied", path: "/etc/app.conf", doing: "opening for writing")).description,
                what: "opening for writing failed", place: "srv:/etc/app.conf", todo: "check the permissions"),
            Row(kind: "permission denied (local)",
                message: TransferFailure(FileSystemError(.permissionDenied, location: "local", path: "/root/x", detail: "cannot open: Permission denied")).description,
                what: "cannot open", place: "/root/x", todo: "check the permissions"),
            Row(kind: "no such file (download)",
                message: TransferFailure(Self.sftp(.noSuchFile, "No such file", path: "/var/log/app.log", doing: "opening")).description,
                what: "opening failed", place: "srv:/var/log/app.log", todo: "check the path"),
            Row(kind: "no space (upload, partial kept)",
                message: TransferFailure(Self.sftp(.noSpaceOnFileSystem, "No space left", path: "/srv/www/index.html", doing: "writing"), partial: Self.partial).description,
                what: "writing failed", place: "srv:/srv/www/index.html", todo: "free some space"),
            Row(kind: "connection lost (partial kept)",
                message: TransferFailure(FileSystemError.sftpConnectionLost("the connection dropped", location: "srv").sftpNaming(path: "/srv/a", doing: "writing"), partial: Self.partial).description,
                what: "writing failed", place: "srv:/srv/a", todo: "reconnect"),
            Row(kind: "connection refused",
                message: Self.ssh(.connect, "connect", "Connection refused", code: 111),
                what: "connect", place: "srv.example.com:22", todo: "Check"),
            Row(kind: "DNS failure",
                message: Self.ssh(.resolve, "resolve", "Name or service not known", code: -2),
                what: "resolve", place: "srv.example.com", todo: "Check"),
            Row(kind: "timeout",
                message: Self.ssh(.timeout, "SSH handshake", "", code: 0),
                what: "SSH handshake", place: "srv.example.com:22", todo: "timeout"),
            Row(kind: "authentication failed",
                message: Self.ssh(.authentication, "public key authentication as deploy", "Authentication failed", code: -18),
                what: "authentication", place: "srv.example.com:22", todo: "Check the username"),
            Row(kind: "vault unavailable (damaged)",
                message: VaultUnavailable(location: "/home/a/.local/share/termind/termind.db", cause: .corrupt(detail: "file is not a database")).description,
                what: "damaged", place: "termind.db", todo: "restore it from a backup"),
            Row(kind: "vault unavailable (locked)",
                message: VaultUnavailable(location: "/home/a/.local/share/termind/termind.db", cause: .locked(seconds: 5)).description,
                what: "locked", place: "termind.db", todo: "retry"),
        ]
    }

    func testEveryErrorSaysWhatFailedWhereAndWhatToDo() {
        for row in rows {
            XCTAssertTrue(row.message.contains(row.what), "\(row.kind) says what failed: \(row.message)")
            XCTAssertTrue(row.message.contains(row.place), "\(row.kind) says where: \(row.message)")
            XCTAssertTrue(row.message.lowercased().contains(row.todo.lowercased()), "\(row.kind) says what to do: \(row.message)")
        }
    }

    func testNoErrorRepeatsASentenceOrAnAdviceClause() {
        for row in rows {
            // Clauses end at ';' and sentences at ". " (a colon may be part of HOST:PATH).
            let clauses = row.message
                .replacingOccurrences(of: ". ", with: ";")
                .split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { $0.count > 3 }
            XCTAssertEqual(Set(clauses).count, clauses.count, "\(row.kind) repeats a clause: \(row.message)")
            // The same advice in other words: one "check the permissions", one "free some space"...
            for advice in ["check the permissions", "free some space", "check the path", "reconnect", "resume (termind cp"] {
                XCTAssertLessThanOrEqual(
                    row.message.lowercased().components(separatedBy: advice).count - 1, 1,
                    "\(row.kind) says '\(advice)' twice: \(row.message)")
            }
        }
    }
}
