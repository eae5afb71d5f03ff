/// A test rig failure: a server that would not start, a tool that is missing. The message says
/// what to install or look at; under `CI=true` a missing prerequisite fails rather than skips.
public struct TestRigError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
