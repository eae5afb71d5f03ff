import Foundation
import TermindTestSupport

/// A repeated `termind exec HOST -- true` through a live shared connection (`termind exec
/// --persist` holds it; the control socket carries the channel) against `ssh -o
/// ControlMaster=no HOST true` (a full connection each time; goal: at most 0.1x) and against
/// `ssh` through its own ControlMaster (`ControlMaster=auto`, `ControlPersist=60`; goal: at
/// most 1.0x). Each a process, median of 30. `termind-bench control` runs only these.
struct ControlBenchmarks {
    let sshd: SSHDServer
    let home: TemporaryDirectory
    let target: String
    let sshArguments: [String]

    func run() throws {
        let runtime = try TemporaryDirectory(prefix: "termind-bench-runtime")
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let exec = ["exec", "--batch", "-i", sshd.clientPrivateKeyPath, target]
        check(try TermindBinary.run(exec + ["--persist", "10m", "--", "true"], home: home, environment: environment), "termind exec --persist")
        defer { try? FileManager.default.removeItem(atPath: runtime.path + "/termind") }  // the holder ends with its socket
        let controlPath = runtime.path + "/ssh-%C"
        let master = ["-o", "ControlPath=\(controlPath)", "-o", "ControlMaster=auto", "-o", "ControlPersist=60"]
        check(try ChildProcess.run("ssh", master + sshArguments + ["true"]), "ssh ControlMaster")
        defer { _ = try? ChildProcess.run("ssh", master + ["-O", "exit"] + sshArguments) }

        let shared = try medianSeconds(30) {
            check(try TermindBinary.run(exec + ["--", "true"], home: home, environment: environment), "termind exec (shared)")
        }
        let fresh = try medianSeconds(30) {
            check(try ChildProcess.run("ssh", ["-o", "ControlMaster=no", "-o", "ControlPath=none"] + sshArguments + ["true"]), "ssh")
        }
        let multiplexed = try medianSeconds(30) {
            check(try ChildProcess.run("ssh", master + sshArguments + ["true"]), "ssh ControlMaster")
        }
        BenchmarkReport.shared.add(
            "exec -- true on a shared connection", termind: trimmed(formatSeconds(shared)), peer: trimmed(formatSeconds(fresh)),
            peerTool: "ssh -o ControlMaster=no", ratio: shared / fresh)
        BenchmarkReport.shared.add(
            "exec -- true on a shared connection", termind: trimmed(formatSeconds(shared)), peer: trimmed(formatSeconds(multiplexed)),
            peerTool: "ssh through its ControlMaster", ratio: shared / multiplexed)
        print("\nA repeated exec through a live shared connection (median of 30; goals: <= 0.10x and <= 1.00x)")
        print("termind exec HOST -- true (control socket)  \(formatSeconds(shared))")
        print("ssh -o ControlMaster=no HOST true           \(formatSeconds(fresh))   ratio \(String(format: "%.2fx", shared / fresh))")
        print("ssh through its ControlMaster HOST true     \(formatSeconds(multiplexed))   ratio \(String(format: "%.2fx", shared / multiplexed))")
    }

    /// As `require`, with the failure's words kept in a release build.
    private func check(_ output: ChildProcess.Output, _ what: String) {
        if output.status != 0 { fatalError("\(what) failed (\(output.status)): \(output.stderr)") }
    }
}
