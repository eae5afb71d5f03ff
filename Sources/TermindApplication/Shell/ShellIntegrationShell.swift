import Synchronization
import TermindDomain

/// A shell started by `ShellIntegration`'s command: once the command says it is ready (its
/// terminal's echo off), the bootstrap program goes to it; everything else it prints is handed
/// on as it comes. Input written before the program has gone waits, so the bootstrap never
/// reads a keystroke. A command that says integration is off (`OSC 133;I;off`, its mark given
/// the session's token here, as the command has none) or prints 64 KiB without the ready mark
/// gets no program. After `readyLimit` input goes anyway (a login that never says ready must
/// not lock the pane), but the search goes on: a late ready (a slow login) gets Ctrl-U, to
/// kill what was typed meanwhile, then the program, rather than a pane left in `sh -s`.
///
/// `Sendable`: the waiting input is behind a `Mutex`; one task relays the output.
final class ShellIntegrationShell: RemoteShell {
    static let ready = Array("\u{1B}]133;I;ready\u{07}".utf8)
    static let off = Array("\u{1B}]133;I;off\u{07}".utf8)
    static let readyLimit: Duration = .seconds(15)
    static let searchLimit = 64 * 1024

    let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let inner: any RemoteShell
    /// Nil once input may go: the program went, or none will.
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]?>([])

    /// Kills the line typed so far (the terminal's VKILL) before a late program.
    static let killLine: UInt8 = 0x15

    init(_ inner: any RemoteShell, program: [UInt8], token: ShellMarkToken, readyLimit: Duration = ShellIntegrationShell.readyLimit) {
        self.inner = inner
        let (stream, continuation) = AsyncThrowingStream<RemoteOutput, any Error>.makeStream()
        output = stream
        let relay = Task { [self] in
            var search = ReadySearch(offMark: Array("\u{1B}]133;I;off;\(token.field)\u{07}".utf8))
            var searching = true
            do {
                for try await element in inner.output {
                    guard case .stdout(let bytes) = element, searching else {
                        continuation.yield(element)
                        continue
                    }
                    let (shown, found) = search.take(bytes)
                    if !shown.isEmpty { continuation.yield(.stdout(shown)) }
                    if found == .ready {
                        // Input went already: whatever was typed sits unfinished in the line.
                        let late = !isWaiting
                        // A failure to send shows on the session's next write.
                        try? await inner.send(late ? [Self.killLine] + program : program)
                    }
                    if found != nil {
                        searching = false
                        letInputGo()
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            letInputGo()
        }
        let timer = Task { [self] in
            try? await Task.sleep(for: readyLimit)
            letInputGo()
        }
        continuation.onTermination = { _ in
            relay.cancel()
            timer.cancel()
        }
    }

    private var isWaiting: Bool { waiting.withLock { $0 != nil } }

    private func letInputGo() {
        let waiters = waiting.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        for waiter in waiters { waiter.resume() }
    }

    private func inputMayGo() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = waiting.withLock { waiters in
                guard waiters != nil else { return true }
                waiters?.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func write(_ bytes: [UInt8]) async throws {
        await inputMayGo()
        try await inner.write(bytes)
    }

    func send(_ bytes: [UInt8]) async throws {
        await inputMayGo()
        try await inner.send(bytes)
    }

    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
        inner.post(bytes, failed: failed)
    }

    func closeInput() async throws {
        await inputMayGo()
        try await inner.closeInput()
    }

    func close() async {
        letInputGo()
        await inner.close()
    }

    func resize(_ size: TerminalSize) async {
        await inner.resize(size)
    }

    /// Finds the command's ready (or off) mark in its output, which may cut it anywhere; the
    /// ready mark itself is not shown.
    private struct ReadySearch {
        enum Found { case ready, off }

        let offMark: [UInt8]
        private var held: [UInt8] = []
        private var searched = 0

        init(offMark: [UInt8]) {
            self.offMark = offMark
        }

        /// What to show of `bytes` now, and the mark they completed, if any.
        mutating func take(_ bytes: [UInt8]) -> (shown: [UInt8], found: Found?) {
            let text = held + bytes
            held = []
            searched += bytes.count
            if let range = Self.find(ShellIntegrationShell.ready, in: text) {
                return (Array(text[..<range.lowerBound] + text[range.upperBound...]), .ready)
            }
            if let range = Self.find(ShellIntegrationShell.off, in: text) {
                return (Array(text[..<range.lowerBound] + offMark + text[range.upperBound...]), .off)
            }
            if searched > ShellIntegrationShell.searchLimit { return (text, .off) }
            // Holds back what may be the start of either mark: a mark cut across two chunks is
            // found whole with the next.
            let keep = max(Self.partial(ShellIntegrationShell.ready, endOf: text), Self.partial(ShellIntegrationShell.off, endOf: text))
            held = Array(text.suffix(keep))
            return (Array(text.dropLast(keep)), nil)
        }

        /// The length of the longest start of `mark` that `text` ends with (short of the whole).
        private static func partial(_ mark: [UInt8], endOf text: [UInt8]) -> Int {
            (1..<mark.count).reversed().first { count in
                count <= text.count && text.suffix(count).elementsEqual(mark.prefix(count))
            } ?? 0
        }

        private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
            guard haystack.count >= needle.count else { return nil }
            for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
            }
            return nil
        }
    }
}
