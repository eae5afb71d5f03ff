import COpenSSL

/// Named values for `EVP_PKEY_fromdata`, turned into an `OSSL_PARAM` list only for the length
/// of one call. libcrypto's builder keeps pointers to names and values until the list is made,
/// so they are copied into C memory here, then cleansed and freed.
///
/// A value type that may hold private values: it prints only its names.
struct KeyParameters: CustomStringConvertible, CustomReflectable {
    private enum Value {
        case text(String)
        case octets([UInt8])
        case number([UInt8])
    }

    private var entries: [(name: String, value: Value)] = []

    var description: String { "KeyParameters(\(entries.map(\.name).joined(separator: ", ")))" }
    var customMirror: Mirror { Mirror(self, children: ["names": entries.map(\.name)]) }

    mutating func append(_ name: String, text: String) { entries.append((name, .text(text))) }
    mutating func append(_ name: String, octets: [UInt8]) { entries.append((name, .octets(octets))) }
    /// A non-negative integer from its big-endian magnitude.
    mutating func append(_ name: String, magnitude: [UInt8]) { entries.append((name, .number(magnitude))) }

    func withParameters<Result>(
        _ body: (UnsafeMutablePointer<OSSL_PARAM>) throws(CryptoError) -> Result
    ) throws(CryptoError) -> Result {
        let builder = CryptoError.require(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new")
        var memory: [(UnsafeMutableRawPointer, Int)] = []
        var numbers: [OpaquePointer] = []
        defer {
            OSSL_PARAM_BLD_free(builder)
            for (pointer, count) in memory {
                OPENSSL_cleanse(pointer, count)
                pointer.deallocate()
            }
            numbers.forEach { BN_clear_free($0) }
        }
        func copy(_ bytes: [UInt8], terminated: Bool) -> UnsafeMutableRawPointer {
            let count = bytes.count + (terminated ? 1 : 0)
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
            pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
            bytes.withUnsafeBytes { source in
                if let base = source.baseAddress { pointer.copyMemory(from: base, byteCount: bytes.count) }
            }
            memory.append((pointer, max(count, 1)))
            return pointer
        }
        for (name, value) in entries {
            let key = copy(Array(name.utf8), terminated: true).assumingMemoryBound(to: CChar.self)
            switch value {
            case let .text(text):
                let bytes = Array(text.utf8)
                let pointer = copy(bytes, terminated: true).assumingMemoryBound(to: CChar.self)
                try CryptoError.check(
                    OSSL_PARAM_BLD_push_utf8_string(builder, key, pointer, bytes.count),
                    "OSSL_PARAM_BLD_push_utf8_string")
            case let .octets(bytes):
                let pointer = copy(bytes, terminated: false)
                try CryptoError.check(
                    OSSL_PARAM_BLD_push_octet_string(builder, key, pointer, bytes.count),
                    "OSSL_PARAM_BLD_push_octet_string")
            case let .number(magnitude):
                let number = BigNumber.make(magnitude)
                numbers.append(number)
                try CryptoError.check(OSSL_PARAM_BLD_push_BN(builder, key, number), "OSSL_PARAM_BLD_push_BN")
            }
        }
        let list = CryptoError.require(OSSL_PARAM_BLD_to_param(builder), "OSSL_PARAM_BLD_to_param")
        defer { OSSL_PARAM_free(list) }
        return try body(list)
    }
}
