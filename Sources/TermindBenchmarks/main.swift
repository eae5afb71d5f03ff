import Foundation
import TermindCrypto
import TermindDomain
import TermindTestSupport

// `make bench`: Termind against OpenSSH and coreutils on this machine, printed as ratios
// (median of N runs each; above 1.00x means Termind is slower). Both sides run as processes
// except where a line says otherwise. Transfers run over loopback against the same sshd as
// OpenSSH's `sftp` and `scp`. The workbench runs against tmux (WorkbenchBenchmarks.swift);
// `ls -l` of 200,000 entries is compared by client CPU per row (ListingBenchmarks.swift;
// `termind-bench listing` runs it alone); scrollback memory against tmux's
// (ScrollbackBenchmarks.swift; `termind-bench scrollback`); a pane's emulator alone, in process
// (PaneScreenBenchmarks.swift; `termind-bench screen`); find over a full scrollback
// (FindBenchmarks.swift; `termind-bench find`); the SFTP browser's first rows of
// 10,000 entries against `sftp -b` `ls -l` (BrowserBenchmarks.swift; `termind-bench browser`); the command history's search
// against the sqlite3 shell (HistoryBenchmarks.swift; `termind-bench history`); the metrics
// sampler's CPU and bytes per sample on the server (MetricsBenchmarks.swift; `termind-bench metrics`);
// a local forward's throughput and connection latency against `ssh -N -L` (ForwardBenchmarks.swift;
// `termind-bench forwards`); a repeated exec through the control socket against ssh with and
// without its ControlMaster (ControlBenchmarks.swift; `termind-bench control`, also part of the full run).

func formatSeconds(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%8.2f ms", seconds * 1000) : String(format: "%8.3f s ", seconds)
}

/// A printed figure without the padding that lines it up in a column.
func trimmed(_ figure: String) -> String { figure.trimmingCharacters(in: .whitespaces) }

/// The median wall-clock time of `runs` calls of `body`, in seconds.
func medianSeconds(_ runs: Int, _ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[runs / 2]
}

func require(_ output: ChildProcess.Output, _ what: String) {
    precondition(output.status == 0, "\(what) failed (\(output.status)): \(output.stderr)")
}

// 60 parallel logins need more than sshd's default MaxStartups of 10 unauthenticated connections.
ScratchDirectories.removeAtExit()

