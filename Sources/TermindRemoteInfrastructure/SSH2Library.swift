import CLibSSH2
import CLibSSH2Keystream
import Foundation
import Synchronization
import TermindApplication

/// libssh2's process-wide initialisation, done once before the first session, and the two
/// places Termind reaches inside a library (docs/architecture.md, "Where Termind reaches inside
/// a library"): the AES-CTR keystream (`CLibSSH2Keystream`) and the channel rearm that sends a
/// signal on closing a plain exec (`termind_ssh2_channel_rearm_request`). Each is turned off by
/// its environment variable, read once here, or by its guard when the library does not behave
/// as expected; a guard that turns one off is logged once (`reportOnce(to:)`), never printed.
/// `libssh2_init` is not thread-safe, so a `static let` (initialised once, atomically) guards it.
enum SSH2Library {
    /// Turns the keystream off: libssh2's AES-CTR goes to libcrypto a block at a time.
    static let noKeystreamVariable = "TERMIND_NO_KEYSTREAM"
    /// Turns the channel rearm off: closing a running plain exec sends no signal.
    static let noChannelRearmVariable = "TERMIND_NO_CHANNEL_REARM"
    /// The libssh2 whose private channel struct `termind_ssh2_channel_rearm_request` mirrors.
    static let rearmedVersion = "1.10.0"

    private struct Initialisation {
        var result: Int32
        var channelRearm: Bool
        /// What a guard turned off, for the log.
        var warnings: [String]
    }

    private static let initialisation: Initialisation = {
        let environment = ProcessInfo.processInfo.environment
        var warnings: [String] = []
        // Before any worker runs: the keystream's libcrypto functions are resolved once, and
        // checked against libcrypto's own CTR.
        _ = termind_keystream_prepare()
        if isSet(noKeystreamVariable, in: environment) {
            termind_keystream_turn_off()
        } else if termind_keystream_self_test() != 1 {
            termind_keystream_turn_off()
            warnings.append(
                "the AES-CTR keystream is off: its self-test did not give libcrypto's own bytes; transfers go at libssh2's speed (set \(noKeystreamVariable)=1 to skip the test)")
        }
        let version = String(cString: libssh2_version(0))
        var channelRearm = !isSet(noChannelRearmVariable, in: environment)
        if channelRearm, version != rearmedVersion {
            channelRearm = false
            warnings.append(
                "closing a running command sends it no signal: libssh2 \(version) is not \(rearmedVersion), whose channel layout Termind knows (set \(noChannelRearmVariable)=1 to say so)")
        }
        return Initialisation(result: libssh2_init(0), channelRearm: channelRearm, warnings: warnings)
    }()

    private static let reported = Atomic<Bool>(false)

    /// `1`, `yes` or `true` (any case) turns a reach off; unset, empty or anything else leaves it on.
    static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        ["1", "yes", "true"].contains(environment[name]?.lowercased() ?? "")
    }

    /// Initialises libssh2 if nothing has yet; returns libssh2's result (0 on success).
    static func ensureInitialized() -> Int32 { initialisation.result }

    /// Logs, the first time it is called in this process, what a guard turned off.
    static func reportOnce(to logger: any Logger) {
        let warnings = initialisation.warnings
        guard !warnings.isEmpty, !reported.exchange(true, ordering: .relaxed) else { return }
        for warning in warnings { logger.warning("\(warning)") }
    }

    /// Whether closing a running plain exec may send it a signal
    /// (`termind_ssh2_channel_rearm_request`, still checked per channel).
    static var channelRearm: Bool { initialisation.channelRearm }

    /// Whether libssh2's AES-CTR calls are served from a keystream made 4 KiB at a time
    /// (`CLibSSH2Keystream`), and how many such 4 KiB blocks were made in this process.
    static var keystream: (active: Bool, refills: UInt64) {
        _ = initialisation
        return (termind_keystream_prepare() == 1 && termind_keystream_enabled() == 1, UInt64(termind_keystream_refills()))
    }
}
