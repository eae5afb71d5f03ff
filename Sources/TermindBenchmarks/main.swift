import Foundation
import TermindCrypto
import TermindDomain
import TermindTestSupport

// `make bench`: Termind against OpenSSH and coreutils on this machine, printed as ratios
// (median of N runs each; above 1.00x means Termind is slower). Both sides run as processes
// except where a line says otherwise. Later issues add transfers against `sftp` and pane
// output against tmux.

func formatSeconds(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%8.2f ms", seconds * 1000) : String(format: "%8.3f s ", seconds)
}

func require(_ output: ChildProcess.Output, _ what: String) {
    precondition(output.status == 0, "\(what) failed (\(output.status)): \(output.stderr)")
}

// 60 parallel logins need more than sshd's default MaxStartups of 10 unauthenticated connections.
let sshd = try SSHDServer.start(configure: "MaxStartups 200\nMaxSessions 100\n")
defer { sshd.stop() }
let home = try TemporaryDirectory(prefix: "termind-bench-home")
let target = "\(sshd.username)@\(sshd.host):\(sshd.port)"
let sshArguments = [
    "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-p", String(sshd.port), "\(sshd.username)@\(sshd.host)",
]
// The first run saves the host key in this home's Vault; every timed run then checks it.
require(try TermindBinary.run(["exec", "--batch", "--accept-new", "-i", sshd.clientPrivateKeyPath, target, "--", "true"], home: home), "termind exec")

let scratch = try TemporaryDirectory(prefix: "termind-bench")
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
]

print("benchmark                               termind       peer          ratio    peer tool")
for benchmark in benchmarks {
    let result = try benchmark.measure()
    print(
        benchmark.name.padding(toLength: 38, withPad: " ", startingAt: 0),
        formatSeconds(result.termindSeconds), "  ", formatSeconds(result.peerSeconds),
        String(format: "  %5.2fx", result.ratio), "  ", benchmark.peer)
}
