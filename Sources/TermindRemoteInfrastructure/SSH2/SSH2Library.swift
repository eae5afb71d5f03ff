import CLibSSH2
import CLibSSH2Keystream

/// libssh2's process-wide initialisation, done once before the first session.
/// `libssh2_init` is not thread-safe, so a `static let` (initialised once, atomically) guards it.
enum SSH2Library {
    private static let initialisation: Int32 = {
        // Before any worker runs: the keystream's libcrypto functions are resolved once.
        _ = termind_keystream_prepare()
        return libssh2_init(0)
    }()

    /// Initialises libssh2 if nothing has yet; returns libssh2's result (0 on success).
    static func ensureInitialized() -> Int32 { initialisation }

    /// Whether libssh2's AES-CTR calls are served from a keystream made 4 KiB at a time
    /// (`CLibSSH2Keystream`), and how many such 4 KiB blocks were made in this process.
    static var keystream: (active: Bool, refills: UInt64) {
        (termind_keystream_prepare() == 1, UInt64(termind_keystream_refills()))
    }
}
