import Foundation
import TermindApplication
import TermindInfrastructure
import TermindTestSupport

/// The command history's search (the history overlay and `termind history --search`) over
/// 100,000 rows: 100 Hosts imported by `termind import`, 1,000 commands each (the per-Host
/// cap), written with the `sqlite3` shell so the V4 triggers index them. Each query runs in
/// process through `SQLiteVaultStore.searchCommands` (the actor, the statement, decoding the
/// rows) and, as the peer, the same SQL text in one `sqlite3` process with `.timer on` (its
/// own time per statement, no process start). Termind's wall-clock p50 and p95 (goal: p95
/// within 16 ms), and the CPU time of both sides, compared at p95 (goal: within 1.2x):
/// `.timer` gives wall time in whole milliseconds but CPU time in microseconds, and CPU time
/// does not count the other processes of a busy machine. `termind-bench history` runs it alone.
struct HistoryBenchmarks {
    static let hosts = 100
    static let perHost = 1_000
    let runs = 50

    /// What the overlay asks as a person types, and what scripts ask.
    static let queries: [(name: String, query: CommandHistoryQuery)] = [
        ("\"compose up\" every Host", CommandHistoryQuery(text: "compose up", limit: 200)),
        ("\"nginx\" every Host, failed", CommandHistoryQuery(text: "nginx", failedOnly: true, limit: 200)),
        ("\"ls\" (under a trigram)", CommandHistoryQuery(text: "ls", limit: 200)),
        ("no text, newest 200", CommandHistoryQuery(limit: 200)),
        ("\"deploy\" rare, every Host", CommandHistoryQuery(text: "deploy --env canary", limit: 200)),
    ]

    func run() async throws {
        let home = try TemporaryDirectory(prefix: "termind-bench-history")
        let sshDirectory = home.appending("ssh").path
        try ImportBenchmarks.writeConfig(hosts: Self.hosts, in: sshDirectory)
        let imported = try TermindBinary.run(["import", sshDirectory, "--all"], home: home)
        precondition(imported.status == 0, "termind import --all failed: \(imported.stderr)")
        let database = home.path + "/.local/share/termind/termind.db"
        let filled = try ChildProcess.run("sqlite3", [database], stdin: Self.fill)
        precondition(filled.status == 0, "filling the history with sqlite3 failed: \(filled.stderr)")
        let count = try ChildProcess.run("sqlite3", [database, "SELECT count(*) FROM command_history"])
        print("\ncommand history search over \(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) rows "
              + "(\(Self.hosts) Hosts x \(Self.perHost)), \(runs) runs each: in process (SQLiteVaultStore) vs the same SQL in sqlite3 (.timer)")
        print("query                             rows   termind p50   termind p95   CPU p95: termind     sqlite3   ratio")

        let vault = VaultDatabase(path: database)
        let store = SQLiteVaultStore(database: vault)
        for (name, query) in Self.queries {
            var times: [Double] = [], cpu: [Double] = []
            var rows = 0
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds, startCPU = Self.processCPU()
                rows = try await store.searchCommands(query).count
                cpu.append(Self.processCPU() - startCPU)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let peer = try sqliteCPUTimes(Self.literalSQL(query), database: database)
            let (p50, p95) = Self.percentiles(times), cpu95 = Self.percentiles(cpu).1, peer95 = Self.percentiles(peer).1
            print(name.padding(toLength: 32, withPad: " ", startingAt: 0) + String(format: "%6d", rows)
                  + "   " + formatSeconds(p50) + "   " + formatSeconds(p95) + "      " + formatSeconds(cpu95) + " " + formatSeconds(peer95)
                  + String(format: "   %.2fx", cpu95 / max(peer95, 1e-6)))
        }
        await vault.close()
        // As a script runs it: a whole process, the Vault opened, the rows printed as JSON.
        let process = try medianSeconds(5) {
            require(try TermindBinary.run(["history", "--search", "compose up", "--limit", "200", "--json"], home: home), "termind history")
        }
        print("termind history --search 'compose up' --limit 200 --json (a process, median of 5): \(formatSeconds(process))")
    }

    /// This process's CPU time so far (user and system), in seconds.
    static func processCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The CPU time (user + sys) `sqlite3`'s `.timer on` reports for each of `runs` runs of `sql`.
    private func sqliteCPUTimes(_ sql: String, database: String) throws -> [Double] {
        let script = ".timer on\n" + String(repeating: sql + ";\n", count: runs)
        let output = try ChildProcess.run("sqlite3", [database], stdin: script)
        precondition(output.status == 0, "sqlite3 failed: \(output.stderr)")
        let times = output.stdout.split(separator: "\n").compactMap { line -> Double? in
            // "Run Time: real 0.004 user 0.003000 sys 0.000000"
            let words = line.split(separator: " ")
            guard line.hasPrefix("Run Time: real "), words.count == 8, let user = Double(words[5]), let system = Double(words[7])
            else { return nil }
            return user + system
        }
        precondition(times.count == runs, "sqlite3 reported \(times.count) times, not \(runs)")
        return times
    }

    /// `SQLiteVaultStore.searchStatement` with its numbered parameters written in as literals.
    static func literalSQL(_ query: CommandHistoryQuery) -> String {
        let (sql, arguments) = SQLiteVaultStore.searchStatement(query)
        var text = sql
        for (index, argument) in arguments.enumerated().reversed() {
            let literal: String
            switch argument {
            case .null: literal = "NULL"
            case .integer(let value): literal = String(value)
            case .real(let value): literal = String(value)
            case .text(let value): literal = "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
            case .blob: preconditionFailure("no blob parameters in a search")
            }
            text = text.replacingOccurrences(of: "?\(index + 1)", with: literal)
        }
        return text
    }

    static func percentiles(_ times: [Double]) -> (Double, Double) {
        let sorted = times.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)])
    }

    /// 1,000 commands for each Host, a minute apart, from a mix of everyday commands.
    static let fill = """
        BEGIN;
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(perHost - 1))
        INSERT INTO command_history (id, host_id, command, started_at, exit_status, duration, working_directory)
        SELECT printf('%08X-%04X-4000-8000-%012X', h.rowid, n.i, h.rowid * 100000 + n.i), h.id,
            CASE n.i % 10
                WHEN 0 THEN 'git status'
                WHEN 1 THEN 'docker compose up -d web-' || (n.i % 37)
                WHEN 2 THEN 'sudo systemctl restart nginx'
                WHEN 3 THEN 'ls -la /var/log/app-' || (n.i % 53)
                WHEN 4 THEN 'tail -f /var/log/syslog | grep -i error'
                WHEN 5 THEN 'cd /srv/release-' || (n.i % 101)
                WHEN 6 THEN 'kubectl get pods -n team-' || (n.i % 17)
                WHEN 7 THEN 'make test TARGET=unit-' || (n.i % 29)
                WHEN 8 THEN 'psql -c "select count(*) from orders where day = ' || (n.i % 365) || '"'
                ELSE CASE WHEN n.i % 997 = 9 THEN 'deploy --env canary' ELSE 'vim config/settings-' || (n.i % 71) || '.yaml' END
            END,
            1764000000 + h.rowid * 0.001 + n.i * 60, CASE WHEN n.i % 7 = 0 THEN 1 ELSE 0 END, (n.i % 50) * 0.125,
            '/srv/app-' || (n.i % 13)
        FROM hosts h, n;
        COMMIT;
        """
}
