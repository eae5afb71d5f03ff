import XCTest

/// Waits, polling every 5 ms, until `condition` holds (state reached by other tasks or
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
    let deadline = ContinuousClock.now + timeout
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            let shown = context()
            XCTFail("timed out after \(timeout) waiting until \(what)\(shown.isEmpty ? "" : "; \(shown)")", file: file, line: line)
            return
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
}

/// Polls `condition` every 50 ms until it holds or `timeout` passes; what it returned last.
/// For what another process does (a file appears, a row is written) in the synchronous
/// end-to-end tests.
public func waitUntil(timeout: TimeInterval = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}
