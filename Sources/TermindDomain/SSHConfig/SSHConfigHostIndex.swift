/// The `Host` blocks of one file that only name hosts (`Host web db`: no `*`, `?` or `!`) and
/// hold nothing that acts while inactive (no `Include`, no unknown keyword): such a block
/// changes nothing for a name it does not list, so resolving a name can jump over every run of
/// them to the next block that lists it or that must be read. A generated config of thousands
/// of `Host nodeN` blocks is then read in time proportional to the blocks that matter, not to
/// the file, with the same result as reading every line.
struct SSHConfigHostIndex: Sendable {
    /// For the first statement of a plain block: the first block start at or after it that is
    /// not a plain block (or the end of the file).
    private var runEnd: [Int: Int] = [:]
    /// Each name a plain block lists, and the first statements of those blocks, in order.
    private var blocksNaming: [String: [Int]] = [:]

    init(_ statements: [SSHConfigStatement]) {
        var plainStarts: [Int] = []
        var index = 0
        while index < statements.count {
            guard Self.startsBlock(statements[index].directive) else {
                index += 1
                continue
            }
            let start = index
            index += 1
            var plain = true
            while index < statements.count, !Self.startsBlock(statements[index].directive) {
                switch statements[index].directive {
                case .include, .unknown: plain = false
                default: break
                }
                index += 1
            }
            guard plain, case .host(let patterns) = statements[start].directive, !patterns.isEmpty,
                patterns.allSatisfy(SSHConfigPattern.isConcrete)
            else {
                for pending in plainStarts { runEnd[pending] = start }
                plainStarts = []
                continue
            }
            plainStarts.append(start)
            for name in Set(patterns) { blocksNaming[name, default: []].append(start) }
        }
        for pending in plainStarts { runEnd[pending] = statements.count }
    }

    /// Where reading goes on for `subject` when it reaches a plain block at `index`: `index`
    /// itself when that block lists it, else the next block that lists it or must be read.
    /// nil when the statement at `index` does not start a plain block.
    func next(from index: Int, for subject: String) -> Int? {
        guard let end = runEnd[index] else { return nil }
        guard let naming = blocksNaming[subject] else { return end }
        // The first block at or after `index` that lists the subject (binary search).
        var low = 0, high = naming.count
        while low < high {
            let middle = (low + high) / 2
            if naming[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < naming.count ? min(naming[low], end) : end
    }

    private static func startsBlock(_ directive: SSHConfigDirective) -> Bool {
        switch directive {
        case .host, .match, .blockThatNeverMatches: true
        default: false
        }
    }
}
