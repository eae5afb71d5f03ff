import Foundation
import TermindDomain

/// The controlling terminal for one prompt or interaction, and a pipe that wakes a waiting read
/// when the interaction is withdrawn. `TerminalPresenter` and `SecretInput` both read through
/// it. Owns both descriptors and closes them when released; the reads happen on one thread at
/// a time, `wake()` may come from any thread.
///
/// What it writes passes `TerminalSafeText.message`: a prompt or question that quotes a server's
/// text (a file name, a prompt) cannot drive the terminal, whatever its caller escaped.
final class Console: @unchecked Sendable {
    private let terminal: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init?(path: String) {
        let terminal = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        guard isatty(terminal) == 1 else {
            close(terminal)
            return nil
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(terminal)
            return nil
        }
        self.terminal = terminal
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
    }

    deinit {
        close(terminal)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Ends a waiting (or the next) `readLine` with `CancellationError`.
    func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    /// Writes `text` with any control character but newline and tab escaped.
    func write(_ text: String) {
        writeControl(TerminalSafeText.message(text))
    }

    /// Writes Termind's own terminal sequences (`CR ESC [ K` clearing a progress line) unchanged.
    func writeControl(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Shows `prompt` and reads one line typed by the person, without its line end; nil at end
    /// of input. With `echo: false` the typing is hidden (the newline still shows) from before
    /// the prompt appears, and the terminal's settings are restored however the read ends.
    func readLine(prompt: String, echo: Bool) throws -> [UInt8]? {
        var original = termios()
        let hidden = !echo && tcgetattr(terminal, &original) == 0
        if hidden {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(terminal, TCSAFLUSH, &silent)
        }
        defer { if hidden { tcsetattr(terminal, TCSAFLUSH, &original) } }
        write(prompt)
        var bytes: [UInt8] = []
        var descriptors = [
            pollfd(fd: terminal, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CancellationError()
            }
            if descriptors[1].revents != 0 {
                writeControl("\n")
                throw CancellationError()
            }
            guard descriptors[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = read(terminal, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return bytes.isEmpty ? nil : Self.trimmed(bytes) }
            if byte == UInt8(ascii: "\n") { return Self.trimmed(bytes) }
            bytes.append(byte)
        }
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == UInt8(ascii: "\r") ? Array(bytes.dropLast()) : bytes
    }
}
