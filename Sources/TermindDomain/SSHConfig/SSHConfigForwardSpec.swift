/// readconf.c `parse_forward` as a check: up to four `:`-separated fields (`[...]` taken
/// literally, `\` escaping, a `/` making a field a Unix socket path), ports as misc.c `a2port`
/// reads them, and the field counts each kind of forwarding allows. `${VAR}` is not expanded
/// (ssh expands it from its own environment first); a spec holding one is taken as written.
enum SSHConfigForwardSpec {
    private struct Field {
        var text: String
        var isPath: Bool
    }

    /// sizeof(sockaddr_un.sun_path) on Linux, and NI_MAXHOST.
    private static let maximumPath = 108, maximumHost = 1025

    /// The Unix socket paths of a spec already found valid (fields with a `/`), which ssh expands.
    static func socketPaths(_ spec: String) -> [String] {
        (fields(spec) ?? []).filter(\.isPath).map(\.text)
    }

    private static func fields(_ spec: String) -> [Field]? {
        var rest = ArraySlice(Array(spec.utf8).drop { [9, 10, 11, 12, 13, 32].contains($0) })
        var fields: [Field] = []
        while fields.count < 4, let field = nextField(&rest) { fields.append(field) }
        return rest.isEmpty ? fields : nil  // else trailing garbage
    }

    static func isValid(_ spec: String, dynamic: Bool, remote: Bool) -> Bool {
        guard let fields = fields(spec) else { return false }

        var listenHost: String?, listenPath: String?, connectHost: String?, connectPath: String?
        var listenPort = 0, connectPort = 0
        switch fields.count {
        case 1:
            if fields[0].isPath { listenPath = fields[0].text } else { listenPort = port(fields[0].text) }
            connectHost = "socks"
        case 2:
            if fields[0].isPath && fields[1].isPath {
                listenPath = fields[0].text
                connectPath = fields[1].text
            } else if fields[1].isPath {
                listenPort = port(fields[0].text)
                connectPath = fields[1].text
            } else {
                listenHost = fields[0].text
                listenPort = port(fields[1].text)
                connectHost = "socks"
            }
        case 3:
            if fields[0].isPath {
                listenPath = fields[0].text
                connectHost = fields[1].text
                connectPort = port(fields[2].text)
            } else if fields[2].isPath {
                listenHost = fields[0].text
                listenPort = port(fields[1].text)
                connectPath = fields[2].text
            } else {
                listenPort = port(fields[0].text)
                connectHost = fields[1].text
                connectPort = port(fields[2].text)
            }
        case 4:
            listenHost = fields[0].text
            listenPort = port(fields[1].text)
            connectHost = fields[2].text
            connectPort = port(fields[3].text)
        default:
            return false
        }
        if dynamic {
            guard fields.count == 1 || fields.count == 2 else { return false }
        } else {
            if fields.count < 3, connectPath == nil, listenPath == nil { return false }
            if connectPort <= 0, connectPath == nil { return false }
        }
        if (listenPort < 0 && listenPath == nil) || (!remote && listenPort == 0 && listenPath == nil) { return false }
        if let connectHost, connectHost.utf8.count >= maximumHost { return false }
        if let listenHost, listenHost.utf8.count >= maximumHost { return false }
        if let connectPath, connectPath.utf8.count >= maximumPath { return false }
        if let listenPath, listenPath.utf8.count >= maximumPath { return false }
        return true
    }

    /// readconf.c `parse_fwd_field`; nil at the end of the spec or on a malformed field (which
    /// leaves `rest` non-empty, so the spec fails).
    private static func nextField(_ rest: inout ArraySlice<UInt8>) -> Field? {
        guard let first = rest.first else { return nil }
        if first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let after = rest.index(after: close)
            guard after == rest.endIndex || rest[after] == UInt8(ascii: ":") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            let field = Field(text: String(decoding: inside, as: UTF8.self), isPath: inside.contains(UInt8(ascii: "/")))
            rest = after == rest.endIndex ? [] : rest[rest.index(after: after)...]
            return field
        }
        var text: [UInt8] = []
        var isPath = false
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: "\\") {
                let next = rest.index(after: index)
                guard next < rest.endIndex else { return nil }
                // The escaped byte is taken as it is, and not looked at again.
                text.append(rest[next])
                index = rest.index(after: next)
                continue
            }
            if byte == UInt8(ascii: "/") { isPath = true }
            if byte == UInt8(ascii: ":") {
                rest = rest[rest.index(after: index)...]
                return Field(text: String(decoding: text, as: UTF8.self), isPath: isPath)
            }
            text.append(byte)
            index = rest.index(after: index)
        }
        rest = []
        return Field(text: String(decoding: text, as: UTF8.self), isPath: isPath)
    }

    /// misc.c `a2port`: 0 to 65535, or `ssh`; -1 otherwise (other service names are not looked up).
    private static func port(_ text: String) -> Int {
        if text == "ssh" { return 22 }
        guard let value = SSHConfigArgumentRule.strtonum(text), (0...65535).contains(value) else { return -1 }
        return Int(value)
    }
}
