import Foundation
import TermindTestSupport
import XCTest

/// `termind mcp` driven by the official Python MCP SDK (Tests/Rig/mcp_client.py) against a
/// real OpenSSH sshd, as an agent drives it: the handshake, the tools and their schemas, a
/// command's output bounded with memory flat, hostile output escaped, a denied Host, and a
/// malformed line answered with a JSON-RPC error while the server goes on.
final class MCPEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        let check = try ChildProcess.run("python3", ["-c", "import mcp"])
        guard check.status == 0 else {
            throw TestRigError("python3 cannot import mcp, the official MCP SDK these tests drive termind with; run `make test-deps`")
        }
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
    }

    private static let clientPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rig/mcp_client.py").path

    /// Runs the SDK session; returns its steps by name and the transcript it printed.
    private func runClient(host: String, deniedHost: String) throws -> (steps: [String: [String: Any]], transcript: String) {
        let run = try home.bash(
            "python3 '\(Self.clientPath)' \"$T\" '\(host)' '\(deniedHost)'", timeout: 240)
        XCTAssertEqual(run.status, 0, "the SDK session failed:\n\(run.stderr)")
        var steps: [String: [String: Any]] = [:]
        for line in run.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            steps[try XCTUnwrap(object["step"] as? String)] = object
        }
        if let path = ProcessInfo.processInfo.environment["TERMIND_MCP_TRANSCRIPT"] {
            try run.stderr.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return (steps, run.stderr)
    }

    func testThePythonSDKDrivesTheToolsAgainstARealServer() throws {
        try home.addRigHosts("lab", on: server)
        try home.succeed(["hosts", "edit", "lab", "--tag", "lab"])
        // The person trusts the server's key once; the agent never can.
        try home.succeed(["exec", "lab", "--batch", "--accept-new", "--", "true"])
        try home.succeed(["hosts", "add", "prod", "--hostname", server.host, "--port", String(server.port), "--identity", "tester", "--tag", "prod"])
        try home.succeed(["mcp", "policy", "set", "ssh_exec", "--tag", "prod", "deny"])
        try home.succeed(["mcp", "policy", "set", "ssh_exec", "--host", "lab", "approve"])
        // The same server under a name whose key nobody trusted yet.
        try home.succeed(["hosts", "add", "untrusted", "--hostname", "localhost", "--port", String(server.port), "--identity", "tester"])
        try home.succeed(["mcp", "policy", "set", "ssh_exec", "--host", "untrusted", "approve"])

        let (steps, transcript) = try runClient(host: "lab", deniedHost: "prod")

        XCTAssertEqual(steps["initialize"]?["protocolVersion"] as? String, "2025-11-25", transcript)
        let tools = try XCTUnwrap(steps["tools/list"]?["tools"] as? [[String: Any]], transcript)
        XCTAssertEqual(Set(tools.compactMap { $0["name"] as? String }), ["list_hosts", "ssh_exec", "sftp_list", "sftp_read", "history_search"])
        for tool in tools {
            XCTAssertEqual((tool["inputSchema"] as? [String: Any])?["type"] as? String, "object")
            XCTAssertEqual((tool["outputSchema"] as? [String: Any])?["type"] as? String, "object")
            XCTAssertNotNil((tool["annotations"] as? [String: Any])?["readOnlyHint"])
        }

        let hosts = try XCTUnwrap((steps["list_hosts"]?["structured"] as? [String: Any])?["hosts"] as? [[String: Any]])
        XCTAssertEqual(hosts.compactMap { $0["label"] as? String }, ["lab", "prod", "untrusted"])
        XCTAssertEqual(hosts.first?["user"] as? String, server.username)
        XCTAssertFalse((try JSONSerialization.data(withJSONObject: hosts)).contains(Data("BEGIN OPENSSH".utf8)))

        let hello = try XCTUnwrap(steps["ssh_exec"]?["structured"] as? [String: Any], transcript)
        XCTAssertEqual(hello["stdout"] as? String, "hello\n")
        XCTAssertEqual(hello["stderr"] as? String, "oops\n")
        XCTAssertEqual(hello["exitStatus"] as? Int, 3)
        XCTAssertEqual(hello["stdoutTruncated"] as? Bool, false)

        let big = try XCTUnwrap(steps["ssh_exec 10 MB"], transcript)
        XCTAssertEqual(big["stdoutLength"] as? Int, 64 * 1024)
        let summary = try XCTUnwrap(big["summary"] as? [String: Any])
        XCTAssertEqual(summary["stdoutBytes"] as? Int, 10_000_000)
        XCTAssertEqual(summary["stdoutTruncated"] as? Bool, true)
        XCTAssertEqual(summary["exitStatus"] as? Int, 0)
        // 10 MB passed through; the server's peak resident memory grew by far less.
        let before = try XCTUnwrap(big["hwmBeforeKiB"] as? Int), after = try XCTUnwrap(big["hwmAfterKiB"] as? Int)
        XCTAssertLessThan(after - before, 8 * 1024, "VmHWM \(before) → \(after) KiB")

        // The server's escapes reach the agent as JSON escapes, never raw on the wire.
        let hostile = try XCTUnwrap(steps["ssh_exec hostile"]?["structured"] as? [String: Any])
        XCTAssertEqual(hostile["stdout"] as? String, "\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\r\nfake")

        XCTAssertEqual(steps["ssh_exec denied"]?["isError"] as? Bool, true)
        let deniedText = ((steps["ssh_exec denied"]?["text"] as? [String])?.first) ?? ""
        XCTAssertTrue(deniedText.hasPrefix("Denied: Termind's policy denies ssh_exec on prod"), deniedText)
        XCTAssertEqual(steps["ssh_exec unknown host"]?["isError"] as? Bool, true)

        let listing = try XCTUnwrap(steps["sftp_list"]?["structured"] as? [String: Any], transcript)
        let entries = try XCTUnwrap(listing["entries"] as? [[String: Any]])
        XCTAssertEqual(Set(entries.compactMap { $0["name"] as? String }), ["a.txt", "b.bin"])
        XCTAssertEqual(entries.first { $0["name"] as? String == "a.txt" }?["size"] as? Int, 14)
        let reads = try XCTUnwrap(steps["sftp_read"])
        let text = try XCTUnwrap((reads["text"] as? [String: Any])?["structured"] as? [String: Any])
        XCTAssertEqual(text["encoding"] as? String, "utf8")
        XCTAssertEqual(text["content"] as? String, "line 1\nline 2\n")
        XCTAssertEqual(text["truncated"] as? Bool, false)
        let binary = try XCTUnwrap((reads["binary"] as? [String: Any])?["structured"] as? [String: Any])
        XCTAssertEqual(binary["encoding"] as? String, "base64")
        XCTAssertEqual(binary["content"] as? String, Data([0xFF, 0xFE, 0x00, 0x78]).base64EncodedString())
        let cut = try XCTUnwrap((reads["cut"] as? [String: Any])?["structured"] as? [String: Any])
        XCTAssertEqual(cut["content"] as? String, "line")
        XCTAssertEqual(cut["truncated"] as? Bool, true)

        // The timeout ends the command: SIGTERM and the channel closed, well before its 30 s.
        let slow = try XCTUnwrap(steps["ssh_exec timeout"]?["structured"] as? [String: Any], transcript)
        XCTAssertEqual(slow["timedOut"] as? Bool, true)
        XCTAssertLessThan(try XCTUnwrap(slow["durationMs"] as? Int), 20_000)

        // An unknown host key is the person's decision, never the agent's: a tool error saying so.
        XCTAssertEqual(steps["ssh_exec untrusted"]?["isError"] as? Bool, true)
        let untrusted = ((steps["ssh_exec untrusted"]?["text"] as? [String])?.first) ?? ""
        XCTAssertTrue(untrusted.contains("The person must trust the Host's key first"), untrusted)

        let raw = try XCTUnwrap(steps["raw"], transcript)
        let answers = try XCTUnwrap(raw["answers"] as? [[String: Any]])
        XCTAssertEqual((answers[1]["error"] as? [String: Any])?["code"] as? Int, -32700)
        XCTAssertEqual(answers[2]["id"] as? Int, 3)
        XCTAssertNotNil(answers[2]["result"])
        XCTAssertEqual(raw["exitStatus"] as? Int, 0)

        // Every call is in the audit, with the agent's name and no command arguments.
        let audit = try home.succeed(["mcp", "audit", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(audit.utf8)) as? [[String: Any]])
        // Every SDK call (the raw session's one call was a malformed line, never a call).
        XCTAssertEqual(rows.count, 13, audit)
        XCTAssertFalse(rows.contains { ($0["agent"] as? String ?? "unknown agent") == "unknown agent" }, audit)
        XCTAssertTrue(rows.contains { $0["host"] as? String == "prod" && $0["decision"] as? String == "denied" }, audit)
        XCTAssertTrue(rows.contains { ($0["summary"] as? String)?.contains("command=`head …`") == true }, audit)
        XCTAssertFalse(audit.contains("10000000"), audit)
        if let path = ProcessInfo.processInfo.environment["TERMIND_MCP_TRANSCRIPT"] {
            let table = try home.succeed(["mcp", "audit"])
            try (transcript + "\n$ termind mcp audit\n" + table).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// The pending calls `termind mcp approvals --json` lists.
    private func waitingCalls() throws -> [[String: Any]] {
        let text = try home.succeed(["mcp", "approvals", "--json"])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// Ask: the call waits until the person answers from another terminal; the approval covers
    /// that call's exact arguments, so the next call (another command) waits on its own, and
    /// is denied.
    func testAnAskedCallRunsOnceApprovedFromAnotherProcessAndAChangedOneNeedsItsOwnAnswer() throws {
        try home.addRigHosts("lab", on: server)
        try home.succeed(["exec", "lab", "--batch", "--accept-new", "--", "true"])
        var environment = ProcessInfo.processInfo.environment.merging(home.terminalEnvironment) { $1 }
        environment["T"] = try TermindBinary.path()
        let client = try ChildProcess("python3", [Self.clientPath, try TermindBinary.path(), "--asked", "lab"], environment: environment)
        defer { client.stop() }

        var first: [String: Any]?
        XCTAssertTrue(waitUntil(timeout: 60, every: 0.2) { first = (try? waitingCalls())?.first; return first != nil })
        let firstArguments = try XCTUnwrap(first?["arguments"] as? String)
        XCTAssertTrue(firstArguments.contains("echo asked-and-approved"), firstArguments)
        XCTAssertEqual(first?["tool"] as? String, "ssh_exec")
        try home.succeed(["mcp", "approve", String(try XCTUnwrap(first?["id"] as? Int))])

        var second: [String: Any]?
        guard waitUntil(timeout: 60, every: 0.2, {
            second = (try? waitingCalls())?.first { ($0["arguments"] as? String)?.contains("changed-arguments") == true }
            return second != nil
        }) else {
            client.stop()
            let log = (try? String(contentsOfFile: home.logPath, encoding: .utf8)) ?? ""
            return XCTFail("the changed call never waited; client: \(client.waitForExit(within: 10)?.stderr ?? "?")\nlog:\n\(log.suffix(3000))")
        }
        XCTAssertNotEqual(second?["argumentDigest"] as? String, first?["argumentDigest"] as? String)
        try home.succeed(["mcp", "deny", String(try XCTUnwrap(second?["id"] as? Int))])

        let output = try XCTUnwrap(client.waitForExit(within: 120), "the SDK session did not end")
        XCTAssertEqual(output.status, 0, output.stderr)
        var steps: [String: [String: Any]] = [:]
        for line in output.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            steps[try XCTUnwrap(object["step"] as? String)] = object
        }
        XCTAssertEqual(steps["approved"]?["isError"] as? Bool, false, output.stderr)
        XCTAssertEqual((steps["approved"]?["structured"] as? [String: Any])?["stdout"] as? String, "asked-and-approved\n")
        XCTAssertEqual(steps["changed"]?["isError"] as? Bool, true, output.stderr)
        XCTAssertTrue(((steps["changed"]?["text"] as? [String])?.first ?? "").contains("the person denied"), output.stderr)

        // Answered calls keep no arguments; the audit says who decided.
        XCTAssertEqual(try waitingCalls().count, 0)
        let audit = try home.succeed(["mcp", "audit", "--json"])
        XCTAssertTrue(audit.contains("the person (termind mcp approve)"), audit)
        XCTAssertTrue(audit.contains("the person (termind mcp deny)"), audit)
        XCTAssertFalse(audit.contains("asked-and-approved"), audit)
        if let path = ProcessInfo.processInfo.environment["TERMIND_MCP_ASKED_TRANSCRIPT"] {
            try (output.stderr + "\n$ termind mcp audit\n" + (try home.succeed(["mcp", "audit"]))).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
