/// A directive and the line it came from, so later checks can point at it.
public struct KeymapLine: Sendable, Hashable {
    public let number: Int
    public let directive: KeymapDirective

    public init(number: Int, directive: KeymapDirective) {
        self.number = number
        self.directive = directive
    }
}
