import COpenSSL

/// Why a TermindCrypto operation failed: what was attempted and, when libcrypto itself refused,
/// libcrypto's own message.
///
/// A plain value; `Sendable`. Every libcrypto return code goes through ``check(_:_:reason:)``,
/// which reads and then clears the calling thread's OpenSSL error queue, so a failure never
/// leaks into the next operation's message.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, for callers that react differently to each.
    public enum Reason: Sendable, Equatable {
        /// libcrypto reported an error; ``CryptoError/libraryMessage`` carries its text.
        case libraryFailure
        /// AES-GCM refused to open a box: wrong key, or ciphertext, tag, nonce or
        /// authenticated data changed since it was sealed.
        case authenticationFailure
        /// A key of the wrong length was given.
        case invalidKeySize(expected: Int, actual: Int)
        /// A nonce of the wrong length was given.
        case invalidNonceSize(expected: Int, actual: Int)
        /// A sealed box's combined form is shorter than a nonce and a tag.
        case invalidSealedBoxSize(minimum: Int, actual: Int)
        /// A parameter is out of range; the associated text says which and why.
        case invalidParameter(String)
    }

    /// The kind of failure.
    public let reason: Reason
    /// What was attempted, usually the libcrypto function that failed (`EVP_EncryptInit_ex`).
    public let operation: String
    /// libcrypto's text for the first queued error, when libcrypto queued one.
    public let libraryMessage: String?

    public init(reason: Reason, operation: String, libraryMessage: String? = nil) {
        self.reason = reason
        self.operation = operation
        self.libraryMessage = libraryMessage
    }

    /// True when an AES-GCM box failed authentication (tampered or wrong key).
    public var isAuthenticationFailure: Bool { reason == .authenticationFailure }

    public var description: String {
        var text = "\(operation) failed: "
        switch reason {
        case .libraryFailure:
            text += "libcrypto error"
        case .authenticationFailure:
            text += "authentication failed (wrong key, or the data was altered)"
        case let .invalidKeySize(expected, actual):
            text += "key is \(actual) bytes, expected \(expected)"
        case let .invalidNonceSize(expected, actual):
            text += "nonce is \(actual) bytes, expected \(expected)"
        case let .invalidSealedBoxSize(minimum, actual):
            text += "sealed box is \(actual) bytes, at least \(minimum) expected"
        case let .invalidParameter(detail):
            text += detail
        }
        if let libraryMessage { text += " (\(libraryMessage))" }
        return text
    }
}

extension CryptoError {
    /// The funnel for libcrypto return codes: 1 (or any positive value) is success, anything
    /// else throws with the queued OpenSSL error text.
    static func check(
        _ result: Int32, _ operation: String, reason: Reason = .libraryFailure
    ) throws(CryptoError) {
        guard result > 0 else { throw fromErrorQueue(operation, reason: reason) }
    }

    /// For calls whose failure can only mean a broken environment (allocation failure, a
    /// missing default provider) behind APIs that promise not to throw: crash with the message.
    static func require(_ result: Int32, _ operation: String) {
        do { try check(result, operation) } catch { fatalError(error.description) }
    }

    /// For allocators (`EVP_MD_CTX_new`...) whose nil can only mean memory exhaustion.
    static func require<Pointer>(_ pointer: Pointer?, _ operation: String) -> Pointer {
        guard let pointer else { fatalError(fromErrorQueue(operation, reason: .libraryFailure).description) }
        return pointer
    }

    /// Takes the first queued error's text and clears the rest of this thread's queue.
    static func fromErrorQueue(_ operation: String, reason: Reason) -> CryptoError {
        let code = ERR_get_error()
        defer { ERR_clear_error() }
        guard code != 0 else { return CryptoError(reason: reason, operation: operation) }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return CryptoError(reason: reason, operation: operation, libraryMessage: message)
    }
}
