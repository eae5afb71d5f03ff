import Foundation
import TermindCrypto

/// Throwaway keys made once with `ssh-keygen` and `openssl` for these tests (test data, never
/// used anywhere), with the public lines those tools printed for them. The tests against the
/// installed tools themselves live in TermindInfrastructureTests.
enum KeyFixtures {
    static let passphrase = Array("fixture passphrase".utf8)

    /// `ssh-keygen -t ed25519 -N 'fixture passphrase' -C fixture@termind`: aes256-ctr, bcrypt, 16 rounds.
    static let encryptedEd25519 = """
        -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABDlc2SN6P
        lFOnoi8fDHSn/cAAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAINpYaMP8/DbBQW6Y
        Vyy/U/QRoc6v150cjbCO68ORbs9dAAAAoCDjq/NzGCG7Vy3gfW31oi9ef/wZFzm8Mhnkh3
        DfnOiNUQRdOPCNFcTl/7b19Db5EeaFrofWlcW/mjWVMEP2r1a7/I7N2p3LSZ3q5AbpJAGX
        2tvHOzyn1eUGYt77IlSDKxX8tJnKy7SAc2GzMJ9IpV2DglpTa6+i4tKhOQTC+k4IU8fmKX
        Y8yJXmBgSMG0ZXZHbdFcOf9Vpox/72JaqW1+U=
        -----END OPENSSH PRIVATE KEY-----
        """
    static let encryptedEd25519PublicLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINpYaMP8/DbBQW6YVyy/U/QRoc6v150cjbCO68ORbs9d fixture@termind"
    /// `ssh-keygen -lf` of it.
    static let encryptedEd25519Fingerprint = "SHA256:IpQ49QiMl2t3Aa3WGtw3UecKC9jh4TBlXkVUa/KVuPk"

    /// `ssh-keygen -t ed25519 -Z aes256-cbc -a 4 -N 'fixture passphrase' -C cbc@termind`.
    static let aes256CBCEd25519 = """
        -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jYmMAAAAGYmNyeXB0AAAAGAAAABB14M5Mol
        OEV5s90r2N6kR9AAAABAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIC2/lGICkIvNteL1
        LB6wxyqbmXkjM/CLYS9zXS6o+PLuAAAAkF0AjS+y2OBD8dMlrr5WJnAXqJ6bPUxwQSgs//
        eWxaJ4lFVyMmnfWAMI6sfK4PYTIkkpDvYsIUuur0SV/oUZkCO4Ni8pCdkRq/IGf7036t7c
        pDNGBJW9HfVTG8l0cAN4P1LGkTdAEQaPwXpLxYb6B+tbOGuORD4J8I6UeWNiajGOH2J8uR
        Y7CW0m9bOGZIPkkQ==
        -----END OPENSSH PRIVATE KEY-----
        """
    static let aes256CBCEd25519PublicLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC2/lGICkIvNteL1LB6wxyqbmXkjM/CLYS9zXS6o+PLu cbc@termind"

    /// `openssl ecparam -name prime256v1 -genkey -noout`: a traditional SEC1 block.
    static let ecP256 = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIPSzsRPzWyX/YBJv+gY1FiqIXLv7H2XmEXVEJFzK6vufoAoGCCqGSM49
        AwEHoUQDQgAE4OmcwFdrdKbH/4czR2YBkBabVMueDb53QNTsVXbNj6DnM7DBp+q/
        JrmOCdGa/pqtsz0IyAw07GxG1EFEobZ8GA==
        -----END EC PRIVATE KEY-----
        """
    /// `ssh-keygen -y -f` of it.
    static let ecP256PublicLine = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBODpnMBXa3Smx/+HM0dmAZAWm1TLng2+d0DU7FV2zY+g5zOwwafqvya5jgnRmv6arbM9CMgMNOxsRtRBRKG2fBg="
    /// The same key through `openssl pkcs8 -topk8 -v2 aes256 -passout 'pass:pem passphrase'`.
    static let encryptedPKCS8ECP256 = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAjatrbQxSblZgICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEMSCQaQL+Td2RM9rSecZCwgEgZDf
        /kUzBadpy1GtvSUFL1/5yakPcoi51D5avOjvDmTrXE9r1XiuiIKFSOXZJx8wP27T
        qffN+vVvHalIffRSacrRGO72Y0vKWVDYQzbatOjdCkx1EEOAnui7tfkKDREa4e0f
        iQAR9liX/g1OFdEmIPps3fbL8nf82ZgNApkhawBsyRK+PAgO+IPQ2937Pj6F6+M=
        -----END ENCRYPTED PRIVATE KEY-----
        """
    static let pemPassphrase = Array("pem passphrase".utf8)

    /// `openssl genpkey -algorithm ed25519`: PKCS#8, which ssh-keygen 9.2 cannot read.
    static let pkcs8Ed25519 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIKqwYVBBQ8Z7drw6an5T98LjYo9VoJFFPEMPVZjPiLFK
        -----END PRIVATE KEY-----
        """
    /// The raw public key `openssl pkey -pubout` prints for it (the last 32 bytes of its SPKI).
    static let pkcs8Ed25519RawPublicKey = "e544798fce2404fe2e1e9718a066b1ec86aa6daa9ac4e24d54f3f8630db7be77"

    /// The blob inside a public key line.
    static func blob(ofLine line: String) -> [UInt8] {
        let fields = line.split(separator: " ")
        return fields.count > 1 ? Array(Data(base64Encoded: String(fields[1])) ?? Data()) : []
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
