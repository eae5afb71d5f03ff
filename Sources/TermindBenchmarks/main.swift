import Foundation
import TermindCrypto
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport

// `make bench`: Termind against OpenSSH and coreutils on this machine, printed as ratios
// (median of N runs each; above 1.00x means Termind is slower). Later issues add transfers
// against `sftp` and pane output against tmux.

func formatSeconds(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%8.2f ms", seconds * 1000) : String(format: "%8.3f s ", seconds)
}

let sshd = try SSHDServer.start()
defer { sshd.stop() }

let payload = try TemporaryDirectory(prefix: "termind-bench")
let payloadPath = payload.appending("payload.bin").path
do {
    // 256 MiB of random bytes, written once, hashed by both sides.
    _ = FileManager.default.createFile(atPath: payloadPath, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: payloadPath))
    for _ in 0..<256 { handle.write(Data(try SecureRandom.bytes(count: 1 << 20))) }
    try handle.close()
}

let benchmarks = [
    Benchmark(
        name: "connect, authenticate, exec true", peer: "ssh -o BatchMode=yes (a process; SSH2Session is in-process)", iterations: 20,
        termind: {
            let session = try SSH2Session(host: sshd.host, port: sshd.port)
            try session.handshake()
            try session.authenticate(
                username: sshd.username, privateKeyFile: sshd.clientPrivateKeyPath,
                publicKeyFile: sshd.clientPublicKeyPath, passphrase: nil)
            let result = try session.execute("true")
            precondition(result.exitStatus == 0, "remote 'true' exited \(result.exitStatus)")
            session.disconnect()
        },
        peerRun: {
            let output = try ChildProcess.run("ssh", [
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-p", String(sshd.port),
                "\(sshd.username)@\(sshd.host)", "true",
            ])
            precondition(output.status == 0, "ssh failed: \(output.stderr)")
        }),
    Benchmark(
        name: "SHA-256 of a 256 MiB file", peer: "sha256sum", iterations: 5,
        termind: {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: payloadPath))
            let hasher = SHA256()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                chunk.withUnsafeBytes { hasher.update($0) }
            }
            _ = hasher.finalize()
            try handle.close()
        },
        peerRun: {
            let output = try ChildProcess.run("sha256sum", [payloadPath])
            precondition(output.status == 0, "sha256sum failed: \(output.stderr)")
        }),
]

print("benchmark                              termind       peer          ratio    peer tool")
for benchmark in benchmarks {
    let result = try benchmark.measure()
    print(
        benchmark.name.padding(toLength: 38, withPad: " ", startingAt: 0),
        formatSeconds(result.termindSeconds), "  ", formatSeconds(result.peerSeconds),
        String(format: "  %5.2fx", result.ratio), "  ", benchmark.peer)
}
