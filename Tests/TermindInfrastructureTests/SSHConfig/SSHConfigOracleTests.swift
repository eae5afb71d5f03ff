import Foundation
import TermindDomain
import TermindTestSupport
import XCTest

/// OpenSSH's own client is the oracle: for every concrete alias of every configuration in
/// Tests/Fixtures/ssh-config-corpus, SSHConfigReader resolves what `ssh -G ALIAS -F FILE`
/// prints (hostname, port, user, identity files, proxy jump), and the identity files expand to
/// what `ssh -v` loads. Configurations OpenSSH refuses must yield a note for each line ssh
/// names. The corpus is copied to a temporary home as `.ssh`, and ssh runs with `HOME` there.
///
/// `Match exec`: ssh runs the command, the reader never does and treats the block as not
/// matching. The corpus therefore only uses exec criteria whose outcome agrees with that rule
/// (`exec false`, `!exec true`, and exec after a criterion that failed, which ssh skips), so a
/// difference would still show; a command that succeeds is covered by the unit tests instead.
final class SSHConfigOracleTests: XCTestCase {
    private struct Corpus {
        let directory: TemporaryDirectory
        let sshDirectory: String
        let configs: [String]
        let ssh: OpenSSHClient
        let reader: SSHConfigReader
        let localUser: String
    }

    func testEveryConcreteAliasResolvesAsSSHPrintsIt() throws {
        let corpus = try makeCorpus()
        var compared = 0, configs = 0
        var differences: [String] = []
        for config in corpus.configs where !config.contains("refused") {
            configs += 1
            let resolution = corpus.reader.read(config)
            let name = (config as NSString).lastPathComponent
            XCTAssertFalse(resolution.hosts.isEmpty, "\(name) has no concrete alias")
            for note in resolution.notes where !Self.isAcceptedConfigurationNote(note) {
                differences.append("\(name): note on a line ssh accepts: \(note)")
            }
            for host in resolution.hosts {
                compared += 1
                differences += try compare(host, config: config, corpus: corpus).map { "\(name) \(host.alias): \($0)" }
            }
        }
        XCTAssertEqual(differences, [], "\n" + differences.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(configs, 14)
        XCTAssertGreaterThanOrEqual(compared, 100)
        print("ssh_config oracle: \(compared) aliases in \(configs) configurations compared with ssh -G and ssh -v")
    }

    func testConfigurationsOpenSSHRefusesGiveANoteForEveryLineSSHNamesAndImportNothing() throws {
        let corpus = try makeCorpus()
        let refused = corpus.configs.filter { $0.contains("refused") }
        XCTAssertEqual(refused.count, 4)
        for config in refused {
            let name = (config as NSString).lastPathComponent
            let resolution = corpus.reader.read(config)
            XCTAssertEqual(resolution.hosts, [], "\(name): ssh refuses every host in it")
            let refusal = try XCTUnwrap(resolution.refusal, "\(name): no refusal")
            XCTAssertTrue(resolution.notes.contains { $0.location == refusal.location }, "\(name): \(refusal)")
            let aliases = try Self.hostNames(inFile: config)
            XCTAssertFalse(aliases.isEmpty, "\(name) names no host")
            for alias in aliases {
                let (run, _) = try corpus.ssh.printedConfiguration(alias, config: config)
                XCTAssertNotEqual(run.status, 0, "\(name): ssh -G \(alias) accepted it")
            }
            let (run, _) = try corpus.ssh.printedConfiguration(aliases.first ?? "x", config: config)
            let noted = Set(resolution.notes.map { "\($0.location.file):\($0.location.line)" })
            let complaints = OpenSSHClient.complaints(in: run.stderr)
            for complaint in complaints {
                XCTAssertTrue(
                    noted.contains("\(complaint.file):\(complaint.line)"),
                    "\(name): ssh complained about line \(complaint.line), no note there; notes: \(resolution.notes)")
            }
            if run.stderr.contains("Too many recursive configuration includes") {
                XCTAssertTrue(resolution.notes.contains { $0.keyword == "Include" }, "\(name): \(resolution.notes)")
            } else {
                XCTAssertFalse(complaints.isEmpty, "\(name): ssh said \(run.stderr)")
            }
        }
    }

    /// Compares one resolved alias with what ssh prints and loads; returns the differences.
    private func compare(_ host: SSHConfigHost, config: String, corpus: Corpus) throws -> [String] {
        let (run, printed) = try corpus.ssh.printedConfiguration(host.alias, config: config)
        guard run.status == 0 else { return ["ssh -G failed: \(run.stderr)"] }
        var differences: [String] = []
        func check<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) {
            if ours != theirs { differences.append("\(what): reader \(ours), ssh \(theirs)") }
        }
        check("hostname", host.hostname, printed.hostname ?? "")
        check("port", host.port, printed.port ?? 0)
        check("user", host.user ?? corpus.localUser, printed.user ?? "")
        if host.identityFiles.isEmpty {
            check("identityfile (defaults)", OpenSSHClient.defaultIdentityFiles, printed.identityFiles)
        } else {
            check("identityfile count", host.identityFiles.count, printed.identityFiles.count)
            check("identityfile (loaded)", host.identityFiles, try corpus.ssh.loadedIdentityFiles(host.alias, config: config))
        }
        var jump: String? = nil
        if let last = host.proxyJumpHops.last {
            jump = (host.proxyJump.dropLast().map { $0 + "," }.joined()) + last.description
        }
        check("proxyjump", jump ?? "-", printed.proxyJump ?? "-")
        return differences
    }

