import TermindApplication
import TermindDomain
import XCTest

@testable import TermindCLI

/// Collects what a command writes to its two streams.
private final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    func context() -> CommandContext {
        CommandContext(
            environment: [:], root: TermindCommand.self,
            out: { text in self.lock.withLock { self.outText += text } },
            err: { text in self.lock.withLock { self.errText += text } })
    }
}

private struct SampleFailure: CategorizedFailure {
    var exitCode: ExitCode { .vaultUnavailable }
    var description: String { "the vault at /tmp/x/termind.db is locked" }
}

final class TermindCommandLineTests: XCTestCase {
    private func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let status = await TermindCommandLine.run(arguments, context: captured.context())
        return (status, captured.out, captured.err)
    }

    func testVersionPrintsTheVersionAndExitsZero() async {
        let result = await run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, "termind \(TermindVersion.current)\n")
    }

    func testRootHelpListsCommandsAndEveryExitCode() async {
        let result = await run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.out.contains("Usage: termind <command> [options]"))
        XCTAssertTrue(result.out.contains("  help "))
        for code in ExitCode.allCases {
            XCTAssertTrue(result.out.contains("\(code.rawValue)") && result.out.contains(code.meaning), "missing \(code)")
        }
    }

    func testHelpCommandPrintsTheSameTextAsDashDashHelp() async {
        let viaCommand = await run(["help", "help"])
        let viaFlag = await run(["help", "--help"])
        XCTAssertEqual(viaCommand.status, 0)
        XCTAssertEqual(viaCommand.out, viaFlag.out)
        XCTAssertTrue(viaCommand.out.hasPrefix("termind help: Show help"))
    }

    func testUnknownCommandExitsTwoWithMessageAndUsageOnStderr() async {
        let result = await run(["hlep"])
        XCTAssertEqual(result.status, ExitCode.usage.rawValue)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(
            result.err,
            "termind: unknown command 'hlep' (did you mean 'help'?)\nUsage: termind <command> [options]\nRun 'termind help' for more.\n")
    }

    func testEveryMissingRecordMessageNamesAListCommandThatExists() {
        for kind in VaultRecordKind.allCases {
            let group = TermindCommand.subcommands.first { $0.definition.name == kind.command }
            XCTAssertNotNil(group, "'termind \(kind.command)' for \(kind.plural)")
            XCTAssertTrue(group?.subcommands.contains { $0.definition.name == "list" } == true, "'termind \(kind.command) list'")
        }
        XCTAssertEqual(VaultRuleViolation.missingRecord(kind: .template, label: "nope").description,
                       "no Template labelled 'nope'; 'termind templates list' shows them")
    }

    func testHelpForAnUnknownCommandIsAUsageError() async {
        let result = await run(["help", "nope"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("no command 'nope'"))
    }

    func testCategorizedFailureExitsWithItsCodeAndMessage() async {
        struct Failing: Command {
            static let definition = CommandDefinition(name: "fail", abstract: "fails")
            init(_ parsed: ParsedCommandLine) throws(UsageError) {}
            func run(_ context: CommandContext) async throws -> Int32 { throw SampleFailure() }
        }
        let status = await TermindCommandLine.run([], context: CommandContext(environment: [:], root: Failing.self, out: { _ in }, err: { _ in }))
        XCTAssertEqual(status, ExitCode.vaultUnavailable.rawValue)
    }

    func testExitCodesAreDistinctAndMatchTheSpecification() {
        XCTAssertEqual(Set(ExitCode.allCases.map(\.rawValue)).count, ExitCode.allCases.count)
        XCTAssertEqual(ExitCode.allCases.map(\.rawValue), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 130])
    }
}
