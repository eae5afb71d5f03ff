import XCTest

@testable import TermindCLI

/// A small command tree shaped like the real ones, so the parser is tested on its own.
private struct SampleRoot: Command {
    static let definition = CommandDefinition(
        name: "termind", abstract: "sample root",
        options: [
            .flag("version", help: "version"),
            .option("data-dir", .path, valueName: "DIR", global: true, help: "where data lives"),
        ])
    static let subcommands: [any Command.Type] = [SampleHosts.self, SampleCopy.self, SampleExec.self]
    init(_ parsed: ParsedCommandLine) throws(UsageError) {}
    func run(_ context: CommandContext) async throws -> Int32 { 0 }
}

private struct SampleHosts: Command {
    static let definition = CommandDefinition(name: "hosts", abstract: "manage hosts")
    static let subcommands: [any Command.Type] = [SampleHostsAdd.self]
    init(_ parsed: ParsedCommandLine) throws(UsageError) {}
    func run(_ context: CommandContext) async throws -> Int32 { 0 }
}

private struct SampleHostsAdd: Command {
    static let definition = CommandDefinition(
        name: "add", abstract: "add a host",
        arguments: [.init("LABEL", help: "label")],
        options: [
            .option("hostname", help: "hostname"),
            .option("port", short: "p", .integer(1...65535), help: "port"),
            .option("tag", repeating: true, help: "tag"),
            .flag("json", help: "json"),
            .flag("long", short: "l", help: "long"),
            .flag("all", short: "a", help: "all"),
        ])
    let parsed: ParsedCommandLine
    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        guard parsed.value("hostname") != nil else { throw UsageError("--hostname is required") }
        self.parsed = parsed
    }
    func run(_ context: CommandContext) async throws -> Int32 { 0 }
}

private struct SampleCopy: Command {
    static let definition = CommandDefinition(
        name: "cp", abstract: "copy",
        arguments: [.init("SRC", repeating: true, help: "sources"), .init("DST", help: "destination")],
        options: [.option("on-conflict", .choice(["overwrite", "skip", "keep-both", "fail"]), help: "policy")])
    let parsed: ParsedCommandLine
    init(_ parsed: ParsedCommandLine) throws(UsageError) { self.parsed = parsed }
    func run(_ context: CommandContext) async throws -> Int32 { 0 }
}

private struct SampleExec: Command {
    static let definition = CommandDefinition(
        name: "exec", abstract: "run", arguments: [.init("HOST", repeating: true, help: "hosts")],
        acceptsTrailingCommand: true)
    let parsed: ParsedCommandLine
    init(_ parsed: ParsedCommandLine) throws(UsageError) { self.parsed = parsed }
    func run(_ context: CommandContext) async throws -> Int32 { 0 }
}

final class CommandLineParserTests: XCTestCase {
    private let parser = CommandLineParser(root: SampleRoot.self)

