/// Facts read from an SSH public key in wire format (what a key line holds in base64).
public enum PublicKeyBlob {
    /// The key type named at the start of the blob (a uint32 length, then the name). RSA keys
    /// say `ssh-rsa` whichever signature algorithm (rsa-sha2-256...) was negotiated.
    public static func algorithmName(of blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, blob.count >= 4 + length else { return nil }
        return String(bytes: blob[4..<(4 + length)], encoding: .utf8)
    }
}