let sshd = try SSHDServer.start(configure: "MaxStartups 200\nMaxSessions 100\n")
defer { sshd.stop() }
/// The end of a run, whole or one part: the table written where `make bench` asked, sshd stopped.
func finish() throws -> Never {
    let part = CommandLine.arguments.dropFirst().first
    try BenchmarkReport.shared.writeIfAsked(run: part.map { "termind-bench \($0)" } ?? "make bench")
    sshd.stop()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "metrics" {
    try MetricsBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "import" {
    try ImportBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "known-hosts" {
    try KnownHostsBenchmarks(sshd: sshd).run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "vault" {
    try await LargeVaultBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "workbench" {
    try WorkbenchBenchmarks(sshd: sshd).run()
    try PaneScreenBenchmarks().run()
    try ScrollbackBenchmarks(sshd: sshd).run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "screen" {
    try PaneScreenBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "find" {
    try FindBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "history" {
    try await HistoryBenchmarks().run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "scrollback" {
    try ScrollbackBenchmarks(sshd: sshd).run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "browser" {
    try BrowserBenchmarks(sshd: sshd).run()
    try finish()
}
let home = try ScratchDirectories.make(prefix: "termind-bench-home")
let target = "\(sshd.username)@\(sshd.host):\(sshd.port)"
let sshArguments = [
    "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-p", String(sshd.port), "\(sshd.username)@\(sshd.host)",
]
// The first run saves the host key in this home's Vault; every timed run then checks it.
require(try TermindBinary.run(["exec", "--batch", "--accept-new", "-i", sshd.clientPrivateKeyPath, target, "--", "true"], home: home), "termind exec")
if CommandLine.arguments.dropFirst().first == "forwards" {
    do {
        try ForwardBenchmarks(sshd: sshd, home: home).run()
    } catch {
        print("the forwarding benchmarks failed: \(error)")
    }
    try finish()
}
if CommandLine.arguments.dropFirst().first == "control" {
    try ControlBenchmarks(sshd: sshd, home: home, target: target, sshArguments: sshArguments).run()
    try finish()
}
if CommandLine.arguments.dropFirst().first == "listing" {
    try ListingBenchmarks(sshd: sshd, home: home).run()
    try finish()
}

let scratch = try ScratchDirectories.make(prefix: "termind-bench")
let payloadPath = scratch.appending("payload.bin").path
do {
    // 256 MiB of random bytes, written once, hashed by both sides.
    _ = FileManager.default.createFile(atPath: payloadPath, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: payloadPath))
    for _ in 0..<256 { handle.write(Data(try SecureRandom.bytes(count: 1 << 20))) }
    try handle.close()
}

// 10,000 known hosts, hashed by ssh-keygen -H; the one looked up sits in the middle.
let knownHostsPath = scratch.appending("known_hosts").path
do {
    let key = try String(contentsOfFile: sshd.hostPublicKeyPath(for: "ssh-ed25519"), encoding: .utf8)
        .split(separator: " ").prefix(2).joined(separator: " ")
    let lines = (0..<10_000).map { "host\($0).example.com \(key)" }
    try (lines.joined(separator: "\n") + "\n").write(toFile: knownHostsPath, atomically: true, encoding: .utf8)
    require(try ChildProcess.run("ssh-keygen", ["-q", "-H", "-f", knownHostsPath]), "ssh-keygen -H")
}
let fanOut = 50

// Transfers: a 1 GiB file and a tree of 1,000 files of 4 KiB on the "remote" side (a directory
// the sshd session's account owns), and a local directory to receive them.
let remote = try ScratchDirectories.make(prefix: "termind-bench-remote", mode: 0o755)
let local = try ScratchDirectories.make(prefix: "termind-bench-local", mode: 0o755)
let gibibyte = 1 << 30
let bigPath = remote.appending("big.bin").path
let treePath = remote.appending("tree").path
let uploadPath = remote.appending("uploaded.bin").path
let localBigPath = local.appending("big.bin").path
let localTreePath = local.appending("upload-tree").path
let uploadedTreePath = remote.appending("uploaded-tree").path
do {
    require(try ChildProcess.run("sh", ["-c", """
        head -c \(gibibyte) /dev/urandom > '\(bigPath)' && cp '\(bigPath)' '\(localBigPath)' && mkdir '\(treePath)' && \
        for i in $(seq 1000); do head -c 4096 /dev/urandom > '\(treePath)'/file$i.bin; done && \
        cp -r '\(treePath)' '\(localTreePath)' && \
        chown -R \(sshd.username) '\(remote.path)'
        """]), "making the transfer payloads")
}
let cpArguments = ["cp", "--batch", "-i", sshd.clientPrivateKeyPath, "--on-conflict", "overwrite"]
let sftpBase = [
    "-q", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-P", String(sshd.port),
]
let libssh2Cipher = ["-c", "aes128-ctr", "-o", "MACs=hmac-sha2-256"]

/// Runs `commands` in one `sftp -b` session with `options`.
func sftp(_ commands: String, _ options: [String] = []) throws {
    let batch = local.appending("batch.sftp").path
    try commands.write(toFile: batch, atomically: true, encoding: .utf8)
    require(try ChildProcess.run("sftp", sftpBase + options + ["-b", batch, "\(sshd.username)@\(sshd.host)"]), "sftp")
}

func termindCopy(_ arguments: [String]) throws {
    require(try TermindBinary.run(cpArguments + arguments, home: home), "termind cp")
}

/// Sends the local 1 GiB file on standard input to `cat > /dev/null` run by `command` (a
/// command line, already quoted where needed), as `tar c | ssh HOST tar x` does.
func pipeThroughExec(_ command: [String]) throws {
    let line = command.joined(separator: " ") + " -- 'cat > /dev/null' < '\(localBigPath)'"
    require(try ChildProcess.run("sh", ["-c", line], environment: termindEnvironment), "piping 1 GiB through \(command[0])")
}

/// This process's environment with the benchmark's home, for a termind started by a tool.
let termindEnvironment = ProcessInfo.processInfo.environment.merging([
    "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share", "XDG_CONFIG_HOME": home.path + "/.config",
    "XDG_STATE_HOME": home.path + "/.local/state",
]) { $1 }

/// curl's SFTP (built on libssh2 1.10, the library Termind uses) with the client key.
let curlBase = ["-s", "-k", "--key", sshd.clientPrivateKeyPath, "--pubkey", sshd.clientPublicKeyPath]
func curlURL(_ path: String) -> String { "sftp://\(sshd.username)@\(sshd.host):\(sshd.port)\(path)" }

/// Removes the uploaded tree (owned by the sshd account; this process runs as root).
func clearUploadedTree() throws {
    require(try ChildProcess.run("rm", ["-rf", uploadedTreePath]), "rm")
}

/// Empties the local receiving side so each run writes everything anew.
func clearReceived() throws {
    require(try ChildProcess.run("rm", ["-rf", local.appending("received").path, local.appending("tree").path]), "rm")
}

let benchmarks = [
    Benchmark(
        name: "exec HOST -- true (connect, auth)", peer: "ssh -o BatchMode=yes HOST true", iterations: 20,
        termind: {
            require(try TermindBinary.run(["exec", "--batch", "-i", sshd.clientPrivateKeyPath, target, "--", "true"], home: home), "termind exec")
        },
        peerRun: { require(try ChildProcess.run("ssh", sshArguments + ["true"]), "ssh") }),
    Benchmark(
        name: "exec on \(fanOut) hosts -- true", peer: "\(fanOut) background ssh + wait", iterations: 5,
        termind: {
            let hosts = Array(repeating: target, count: fanOut)
            require(try TermindBinary.run(
                ["exec", "--batch", "--parallel", String(fanOut), "-i", sshd.clientPrivateKeyPath] + hosts + ["--", "true"],
                home: home), "termind exec fan-out")
        },
        peerRun: {
            let command = (["ssh"] + sshArguments + ["true"]).map { "'\($0)'" }.joined(separator: " ")
            require(try ChildProcess.run("sh", ["-c", "for i in $(seq \(fanOut)); do \(command) & done; wait"]), "ssh loop")
        }),
    Benchmark(
        name: "1 GiB on stdin: exec -- 'cat >/dev/null'", peer: "ssh HOST 'cat >/dev/null' (its defaults)", iterations: 3,
        bytes: gibibyte,
        termind: { try pipeThroughExec(["'\(try TermindBinary.path())'", "exec", "--batch", "-i", sshd.clientPrivateKeyPath, target]) },
        peerRun: { try pipeThroughExec(["ssh"] + sshArguments) }),
    Benchmark(
        name: "1 GiB on stdin: exec -- 'cat >/dev/null'", peer: "ssh -c aes128-ctr -o MACs=hmac-sha2-256", iterations: 3,
        bytes: gibibyte,
        termind: { try pipeThroughExec(["'\(try TermindBinary.path())'", "exec", "--batch", "-i", sshd.clientPrivateKeyPath, target]) },
        peerRun: { try pipeThroughExec(["ssh"] + libssh2Cipher + sshArguments) }),
    Benchmark(
        name: "1 GiB on stdin: exec -- 'cat >/dev/null'", peer: "curl -T scp:// (the same libssh2 1.10)", iterations: 3,
        bytes: gibibyte,
        termind: { try pipeThroughExec(["'\(try TermindBinary.path())'", "exec", "--batch", "-i", sshd.clientPrivateKeyPath, target]) },
        peerRun: {
            require(try ChildProcess.run("curl", curlBase + [
                "-T", localBigPath, "scp://\(sshd.username)@\(sshd.host):\(sshd.port)/dev/null",
            ]), "curl scp upload")
        }),
    Benchmark(
        name: "lookup in 10,000 hashed known_hosts", peer: "ssh-keygen -F (a process; termind in-process)", iterations: 20,
        termind: {
            let text = try String(contentsOfFile: knownHostsPath, encoding: .utf8)
            let matcher = KnownHostsMatcher(records: KnownHostsFile.parse(text, file: knownHostsPath).records)
            precondition(!matcher.recordedKeyTypes(hostname: "host5000.example.com", port: 22).isEmpty)
        },
        peerRun: { require(try ChildProcess.run("ssh-keygen", ["-F", "host5000.example.com", "-f", knownHostsPath]), "ssh-keygen -F") }),
    Benchmark(
        name: "SHA-256 of a 256 MiB file", peer: "sha256sum (termind in-process)", iterations: 5,
        termind: {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: payloadPath))
            let hasher = SHA256()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                chunk.withUnsafeBytes { hasher.update($0) }
            }
            _ = hasher.finalize()
            try handle.close()
        },
        peerRun: { require(try ChildProcess.run("sha256sum", [payloadPath]), "sha256sum") }),
    Benchmark(
        name: "download 1 GiB", peer: "sftp (its defaults: chacha20-poly1305)", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy(["\(target):\(bigPath)", local.appending("received").path]) },
        peerRun: { try sftp("get \(bigPath) \(local.appending("received").path)\n") }),
    Benchmark(
        name: "download 1 GiB", peer: "sftp -c aes128-ctr -o MACs=hmac-sha2-256", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy(["\(target):\(bigPath)", local.appending("received").path]) },
        peerRun: { try sftp("get \(bigPath) \(local.appending("received").path)\n", libssh2Cipher) }),
    Benchmark(
        name: "download 1 GiB", peer: "curl sftp:// (the same libssh2 1.10)", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy(["\(target):\(bigPath)", local.appending("received").path]) },
        peerRun: {
            require(try ChildProcess.run("curl", curlBase + ["-o", local.appending("received").path, curlURL(bigPath)]), "curl sftp download")
        }),
    Benchmark(
        name: "upload 1 GiB", peer: "sftp (its defaults: chacha20-poly1305)", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy([localBigPath, "\(target):\(uploadPath)"]) },
        peerRun: { try sftp("put \(localBigPath) \(uploadPath)\n") }),
    Benchmark(
        name: "upload 1 GiB", peer: "sftp -c aes128-ctr -o MACs=hmac-sha2-256", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy([localBigPath, "\(target):\(uploadPath)"]) },
        peerRun: { try sftp("put \(localBigPath) \(uploadPath)\n", libssh2Cipher) }),
    Benchmark(
        name: "upload 1 GiB", peer: "curl sftp:// -T (the same libssh2 1.10)", iterations: 3, bytes: gibibyte,
        termind: { try termindCopy([localBigPath, "\(target):\(uploadPath)"]) },
        peerRun: { require(try ChildProcess.run("curl", curlBase + ["-T", localBigPath, curlURL(uploadPath)]), "curl sftp upload") }),
    Benchmark(
        name: "download 1,000 files of 4 KiB", peer: "sftp -r", iterations: 3, bytes: 1000 * 4096,
        termind: {
            try clearReceived()
            try termindCopy(["-r", "\(target):\(treePath)", local.path])
        },
        peerRun: {
            try clearReceived()
            try sftp("get -r \(treePath) \(local.path)\n")
        }),
    Benchmark(
        name: "download 1,000 files of 4 KiB", peer: "scp -r", iterations: 3, bytes: 1000 * 4096,
        termind: {
            try clearReceived()
            try termindCopy(["-r", "\(target):\(treePath)", local.path])
        },
        peerRun: {
            try clearReceived()
            require(try ChildProcess.run("scp", sftpBase + ["-r", "\(sshd.username)@\(sshd.host):\(treePath)", local.path]), "scp")
        }),
    Benchmark(
        name: "upload 1,000 files of 4 KiB", peer: "scp -r", iterations: 3, bytes: 1000 * 4096,
        termind: {
            try clearUploadedTree()
            try termindCopy(["-r", localTreePath, "\(target):\(uploadedTreePath)"])
        },
        peerRun: {
            try clearUploadedTree()
            require(try ChildProcess.run("scp", sftpBase + ["-r", localTreePath, "\(sshd.username)@\(sshd.host):\(uploadedTreePath)"]), "scp")
        }),
]

// `termind-bench transfers`: only the rows that move bytes, their timeline and memory.
let transfersOnly = CommandLine.arguments.dropFirst().first == "transfers"
print("benchmark                               termind       peer          ratio    peer tool")
for benchmark in benchmarks where !transfersOnly || benchmark.bytes != nil {
    let result = try benchmark.measure()
    print(
        benchmark.name.padding(toLength: 38, withPad: " ", startingAt: 0),
        formatSeconds(result.termindSeconds), "  ", formatSeconds(result.peerSeconds),
        String(format: "  %5.2fx", result.ratio), "  ", benchmark.peer,
        benchmark.bytes == nil ? "" : "  (\(benchmark.rates(result)))")
    BenchmarkReport.shared.add(
        benchmark.name, termind: trimmed(formatSeconds(result.termindSeconds)), peer: trimmed(formatSeconds(result.peerSeconds)),
        peerTool: benchmark.peer, ratio: result.ratio, cpu: benchmark.cpuPerGiB(result) ?? "")
}

// Downloads as a timeline: a stall shows as a run of small intervals, which a median hides.
print("\ndownload 1 GiB, MB arriving per 100 ms (sampled from the receiving directory):")
let timelineDirectory = local.appending("timeline").path
for (label, executable, arguments) in [
    ("termind cp", try TermindBinary.path(), cpArguments + ["\(target):\(bigPath)", timelineDirectory + "/big.bin"]),
    ("curl sftp:// (libssh2 1.10)", "curl", curlBase + ["-o", timelineDirectory + "/big.bin", curlURL(bigPath)]),
    ("sftp (chacha20-poly1305)", "sftp", sftpBase + ["\(sshd.username)@\(sshd.host):\(bigPath)", timelineDirectory + "/big.bin"]),
] {
    require(try ChildProcess.run("sh", ["-c", "rm -rf '\(timelineDirectory)' && mkdir '\(timelineDirectory)'"]), "mkdir")
    let timeline = try TransferTimeline.record(
        label, directory: timelineDirectory, try ChildProcess.resolve(executable), arguments, environment: termindEnvironment)
    print(timeline.printed())
}

// Peak resident memory of one 1 GiB download, by GNU time (its %M, in KiB).
print("\npeak RSS of a 1 GiB download (GNU time -f %M):")
var peakMiB: [Int] = []
for (label, executable, arguments) in [
    ("termind cp", try TermindBinary.path(), cpArguments + ["\(target):\(bigPath)", local.appending("received").path]),
    ("curl sftp://", try ChildProcess.resolve("curl"), curlBase + ["-o", local.appending("received").path, curlURL(bigPath)]),
    ("sftp", try ChildProcess.resolve("sftp"), sftpBase + ["\(sshd.username)@\(sshd.host):\(bigPath)", local.appending("received").path]),
] {
    let measured = try ChildProcess.run("/usr/bin/time", ["-f", "%M", executable] + arguments, environment: termindEnvironment)
    require(measured, "\(label) under GNU time")
    let kibibytes = Int(measured.stderr.split(separator: "\n").last.map(String.init) ?? "") ?? 0
    print("  \(label.padding(toLength: 40, withPad: " ", startingAt: 0)) \(kibibytes / 1024) MiB")
    peakMiB.append(kibibytes / 1024)
}
for (index, peer) in ["curl sftp://", "sftp"].enumerated() {
    BenchmarkReport.shared.add(
        "peak RSS, 1 GiB download", termind: "\(peakMiB[0]) MiB", peer: "\(peakMiB[index + 1]) MiB", peerTool: peer,
        ratio: Double(peakMiB[0]) / Double(max(1, peakMiB[index + 1])))
}
if transfersOnly {
    try finish()
}

try ControlBenchmarks(sshd: sshd, home: home, target: target, sshArguments: sshArguments).run()
try ListingBenchmarks(sshd: sshd, home: home).run()
try BrowserBenchmarks(sshd: sshd).run()
try ForwardBenchmarks(sshd: sshd, home: home).run()
try ImportBenchmarks().run()
try await LargeVaultBenchmarks().run()
try KnownHostsBenchmarks(sshd: sshd).run()
try WorkbenchBenchmarks(sshd: sshd).run()
try PaneScreenBenchmarks().run()
try ScrollbackBenchmarks(sshd: sshd).run()
try await HistoryBenchmarks().run()
try finish()
