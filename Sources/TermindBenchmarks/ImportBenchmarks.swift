import Foundation
import TermindTestSupport

/// How `termind import` grows with the size of a generated `~/.ssh/config` (plain `Host nodeN`
/// blocks, as fleets' inventories write them): the preview (`--dry-run --json`) and the commit
/// (`--all` into an empty Vault) at 1,000, 5,000 and 20,000 Hosts, and the growth per doubling
/// between sizes (2.0 is linear, 4.0 quadratic). No peer: OpenSSH has no import.
struct ImportBenchmarks {
    static let sizes = [1_000, 5_000, 20_000]

    func run() throws {
        let folder = try TemporaryDirectory(prefix: "termind-bench-import")
        print("\nimport from a generated ~/.ssh/config (median of 3; growth per doubling: 2.0 is linear)")
        print("Hosts      preview (--dry-run)   import (--all)")
        var previous: (hosts: Int, preview: Double, commit: Double)?
        for hosts in Self.sizes {
            let directory = folder.appending("ssh\(hosts)").path
            try Self.writeConfig(hosts: hosts, in: directory)
            let preview = try medianSeconds(3) { _ = try TermindBinary.run(["import", directory, "--dry-run", "--json"], home: try TemporaryDirectory()) }
            let commit = try medianSeconds(3) {
                let result = try TermindBinary.run(["import", directory, "--all"], home: try TemporaryDirectory())
                precondition(result.status == 0, "termind import --all failed: \(result.stderr)")
            }
            var line = String(hosts).padding(toLength: 11, withPad: " ", startingAt: 0)
                + formatSeconds(preview) + "           " + formatSeconds(commit)
            if let previous {
                let doublings = log2(Double(hosts) / Double(previous.hosts))
                let growth = { (now: Double, before: Double) in pow(now / before, 1 / doublings) }
                line += String(format: "   growth per doubling %.2f / %.2f", growth(preview, previous.preview), growth(commit, previous.commit))
            }
            print(line)
            previous = (hosts, preview, commit)
        }
    }

    /// Writes `directory/config` with `hosts` plain blocks `Host nodeN` (HostName, User).
    static func writeConfig(hosts: Int, in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = (0..<hosts).map { "Host node\($0)\n  HostName 10.\($0 / 62_500).\($0 / 250 % 250).\($0 % 250)\n  User deploy\n" }
        try config.joined(separator: "\n").write(toFile: directory + "/config", atomically: true, encoding: .utf8)
    }

}
