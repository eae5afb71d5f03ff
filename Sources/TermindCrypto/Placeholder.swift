import COpenSSL
public enum CryptoPlaceholder { static func f() -> Int32 { EVP_MD_get_size(EVP_sha256()) } }
