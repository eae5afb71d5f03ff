extension SSHPrivateKey {
    /// Reads the key fields of an `openssh-key-v1` private section (type name, the type's
    /// fields, comment), checks that private and public halves agree, and makes the key.
    static func readOpenSSHFields(_ reader: inout SSHWireReader) throws(SSHKeyError) -> SSHPrivateKey {
        let context = "private section"
        let name = try SSHKeyError.reading(context) { () throws(SSHWireError) in try reader.readText("key type") }
        guard let type = SSHKeyType(rawValue: name) else { throw .unsupported(SSHKeyType.whyUnsupported(name)) }
        let key: EVPKey
        switch type {
        case .ed25519:
            let (publicKey, secret) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                (try reader.readString("ed25519 public key"), try reader.readString("ed25519 private key"))
            }
            guard publicKey.count == 32, secret.count == 64 else {
                throw .malformed(
                    "\(context): ed25519 fields of \(publicKey.count) and \(secret.count) bytes, not 32 and 64")
            }
            // OpenSSH stores seed ‖ public key; the seed alone determines the key.
            key = try library { () throws(CryptoError) in try EVPKey.ed25519(seed: Array(secret.prefix(32))) }
            let derived = try library { () throws(CryptoError) in try key.rawPublicKey() }
            guard derived == publicKey, Array(secret.suffix(32)) == publicKey else { throw mismatch }
        case .ecdsaP256, .ecdsaP384, .ecdsaP521:
            let (curve, point, scalar) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                (try reader.readText("curve"), try reader.readString("curve point"),
                 try reader.readPositiveMPInt("ECDSA private key"))
            }
            guard curve == type.curveIdentifier, let group = type.openSSLGroupName else {
                throw .malformed("\(context): \(name) key names curve \(curve)")
            }
            var parameters = KeyParameters()
            parameters.append("group", text: group)
            parameters.append("pub", octets: point)
            parameters.append("priv", magnitude: scalar)
            key = try library { () throws(CryptoError) in try EVPKey.fromParameters("EC", parameters) }
            guard try library({ () throws(CryptoError) in try key.privateMatchesPublic() }) else { throw mismatch }
        case .rsa:
            let fields = try SSHKeyError.reading(context) { () throws(SSHWireError) in
                try ["n", "e", "d", "iqmp", "p", "q"].map { field throws(SSHWireError) in
                    try reader.readPositiveMPInt("RSA \(field)")
                }
            }
            let (n, e, d, iqmp, p, q) = (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
            guard fields.allSatisfy({ !$0.isEmpty }) else { throw .malformed("\(context): RSA value of zero") }
            key = try library { () throws(CryptoError) in
                var parameters = KeyParameters()
                parameters.append("n", magnitude: n)
                parameters.append("e", magnitude: e)
                parameters.append("d", magnitude: d)
                parameters.append("rsa-factor1", magnitude: p)
                parameters.append("rsa-factor2", magnitude: q)
                parameters.append("rsa-exponent1", magnitude: try BigNumber.remainder(of: d, moduloPredecessorOf: p))
                parameters.append("rsa-exponent2", magnitude: try BigNumber.remainder(of: d, moduloPredecessorOf: q))
                parameters.append("rsa-coefficient1", magnitude: iqmp)
                return try EVPKey.fromParameters("RSA", parameters)
            }
            guard try library({ () throws(CryptoError) in try key.privateMatchesPublic() }) else { throw mismatch }
        }
        let comment = try SSHKeyError.reading(context) { () throws(SSHWireError) in try reader.readText("comment") }
        return try SSHPrivateKey(key: key, comment: comment)
    }

    /// Writes the key fields of an `openssh-key-v1` private section: the type name and the
    /// type's fields, without the comment.
    func writeOpenSSHFields(_ writer: inout SSHWireWriter) throws(SSHKeyError) {
        let key = key
        let type = type
        let fields = try Self.library { () throws(CryptoError) -> SSHWireWriter in
            var fields = SSHWireWriter()
            fields.writeString(type.rawValue)
            switch type {
            case .ed25519:
                let publicKey = try key.rawPublicKey()
                fields.writeString(publicKey)
                fields.writeString(try key.rawPrivateKey() + publicKey)
            case .ecdsaP256, .ecdsaP384, .ecdsaP521:
                fields.writeString(type.curveIdentifier ?? "")
                fields.writeString(try key.octets("pub"))
                fields.writePositiveMPInt(magnitude: try key.bigNumber("priv"))
            case .rsa:
                for name in ["n", "e", "d", "rsa-coefficient1", "rsa-factor1", "rsa-factor2"] {
                    fields.writePositiveMPInt(magnitude: try key.bigNumber(name))
                }
            }
            return fields
        }
        writer.writeRaw(fields.bytes)
    }

    private static var mismatch: SSHKeyError {
        .malformed("private section: the private key does not match its own public key")
    }

    private static func library<Value>(_ body: () throws(CryptoError) -> Value) throws(SSHKeyError) -> Value {
        do {
            return try body()
        } catch {
            throw .library(error)
        }
    }
}
