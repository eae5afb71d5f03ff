extension TransferAddress {
    /// `description` with the middle of a long path left out at `/` boundaries
    /// (`srv:/v/deep/d/d/…/d/d`): for a path a person cannot read whole, such as a looping tree's.
    /// - Parameter limit: longer paths keep about half of this many characters, split
    ///   between their start and end.
    public func abbreviated(keeping limit: Int = 120) -> String {
        let scalars = Array(path.unicodeScalars)
        guard scalars.count > limit else { return description }
        var head = scalars.prefix(limit / 3)
        var tail = scalars.suffix(limit / 4)
        if let slash = head.lastIndex(of: "/"), slash > head.startIndex { head = head[...slash] }
        if let slash = tail.firstIndex(of: "/") { tail = tail[slash...] }
        var shortened = String.UnicodeScalarView()
        shortened.append(contentsOf: head)
        shortened.append("…")
        shortened.append(contentsOf: tail)
        return TransferAddress(location: location, path: String(shortened)).description
    }
}