    /// The names the `Host` lines of one file write without wildcards or negation.
    private static func hostNames(inFile path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").flatMap { line -> [String] in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard words.first?.lowercased() == "host" else { return [] }
            return words.dropFirst().filter { !$0.contains("*") && !$0.contains("?") && !$0.hasPrefix("!") }
        }
    }

    /// Notes the reader gives for lines ssh accepts: what is not imported, never run, or missing.
    private static func isAcceptedConfigurationNote(_ note: SSHConfigNote) -> Bool {
        ["not imported", "never run", "does not exist"].contains { note.message.contains($0) }
    }

    /// The corpus in a fresh home's `.ssh`, with `@SSHDIR@` and `@LOCALUSER@` filled in, and a
    /// reader whose `~` is the password-database home (as ssh's for IdentityFile) and whose
    /// Include home is the temporary `$HOME` (as glob(3)'s for Include).
    private func makeCorpus() throws -> Corpus {
        let executable = try OpenSSHClient.installed()
        let directory = try TemporaryDirectory(prefix: "termind-ssh-config")
        let sshDirectory = directory.appending(".ssh").path
        guard let entry = getpwuid(getuid()) else { throw TestRigError("no password entry for uid \(getuid())") }
        let localUser = String(cString: entry.pointee.pw_name)
        let passwordHome = String(cString: entry.pointee.pw_dir)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/ssh-config-corpus")
        let files = FileManager.default.enumerator(atPath: source.path)?.compactMap { $0 as? String } ?? []
        var configs: [String] = []
        for relative in files.sorted() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source.appendingPathComponent(relative).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            let text = try String(contentsOf: source.appendingPathComponent(relative), encoding: .utf8)
                .replacingOccurrences(of: "@SSHDIR@", with: sshDirectory)
                .replacingOccurrences(of: "@LOCALUSER@", with: localUser)
            let path = try directory.write(text, to: ".ssh/" + relative, mode: 0o644)
            if relative.hasSuffix(".config"), !relative.contains("/") { configs.append(path) }
        }
        var hostname = [CChar](repeating: 0, count: 256)
        gethostname(&hostname, hostname.count)
        var reader = SSHConfigReader(
            home: passwordHome, localUser: localUser,
            localHostname: String(decoding: hostname.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            readFile: { try String(contentsOfFile: $0, encoding: .utf8) }, expandGlob: Self.glob)
        reader.includeHome = directory.path
        reader.localUserID = Int(getuid())
        return Corpus(
            directory: directory, sshDirectory: sshDirectory, configs: configs,
            ssh: OpenSSHClient(executable: executable, home: directory.path), reader: reader, localUser: localUser)
    }

    /// glob(3) as OpenSSH calls it for Include (sorted, no match is no paths).
    private static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}
