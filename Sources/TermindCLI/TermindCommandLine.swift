import Foundation
import TermindApplication
import TermindCrypto
import TermindDomain
import TermindInfrastructure

/// The entry point `main.swift` calls: parse, validate, run, and turn every outcome into an
/// exit status from `ExitCode` (usage errors print what was wrong and the usage line).
public enum TermindCommandLine {
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        let parser = CommandLineParser(root: context.root)
        let formatter = HelpFormatter(root: context.root)
        do {
            switch try parser.parse(arguments) {
            case .version:
                context.out("termind \(TermindVersion.current)\n")
                return ExitCode.success.rawValue
            case .help(let path):
                context.out(formatter.help(for: path))
                return ExitCode.success.rawValue
            case .run(let command, let path):
                // The command path only: arguments may name hosts and paths a person keeps private.
                let name = (["termind"] + path).joined(separator: " ")
                context.logger.debug("running '\(name)' (termind \(TermindVersion.current))")
                return try await command.run(context)
            }
        } catch let error as UsageError {
            let path = error.commandPath
            let helpCommand = (["termind", "help"] + path).joined(separator: " ")
            context.err("termind: \(error.message)\n\(formatter.usage(for: path))\nRun '\(helpCommand)' for more.\n")
            return ExitCode.usage.rawValue
        } catch let failure as any CategorizedFailure {
            context.logger.error("\(failure.description) (exit \(failure.exitCode.rawValue))")
            context.err("termind: \(failure)\n")
            return failure.exitCode.rawValue
        } catch {
            context.logger.error("\(String(describing: error))")
            context.err("termind: \(error)\n")
            return ExitCode.failure.rawValue
        }
    }

    /// Sets glibc's allocator up for this process. `main.swift` calls it on the main thread before
    /// its first `await`: `main()` runs on a thread of the runtime's pool, and an arena a thread
    /// has taken before the limit is set stays its own (about 10 MiB more at the peak of a 1 GiB
    /// download, `/usr/bin/time -f %M`).
    public static func tuneAllocator() {
        AllocatorTuning.apply(environment: ProcessInfo.processInfo.environment)
    }

    /// Runs with the process's real arguments, environment and streams.
    public static func main() async -> Int32 {
        CryptoLibrary.keepLoadedUntilExit()
        let environment = ProcessInfo.processInfo.environment
        let context = CommandContext(
            environment: environment, root: TermindCommand.self,
            logger: FileLogger(paths: XDGPaths.current(), environment: environment),
            // Names that are not UTF-8 go out as their own bytes (`NameBytes`); on a terminal
            // they were escaped before.
            out: { FileHandle.standardOutput.write(Data(NameBytes.bytes($0))) },
            err: { FileHandle.standardError.write(Data(NameBytes.bytes($0))) },
            outBytes: { FileHandle.standardOutput.write(Data($0)) },
            errBytes: { FileHandle.standardError.write(Data($0)) },
            outIsTerminal: isatty(STDOUT_FILENO) == 1, errIsTerminal: isatty(STDERR_FILENO) == 1)
        return await run(arguments(), context: context)
    }

    /// The arguments as given: a path that is not UTF-8 keeps its bytes (`NameBytes`), where
    /// `CommandLine.arguments` would replace them with U+FFFD.
    private static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { NameBytes.string(UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) }) }
        }
    }
}
