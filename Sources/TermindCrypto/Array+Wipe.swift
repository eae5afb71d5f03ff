import Foundation

extension Array where Element == UInt8 {
    /// Zeroes the bytes in place (a password read from a terminal, a decrypted key) once a
    /// `Secret` holds its own copy. Zeroes this array's buffer only: copies already made of it
    /// keep theirs.
    public mutating func wipe() {
        withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
    }
}
