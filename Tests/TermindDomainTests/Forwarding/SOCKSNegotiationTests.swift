import TermindDomain
import XCTest

final class SOCKSNegotiationTests: XCTestCase {
    func testSOCKS5DomainNameGoesToTheServerUnresolved() {
        var negotiation = SOCKSNegotiation()
        XCTAssertEqual(negotiation.receive([5, 1, 0]), .send([5, 0]))
        let request: [UInt8] = [5, 1, 0, 3, 9] + Array("localhost".utf8) + [0x1F, 0x90] + [42]
        XCTAssertEqual(negotiation.receive(request), .connect(host: "localhost", port: 8080, leftover: [42]))
        XCTAssertEqual(negotiation.reply(failure: nil), [5, 0, 0, 1, 0, 0, 0, 0, 0, 0])
    }

    func testBytesArrivingOneAtATimeGiveTheSameRequest() {
        var negotiation = SOCKSNegotiation()
        var steps: [SOCKSNegotiation.Step] = []
        for byte: UInt8 in [5, 1, 0] { steps.append(negotiation.receive([byte])) }
        XCTAssertEqual(steps, [.needMore, .needMore, .send([5, 0])])
        steps = []
        for byte: UInt8 in [5, 1, 0, 1, 127, 0, 0, 1, 0, 80] { steps.append(negotiation.receive([byte])) }
        XCTAssertEqual(steps.last, .connect(host: "127.0.0.1", port: 80, leftover: []))
        XCTAssertEqual(steps.dropLast().filter { $0 != .needMore }, [])
    }

    func testSOCKS4aNameAndSOCKS4AddressBothConnect() {
        var fourA = SOCKSNegotiation()
        XCTAssertEqual(fourA.receive([4, 1, 0, 80, 0, 0, 0, 1] + Array("me".utf8) + [0] + Array("example.org".utf8) + [0]),
                       .connect(host: "example.org", port: 80, leftover: []))
        XCTAssertEqual(fourA.reply(failure: .refused), [0, 0x5B, 0, 0, 0, 0, 0, 0])
        var four = SOCKSNegotiation()
        XCTAssertEqual(four.receive([4, 1, 0, 22, 10, 0, 0, 7, 0]), .connect(host: "10.0.0.7", port: 22, leftover: []))
    }

    func testRefusedAndUnreachableTargetsGetTheirSOCKS5ReplyCodes() {
        var negotiation = SOCKSNegotiation()
        _ = negotiation.receive([5, 1, 0])
        _ = negotiation.receive([5, 1, 0, 1, 127, 0, 0, 1, 0, 80])
        var refused = negotiation
        XCTAssertEqual(refused.reply(failure: .refused)[1], 5)
        var unreachable = negotiation
        XCTAssertEqual(unreachable.reply(failure: .hostUnreachable)[1], 4)
        XCTAssertEqual(negotiation.reply(failure: .notAllowed)[1], 2)
    }

    func testHostileHandshakesAreRefusedWithoutTrappingOrGrowing() {
        func refused(_ bytes: [UInt8]) -> Bool {
            var negotiation = SOCKSNegotiation()
            var step = negotiation.receive(bytes)
            while case .send = step { step = negotiation.receive([]) }
            if case .refuse = step { return true }
            return false
        }
        XCTAssertTrue(refused(Array("GET / HTTP/1.1\r\n".utf8)), "not SOCKS")
        XCTAssertTrue(refused([5, 0]), "no methods")
        XCTAssertTrue(refused([5, 2, 1, 2]), "only authentication methods")
        XCTAssertTrue(refused([5, 1, 0, 5, 2, 0, 1, 127, 0, 0, 1, 0, 80]), "BIND")
        XCTAssertTrue(refused([5, 1, 0, 5, 1, 0, 9, 0, 0]), "unknown address type")
        XCTAssertTrue(refused([5, 1, 0, 5, 1, 0, 3, 0, 0, 80]), "empty name")
        XCTAssertTrue(refused([5, 1, 0, 5, 1, 0, 3, 4, 0x1B, 0x5B, 0x32, 0x4A, 0, 80]), "escape in the name")
        XCTAssertTrue(refused([4, 1, 0, 80, 127, 0, 0, 1] + Array(repeating: 0x41, count: 5000)), "endless user id")
        XCTAssertTrue(refused([5, 255] + Array(repeating: 1, count: 255) + Array(repeating: 5, count: 5000)), "huge greeting")

        // A request split so the limit is crossed piece by piece.
        var slow = SOCKSNegotiation()
        var last = slow.receive([4, 1, 0, 80, 127, 0, 0, 1])
        for _ in 0..<2000 where last == .needMore { last = slow.receive([0x41]) }
        if case .refuse = last {} else { XCTFail("a user id past the limit is refused: \(last)") }
        XCTAssertTrue(refused([]) == false)
    }

