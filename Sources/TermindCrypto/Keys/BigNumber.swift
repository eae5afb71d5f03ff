import COpenSSL

/// Conversions between libcrypto `BIGNUM`s and the big-endian magnitudes SSH's `mpint`s carry,
/// and the little arithmetic reading an RSA key needs.
///
/// Stateless; every `BIGNUM` made here is cleared and freed before the call returns.
enum BigNumber {
    /// The big-endian magnitude of `number`, without leading zeros (empty for zero).
    static func magnitude(of number: OpaquePointer) -> [UInt8] {
        let count = (Int(BN_num_bits(number)) + 7) / 8
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = count == 0 ? 0 : Int(BN_bn2bin(number, buffer.baseAddress))
        }
    }

    /// A new `BIGNUM` from a magnitude; the caller frees it with `BN_clear_free`.
    static func make(_ magnitude: [UInt8]) -> OpaquePointer {
        magnitude.withCBytes { bytes, count in
            CryptoError.require(BN_bin2bn(bytes, Int32(count), nil), "BN_bin2bn")
        }
    }

    /// `value mod (modulus − 1)`: an RSA CRT exponent from d and a prime.
    static func remainder(of value: [UInt8], moduloPredecessorOf modulus: [UInt8]) throws(CryptoError) -> [UInt8] {
        let context = CryptoError.require(BN_CTX_new(), "BN_CTX_new")
        defer { BN_CTX_free(context) }
        let dividend = make(value)
        let divisor = make(modulus)
        let remainder = CryptoError.require(BN_new(), "BN_new")
        defer { [dividend, divisor, remainder].forEach { BN_clear_free($0) } }
        try CryptoError.check(BN_sub(divisor, divisor, BN_value_one()), "BN_sub")
        try CryptoError.check(BN_div(nil, remainder, dividend, divisor, context), "BN_div")
        return magnitude(of: remainder)
    }
}
