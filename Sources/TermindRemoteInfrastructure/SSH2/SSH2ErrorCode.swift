/// libssh2 1.10's error codes (`LIBSSH2_ERROR_*` in libssh2.h) by name, so code outside `SSH2/`
/// can tell one failure from another without importing libssh2. `SSH2ErrorCodeTests` checks
/// each raw value against libssh2's own constant.
///
/// A value; safe anywhere. `SSH2Error.code` also carries `errno`s and 0, which have no case here
/// (`SSH2Error.libssh2Code` is nil for them).
enum SSH2ErrorCode: Int32, Sendable, CaseIterable {
    case socketNone = -1
    case bannerReceive = -2
    case bannerSend = -3
    case invalidMAC = -4
    case kexFailure = -5
    case alloc = -6
    case socketSend = -7
    case keyExchangeFailure = -8
    case timeout = -9
    case hostKeyInit = -10
    case hostKeySign = -11
    case decrypt = -12
    case socketDisconnect = -13
    case proto = -14
    case passwordExpired = -15
    case file = -16
    case methodNone = -17
    /// Also `LIBSSH2_ERROR_PUBLICKEY_UNRECOGNIZED`, the same number.
    case authenticationFailed = -18
    case publicKeyUnverified = -19
    case channelOutOfOrder = -20
    case channelFailure = -21
    case channelRequestDenied = -22
    case channelUnknown = -23
    case channelWindowExceeded = -24
    case channelPacketExceeded = -25
    case channelClosed = -26
    case channelEOFSent = -27
    case scpProtocol = -28
    case zlib = -29
    case socketTimeout = -30
    case sftpProtocol = -31
    case requestDenied = -32
    case methodNotSupported = -33
    case inval = -34
    case invalidPollType = -35
    case publicKeyProtocol = -36
    /// The call would block (`LIBSSH2_ERROR_EAGAIN`): not a failure in non-blocking mode.
    case wouldBlock = -37
    case bufferTooSmall = -38
    case badUse = -39
    case compress = -40
    /// A packet over libssh2 1.10's 40,000-byte limit (`TerminalInputPacing`).
    case outOfBoundary = -41
    case agentProtocol = -42
    case socketReceive = -43
    case encrypt = -44
    case badSocket = -45
    case knownHosts = -46
    case channelWindowFull = -47
    case keyFileAuthenticationFailed = -48
    case randomGeneration = -49
}
