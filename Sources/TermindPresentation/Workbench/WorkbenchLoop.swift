import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TermindDomain

/// The TUI's one loop, on the main actor: terminal input through the decoder, window-size
/// changes and signals, and the Sessions' own events all update the `Workbench`; a frame is
/// drawn when the `FrameScheduler` says (at once after a quiet spell, at most about 60 a second
/// under heavy output, never while the last one is still being written) and handed to the
/// terminal's writer thread in one write, so a slow terminal never stops the panes being read.
///
/// Every source is a dispatch source or a task on the main queue, so an idle workbench sleeps:
/// no timer runs unless a frame or an Escape key is pending.
///
/// Confined to the main actor.
@MainActor
public final class WorkbenchLoop {
    private let terminal: OuterTerminal
    private let workbench: Workbench
    private var decoder = InputDecoder()
    private var renderer: ScreenRenderer
    private var scheduler = FrameScheduler()
    private let signals = TerminalSignals()
    private var input: (any DispatchSourceRead)?
    /// Bumped for each new Escape timeout, so a stale one does nothing.
    private var escapeTimer = 0
    private var finished: CheckedContinuation<Void, Never>?
    /// True while one read's events are handled: their changes make one frame, after them.
    private var handlingInput = false
    /// True from taking the terminal to giving it back: a frame written later (after a write
    /// or a timer that was still pending) would land on the person's own screen.
    private var holdsTerminal = false
    /// True while the terminal is lent to the person's editor (`suspendScreen`).
    private var suspended = false
    /// A terminating signal that came while the editor had the terminal: acted on once it is back.
    private var deferredSignal: Int32?

    public init(terminal: OuterTerminal, workbench: Workbench, capabilities: TerminalCapabilities) {
        self.terminal = terminal
        self.workbench = workbench
        self.renderer = ScreenRenderer(capabilities: capabilities)
    }

    /// Takes the terminal, runs until the person quits (or a signal ends it), closes every
    /// Session and gives the terminal back. Returns the exit status.
    public func run(connecting destination: String? = nil, template: String? = nil) async -> Int32 {
        terminal.enter()
        holdsTerminal = true
        workbench.resize(to: terminal.size)
        workbench.onChange = { [unowned self] in self.changed() }
        workbench.screen = self
        signals.start(
            resized: { [unowned self] in self.terminalResized() },
            terminate: { [unowned self] number in self.terminated(by: number) })
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.input, queue: .main)
        input.setEventHandler { [unowned self] in
            MainActor.assumeIsolated { self.readInput() }
        }
        input.resume()
        self.input = input
        draw()

        await workbench.start(connecting: destination, template: template)
        if !workbench.isFinished {
            await withCheckedContinuation { finished = $0 }
        }

        resumeScreen()  // a dispatch source must not be cancelled while suspended
        input.cancel()
        self.input = nil
        workbench.onChange = {}
        await workbench.shutdown()
        signals.stop()
        holdsTerminal = false
        terminal.leave()
        return workbench.exitStatus ?? 0
    }

    // MARK: - Events

    private func readInput() {
        guard let bytes = terminal.read() else { return }
        guard !bytes.isEmpty else {
            // End of input: the terminal went away, as with SIGHUP.
            workbench.requestQuit(status: 128 + SIGHUP)
            return
        }
        handlingInput = true
        workbench.handle(decoder.feed(bytes))
        handlingInput = false
        armEscapeTimer()
        changed()
    }

    /// After an ESC with nothing behind it, waits the decoder's timeout for the rest of a
    /// sequence, then lets it decide (the Escape key, or Alt with a key).
    private func armEscapeTimer() {
        escapeTimer += 1
        guard let timeout = decoder.timeout else { return }
        let ticket = escapeTimer
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.interval(timeout)) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.escapeTimer == ticket else { return }
                self.workbench.handle(self.decoder.flushTimeout())
                self.changed()
            }
        }
    }

    /// SIGINT, SIGTERM or SIGHUP. While the editor has the terminal a Ctrl-C typed there reaches
    /// this process group too and is the editor's; the others wait until the terminal is back.
    private func terminated(by number: Int32) {
        guard !suspended else {
            if number != SIGINT { deferredSignal = number }
            return
        }
        workbench.requestQuit(status: 128 + number)
    }

    private func terminalResized() {
        renderer.invalidate()
        workbench.resize(to: terminal.size)
        draw()
    }

    // MARK: - Frames

    /// Something changed: draw now, or when the scheduler says; or end the loop.
    private func changed() {
        guard !handlingInput else { return }
        if workbench.isFinished {
            finished?.resume()
            finished = nil
            return
        }
        follow(scheduler.changed(at: .now))
    }

    private func follow(_ decision: FrameScheduler.Decision?) {
        switch decision {
        case .drawNow:
            draw()
        case .drawAt(let due):
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.interval(due - .now)) { [weak self] in
                MainActor.assumeIsolated { self?.timerFired(for: due) }
            }
        case .alreadyScheduled, .whenWritten, nil:
            break
        }
    }

    private func timerFired(for due: ContinuousClock.Instant) {
        follow(scheduler.timerFired(for: due, at: .now))
    }

    /// Draws the workbench as it is now and hands the bytes to the terminal's writer; while
    /// they are written the loop goes on reading, and what changes meanwhile is drawn after.
    private func draw() {
        guard holdsTerminal else { return }
        guard !scheduler.isWriting else {
            // A resize or the first frame while the last is on its way: after it.
            follow(scheduler.changed(at: .now))
            return
        }
        let (buffer, cursor) = workbench.frame()
        let bytes = workbench.takeClipboardWrites()
            + renderer.render(buffer, cursor: cursor, synchronizing: .largeFramesOnly)
        scheduler.drew(at: .now, writing: !bytes.isEmpty)
        guard !bytes.isEmpty else { return }
        terminal.write(bytes) { [weak self] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.written() }
            }
        }
    }

    private func written() {
        follow(scheduler.wrote(at: .now))
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }
}

// MARK: - Lending the terminal

extension WorkbenchLoop: ScreenSuspension {
    /// Gives the terminal to the person's editor: stdin is no longer read, the screen and modes
    /// are the person's. The panes go on being read; their frames wait.
    func suspendScreen() {
        guard holdsTerminal, !suspended else { return }
        suspended = true
        holdsTerminal = false
        input?.suspend()
        terminal.suspend()
    }

    /// Takes the terminal back and draws a whole frame at its size now.
    func resumeScreen() {
        guard suspended else { return }
        suspended = false
        terminal.resume()
        holdsTerminal = true
        input?.resume()
        renderer.invalidate()
        workbench.resize(to: terminal.size)
        draw()
        if let number = deferredSignal {
            deferredSignal = nil
            workbench.requestQuit(status: 128 + number)
        }
    }
}
