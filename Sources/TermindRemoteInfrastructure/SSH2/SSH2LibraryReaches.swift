/// Which of the two reaches inside a library this process uses (docs/architecture.md, "Where
/// Termind reaches inside a library"): the AES-CTR keystream and the channel rearm, each on
/// unless its environment variable turns it off or its guard finds the library not as expected;
/// what a guard turned off is said in `warnings`, for the log. A value, decided once at start
/// (`SSH2Library`).
struct SSH2LibraryReaches: Equatable {
    /// Turns the keystream off: libssh2's AES-CTR goes to libcrypto a block at a time.
    static let noKeystreamVariable = "TERMIND_NO_KEYSTREAM"
    /// Turns the channel rearm off: closing a running plain exec sends no signal.
    static let noChannelRearmVariable = "TERMIND_NO_CHANNEL_REARM"
    /// The libssh2 whose private channel struct `termind_ssh2_channel_rearm_request` mirrors.
    static let rearmedVersion = "1.10.0"

    var keystream: Bool
    var channelRearm: Bool
    var warnings: [String]

    /// `selfTest` runs the keystream's self-test (only when the variable leaves it on);
    /// `libssh2Version` is what `libssh2_version` says.
    static func decide(environment: [String: String], selfTest: () -> Bool, libssh2Version: String) -> SSH2LibraryReaches {
        var warnings: [String] = []
        var keystream = !isSet(noKeystreamVariable, in: environment)
        if keystream, !selfTest() {
            keystream = false
            warnings.append(
                "the AES-CTR keystream is off: its self-test did not give libcrypto's own bytes; transfers go at libssh2's speed (set \(noKeystreamVariable)=1 to skip the test)")
        }
        var channelRearm = !isSet(noChannelRearmVariable, in: environment)
        if channelRearm, libssh2Version != rearmedVersion {
            channelRearm = false
            warnings.append(
                "closing a running command sends it no signal: libssh2 \(libssh2Version) is not \(rearmedVersion), whose channel layout Termind knows (set \(noChannelRearmVariable)=1 to say so)")
        }
        return SSH2LibraryReaches(keystream: keystream, channelRearm: channelRearm, warnings: warnings)
    }

    /// `1`, `yes` or `true` (any case) turns a reach off; unset, empty or anything else leaves it on.
    static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        ["1", "yes", "true"].contains(environment[name]?.lowercased() ?? "")
    }
}
