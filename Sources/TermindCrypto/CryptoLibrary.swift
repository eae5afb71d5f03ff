import COpenSSL

/// libcrypto's process-wide state. By default OpenSSL frees it in an `atexit` handler, so a
/// thread still in libcrypto when the process exits (a transfer's digest on a pool thread, a
/// connection worker's cipher) dereferences freed memory: `termind cp` was seen to crash with
/// SIGSEGV after printing a successful summary. Keeping the state until the process is gone
/// removes that race for every caller at once.
public enum CryptoLibrary {
    /// Call first in `main`, before anything (libssh2 included) initialises libcrypto.
    public static func keepLoadedUntilExit() {
        _ = termind_crypto_keep_until_exit()
    }
}
