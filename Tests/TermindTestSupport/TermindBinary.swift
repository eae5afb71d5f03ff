import Foundation

/// The built `termind` executable, run as a person would run it: its own process, arguments,
/// environment and streams. End-to-end tests use it; the test bundle sits beside it in the
/// build products directory (`TERMIND_BINARY` overrides).
public enum TermindBinary {
    public static func path() throws -> String {
        if let override = ProcessInfo.processInfo.environment["TERMIND_BINARY"] { return override }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("termind").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw TestRigError("the termind binary was not found beside the tests; build it with `swift build` (or `make test`)")
    }

    /// Copies the binary and the resource bundles beside it into `directory` (for running it as
    /// another account that cannot read the build tree) and returns the copy's path.
    public static func copy(into directory: TemporaryDirectory) throws -> String {
        let original = URL(fileURLWithPath: try path())
        let target = directory.appending("bin")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        chmod(target.path, 0o755)
        let products = original.deletingLastPathComponent()
        let bundles = try FileManager.default.contentsOfDirectory(atPath: products.path).filter { $0.hasSuffix(".resources") }
        for item in ["termind"] + bundles {
            try FileManager.default.copyItem(at: products.appendingPathComponent(item), to: target.appendingPathComponent(item))
        }
        _ = try ChildProcess.run("chmod", ["-R", "a+rX", target.path])
        return target.appendingPathComponent("termind").path
    }

    /// Runs `termind arguments...` in a home of its own, so nothing touches the real user's files.
    @discardableResult
    public static func run(
        _ arguments: [String], stdin: String? = nil, home: TemporaryDirectory? = nil,
        environment extra: [String: String] = [:]
    ) throws -> ChildProcess.Output {
        try ChildProcess.run(try path(), arguments, stdin: stdin, environment: environment(home: home, extra))
    }

    /// Starts `termind arguments...` in the background (stdin from /dev/null) in a home of its
    /// own, for a test that signals it or waits for it with a deadline.
    public static func start(
        _ arguments: [String], home: TemporaryDirectory? = nil, environment extra: [String: String] = [:]
    ) throws -> ChildProcess {
        try ChildProcess(try path(), arguments, environment: environment(home: home, extra))
    }

    /// This process's environment with the XDG directories (and HOME) inside `home`, and `extra`.
    private static func environment(home: TemporaryDirectory?, _ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let home {
            environment["HOME"] = home.path
            environment["XDG_DATA_HOME"] = home.path + "/.local/share"
            environment["XDG_CONFIG_HOME"] = home.path + "/.config"
            environment["XDG_STATE_HOME"] = home.path + "/.local/state"
        }
        environment.merge(extra) { $1 }
        return environment
    }
}
