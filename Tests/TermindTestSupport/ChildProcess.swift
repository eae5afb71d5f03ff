import Foundation

/// Runs tools for the test rig (ssh-keygen, sshd, python3, the built termind) and captures
/// their output. A background child is terminated when `stop()` runs or the value is released,
/// so a failing test never leaves a server behind.
public final class ChildProcess: @unchecked Sendable {
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    private let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    /// Standard output read past the last line a `waitForLine` returned: two lines can come in
    /// one read, and the next call starts from here.
    private var unreadOutput = Data()

    /// Runs `executable` to completion, feeding `stdin` if given.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], stdin: String? = nil,
        environment: [String: String]? = nil, currentDirectory: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try resolve(executable))
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try Self.withUnblockedSignals { try process.run() }
        // Read both pipes concurrently so a chatty child cannot fill one and block.
        let errData = LockedBox(Data())
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread {
            errData.value = errHandle.readDataToEndOfFile()
            done.signal()
        }.start()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// Starts `executable` in the background; its stdout can be read line by line.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: try Self.resolve(executable))
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = FileHandle.nullDevice
        try Self.withUnblockedSignals { try process.run() }
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Reads stdout until a line satisfies `match` or `timeout` passes; returns that line.
    public func waitForLine(
        timeout: TimeInterval = 20, where match: (String) -> Bool
    ) throws -> String {
        let handle = stdoutPipe.fileHandleForReading
        let deadline = Date().addingTimeInterval(timeout)
        func nextMatch() -> String? {
            while let newline = unreadOutput.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: unreadOutput[unreadOutput.startIndex..<newline], as: UTF8.self)
                unreadOutput.removeSubrange(unreadOutput.startIndex...newline)
                if match(line) { return line }
            }
            return nil
        }
        if let line = nextMatch() { return line }
        while Date() < deadline {
            var fds = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, 100)
            if ready > 0 {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                unreadOutput.append(chunk)
                if let line = nextMatch() { return line }
            } else if !process.isRunning {
                break
            }
        }
        let stderr = isRunning ? "" : String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        throw TestRigError("\(process.executableURL?.lastPathComponent ?? "child") printed no expected line within \(timeout)s; stderr: \(stderr)")
    }

    /// Sends signal `number` to the child (as Ctrl-C or `kill` would).
    public func signal(_ number: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, number)
    }

    /// Waits up to `timeout` seconds for the child to exit and returns its status and what it
    /// printed; nil while it still runs then (it is left running). For children that print
    /// little: a pipe left unread fills at 64 KiB.
    public func waitForExit(within timeout: TimeInterval) -> Output? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: unreadOutput + stdoutPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// Terminates the child (SIGTERM, then SIGKILL after a second) and reaps it.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        _ = waitUntil(timeout: 1) { !process.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Runs `body` with no signal blocked on the calling thread. Foundation's `Process` passes
    /// the spawning thread's signal mask on to the child, and Swift concurrency's pool threads
    /// block nearly every signal: a server started from an `async` test would ignore the
    /// SIGTERM of `stop()` and outlive the test (its `sh` keeper is then SIGKILLed and the
    /// server is orphaned).
    static func withUnblockedSignals<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        sigemptyset(&none)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Finds a tool on PATH (and in /usr/sbin, where sshd lives).
    public static func resolve(_ executable: String) throws -> String {
        if executable.contains("/") { return executable }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TestRigError("\(executable) is not installed; run `make test`, which installs the test prerequisites")
    }
}

/// A value shared between the rig's reader threads.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
