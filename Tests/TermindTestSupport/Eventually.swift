import XCTest

/// How often the waits below look again. The one place the tests poll: what they wait for in
/// another process (a log line, a file, a screen) has no signal to wait on, and a short poll
/// keeps a wait close to the moment its condition comes true.
let pollInterval: Duration = .milliseconds(10)

/// Waits, polling every `pollInterval`, until `condition` holds (state reached by other tasks or
/// threads), or fails the test once `timeout` passes, naming `what` and, when given, what
/// `showing` returns at that moment (a Workbench test shows its screen).
///
/// It runs on the caller's actor (`isolation`), so a condition may read that actor's state
/// without being `Sendable`.
public func eventually(
    _ what: String = "the condition holds", timeout: Duration = .seconds(10),
    isolation: isolated (any Actor)? = #isolation,
    showing context: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ condition: () async -> Bool
) async {
    guard await pollUntil(timeout: timeout, condition) else {
        let shown = context()
        XCTFail("timed out after \(timeout) waiting until \(what)\(shown.isEmpty ? "" : "; \(shown)")", file: file, line: line)
        return
    }
}

/// Polls `condition` until it holds or `timeout` passes; whether it held. For a test double's
/// own wait that reports rather than fails.
public func pollUntil(
    timeout: Duration, isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !(await condition()) {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: pollInterval)  // the tests' one asynchronous poll
    }
    return true
}

/// Polls `condition` every `interval` seconds (a condition that runs a process looks less
/// often) until it holds or `timeout` passes; what it returned last. For what another process
/// does (a file appears, a row is written, a child exits) in the synchronous tests and the rig.
public func waitUntil(timeout: TimeInterval = 15, every interval: TimeInterval = 0.01, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: interval)  // the tests' one synchronous poll
    }
    return condition()
}

/// Whether `condition` holds at every look for `window`: for what must not happen (a second
/// question, a replay, a poll, a login). The window is the behaviour under test, and as short
/// as the behaviour allows; what would break it has no signal of its own to wait on.
public func holdsThroughout(
    _ window: Duration, isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    !(await pollUntil(timeout: window) { !(await condition()) })
}

/// `holdsThroughout` for the synchronous tests: whether `condition` holds at every look for
/// `window` seconds.
public func holdsThroughout(_ window: TimeInterval, every interval: TimeInterval = 0.01, _ condition: () -> Bool) -> Bool {
    !waitUntil(timeout: window, every: interval) { !condition() }
}