    private func parsed(_ arguments: [String]) throws -> ParsedCommandLine {
        guard case .run(let command, _) = try parser.parse(arguments) else {
            XCTFail("expected a command to run for \(arguments)")
            throw UsageError("no command")
        }
        switch command {
        case let add as SampleHostsAdd: return add.parsed
        case let copy as SampleCopy: return copy.parsed
        case let exec as SampleExec: return exec.parsed
        default: XCTFail("unexpected command \(command)"); throw UsageError("no command")
        }
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    func testSubcommandOptionsArgumentsAndRepeatingValuesAreParsed() throws {
        let result = try parsed(["hosts", "add", "web", "--hostname", "10.0.0.5", "-p", "2222", "--tag", "prod", "--tag=eu"])
        XCTAssertEqual(result.commandPath, ["hosts", "add"])
        XCTAssertEqual(result.argument("LABEL"), "web")
        XCTAssertEqual(result.value("hostname"), "10.0.0.5")
        XCTAssertEqual(result.integer("port"), 2222)
        XCTAssertEqual(result.values("tag"), ["prod", "eu"])
        XCTAssertFalse(result.flag("json"))
    }

    func testClusteredShortFlagsAndAttachedShortValues() throws {
        let result = try parsed(["hosts", "add", "web", "--hostname", "h", "-la", "-p22"])
        XCTAssertTrue(result.flag("long"))
        XCTAssertTrue(result.flag("all"))
        XCTAssertEqual(result.integer("port"), 22)
    }

    func testARepeatedFlagIsCountedAsSshCountsTT() throws {
        XCTAssertEqual(try parsed(["hosts", "add", "web", "--hostname", "h", "-ll"]).flagCount("long"), 2)
        XCTAssertEqual(try parsed(["hosts", "add", "web", "--hostname", "h", "-l", "--long", "-a"]).flagCount("long"), 2)
        XCTAssertEqual(try parsed(["hosts", "add", "web", "--hostname", "h", "-a"]).flagCount("long"), 0)
    }

    func testGlobalOptionIsAcceptedBeforeAndAfterTheSubcommand() throws {
        XCTAssertEqual(try parsed(["--data-dir", "/d", "hosts", "add", "w", "--hostname", "h"]).value("data-dir"), "/d")
        XCTAssertEqual(try parsed(["hosts", "add", "w", "--hostname", "h", "--data-dir=/e"]).value("data-dir"), "/e")
    }

    func testRootOnlyOptionIsRejectedAfterASubcommand() {
        XCTAssertEqual(usageError(["hosts", "add", "w", "--hostname", "h", "--version"])?.message, "unknown option '--version'")
    }

    func testPortOutOfRangeIsAUsageErrorNamingTheOptionAndValue() {
        let error = usageError(["hosts", "add", "web", "--hostname", "h", "--port", "70000"])
        XCTAssertEqual(error?.message, "--port: '70000' is not a whole number from 1 to 65535")
        XCTAssertEqual(error?.commandPath, ["hosts", "add"])
        XCTAssertEqual(usageError(["hosts", "add", "web", "--hostname", "h", "-p", "abc"])?.message,
                       "-p: 'abc' is not a whole number from 1 to 65535")
    }

    func testChoiceOutsideTheListIsAUsageErrorListingTheChoices() {
        XCTAssertEqual(
            usageError(["cp", "a", "b", "--on-conflict", "merge"])?.message,
            "--on-conflict: 'merge' is not one of overwrite, skip, keep-both, fail")
    }

    func testUnknownCommandSuggestsTheClosestName() {
        XCTAssertEqual(usageError(["hots", "add"])?.message, "unknown command 'hots' (did you mean 'hosts'?)")
        XCTAssertEqual(usageError(["frobnicate"])?.message, "unknown command 'frobnicate'")
    }

    func testUnknownOptionSuggestsTheClosestOption() {
        XCTAssertEqual(
            usageError(["hosts", "add", "w", "--hostnme", "h"])?.message,
            "unknown option '--hostnme' (did you mean '--hostname'?)")
    }

    func testMissingValueMissingArgumentAndExtraArgumentAreUsageErrors() {
        XCTAssertEqual(usageError(["hosts", "add", "w", "--hostname"])?.message, "--hostname needs a value")
        XCTAssertEqual(usageError(["hosts", "add", "--hostname", "h"])?.message, "missing LABEL")
        XCTAssertEqual(usageError(["hosts", "add", "w", "x", "--hostname", "h"])?.message, "unexpected argument 'x'")
        XCTAssertEqual(usageError(["hosts", "add", "w", "--json=yes", "--hostname", "h"])?.message,
                       "--json is a flag and takes no value")
    }

    func testValidationInCommandInitRunsBeforeAnythingAndKeepsThePath() {
        let error = usageError(["hosts", "add", "web"])
        XCTAssertEqual(error?.message, "--hostname is required")
        XCTAssertEqual(error?.commandPath, ["hosts", "add"])
    }

    func testRepeatingArgumentLeavesTheLastForTheRequiredOneAfterIt() throws {
        let result = try parsed(["cp", "a", "b", "c", "host:/dst"])
        XCTAssertEqual(result.argumentList("SRC"), ["a", "b", "c"])
        XCTAssertEqual(result.argument("DST"), "host:/dst")
        XCTAssertEqual(usageError(["cp", "only"])?.message, "missing SRC")
    }

    func testEverythingAfterDoubleDashIsTheTrailingCommandVerbatim() throws {
        let result = try parsed(["exec", "web", "db", "--", "ls", "-la", "--help"])
        XCTAssertEqual(result.argumentList("HOST"), ["web", "db"])
        XCTAssertEqual(result.trailing, ["ls", "-la", "--help"])
    }

    func testHelpAnywhereAsksForHelpOnTheCommandReached() throws {
        guard case .help(let path) = try parser.parse(["hosts", "add", "--help"]) else { return XCTFail("no help") }
        XCTAssertEqual(path, ["hosts", "add"])
        guard case .help(let rootPath) = try parser.parse(["-h"]) else { return XCTFail("no help") }
        XCTAssertEqual(rootPath, [])
    }

    func testVersionFlagAtTheRoot() throws {
        guard case .version = try parser.parse(["--version"]) else { return XCTFail("no version") }
    }

    func testEditDistanceCountsInsertionsDeletionsAndSubstitutions() {
        XCTAssertEqual(CommandLineParser.editDistance("hosts", "hosts"), 0)
        XCTAssertEqual(CommandLineParser.editDistance("hots", "hosts"), 1)
        XCTAssertEqual(CommandLineParser.editDistance("", "abc"), 3)
        XCTAssertEqual(CommandLineParser.editDistance("kitten", "sitting"), 3)
    }
}
