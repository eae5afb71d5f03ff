import TermindApplication
import TermindDomain
import TermindTestDoubles
import TermindTestSupport
import XCTest

final class MCPServerTests: XCTestCase {
    private struct EchoTool: MCPTool {
        let definition = MCPToolDefinition(
            name: "echo", title: "Echo", description: "Says it back",
            inputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]],
            outputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]],
            annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

        func call(_ arguments: MCPArguments) async -> MCPToolResult {
            do { return .success(["text": .string(try arguments.string("text"))]) } catch { return .failure(error.message) }
        }
    }

    private func server(logger: RecordingLogger = RecordingLogger()) -> MCPServer {
        MCPServer(
            info: .init(name: "termind", version: "test"), tools: [EchoTool()],
            calls: MCPCallGate(audit: nil, logger: logger), logger: logger)
    }

    private func answer(_ server: MCPServer, _ text: String) async throws -> JSONValue? {
        guard let line = await server.handle(.message(Array(text.utf8))) else { return nil }
        XCTAssertFalse(line.contains("\n"), "an answer is one line")
        return try XCTUnwrap(JSONValue.parse(Array(line.utf8)))
    }

    func testInitializeAnswersWithTheClientsVersionWhenSupportedElseTheNewest() async throws {
        let server = server()
        for (asked, expected) in [("2024-11-05", "2024-11-05"), ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("1999-01-01", "2025-11-25")] {
            let reply = try await answer(server, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\(asked)","capabilities":{},"clientInfo":{"name":"agent","version":"2"}}}
                """)
            XCTAssertEqual(reply?["result"]?["protocolVersion"], .string(expected))
            XCTAssertEqual(reply?["result"]?["capabilities"]?["tools"], ["listChanged": false])
            XCTAssertEqual(reply?["id"], 1)
        }
        let agent = await server.agent
        XCTAssertEqual(agent, "agent 2")
    }

    func testToolsListGivesSchemasAndAnnotations() async throws {
        let reply = try await answer(server(), #"{"jsonrpc":"2.0","id":"l","method":"tools/list"}"#)
        guard case .array(let tools)? = reply?["result"]?["tools"], let tool = tools.first else { return XCTFail("no tools: \(String(describing: reply))") }
        XCTAssertEqual(tool["name"], "echo")
        XCTAssertEqual(tool["inputSchema"]?["type"], "object")
        XCTAssertEqual(tool["outputSchema"]?["type"], "object")
        XCTAssertEqual(tool["annotations"]?["readOnlyHint"], true)
        XCTAssertEqual(tool["annotations"]?["destructiveHint"], false)
        XCTAssertEqual(tool["annotations"]?["idempotentHint"], true)
        XCTAssertEqual(tool["annotations"]?["openWorldHint"], false)
    }

    func testToolsCallReturnsStructuredAndTextContent() async throws {
        let reply = try await answer(server(), #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi\u001b[2J"}}}"#)
        let result = try XCTUnwrap(reply?["result"])
        XCTAssertEqual(result["structuredContent"], ["text": "hi\u{1B}[2J"])
        XCTAssertEqual(result["isError"], false)
        XCTAssertEqual(result["content"], [["type": "text", "text": #"{"text":"hi\u001b[2J"}"#]])
    }

    func testACallWithoutArgumentsIsACallWithNone() async throws {
        let reply = try await answer(server(), #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo"}}"#)
        XCTAssertEqual(reply?["result"]?["content"], [["type": "text", "text": "'text' is required"]])
    }

    func testBadArgumentsAreAToolErrorTheModelSees() async throws {
        let reply = try await answer(server(), #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":5}}}"#)
        XCTAssertEqual(reply?["result"]?["isError"], true)
        XCTAssertEqual(reply?["result"]?["content"], [["type": "text", "text": "'text' must be a string"]])
        XCTAssertNil(reply?["error"])
    }

    func testProtocolErrorsKeepTheirCodesAndIDs() async throws {
        let server = server()
        let cases: [(String, Int64, JSONValue)] = [
            ("not json", -32700, .null),
            ("[1,2]", -32600, .null),
            (#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#, -32600, 3),
            (#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#, -32600, .null),
            (#"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#, -32601, 4),
            (#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"rm"}}"#, -32602, 5),
            (#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":[1]}"#, -32602, 6),
        ]
        for (text, code, id) in cases {
            let reply = try await answer(server, text)
            XCTAssertEqual(reply?["error"]?["code"], .integer(code), text)
            XCTAssertEqual(reply?["id"], id, text)
        }
        let oversized = await server.handle(.oversized(5_000_000)).flatMap { JSONValue.parse(Array($0.utf8)) }
        XCTAssertEqual(oversized?["error"]?["code"], -32600)
        // And the server still answers.
        let pong = try await answer(server, #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)
        XCTAssertEqual(pong?["result"], [:])
    }

    func testNotificationsAndResponsesGetNoAnswer() async throws {
        let server = server()
        let initialized = try await answer(server, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        XCTAssertNil(initialized)
        let response = try await answer(server, #"{"jsonrpc":"2.0","id":9,"result":{}}"#)
        XCTAssertNil(response)
    }

    func testOnlyToolCallsRunConcurrently() {
        XCTAssertTrue(MCPServer.runsConcurrently(.message(Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#.utf8))))
        XCTAssertFalse(MCPServer.runsConcurrently(.message(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8))))
        XCTAssertFalse(MCPServer.runsConcurrently(.oversized(10)))
    }

    func testTheLogHoldsTheSummaryNeverTheCommandsArguments() async throws {
        let logger = RecordingLogger()
        _ = try await answer(server(logger: logger), #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x","command":"curl -H 'Token: S3cret'","stdin":"hunter2"}}}"#)
        let log = logger.entries.map(\.message.text).joined(separator: "\n")
        XCTAssertTrue(log.contains("command=`curl …`"), log)
        XCTAssertEqual(MCPSummary.of(["command": "API_TOKEN=hunter3 deploy --now"]), "command=`API_TOKEN=… …`")
        XCTAssertTrue(log.contains("stdin=<7 bytes>"), log)
        XCTAssertFalse(log.contains("S3cret"), log)
        XCTAssertFalse(log.contains("hunter2"), log)
    }

    /// The reader and the server on arbitrary bytes: every line is answered with one line of
    /// JSON-RPC (or nothing, for a notification), never a crash, and the server still answers.
    func testArbitraryBytesAlwaysGetAWellFormedAnswerOrNoneAndTheServerGoesOn() async throws {
        let server = server()
        var random = SeededRandom(seed: 45)
        let pieces: [String] = [
            "{", "}", "[", "]", "\"", ":", ",", "\"jsonrpc\"", "\"2.0\"", "\"id\"", "1", "-1e999", "null", "true",
            "\"method\"", "\"tools/call\"", "\"ping\"", "\"params\"", "\"name\"", "\"echo\"", "\"arguments\"",
            "\"text\"", "\\u0000", "\u{1B}", "\u{FFFD}", " ", "\n",
        ]
        var reader = MCPLineReader(limit: 512)
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                if Bool.random(using: &random) {
                    bytes += Array(pieces.randomElement(using: &random)!.utf8)
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            for line in reader.feed(bytes) {
                guard let answer = await server.handle(line) else { continue }
                XCTAssertFalse(answer.contains("\n"))
                let parsed = try XCTUnwrap(JSONValue.parse(Array(answer.utf8)), answer)
                XCTAssertEqual(parsed["jsonrpc"], "2.0")
                XCTAssertTrue(parsed["result"] != nil || parsed["error"] != nil, answer)
            }
        }
        let pong = try await answer(server, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        XCTAssertEqual(pong?["result"], [:])
    }

    /// A tool that runs until it is cancelled, saying when it started and when it was cancelled.
    private final class Waiting: MCPTool, @unchecked Sendable {
        let definition = MCPToolDefinition(
            name: "wait", title: "Wait", description: "", inputSchema: ["type": "object"], outputSchema: ["type": "object"],
            annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Void.self)

        func call(_ arguments: MCPArguments) async -> MCPToolResult {
            let (never, _) = AsyncStream.makeStream(of: Void.self)
            await withTaskCancellationHandler {
                startedContinuation.yield()
                for await _ in never {}
            } onCancel: {
                cancelledContinuation.yield()
            }
            return .success([:])
        }
    }

    func testACancelledCallEndsItsToolAndIsNotAnswered() async throws {
        let tool = Waiting()
        let server = MCPServer(
            info: .init(name: "t", version: "0"), tools: [tool], calls: MCPCallGate(audit: nil, logger: RecordingLogger()),
            logger: RecordingLogger())
        let call = Task { await server.handle(.message(Array(#"{"jsonrpc":"2.0","id":"c1","method":"tools/call","params":{"name":"wait"}}"#.utf8))) }
        var started = tool.started.makeAsyncIterator()
        _ = await started.next()
        let none = try await answer(server, #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c1","reason":"user"}}"#)
        XCTAssertNil(none)
        var cancelled = tool.cancelled.makeAsyncIterator()
        _ = await cancelled.next()
        let reply = await call.value
        XCTAssertNil(reply, "a cancelled request gets no response")
    }
}
