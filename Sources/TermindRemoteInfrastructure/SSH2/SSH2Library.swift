import CLibSSH2
import CLibSSH2Keystream
import Foundation
import Synchronization
import TermindApplication

/// libssh2's process-wide initialisation, done once before the first session, with the two
/// reaches inside a library decided from the environment and their guards
/// (`SSH2LibraryReaches`). A guard that turns one off is logged once (`reportOnce(to:)`),
/// never printed. `libssh2_init` is not thread-safe, so a `static let` (initialised once,
/// atomically) guards it.
enum SSH2Library {
    private static let initialisation: (result: Int32, reaches: SSH2LibraryReaches) = {
        // Before any worker runs: the keystream's libcrypto functions are resolved once, and
        // checked against libcrypto's own CTR.
        _ = termind_keystream_prepare()
        let reaches = SSH2LibraryReaches.decide(
            environment: ProcessInfo.processInfo.environment, selfTest: { termind_keystream_self_test() == 1 },
            libssh2Version: String(cString: libssh2_version(0)))
        if !reaches.keystream { termind_keystream_turn_off() }
        return (libssh2_init(0), reaches)
    }()

    private static let reported = Atomic<Bool>(false)

    /// Initialises libssh2 if nothing has yet; returns libssh2's result (0 on success).
    static func ensureInitialized() -> Int32 { initialisation.result }

    /// Logs, the first time it is called in this process, what a guard turned off.
    static func reportOnce(to logger: any Logger) {
        let warnings = initialisation.reaches.warnings
        guard !warnings.isEmpty, !reported.exchange(true, ordering: .relaxed) else { return }
        for warning in warnings { logger.warning("\(warning)") }
    }

    /// Whether closing a running plain exec may send it a signal
    /// (`termind_ssh2_channel_rearm_request`, still checked per channel).
    static var channelRearm: Bool { initialisation.reaches.channelRearm }

    /// Whether libssh2's AES-CTR calls are served from a keystream made 4 KiB at a time
    /// (`CLibSSH2Keystream`), and how many such 4 KiB blocks were made in this process.
    static var keystream: (active: Bool, refills: UInt64) {
        _ = initialisation
        return (termind_keystream_prepare() == 1 && termind_keystream_enabled() == 1, UInt64(termind_keystream_refills()))
    }
}
