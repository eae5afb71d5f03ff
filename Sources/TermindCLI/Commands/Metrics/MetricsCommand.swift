import Foundation
import TermindApplication
import TermindDomain
import TermindResources

/// `termind metrics HOST [--once] [--interval S] [--json]`: a Host's CPU, memory, load, network,
/// disks, file systems and busiest processes, read from its `/proc` by a small `sh` script on
/// an exec channel (docs/behaviour.md §9).
struct MetricsCommand: Command {
    static let definition = CommandDefinition(
        name: "metrics", abstract: "Show a Host's CPU, memory, load, network, disks and top processes",
        discussion: """
            Runs a small sh script on the server (nothing is installed or written there) that reads
            /proc every interval; rates are measured by the server's own uptime between two
            samples, so the first figures come one interval after connecting. With --once,
            termind takes those two samples, prints one report and exits; otherwise it prints one
            report per interval until interrupted. Network shows physical interfaces (no lo,
            bridges or veths) unless --all-interfaces. Processes are the 20 busiest over the
            interval, by name only: never their arguments or environment. A server without
            Linux's /proc says "metrics unavailable on this server" and termind exits 1.
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]")],
        options: ConnectionOptions.definitions + [
            .flag("once", help: "Two samples one interval apart, one report, then exit"),
            .option("interval", .integer(1...3600), valueName: "SECONDS", help: "Seconds between samples (default: the Host's, 2 unless set with hosts edit --metrics-interval)"),
            .flag("json", help: "One JSON object per report: cpu, memory, load, uptime, network, disks, filesystems, processes"),
            .flag("all-interfaces", help: "Count every network interface, lo, bridges and veths too"),
        ],
        examples: ["termind metrics web", "termind metrics web --once --json", "termind metrics web --interval 5"])

    let host: String
    let once: Bool
    /// Given on the command line; otherwise the Host's own (`hosts edit --metrics-interval`).
    let interval: Int?
    let json: Bool
    let allInterfaces: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST") ?? ""
        once = parsed.flag("once")
        interval = parsed.integer("interval")
        json = parsed.flag("json")
        allInterfaces = parsed.flag("all-interfaces")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options)
        var interval = Host.defaultMetricsInterval
        if let given = self.interval {
            interval = given
        } else if let record = try await access.opener.store.snapshot().host(host) {
            interval = record.metricsInterval
        }
        let sampler = MetricsSampler(
            host: host, script: try TermindResources.metricsSamplerScript(interval: interval, filesystems: true),
            allInterfaces: allInterfaces)
        let command = self
        return try await InterruptibleRun.run("the metrics of \(TerminalSafeText(host).text)") {
            try await access.withConnection(to: command.host) { connection in
                do {
                    try await sampler.watch(on: connection) { metrics in
                        let report = MetricsReport(host: command.host, metrics)
                        context.out(command.json ? try JSONOutput.line(report) : MetricsReportText.text(of: report, context: context))
                        return !command.once
                    }
                } catch let failure as MetricsFailure where command.json {
                    // A failed sample is a report of its own, never one of zeros; stderr says it too.
                    context.out(try JSONOutput.line(MetricsFailureReport(host: command.host, failed: failure.description)))
                    throw failure
                }
                return ExitCode.success.rawValue
            }
        }
    }
}
