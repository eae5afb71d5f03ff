import CLibSSH2

/// libssh2's process-wide initialisation, done once before the first session.
/// `libssh2_init` is not thread-safe, so a `static let` (initialised once, atomically) guards it.
enum SSH2Library {
    private static let initialisation: Int32 = libssh2_init(0)

    /// Initialises libssh2 if nothing has yet; returns libssh2's result (0 on success).
    static func ensureInitialized() -> Int32 { initialisation }
}
