import Foundation
import TermindTestSupport

/// Trust lookups in a large `~/.ssh/known_hosts` (25,000, 50,000 and 100,000 lines, plain and
/// hashed by `ssh-keygen -H`, the server's own line in the middle): `termind known-hosts check`
/// (a handshake and the lookup every connection makes) against `ssh-keygen -F`; and `termind
/// import --dry-run --json` of such a folder at 1,750, 3,500 and 7,000 lines (import reads at
/// most 1 MiB of a file and lists a larger one as skipped, too large). Each a process, median
/// of 3, with the growth per doubling (2.0 is linear). `termind-bench known-hosts` runs only these.
struct KnownHostsBenchmarks {
    let sshd: SSHDServer
    static let sizes = [25_000, 50_000, 100_000]
    /// Under import's 1 MiB a file, hashed lines included.
    static let importSizes = [1_750, 3_500, 7_000]

    func run() throws {
        let key = try String(contentsOfFile: sshd.hostPublicKeyPath(for: "ssh-ed25519"), encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let name = "[\(sshd.host)]:\(sshd.port)"
        print("\nknown_hosts lookups (~/.ssh/known_hosts of N lines; median of 3; growth per doubling: 2.0 is linear)")
        print("lines     kind     known-hosts check   ssh-keygen -F")
        try table(Self.sizes, key: key, name: name) { home, file in
            let check = try medianSeconds(3) {
                let result = try TermindBinary.run(["known-hosts", "check", "\(sshd.host):\(sshd.port)"], home: home)
                precondition(result.status == 0, "termind known-hosts check: \(result.status) \(result.stdout) \(result.stderr)")
            }
            let keygen = try medianSeconds(3) {
                let result = try ChildProcess.run("ssh-keygen", ["-F", name, "-f", file])
                precondition(result.status == 0, "ssh-keygen -F failed: \(result.stderr)")
            }
            return [check, keygen]
        }
        print("lines     kind     import --dry-run --json")
        try table(Self.importSizes, key: key, name: name) { home, file in
            let directory = (file as NSString).deletingLastPathComponent
            return [try medianSeconds(3) {
                let result = try TermindBinary.run(["import", directory, "--dry-run", "--json"], home: home)
                precondition(result.status == 0 && !result.stdout.contains("too-large"), "termind import --dry-run: \(result.stderr)")
            }]
        }
    }

    /// One row per size and kind: the figures `measure` gives for a home whose known_hosts
    /// has that many lines, and their growth per doubling.
    private func table(_ sizes: [Int], key: String, name: String, measure: (TemporaryDirectory, String) throws -> [Double]) throws {
        for hashed in [false, true] {
            var previous: (lines: Int, figures: [Double])?
            for lines in sizes {
                let home = try TemporaryDirectory(prefix: "termind-bench-known-hosts")
                let directory = home.appending(".ssh").path
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let file = directory + "/known_hosts"
                var text = (0..<lines).map { "host\($0).example.com \(key)" }
                text[lines / 2] = "\(name) \(key)"
                try (text.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                if hashed {
                    let result = try ChildProcess.run("ssh-keygen", ["-q", "-H", "-f", file])
                    precondition(result.status == 0, "ssh-keygen -H failed: \(result.stderr)")
                    try? FileManager.default.removeItem(atPath: file + ".old")
                }
                let figures = try measure(home, file)
                var line = String(lines).padding(toLength: 10, withPad: " ", startingAt: 0)
                    + (hashed ? "hashed" : "plain ").padding(toLength: 6, withPad: " ", startingAt: 0)
                    + figures.map { "   " + formatSeconds($0) + "     " }.joined()
                if let previous {
                    let doublings = log2(Double(lines) / Double(previous.lines))
                    line += "growth per doubling " + zip(figures, previous.figures)
                        .map { String(format: "%.2f", pow($0 / $1, 1 / doublings)) }.joined(separator: " / ")
                }
                print(line)
                previous = (lines, figures)
            }
        }
    }

}
