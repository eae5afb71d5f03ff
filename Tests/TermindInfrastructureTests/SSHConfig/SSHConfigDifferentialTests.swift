import Foundation
import TermindDomain
import TermindTestSupport
import XCTest

/// OpenSSH's client against the reader over a generated corpus (SSHConfigCorpusGenerator, fixed
/// seed): for every name a configuration writes for one host, the import offers it exactly when
/// `ssh -G -F FILE NAME` accepts it, and then with every value it stores as ssh resolves it
/// (hostname, port, user, identity files as `ssh -v` loads them, proxy jump as `ssh -G` prints
/// it). `HOME` is a temporary folder, so the real `~/.ssh` never takes part.
final class SSHConfigDifferentialTests: XCTestCase {
    /// Fixed so that every run compares the same corpus; `TERMIND_SSH_CONFIG_SEED` (and
    /// `TERMIND_SSH_CONFIG_COUNT`) explore others by hand.
    static let seed = ProcessInfo.processInfo.environment["TERMIND_SSH_CONFIG_SEED"].flatMap { UInt64($0) } ?? 0x7E51_2D1F
    static let configurations = ProcessInfo.processInfo.environment["TERMIND_SSH_CONFIG_COUNT"].flatMap { Int($0) } ?? 300

    func testEveryGeneratedNameIsOfferedWithTheValuesSSHResolves() throws {
        let started = Date()
        let executable = try OpenSSHClient.installed()
        let directory = try TemporaryDirectory(prefix: "termind-ssh-differential")
        let sshDirectory = directory.appending(".ssh").path
        guard let entry = getpwuid(getuid()) else { throw TestRigError("no password entry for uid \(getuid())") }
        let localUser = String(cString: entry.pointee.pw_name)
        var hostname = [CChar](repeating: 0, count: 256)
        gethostname(&hostname, hostname.count)
        var reader = SSHConfigReader(
            home: String(cString: entry.pointee.pw_dir), localUser: localUser,
            localHostname: String(decoding: hostname.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            readFile: { try String(contentsOfFile: $0, encoding: .utf8) }, expandGlob: Self.glob)
        reader.includeHome = directory.path
        reader.localUserID = Int(getuid())
        reader.environment = ["HOME": directory.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let ssh = OpenSSHClient(executable: executable, home: directory.path)

        var generator = SSHConfigCorpusGenerator(seed: Self.seed)
        var work: [(config: String, name: String, offered: SSHConfigHost?)] = []
        var refusedConfigurations = 0
        for number in 0..<Self.configurations {
            let configuration = generator.configuration(number)
            for (relative, text) in configuration.files {
                try directory.write(text.replacingOccurrences(of: "@SSHDIR@", with: sshDirectory), to: ".ssh/" + relative)
            }
            let path = sshDirectory + "/" + configuration.main
            let resolution = reader.read(path)
            if resolution.refusal != nil { refusedConfigurations += 1 }
            XCTAssertEqual(
                Set(resolution.hosts.map(\.alias)).subtracting(configuration.names), [],
                "\(configuration.main): offers a name it does not write")
            for name in configuration.names {
                work.append((path, name, resolution.hosts.first { $0.alias == name }))
            }
        }

        let results = Self.concurrently(work) { item in
            try Self.compare(item.offered, name: item.name, config: item.config, ssh: ssh, localUser: localUser)
        }
        var differences: [String] = []
        var values = 0, offered = 0
        for (item, result) in zip(work, results) {
            let short = item.config.replacingOccurrences(of: sshDirectory + "/", with: "")
            switch result {
            case .success(let outcome):
                values += outcome.values
                if item.offered != nil { offered += 1 }
                differences += outcome.differences.map { "\(short) \(item.name): \($0)" }
            case .failure(let error):
                differences.append("\(short) \(item.name): \(error)")
            }
        }
        XCTAssertEqual(differences, [], "\n" + differences.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(work.count, 500)
        XCTAssertGreaterThanOrEqual(refusedConfigurations, 5, "the corpus must hold configurations OpenSSH refuses")
        print(
            "ssh_config differential (seed \(Self.seed)): \(Self.configurations) configurations (\(refusedConfigurations) refused), "
                + "\(work.count) names (\(offered) offered), \(values) values compared with ssh -G / ssh -v, "
                + "\(differences.count) disagreements, \(String(format: "%.1f", Date().timeIntervalSince(started)))s")
    }

    private struct Outcome {
        var values = 0
        var differences: [String] = []
    }

    /// One name: offered exactly when ssh accepts it, then each stored value against ssh's.
    private static func compare(
        _ host: SSHConfigHost?, name: String, config: String, ssh: OpenSSHClient, localUser: String
    ) throws -> Outcome {
        var outcome = Outcome()
        let (run, printed) = try ssh.printedConfiguration(name, config: config)
        outcome.values += 1
        guard let host else {
            if run.status == 0 { outcome.differences.append("not offered, ssh -G accepts it") }
            return outcome
        }
        guard run.status == 0 else {
            let lines = OpenSSHClient.lines(run.stderr)
            let said = lines.first { $0.contains(" line ") } ?? lines.last ?? ""
            outcome.differences.append("offered, ssh -G refuses it: \(said)")
            return outcome
        }
        func check<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) {
            outcome.values += 1
            if ours != theirs { outcome.differences.append("\(what): reader \(ours), ssh \(theirs)") }
        }
        check("hostname", host.hostname, printed.hostname ?? "")
        check("port", host.port, printed.port ?? 0)
        check("user", host.user ?? localUser, printed.user ?? "")
        check("proxyjump", host.proxyJump.isEmpty ? "-" : host.proxyJump.joined(separator: ","), printed.proxyJump ?? "-")
        if host.identityFiles.isEmpty {
            check("identityfile (defaults)", OpenSSHClient.defaultIdentityFiles, printed.identityFiles)
        } else if printed.identityFiles.contains(where: { $0.contains("%") || $0.contains("~") || $0.contains("$") }) {
            check("identityfile (loaded)", host.identityFiles, try ssh.loadedIdentityFiles(name, config: config))
        } else {
            check("identityfile", host.identityFiles, printed.identityFiles)
        }
        return outcome
    }

    /// Runs `body` over the items on four threads (ssh runs are mostly waiting on a process).
    private static func concurrently<Item, Value>(_ items: [Item], _ body: @escaping (Item) throws -> Value) -> [Result<Value, Error>] {
        let runs = ParallelRuns(items, body)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in runs.work() }
        return runs.results.map { $0! }
    }

    /// glob(3) as OpenSSH calls it for Include (sorted, no match is no paths).
    private static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}

/// The shared state of `concurrently`: the next item to take and the results, under one lock.
private final class ParallelRuns<Item, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let items: [Item]
    private let body: (Item) throws -> Value
    private var next = 0
    private(set) var results: [Result<Value, Error>?]

    init(_ items: [Item], _ body: @escaping (Item) throws -> Value) {
        self.items = items
        self.body = body
        results = Array(repeating: nil, count: items.count)
    }

    func work() {
        while true {
            let index: Int? = lock.withLock {
                guard next < items.count else { return nil }
                defer { next += 1 }
                return next
            }
            guard let index else { return }
            let result = Result { try body(items[index]) }
            lock.withLock { results[index] = result }
        }
    }
}
