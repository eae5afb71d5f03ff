import Foundation

/// What find looks for: a literal text or a regular expression (ICU's syntax, as
/// `NSRegularExpression` reads it, with `^` and `$` at each line's ends), with or without
/// regard to case. A plain value; `package` for termind-bench.
package struct FindQuery: Hashable, Sendable {
    var pattern: String
    var isRegex = false
    var isCaseSensitive = false

    package init(pattern: String, isRegex: Bool = false, isCaseSensitive: Bool = false) {
        self.pattern = pattern
        self.isRegex = isRegex
        self.isCaseSensitive = isCaseSensitive
    }

    /// The most matches kept: enough to count and step through, bounded however common the text.
    static let matchLimit = 100_000

    /// The unit ranges of `text` that match, in order, at most `matchLimit`; none for an empty
    /// pattern. A regular expression that does not compile throws `FindQuery.Invalid`, saying
    /// why.
    func ranges(in text: PaneText) throws(Invalid) -> [Range<Int>] {
        guard !pattern.isEmpty else { return [] }
        return isRegex ? try regexRanges(in: text) : literalRanges(in: text)
    }

    /// A regular expression that does not compile, with the reason.
    package struct Invalid: Error, Hashable {
        let reason: String
    }

    // MARK: - Literal

    /// A plain scan for the pattern's units, folded to lower case on both sides when case does
    /// not count.
    private func literalRanges(in text: PaneText) -> [Range<Int>] {
        var needle = Array(pattern.utf16)
        if !isCaseSensitive { needle = needle.map(Self.folded) }
        let haystack = isCaseSensitive ? text.units : text.foldedUnits
        var found: [Range<Int>] = []
        haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0], count = needle.count
                guard hay.count >= count else { return }
                var index = 0
                let last = hay.count - count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < count, hay[index + matched] == needle[matched] { matched += 1 }
                        if matched == count {
                            found.append(index..<(index + count))
                            if found.count == Self.matchLimit { return }
                            index += count
                            continue
                        }
                    }
                    index += 1
                }
            }
        }
        return found
    }

    /// A UTF-16 unit in lower case when it is one unit in both cases (ASCII quickly, then the
    /// rest of the Basic Multilingual Plane through Unicode's simple mapping).
    static func folded(_ unit: UInt16) -> UInt16 {
        if unit < 0x80 { return unit >= 0x41 && unit <= 0x5A ? unit | 0x20 : unit }
        guard let scalar = Unicode.Scalar(unit) else { return unit }
        let lower = scalar.properties.lowercaseMapping.utf16
        return lower.count == 1 ? lower.first! : unit
    }

    // MARK: - Regular expression

    private func regexRanges(in text: PaneText) throws(Invalid) -> [Range<Int>] {
        var options: NSRegularExpression.Options = [.anchorsMatchLines]
        if !isCaseSensitive { options.insert(.caseInsensitive) }
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            throw Invalid(reason: Self.reason(pattern))
        }
        let string = text.string
        var found: [Range<Int>] = []
        expression.enumerateMatches(in: string, range: NSRange(location: 0, length: text.units.count)) { match, _, stop in
            guard let range = match?.range, range.length > 0 else { return }
            found.append(range.location..<(range.location + range.length))
            if found.count == Self.matchLimit { stop.pointee = true }
        }
        return found
    }

    /// Why ICU refused a pattern, in words: Swift's own parser explains (`expected ')'`) where
    /// Foundation on Linux says only that the value is invalid.
    private static func reason(_ pattern: String) -> String {
        do {
            _ = try Regex(pattern)
        } catch {
            return "\(error)"
        }
        return "not a regular expression ICU accepts"
    }
}
