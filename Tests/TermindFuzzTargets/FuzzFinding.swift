/// An invariant a parser broke on some input: what should have held and what happened.
public struct FuzzFinding: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFinding) {
        if !condition { throw FuzzFinding(message()) }
    }
}
