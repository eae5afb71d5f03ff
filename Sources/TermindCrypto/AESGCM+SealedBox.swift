extension AESGCM {
    /// The output of ``AESGCM/seal(_:key:nonce:authenticating:)``: nonce, ciphertext and tag.
    ///
    /// A plain value; `Sendable`. Holds no secret (the key stays outside), so it can be stored
    /// as is, typically in its ``combined`` form.
    public struct SealedBox: Sendable, Equatable {
        /// The 12-byte nonce the box was sealed with.
        public let nonce: [UInt8]
        /// The encrypted bytes, as long as the plaintext.
        public let ciphertext: [UInt8]
        /// The 16-byte authentication tag.
        public let tag: [UInt8]

        /// Reassembles a box from its parts.
        /// - Throws: ``CryptoError`` when the nonce is not 12 bytes or the tag not 16.
        public init(nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws(CryptoError) {
            try AESGCM.validate(nonce: nonce, operation: "AES-256-GCM sealed box")
            guard tag.count == AESGCM.tagByteCount else {
                throw CryptoError(
                    reason: .invalidParameter("tag is \(tag.count) bytes, expected \(AESGCM.tagByteCount)"),
                    operation: "AES-256-GCM sealed box")
            }
            self.nonce = nonce
            self.ciphertext = ciphertext
            self.tag = tag
        }

        /// Splits `nonce ‖ ciphertext ‖ tag`.
        /// - Throws: ``CryptoError`` when shorter than a nonce and a tag (28 bytes).
        public init(combined: [UInt8]) throws(CryptoError) {
            let minimum = AESGCM.nonceByteCount + AESGCM.tagByteCount
            guard combined.count >= minimum else {
                throw CryptoError(
                    reason: .invalidSealedBoxSize(minimum: minimum, actual: combined.count),
                    operation: "AES-256-GCM sealed box")
            }
            let tagStart = combined.count - AESGCM.tagByteCount
            try self.init(
                nonce: Array(combined[..<AESGCM.nonceByteCount]),
                ciphertext: Array(combined[AESGCM.nonceByteCount..<tagStart]),
                tag: Array(combined[tagStart...]))
        }

        /// `nonce ‖ ciphertext ‖ tag`, the form to store or send.
        public var combined: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(nonce.count + ciphertext.count + tag.count)
            bytes += nonce
            bytes += ciphertext
            bytes += tag
            return bytes
        }
    }
}
