import Foundation

/// Public keys made with `ssh-keygen -t ed25519 -C deploy@laptop` and `ssh-keygen -t ecdsa -C ''`,
/// with what `ssh-keygen -lf` printed for them, so Termind's lines and fingerprints are checked
/// against OpenSSH's own.
enum SSHKeyFixture {
    static let ed25519Line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFN/+GX1VefylElnKL1Vy4j6cnnM8dt25vW8OLjM4WfV deploy@laptop"
    static let ed25519Fingerprint = "SHA256:BQKhWX3XUQOC0xOE+QRrFSQHshLdyWjkEMRvPlcutQI"
    static let ed25519Blob = blob("AAAAC3NzaC1lZDI1NTE5AAAAIFN/+GX1VefylElnKL1Vy4j6cnnM8dt25vW8OLjM4WfV")

    static let ecdsaBase64 =
        "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBMnOu8WP0hOYAEYS1hIvz28avtorJ0wRPtmW0UZfH3DqP8udnD7IMbo2JplHf1y82YAQKVCE+quoEn3oRmRaDvE="
    static let ecdsaFingerprint = "SHA256:36l+PFr1mSid9rWetIY1kaqGyWgIkLVTi+Ncbm3V0HY"
    static let ecdsaBlob = blob(ecdsaBase64)

    private static func blob(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }
}
