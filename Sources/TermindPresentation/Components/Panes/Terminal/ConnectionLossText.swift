/// The words a pane shows for why its connection ended, made from the failure's detail: the
/// library's return codes left out (they mean nothing to the person and stay in the log),
/// durations rounded to whole seconds, the libssh2 operation names said in words, and the
/// advice to reconnect dropped (the pane adds its own, with the keys). A plain value.
enum ConnectionLossText {
    static func words(for detail: String) -> String {
        var text = detail
        text.replace(try! Regex(#"\s*\(code -?[0-9]+\)"#), with: "")
        text.replace(try! Regex(#"([0-9]+\.[0-9]+) s\b"#)) { match in
            let value = Double(String(match.output[1].substring ?? "")) ?? 0
            return "\(Int(value.rounded())) s"
        }
        for (jargon, words) in [
            ("transport read", "reading from the server"),
            ("transport write", "sending to the server"),
            ("socket recv", "reading from the server"),
            ("socket send", "sending to the server"),
        ] {
            text.replace(jargon, with: words)
        }
        text.replace(try! Regex(#"[\s.;,]*\breconnect\s*[.]*\s*$"#), with: "")
        while let last = text.last, last == "." || last == " " || last == ";" || last == "," {
            text.removeLast()
        }
        return text
    }
}
