import TermindTestSupport

/// A home of its own whose Vault holds the Host `bench` for the rig's sshd (its key imported,
/// an Identity for its user) and already trusts the sshd's host key, so the workbench connects
/// without a dialog.
func benchmarkVault(for sshd: SSHDServer, prefix: String) throws -> TemporaryDirectory {
    let home = try TemporaryDirectory(prefix: prefix)
    for arguments in [
        ["keys", "import", "rig", "--file", sshd.clientPrivateKeyPath],
        ["identities", "add", "bench", "--user", sshd.username, "--key", "rig"],
        ["hosts", "add", "bench", "--hostname", sshd.host, "--port", String(sshd.port), "--identity", "bench"],
        ["exec", "--batch", "--accept-new", "bench", "--", "true"],
    ] {
        let result = try TermindBinary.run(arguments, home: home)
        precondition(result.status == 0, "termind \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return home
}
