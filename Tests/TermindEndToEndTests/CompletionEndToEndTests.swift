import Foundation
import TermindTestSupport
import XCTest

/// `termind completion`: the generated scripts load in each shell and complete a Vault Host
/// label (`termind cp sr<Tab>` → `srv:`) and an option value, through the shell's own hooks and
/// typed in a real shell in tmux.
final class CompletionEndToEndTests: XCTestCase {
    private func homeWithHostSrv() throws -> VaultHome {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "srv", "--hostname", "srv.example.com"])
        try home.succeed(["hosts", "add", "db", "--hostname", "db.example.com"])
        return home
    }

    /// The shell's path, or nil after skipping (failing under CI=true, where it must be installed).
    private func shell(_ name: String) throws -> String? {
        if let path = try? ChildProcess.resolve(name) { return path }
        let message = "\(name) is not installed (make test-deps installs it)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message); return nil }
        throw XCTSkip(message)
    }

    /// Calls the bash completion function as bash's `complete -F` would, with COMP_LINE,
    /// COMP_POINT, COMP_WORDS and COMP_CWORD; returns COMPREPLY one a line.
    private func bashCompletions(_ home: VaultHome, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = "termind " + words.joined(separator: " ")
        let result = try home.bash("""
            PATH="$(dirname "$T"):$PATH"
            eval "$(termind completion bash)" || exit 9
            complete -p termind >/dev/null || exit 8
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(termind \(quoted)); COMP_CWORD=\(words.count)
            _termind_bash
            printf '%s\\n' "${COMPREPLY[@]}"
            """, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testBashCompletesAHostLabelWithItsColonForCp() throws {
        let home = try homeWithHostSrv()
        XCTAssertEqual(try bashCompletions(home, ["cp", "sr"]), ["srv:"])
        XCTAssertEqual(try bashCompletions(home, ["cp", "srv:/x", "--on-conflict", "s"]), ["skip"])
        XCTAssertEqual(try bashCompletions(home, ["ls", ""]), ["db:", "srv:"])
        XCTAssertEqual(try bashCompletions(home, ["ssh", "s"]), ["srv"])
    }

    func testBashCompletesTheHostLabelOfHostsShowEditAndRm() throws {
        let home = try homeWithHostSrv()
        XCTAssertEqual(try bashCompletions(home, ["hosts", "show", "s"]), ["srv"])
        XCTAssertEqual(try bashCompletions(home, ["hosts", "edit", "d"]), ["db"])
        XCTAssertEqual(try bashCompletions(home, ["hosts", "rm", ""]), ["db", "srv"])
    }

    func testBashCompletesOptionValuesCommandsAndOptionsFromTheDeclarations() throws {
        let home = try homeWithHostSrv()
        XCTAssertEqual(try bashCompletions(home, ["cp", "--on-conflict", "k"]), ["keep-both"])
        XCTAssertEqual(try bashCompletions(home, ["keys", "generate", "-t", ""]), ["ed25519", "ecdsa"])
        XCTAssertEqual(try bashCompletions(home, ["hosts", "ed"]), ["edit"])
        XCTAssertEqual(try bashCompletions(home, ["cp", "--on-c"]), ["--on-conflict"])
        XCTAssertEqual(try bashCompletions(home, ["compl"]), ["completion"])
    }

    func testHostLabelsAreSilentAndEmptyWithoutAVault() throws {
        let home = try VaultHome()
        let result = try home.run(["completion", "hosts"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.databasePath), "completion must not create the Vault")
    }

    func testHostLabelsAreReadWithoutAPromptFromAPassphraseProtectedVault() throws {
        let home = try homeWithHostSrv()
        try home.succeed(["vault", "passphrase", "set", "--passphrase-stdin"], stdin: "correct horse\n")
        let result = try home.run(["completion", "hosts"], stdin: "")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "db\nsrv\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testHiddenHostsSubcommandIsNotInHelp() throws {
        let home = try VaultHome()
        let help = try home.succeed(["help", "completion"])
        XCTAssertFalse(help.contains("Commands:"), help)
        XCTAssertTrue(help.contains("Usage: termind completion SHELL"), help)
    }

    /// Asks fish for its completions of `line` (`complete -C`, fish's own hook).
    private func fishCompletions(_ home: VaultHome, _ line: String) throws -> [String] {
        guard let fish = try shell("fish") else { return [] }
        let result = try home.bash("""
            PATH="$(dirname "$T"):$PATH" '\(fish)' --no-config -c 'termind completion fish | source; complete -C"\(line)"'
            """, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    func testFishCompletesAHostLabelAndAnOptionValue() throws {
        guard try shell("fish") != nil else { return }
        let home = try homeWithHostSrv()
        XCTAssertEqual(try fishCompletions(home, "termind cp sr"), ["srv:"])
        XCTAssertEqual(try fishCompletions(home, "termind cp srv:/x --on-conflict k"), ["keep-both"])
        XCTAssertEqual(try fishCompletions(home, "termind ssh s"), ["srv"])
        XCTAssertEqual(try fishCompletions(home, "termind hosts ed"), ["edit"])
    }

    func testRemotePathsAfterATrustedHostAreCompletedAndAnUnknownKeyGivesNothingWithoutAPrompt() throws {
        let server = try startSSHD()
        defer { server.stop() }
        let remote = try TemporaryDirectory(prefix: "termind-completion-remote", mode: 0o755)
        _ = try remote.write("a\n", to: "dir/alpha.txt")
        try FileManager.default.createDirectory(atPath: remote.appending("dir/alpine").path, withIntermediateDirectories: true)
        _ = try remote.write("b\n", to: "dir/beta.txt")
        XCTAssertEqual(try ChildProcess.run("chown", ["-R", server.username, remote.path]).status, 0)
        let home = try VaultHome()
        try home.succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath])
        try home.succeed(["identities", "add", "rig", "--user", server.username, "--key", "rig"])
        try home.succeed(["hosts", "add", "trusted", "--hostname", server.host, "--port", String(server.port), "--identity", "rig"])
        try home.succeed(["exec", "--batch", "--accept-new", "trusted", "--", "true"])

        let directory = remote.appending("dir").path
        // bash replaces what follows the word's last ":", so the replies leave out "trusted:".
        XCTAssertEqual(try bashCompletions(home, ["ls", "trusted:\(directory)/al"]), ["\(directory)/alpha.txt", "\(directory)/alpine/"])
        XCTAssertEqual(try home.succeed(["completion", "paths", "trusted:\(directory)/b"]), "trusted:\(directory)/beta.txt\n")

        // Once its key is forgotten, completing asks nothing, saves nothing and offers nothing.
        try home.succeed(["known-hosts", "rm", "[\(server.host)]:\(server.port)"])
        let started = Date()
        XCTAssertEqual(try bashCompletions(home, ["ls", "trusted:\(directory)/al"]), [])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertFalse(try home.succeed(["known-hosts", "list"]).contains(String(server.port)))
    }

    /// Types `termind cp sr<Tab>` into an interactive shell in tmux and reads the line back.
    private func typeTab(in command: [String], setup: String, home: VaultHome) throws {
        let binaryDirectory = (try TermindBinary.path() as NSString).deletingLastPathComponent
        var environment = home.terminalEnvironment
        environment["PATH"] = binaryDirectory + ":/usr/bin:/bin"
        environment["PS1"] = "$ "
        environment["TERM"] = "xterm-256color"
        let session = try TmuxSession(command: command, environment: environment)
        // The shell's prompt, whatever it looks like.
        _ = waitUntil(timeout: 15, every: 0.1) { !session.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        session.send(setup + "; echo load''ed")
        XCTAssertTrue(session.waitForScreen(containing: "loaded"), session.screen())
        session.send("termind hosts show s\t", enter: false)
        XCTAssertTrue(session.waitForScreen(containing: "termind hosts show srv"), session.screen())
        session.keys("C-u")
        session.send("termind cp sr\t", enter: false)
        XCTAssertTrue(session.waitForScreen(containing: "termind cp srv:"), session.screen())
        session.send("/tmp/x ./ --on-conflict ke\t", enter: false)
        XCTAssertTrue(session.waitForScreen(containing: "termind cp srv:/tmp/x ./ --on-conflict keep-both"), session.screen())
    }

    func testBashInTmuxCompletesCpSrToSrvColon() throws {
        guard let bash = try shell("bash") else { return }
        let home = try homeWithHostSrv()
        try typeTab(in: [bash, "--norc", "--noprofile", "-i"], setup: "eval \"$(termind completion bash)\"", home: home)
    }

    func testFishInTmuxCompletesCpSrToSrvColon() throws {
        guard let fish = try shell("fish") else { return }
        let home = try homeWithHostSrv()
        try typeTab(in: [fish, "--no-config"], setup: "termind completion fish | source", home: home)
    }

    func testZshInTmuxCompletesCpSrToSrvColon() throws {
        guard let zsh = try shell("zsh") else { return }
        let home = try homeWithHostSrv()
        try typeTab(
            in: [zsh, "-f", "-i"],
            setup: "autoload -U compinit && compinit -u -D; eval \"$(termind completion zsh)\"", home: home)
    }
}