    /// The steps of a whole handshake fed as `pieces`, each `.send` followed by an empty read as
    /// the listener does, up to the first connect or refusal.
    private func steps(_ pieces: [[UInt8]]) -> [SOCKSNegotiation.Step] {
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

    /// `make fuzz` found it: a greeting, a request, then over a kilobyte more, was refused
    /// unanswered when it came in one segment but answered with the method choice first when
    /// cut after byte 5, because the limit counted bytes after a complete message.
    func testTheOutcomeIsTheSameWhereverTheClientsBytesAreCut() {
        let prefix: [UInt8] = [5, 1, 0, 5, 1, 0, 9, 3, 0x6C, 0x6F, 0x9D, 0x9E, 0x93, 0x92, 0x6F, 0x73, 0x74, 0x1F, 4, 1, 0, 0x50,
                               0x7F, 0, 0, 1, 0x41, 0x41]
        let input = prefix + Array(repeating: 0x41, count: 1422 - prefix.count)
        let whole = steps([input])
        XCTAssertEqual(whole.count, 2)
        XCTAssertEqual(whole.first, .send([5, 0]))
        XCTAssertEqual(whole.last, .refuse(reply: [5, 0x08, 0, 1, 0, 0, 0, 0, 0, 0], reason: "the SOCKS5 address type 9 is unknown"))
        for cut in 0...input.count {
            XCTAssertEqual(steps([Array(input[..<cut]), Array(input[cut...])]), whole, "cut at \(cut)")
        }
    }

    func testADomainNameThatIsNotASCIIIsRefusedAsUnreachableHoweverItArrives() {
        let request: [UInt8] = [5, 1, 0, 3, 9, 0x6C, 0x6F, 0x9D, 0x9E, 0x93, 0x92, 0x6F, 0x73, 0x74, 0x1F, 0x90]
        let input: [UInt8] = [5, 1, 0] + request + Array(repeating: 0x42, count: 1200)
        let expected: [SOCKSNegotiation.Step] = [
            .send([5, 0]),
            .refuse(reply: [5, 0x04, 0, 1, 0, 0, 0, 0, 0, 0], reason: "the SOCKS5 domain name is empty or not a host name"),
        ]
        for cut in 0...input.count {
            XCTAssertEqual(steps([Array(input[..<cut]), Array(input[cut...])]), expected, "cut at \(cut)")
        }
        XCTAssertEqual(steps(input.map { [$0] }), expected, "a byte at a time")
    }

    func testASOCKS5GreetingFollowedByASOCKS4RequestIsRefusedAsSOCKS5() {
        let result = steps([[5, 1, 0, 4, 1, 0, 80, 127, 0, 0, 1, 0]])
        XCTAssertEqual(result, [.send([5, 0]), .refuse(reply: [], reason: "the SOCKS5 request has version 4")])
    }

    func testARequestAndWhatTheTargetIsSentTogetherConnectWithTheRestAsLeftover() {
        let payload = Array(repeating: UInt8(0x43), count: 4000)
        let result = steps([[5, 1, 0, 5, 1, 0, 1, 127, 0, 0, 1, 0, 80] + payload])
        XCTAssertEqual(result, [.send([5, 0]), .connect(host: "127.0.0.1", port: 80, leftover: payload)])
    }
}
