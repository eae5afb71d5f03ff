extension Array where Element == UInt8 {
    /// Calls `body` with a pointer that is never nil, even for an empty array: some libcrypto
    /// entry points (HMAC keys, scrypt passphrases) treat NULL as "absent" rather than "empty".
    func withCBytes<Result, Failure: Error>(
        _ body: (UnsafePointer<UInt8>, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
            if let base = buffer.baseAddress { return try body(base, buffer.count) }
            return try withUnsafePointer(to: UInt8(0)) { (empty) throws(Failure) -> Result in
                try body(empty, 0)
            }
        }
    }
}
