import TermindDomain

/// A SOCKS client's handshake as a `-D` listener reads it. Wherever the bytes are split, the
/// outcome is the same; a target is only ever a printable host name or an address; nothing
/// past `SOCKSNegotiation.limit` bytes is ever waited for.
enum SOCKSHandshakeFuzzing {
    static let target = FuzzTarget("socks-handshake", "a SOCKS4/4a/5 client's greeting and request (forward -D)") { input throws(FuzzFinding) in
        func run(_ pieces: [ArraySlice<UInt8>]) -> [SOCKSNegotiation.Step] {
            var negotiation = SOCKSNegotiation()
            var steps: [SOCKSNegotiation.Step] = []
            for piece in pieces {
                var step = negotiation.receive(piece)
                while case .send = step {
                    steps.append(step)
                    step = negotiation.receive([])
                }
                if step != .needMore { steps.append(step) }
                if case .connect = step { break }
                if case .refuse = step { break }
            }
            return steps
        }
        /// Steps without what followed a request: a split puts the rest in another piece.
        func outcome(_ steps: [SOCKSNegotiation.Step]) -> [SOCKSNegotiation.Step] {
            steps.map { step in
                if case .connect(let host, let port, _) = step { return .connect(host: host, port: port, leftover: []) }
                return step
            }
        }
        let whole = run([input[...]])
        let cut = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
        let split = run([input[..<cut], input[cut...]])
        try FuzzFinding.require(outcome(whole) == outcome(split), "the outcome changed when the handshake was split at \(cut)")
        for step in whole {
            if case .connect(let host, let port, _) = step {
                try FuzzFinding.require(!host.isEmpty && host.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a target host \(host.debugDescription)")
                try FuzzFinding.require((0...65_535).contains(port), "a port \(port)")
            }
        }
        if input.count > SOCKSNegotiation.limit + 8 {
            try FuzzFinding.require(whole.last != nil, "\(input.count) bytes and still waiting")
        }
    }
}
