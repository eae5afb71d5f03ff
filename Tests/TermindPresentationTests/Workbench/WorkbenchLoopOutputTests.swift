#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The workbench's loop on a pseudo-terminal whose reader stops taking output (an outer tmux
/// that falls behind, a terminal scrolled back and paused): the panes go on being read.
@MainActor
final class WorkbenchLoopOutputTests: XCTestCase {
    func testPaneOutputKeepsFlowingIntoThePaneWhileTheOuterTerminalTakesNothing() async throws {
        let outer = try PseudoTerminal(columns: 100, rows: 30)
        defer { outer.close() }
        let services = InMemoryWorkbenchServices(hosts: [WorkbenchFixture.host("web")])
        let workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 100, rows: 30))
        let loop = WorkbenchLoop(terminal: OuterTerminal(input: outer.replica, output: outer.replica), workbench: workbench, capabilities: TerminalCapabilities())
        let run = Task { await loop.run(connecting: "web") }
        await eventually("the pane's shell opened") { services.connections.first?.openedSize != nil }
        let shell = try XCTUnwrap(services.connections.first).shell

        // From here the terminal takes nothing: its buffer is full and nobody reads it. If the
        // loop has not got anywhere in 20 s, the terminal is read again, so a loop stuck in a
        // write ends the test instead of hanging it.
        outer.fill()
        outer.read(startingAtTheLatest: 20)

        for number in 0..<3_000 {
            shell.print("\(number): a flood of output that the outer terminal cannot keep up with\r\n")
        }
        shell.print("END-OF-FLOOD")
        await eventually("the flood reached the pane", timeout: .seconds(30)) {
            workbench.frame().buffer.lines.contains { $0.contains("END-OF-FLOOD") }
        }
        XCTAssertFalse(outer.isReading, "the pane was read only once the terminal took output again")

        // Once the terminal reads again, the latest state is drawn.
        outer.readNow()
        await eventually("the terminal shows the end of the flood", timeout: .seconds(20)) { outer.received.contains("END-OF-FLOOD") }
        workbench.requestQuit(status: 0)
        let status = await run.value
        XCTAssertEqual(status, 0)
    }
}

/// A pseudo-terminal pair for the loop: the loop reads and writes the replica, the test plays
/// the terminal on the primary side.
private final class PseudoTerminal: Sendable {
    let primary: Int32
    let replica: Int32
    private let path: String
    private let output = Mutex<[UInt8]>([])
    private let start = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(columns: Int, rows: Int) throws {
        var primary: Int32 = -1
        var replica: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &replica, nil, nil, &size) == 0, let name = ttyname(replica) else {
            throw TestRigError("no pseudo-terminal: errno \(errno)")
        }
        self.primary = primary
        self.replica = replica
        path = String(cString: name)
    }

    /// What the terminal read, as text.
    var received: String { String(decoding: output.withLock { $0 }, as: UTF8.self) }

    /// Reads what was written so far, then writes into the replica until the terminal's buffer
    /// is full: any further write blocks until the terminal reads.
    func fill() {
        let flags = fcntl(primary, F_GETFL)
        _ = fcntl(primary, F_SETFL, flags | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Glibc.read(primary, &buffer, buffer.count) > 0 {}
        _ = fcntl(primary, F_SETFL, flags)
        // A descriptor of its own, so non-blocking is not the loop's too.
        let filler = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        let chunk = [UInt8](repeating: UInt8(ascii: "."), count: 4_096)
        while Glibc.write(filler, chunk, chunk.count) > 0 {}
        Glibc.close(filler)
    }

    /// Reads everything the loop writes, on a thread of its own, from `readNow()` or after
    /// `seconds` at the latest, until the replica is closed.
    func read(startingAtTheLatest seconds: Int) {
        Thread.detachNewThread { [self] in
            _ = start.wait(timeout: .now() + .seconds(seconds))
            started.store(true, ordering: .sequentiallyConsistent)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = Glibc.read(primary, &buffer, buffer.count)
                guard count > 0 else { break }
                output.withLock { $0 += buffer[..<count] }
            }
            finished.signal()
        }
    }

    /// True once the terminal reads again.
    var isReading: Bool { started.load(ordering: .sequentiallyConsistent) }

    func readNow() {
        start.signal()
    }

    /// Closes the replica, waits for the reader to see the end, then closes the primary.
    func close() {
        Glibc.close(replica)
        start.signal()
        _ = finished.wait(timeout: .now() + .seconds(5))
        Glibc.close(primary)
    }
}
