import Foundation
import TermindTestSupport
import XCTest

/// `termind` killed with SIGKILL at random moments (issue 18 point 2): during Vault writes from
/// two processes, `import --all`, a download's and an upload's commit, and a `--resume`. After
/// every kill the Vault opens, passes `PRAGMA integrity_check` and has no sealed secret without
/// its record or the reverse; a destination holds the old or the complete new content, never
/// anything else; and `cp --resume` finishes what a kill left with an equal SHA-256.
///
/// Kill points come from fixed seeds (replayable), spread over the operation's duration as
/// measured by one run left alone, with half of them in its last quarter, where the commit is.
final class KillNineEndToEndTests: CopyTestCase {
    private static let points = 50
    private static let fileSize = 8 << 20

    override class var directoryPrefix: String { "termind-kill9" }

    // MARK: - Kill points

    /// `count` delays over `duration` (and a little past it, so some runs finish first): the
    /// first half anywhere, the second half in its last quarter.
    private func delays(_ count: Int, over duration: TimeInterval, seed: UInt64) -> [TimeInterval] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            index < count / 2
                ? Double.random(in: 0...(duration * 1.1), using: &random)
                : Double.random(in: (duration * 0.75)...(duration * 1.1), using: &random)
        }
    }

    /// Seconds `body` took.
    private func timed(_ body: () throws -> Void) rethrows -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    /// How long a copy left alone takes: the median of three runs from the old destination, so
    /// one slow run on a busy machine does not stretch every kill point.
    private func copyDuration(_ transfer: Transfer) throws -> TimeInterval {
        var times: [TimeInterval] = []
        for _ in 0..<3 {
            try restore(transfer)
            times.append(try timed { XCTAssertFalse(try kill(after: 60, try cpArguments(transfer))) })
        }
        return times.sorted()[1]
    }

    /// Runs `termind arguments` in this home (with `stdin` as its standard input) and kills it
    /// with SIGKILL after `delay` seconds unless it ended first; true when it was killed.
    private func kill(after delay: TimeInterval, _ arguments: [String], stdin: String = "") throws -> Bool {
        // `exec` makes termind the very process the test signals; the here-document is its stdin.
        let script = "exec \"$T\" \"$@\" <<'TERMIND_STDIN'\n\(stdin)\nTERMIND_STDIN\n"
        var environment = ProcessInfo.processInfo.environment.merging(home.terminalEnvironment) { $1 }
        environment["T"] = try TermindBinary.path()
        let child = try ChildProcess("/bin/sh", ["-c", script, "sh"] + arguments, environment: environment)
        // The kill comes `delay` in, or not at all when termind ended first.
        _ = waitUntil(timeout: delay, every: 0.000_5) { !child.isRunning }
        let killed = child.isRunning
        if killed { child.signal(SIGKILL) }
        XCTAssertNotNil(child.waitForExit(within: 30), "termind \(arguments.joined(separator: " ")) did not end")
        return killed
    }

    // MARK: - What must hold after a kill

    /// `sql` on the Vault with the sqlite3 shell, waiting for another process's write lock.
    private func sqlite(_ sql: String) throws -> String {
        let result = try ChildProcess.run("sqlite3", ["-cmd", ".timeout 10000", home.databasePath, sql])
        XCTAssertEqual(result.status, 0, "sqlite3 \(sql): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The ids of secrets the records name.
    private static let namedSecrets = """
        SELECT private_key_secret_id AS id FROM keys
        UNION SELECT passphrase_secret_id FROM keys WHERE passphrase_secret_id IS NOT NULL
        UNION SELECT password_secret_id FROM identities WHERE password_secret_id IS NOT NULL
        """

    /// The Vault opens in termind first (which rolls back whatever a kill left half done), then
    /// passes SQLite's own checks, and every secret a record names is there.
    private func assertVaultSound(_ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let opened = try home.run(["keys", "list", "--json"])
        XCTAssertEqual(opened.status, 0, "\(context): the Vault does not open: \(opened.stderr)", file: file, line: line)
        // One sqlite3 run for the three checks: a line each.
        let lines = try sqlite("""
            PRAGMA integrity_check;
            SELECT 'foreign keys: ' || count(*) FROM pragma_foreign_key_check;
            SELECT 'missing secrets: ' || count(*) FROM (\(Self.namedSecrets)) WHERE id NOT IN (SELECT id FROM secrets);
            """).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["ok", "foreign keys: 0", "missing secrets: 0"],
            "\(context): integrity check, foreign keys, secrets a record names that are not stored", file: file, line: line)
    }

    /// Sealed secrets no record names. Judged only while no termind runs: a running one may
    /// hold a secret it has sealed and not yet saved its record for.
    private func unnamedSecrets() throws -> Int {
        Int(try sqlite("SELECT count(*) FROM secrets WHERE id NOT IN (\(Self.namedSecrets));")) ?? -1
    }

    private func sha256(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let result = try ChildProcess.run("sha256sum", [path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: " ").first.map(String.init)
    }

    private func randomFile(_ path: String, bytes: Int) throws {
        let made = try ChildProcess.run("sh", ["-c", "head -c \(bytes) /dev/urandom > '\(path)'"])
        XCTAssertEqual(made.status, 0, made.stderr)
        chmod(path, 0o644)
    }

    // MARK: - (a) Vault writes from two processes

    func testVaultWritesFromTwoProcessesKeepTheVaultSoundWhenOneIsKilledAtAnyPoint() throws {
        try home.succeed(["hosts", "add", "victim-host", "--hostname", "10.0.0.1"])
        try home.succeed(["identities", "add", "victim-id", "--user", "u", "--password-stdin"], stdin: "first\n")
        // The four writes the killed process makes in turn; each seals and/or removes secrets.
        let writes: [(Int) -> [String]] = [
            { ["keys", "generate", "vk\($0)"] },
            { ["identities", "add", "vi\($0)", "--user", "u", "--password-stdin"] },
            { _ in ["identities", "edit", "victim-id", "--password-stdin"] },
            { ["keys", "rm", "vk\($0 - 3)"] },
        ]
        var durations: [TimeInterval] = []
        for (index, write) in writes.enumerated() {
            durations.append(try timed { XCTAssertFalse(try kill(after: 30, write(1000 + index), stdin: "pw")) })
        }

        // The other process: adds, edits, generates and stores passwords until told to stop;
        // it prints only what failed, and its count of rounds at the end.
        let stop = home.path + "/stop"
        var environment = ProcessInfo.processInfo.environment.merging(home.terminalEnvironment) { $1 }
        environment["T"] = try TermindBinary.path()
        let survivor = try ChildProcess("/bin/bash", ["-c", """
            i=0
            while [ ! -e '\(stop)' ]; do
              i=$((i + 1))
              "$T" hosts add "s$i" --hostname "10.1.0.$((i % 250))" >/dev/null 2>&1 || echo "failed: hosts add s$i"
              "$T" keys generate "sk$i" >/dev/null 2>&1 || echo "failed: keys generate sk$i"
              echo "pw$i" | "$T" identities add "si$i" --user u --password-stdin >/dev/null 2>&1 || echo "failed: identities add si$i"
              "$T" hosts edit "s$i" --notes "n$i" >/dev/null 2>&1 || echo "failed: hosts edit s$i"
              [ $((i % 2)) = 0 ] && { "$T" keys rm "sk$((i - 1))" >/dev/null 2>&1 || echo "failed: keys rm sk$((i - 1))"; }
            done
            echo "rounds $i"
            """], environment: environment)

        var killed = 0
        for (point, delay) in delays(Self.points, over: durations.max()!, seed: 0xA11).enumerated() {
            let write = writes[point % writes.count]
            if try kill(after: delay * durations[point % writes.count] / durations.max()!, write(point), stdin: "pw\(point)") { killed += 1 }
            try assertVaultSound("after kill point \(point) (\(write(point).joined(separator: " ")))")
        }
        FileManager.default.createFile(atPath: stop, contents: nil)
        let other = try XCTUnwrap(survivor.waitForExit(within: 60), "the other process did not stop")
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertFalse(other.stdout.contains("failed:"), "the other process's writes failed: \(other.stdout)")
        XCTAssertTrue(other.stdout.contains("rounds"), other.stdout)
        try assertVaultSound("at the end")
        let unnamed = try unnamedSecrets()
        XCTAssertEqual(unnamed, 0, "sealed secrets no record names were left behind")
        print("kill -9 (a) Vault writes: \(Self.points) points, \(killed) killed, \(Self.points - killed) finished first, "
            + "\(unnamed) unnamed sealed secrets left; "
            + "other process: \(other.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    // MARK: - (b) import --all

    func testImportAllKilledAtAnyPointLeavesNothingOrEverythingImported() throws {
        let ssh = home.path + "/.ssh"
        try FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
        let keys = ["id_a", "id_b", "id_c", "id_d"]
        for key in keys {
            let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", key, "-f", ssh + "/" + key])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let hosts = 150
        let config = (1...hosts).map { index in
            "Host h\(index)\n  HostName 10.2.\(index / 250).\(index % 250)\n  User u\(index % 7)\n  Port \(2000 + index)\n"
                + "  IdentityFile ~/.ssh/\(keys[index % keys.count])\n"
        }.joined()
        try config.write(toFile: ssh + "/config", atomically: true, encoding: .utf8)

        let vaultDirectories = [home.path + "/.local/share/termind", home.path + "/.config/termind"]
        func freshVault() throws {
            for directory in vaultDirectories { try? FileManager.default.removeItem(atPath: directory) }
            try home.succeed(["hosts", "list"])
        }
        func hostCount() throws -> Int { Int(try sqlite("SELECT count(*) FROM hosts;")) ?? -1 }

        try freshVault()
        let duration = try timed { XCTAssertFalse(try kill(after: 60, ["import", "--all"])) }
        XCTAssertEqual(try hostCount(), hosts)

        var outcomes = (killedBefore: 0, killedAfter: 0, finished: 0, leftUnnamed: 0)
        for (point, delay) in delays(Self.points, over: duration, seed: 0xB22).enumerated() {
            try freshVault()
            let killed = try kill(after: delay, ["import", "--all"])
            try assertVaultSound("import kill point \(point)")
            let unnamed = try unnamedSecrets()
            XCTAssertEqual(unnamed, 0, "import kill point \(point): sealed secrets no record names were left behind")
            if unnamed > 0 { outcomes.leftUnnamed += 1 }
            let count = try hostCount()
            XCTAssertTrue(count == 0 || count == hosts, "point \(point): \(count) of \(hosts) Hosts imported")
            if count == 0 {
                outcomes.killedBefore += 1
                // Nothing was written: the import runs again from the start and lands whole.
                let again = try home.run(["import", "--all"])
                XCTAssertEqual(again.status, 0, "point \(point): \(again.stderr)")
                XCTAssertEqual(try hostCount(), hosts)
                try assertVaultSound("import again after point \(point)")
            } else if killed {
                outcomes.killedAfter += 1
            } else {
                outcomes.finished += 1
            }
        }
        print("kill -9 (b) import --all (\(hosts) Hosts, \(keys.count) Keys, \(String(format: "%.2f", duration)) s): "
            + "\(Self.points) points, \(outcomes.killedBefore) killed before the commit (imported again whole), "
            + "\(outcomes.killedAfter) killed after it, \(outcomes.finished) finished first; \(outcomes.leftUnnamed) left unnamed sealed secrets")
    }

    // MARK: - (c), (d), (e) Transfers

    /// One copy to a destination that already holds other bytes: where it goes, its partial,
    /// and the two contents the destination may ever hold.
    private struct Transfer {
        let source: String
        let target: String
        let destination: String
        let partial: String
        let oldCopy: String
        let oldHash: String
        let newHash: String
    }

    /// An 8 MiB download of `new.bin` over a local `dl.bin`, or an upload of `up.bin` over the
    /// server's `ul.bin`.
    private func transfer(upload: Bool) throws -> Transfer {
        let oldCopy = local.appending(upload ? "old-ul.bin" : "old-dl.bin").path
        try randomFile(oldCopy, bytes: Self.fileSize)
        let (sourceFile, destinationDirectory, name) = upload
            ? (local.appending("up.bin").path, remote.path, "ul.bin")
            : (remote.appending("new.bin").path, local.path, "dl.bin")
        try randomFile(sourceFile, bytes: Self.fileSize)
        let destination = destinationDirectory + "/" + name
        XCTAssertEqual(try ChildProcess.run("cp", [oldCopy, destination]).status, 0)
        _ = try sshd()  // the remote files now belong to its login account
        return Transfer(
            source: upload ? sourceFile : try onServer(sourceFile), target: upload ? try onServer(destination) : destination,
            destination: destination, partial: destinationDirectory + "/." + name + ".termind-partial",
            oldCopy: oldCopy, oldHash: try XCTUnwrap(try sha256(oldCopy)), newHash: try XCTUnwrap(try sha256(sourceFile)))
    }

    private func cpArguments(_ transfer: Transfer, resume: Bool = false) throws -> [String] {
        ["cp", "--batch", "--accept-new", "-i", try sshd().clientPrivateKeyPath, "--on-conflict", "overwrite"]
            + (resume ? ["--resume"] : []) + [transfer.source, transfer.target]
    }

    /// The destination back to its old bytes, written in place (it keeps its owner), and no partial.
    private func restore(_ transfer: Transfer) throws {
        XCTAssertEqual(try ChildProcess.run("cp", [transfer.oldCopy, transfer.destination]).status, 0)
        try? FileManager.default.removeItem(atPath: transfer.partial)
    }

    /// The destination holds the old or the new bytes; true when the new.
    private func assertOldOrNew(_ transfer: Transfer, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let hash = try sha256(transfer.destination)
        XCTAssertTrue(hash == transfer.oldHash || hash == transfer.newHash, "\(context): the destination holds other bytes", file: file, line: line)
        return hash == transfer.newHash
    }

    /// `cp --resume` ends 0 with the new bytes in place and no partial left, wherever the run
    /// before it was killed (between creating its partial and recording it too: the record
    /// saved before the partial names it).
    private func assertResumeFinishes(_ transfer: Transfer, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let resumed = try home.run(try cpArguments(transfer, resume: true))
        XCTAssertEqual(resumed.status, 0, "\(context): \(resumed.stderr)", file: file, line: line)
        XCTAssertEqual(try sha256(transfer.destination), transfer.newHash, "\(context): resumed to other bytes", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: transfer.partial), "\(context): a partial is left", file: file, line: line)
    }

    private func killDuringCommit(upload: Bool, seed: UInt64) throws {
        let transfer = try transfer(upload: upload)
        let duration = try copyDuration(transfer)
        XCTAssertTrue(try assertOldOrNew(transfer, "the measuring run"))
        var outcomes = (before: 0, after: 0, finished: 0, resumed: 0)
        for (point, delay) in delays(Self.points, over: duration, seed: seed).enumerated() {
            try restore(transfer)
            let killed = try kill(after: delay, try cpArguments(transfer))
            let isNew = try assertOldOrNew(transfer, "point \(point)")
            if !killed { outcomes.finished += 1 } else if isNew { outcomes.after += 1 } else { outcomes.before += 1 }
            if FileManager.default.fileExists(atPath: transfer.partial) || !isNew {
                try assertResumeFinishes(transfer, "resume after point \(point)")
                outcomes.resumed += 1
            }
        }
        try assertVaultSound("after the \(upload ? "uploads" : "downloads")")
        print("kill -9 (\(upload ? "d) upload" : "c) download") \(Self.fileSize >> 20) MiB (\(String(format: "%.2f", duration)) s): "
            + "\(Self.points) points, \(outcomes.before) killed before the commit, \(outcomes.after) killed after it, "
            + "\(outcomes.finished) finished first, \(outcomes.resumed) resumed to an equal SHA-256")
    }

    func testADownloadKilledAtAnyPointLeavesTheOldOrTheNewFileAndResumeFinishesIt() throws {
        try killDuringCommit(upload: false, seed: 0xC33)
    }

    func testAnUploadKilledAtAnyPointLeavesTheOldOrTheNewFileAndResumeFinishesIt() throws {
        try killDuringCommit(upload: true, seed: 0xD44)
    }

    /// Each point: a copy killed partway leaves a partial; `--resume` is killed at a random
    /// moment; a last `--resume` finishes with an equal SHA-256. Downloads and uploads in turn.
    func testAResumeKilledAtAnyPointIsFinishedByTheNextResume() throws {
        let download = try transfer(upload: false)
        let upload = try transfer(upload: true)
        let durations = [try copyDuration(download), try copyDuration(upload)]
        var random = SeededRandom(seed: 0xE55)
        var outcomes = (withPartial: 0, killedBefore: 0, killedAfter: 0, finished: 0)
        for (point, delay) in delays(Self.points, over: durations.max()!, seed: 0xE66).enumerated() {
            let transfer = point % 2 == 0 ? download : upload
            let duration = durations[point % 2]
            try restore(transfer)
            // A first run cut somewhere in its middle half, so there is a partial to resume.
            _ = try kill(after: Double.random(in: (duration * 0.25)...(duration * 0.75), using: &random), try cpArguments(transfer))
            if FileManager.default.fileExists(atPath: transfer.partial) { outcomes.withPartial += 1 }
            let killed = try kill(after: delay * duration / durations.max()!, try cpArguments(transfer, resume: true))
            let isNew = try assertOldOrNew(transfer, "resume kill point \(point)")
            if !killed { outcomes.finished += 1 } else if isNew { outcomes.killedAfter += 1 } else { outcomes.killedBefore += 1 }
            try assertResumeFinishes(transfer, "the resume after resume kill point \(point)")
        }
        print("kill -9 (e) --resume: \(Self.points) points (\(outcomes.withPartial) began from a partial), "
            + "\(outcomes.killedBefore) killed before the commit, \(outcomes.killedAfter) killed after it, "
            + "\(outcomes.finished) finished first; every one then resumed to an equal SHA-256")
    }
}
