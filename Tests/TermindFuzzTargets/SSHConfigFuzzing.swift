import Glibc
import TermindDomain

/// The ssh_config reader over a fake home: the input's NUL-separated parts are
/// `~/.ssh/config` and `~/.ssh/inc/1` to `~/.ssh/inc/7`, so `Include inc/*` (or any glob,
/// loop or depth) reaches them. Every concrete alias is resolved; resolving one alone must give
/// what the whole read gave for it.
enum SSHConfigFuzzing {
    static let home = "/home/alice"

    static let target = FuzzTarget("ssh-config", "~/.ssh/config, then NUL-separated ~/.ssh/inc/1...7") { input throws(FuzzFinding) in
        var files: [String: String] = [:]
        for (index, part) in FuzzInput.parts(input, limit: 8).enumerated() {
            files[index == 0 ? "\(home)/.ssh/config" : "\(home)/.ssh/inc/\(index)"] = FuzzInput.text(part)
        }
        let paths = files.keys.sorted()
        var reader = SSHConfigReader(
            home: home, localUser: "alice", localHostname: "desk.example.org",
            readFile: { path in
                guard let text = files[path] else { throw Missing() }
                return text
            },
            expandGlob: { pattern in paths.filter { fnmatch(pattern, $0, FNM_PATHNAME | FNM_PERIOD) == 0 } })
        reader.localUserID = 1000
        reader.environment = ["HOME": home]
        let configPath = "\(home)/.ssh/config"
        let resolution = reader.read(configPath)
        for host in resolution.hosts.prefix(4) {
            try FuzzFinding.require(!host.alias.isEmpty, "a resolved Host has an empty alias")
            let alone = reader.resolve(host.alias, in: configPath)
            try FuzzFinding.require(
                alone == host, "resolving \(host.alias) alone gave \(alone), the whole read gave \(host)")
        }
    }

    private struct Missing: Error {}
}
