import Foundation
import TermindTestSupport

/// `termind ls -l` of one directory of 200,000 empty files against OpenSSH's `sftp -b` `ls -l`
/// on the same directory and sshd, by client CPU (user + system time of the process and its
/// children: ssh for sftp) per row, the median of 3 runs; output goes to /dev/null. Issue 28
/// asks for under 10 µs per row.
struct ListingBenchmarks {
    static let entries = 200_000

    let sshd: SSHDServer
    /// A home whose Vault already trusts the sshd's host key.
    let home: TemporaryDirectory

    func run() throws {
        let directory = try TemporaryDirectory(prefix: "termind-bench-listing", mode: 0o755)
        let listed = directory.appending("wide").path
        require(try ChildProcess.run("python3", ["-c", """
            import os, sys
            os.mkdir(sys.argv[1])
            for i in range(\(Self.entries)): open(os.path.join(sys.argv[1], 'file%06d.txt' % i), 'w').close()
            """, listed]), "making \(Self.entries) files")
        require(try ChildProcess.run("chown", ["-R", sshd.username, directory.path]), "chown")
        let target = "\(sshd.username)@\(sshd.host):\(sshd.port):\(listed)"
        let batch = directory.appending("batch.sftp").path
        try "ls -l \(listed)\n".write(toFile: batch, atomically: true, encoding: .utf8)

        let ours = try Self.medianCPU(3) {
            try Self.toNull(try TermindBinary.path(), ["ls", "-l", "--batch", "-i", sshd.clientPrivateKeyPath, target],
                            home: home.path)
        }
        let sftp = [
            "-q", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-P", String(sshd.port),
            "-b", batch, "\(sshd.username)@\(sshd.host)",
        ]
        let theirs = try Self.medianCPU(3) { try Self.toNull("sftp", sftp, home: nil) }
        let perRow = { (seconds: Double) in String(format: "%6.2f µs/row", seconds / Double(Self.entries) * 1e6) }
        print("\nls -l of \(Self.entries) entries, client CPU (user + system, median of 3)")
        print("termind ls -l   \(formatSeconds(ours))  \(perRow(ours))")
        print("sftp -b ls -l   \(formatSeconds(theirs))  \(perRow(theirs))")
        BenchmarkReport.shared.add(
            "ls -l of \(Self.entries) entries, client CPU", termind: trimmed(formatSeconds(ours)), peer: trimmed(formatSeconds(theirs)),
            peerTool: "sftp -b", ratio: ours / theirs)
        print(String(format: "ratio           %5.2fx (above 1.00x: termind uses more CPU)", ours / theirs))
    }

    /// Runs a command with stdout to /dev/null (a shell redirect: no pipe to drain).
    private static func toNull(_ executable: String, _ arguments: [String], home: String?) throws {
        let line = ([executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ") + " > /dev/null"
        var environment = ProcessInfo.processInfo.environment
        if let home {
            environment["HOME"] = home
            environment["XDG_DATA_HOME"] = home + "/.local/share"
            environment["XDG_CONFIG_HOME"] = home + "/.config"
            environment["XDG_STATE_HOME"] = home + "/.local/state"
        }
        require(try ChildProcess.run("sh", ["-c", line], environment: environment), executable)
    }

    /// CPU seconds of the children `body` waits for (RUSAGE_CHILDREN grows as they are reaped).
    private static func medianCPU(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()  // warm caches, as the other benchmarks do
        var times: [Double] = []
        for _ in 0..<runs {
            let before = childrenCPU()
            try body()
            times.append(childrenCPU() - before)
        }
        return times.sorted()[runs / 2]
    }

    private static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
