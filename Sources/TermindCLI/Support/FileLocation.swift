/// A path argument of `cp`, `ls`, `mkdir` and `rm`: a local path, or `HOST:PATH` on a Vault
/// Host or an ad-hoc `[user@]hostname[:port]` (as `exec` takes it), read the way `scp` reads
/// its arguments.
///
/// - A path starting with `/`, `./`, `../` or `~/`, or with no `:` before its first `/`, is local.
/// - Otherwise the text before the first `:` is the host; when what follows is a port and
///   another `:` (`web:2222:/srv`), the port belongs to the host. An IPv6 address goes in
///   brackets: `[::1]:/srv` or `[::1]:2222:/srv`.
/// - An empty remote path means the remote home directory, as `scp host:` does.
enum FileLocation: Equatable {
    case local(String)
    case remote(destination: String, path: String)

    init(parsing text: String) throws(UsageError) {
        if text.isEmpty { throw UsageError("a path is empty") }
        if ["/", "./", "../", "~/"].contains(where: text.hasPrefix) || text == "." || text == ".." || text == "~" {
            self = .local(text)
            return
        }
        var hostEnd: String.Index
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw UsageError("'\(text)': an IPv6 address in brackets needs its closing ']'")
            }
            let after = text.index(after: close)
            guard after < text.endIndex, text[after] == ":" else {
                throw UsageError("'\(text)': give the remote path after the address, e.g. [::1]:/srv")
            }
            hostEnd = after
        } else {
            guard let colon = text.firstIndex(of: ":") else {
                self = .local(text)
                return
            }
            if let slash = text.firstIndex(of: "/"), slash < colon {
                self = .local(text)
                return
            }
            hostEnd = colon
        }
        // `host:2222:/path`: digits followed by another colon are the port.
        let rest = text[text.index(after: hostEnd)...]
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].isEmpty, rest[..<colon].allSatisfy({ $0.isASCII && $0.isNumber }) {
            hostEnd = colon
        }
        let destination = String(text[..<hostEnd])
        guard !destination.isEmpty else { throw UsageError("'\(text)': there is no host before ':'") }
        let path = String(text[text.index(after: hostEnd)...])
        self = .remote(destination: destination, path: path.isEmpty ? "." : path)
    }

    /// The path on its file system.
    var path: String {
        switch self {
        case .local(let path), .remote(_, let path): path
        }
    }

    /// How it was meant, for messages: `web:/srv/app` or `./file`.
    var display: String {
        switch self {
        case .local(let path): path
        case .remote(let destination, let path): "\(destination):\(path)"
        }
    }
}
