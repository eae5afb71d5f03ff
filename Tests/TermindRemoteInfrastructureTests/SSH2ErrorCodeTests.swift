import CLibSSH2
@testable import TermindRemoteInfrastructure
import XCTest

/// `SSH2ErrorCode` names libssh2's codes for the code outside `SSH2/`, which never imports libssh2:
/// each raw value must be libssh2's own constant.
final class SSH2ErrorCodeTests: XCTestCase {
    func testEveryCaseIsLibssh2sOwnConstant() {
        let constants: [SSH2ErrorCode: Int32] = [
            .socketNone: LIBSSH2_ERROR_SOCKET_NONE, .bannerReceive: LIBSSH2_ERROR_BANNER_RECV,
            .bannerSend: LIBSSH2_ERROR_BANNER_SEND, .invalidMAC: LIBSSH2_ERROR_INVALID_MAC,
            .kexFailure: LIBSSH2_ERROR_KEX_FAILURE, .alloc: LIBSSH2_ERROR_ALLOC, .socketSend: LIBSSH2_ERROR_SOCKET_SEND,
            .keyExchangeFailure: LIBSSH2_ERROR_KEY_EXCHANGE_FAILURE, .timeout: LIBSSH2_ERROR_TIMEOUT,
            .hostKeyInit: LIBSSH2_ERROR_HOSTKEY_INIT, .hostKeySign: LIBSSH2_ERROR_HOSTKEY_SIGN,
            .decrypt: LIBSSH2_ERROR_DECRYPT, .socketDisconnect: LIBSSH2_ERROR_SOCKET_DISCONNECT, .proto: LIBSSH2_ERROR_PROTO,
            .passwordExpired: LIBSSH2_ERROR_PASSWORD_EXPIRED, .file: LIBSSH2_ERROR_FILE,
            .methodNone: LIBSSH2_ERROR_METHOD_NONE, .authenticationFailed: LIBSSH2_ERROR_AUTHENTICATION_FAILED,
            .publicKeyUnverified: LIBSSH2_ERROR_PUBLICKEY_UNVERIFIED, .channelOutOfOrder: LIBSSH2_ERROR_CHANNEL_OUTOFORDER,
            .channelFailure: LIBSSH2_ERROR_CHANNEL_FAILURE, .channelRequestDenied: LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED,
            .channelUnknown: LIBSSH2_ERROR_CHANNEL_UNKNOWN, .channelWindowExceeded: LIBSSH2_ERROR_CHANNEL_WINDOW_EXCEEDED,
            .channelPacketExceeded: LIBSSH2_ERROR_CHANNEL_PACKET_EXCEEDED, .channelClosed: LIBSSH2_ERROR_CHANNEL_CLOSED,
            .channelEOFSent: LIBSSH2_ERROR_CHANNEL_EOF_SENT, .scpProtocol: LIBSSH2_ERROR_SCP_PROTOCOL,
            .zlib: LIBSSH2_ERROR_ZLIB, .socketTimeout: LIBSSH2_ERROR_SOCKET_TIMEOUT,
            .sftpProtocol: LIBSSH2_ERROR_SFTP_PROTOCOL, .requestDenied: LIBSSH2_ERROR_REQUEST_DENIED,
            .methodNotSupported: LIBSSH2_ERROR_METHOD_NOT_SUPPORTED, .inval: LIBSSH2_ERROR_INVAL,
            .invalidPollType: LIBSSH2_ERROR_INVALID_POLL_TYPE, .publicKeyProtocol: LIBSSH2_ERROR_PUBLICKEY_PROTOCOL,
            .wouldBlock: LIBSSH2_ERROR_EAGAIN, .bufferTooSmall: LIBSSH2_ERROR_BUFFER_TOO_SMALL,
            .badUse: LIBSSH2_ERROR_BAD_USE, .compress: LIBSSH2_ERROR_COMPRESS,
            .outOfBoundary: LIBSSH2_ERROR_OUT_OF_BOUNDARY, .agentProtocol: LIBSSH2_ERROR_AGENT_PROTOCOL,
            .socketReceive: LIBSSH2_ERROR_SOCKET_RECV, .encrypt: LIBSSH2_ERROR_ENCRYPT,
            .badSocket: LIBSSH2_ERROR_BAD_SOCKET, .knownHosts: LIBSSH2_ERROR_KNOWN_HOSTS,
            .channelWindowFull: LIBSSH2_ERROR_CHANNEL_WINDOW_FULL,
            .keyFileAuthenticationFailed: LIBSSH2_ERROR_KEYFILE_AUTH_FAILED, .randomGeneration: LIBSSH2_ERROR_RANDGEN,
        ]
        XCTAssertEqual(Set(constants.keys), Set(SSH2ErrorCode.allCases), "every case is checked")
        for (code, constant) in constants {
            XCTAssertEqual(code.rawValue, constant, "\(code)")
        }
    }

    func testAnErrnoOrNoCodeIsNoLibssh2Code() {
        func error(code: Int32) -> SSH2Error {
            SSH2Error(kind: .connect, operation: "connect", message: "", code: code, host: "h", port: 22)
        }
        XCTAssertNil(error(code: 111).libssh2Code)
        XCTAssertNil(error(code: 0).libssh2Code)
        XCTAssertEqual(error(code: LIBSSH2_ERROR_PASSWORD_EXPIRED).libssh2Code, .passwordExpired)
    }
}
