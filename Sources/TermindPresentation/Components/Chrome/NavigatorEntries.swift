import TermindDomain

/// The Navigator's lines without copying the Hosts: the lines before the Hosts (the heading, a
/// note), the matching Hosts as indices into the Vault's list, best first, and the lines after
/// them (the Workspaces, the Recent Workspaces). An entry is made only when asked for, so with
/// 20,000 Hosts a keystroke draws the rows on screen instead of building 20,000 entries three
/// times over. Selectable entries (Hosts, Workspaces, Recent Workspaces) are counted and found
/// by arithmetic.
struct NavigatorEntries: RandomAccessCollection {
    private let head: [Navigator.Entry]
    private let hosts: [Host]
    private let hostIndices: [Int]
    private let tail: [Navigator.Entry]
    /// Positions of the selectable entries within `head` and within `tail`.
    private let headSelectable: [Int]
    private let tailSelectable: [Int]

    init(head: [Navigator.Entry], hosts: [Host], showing hostIndices: [Int], tail: [Navigator.Entry]) {
        self.head = head
        self.hosts = hosts
        self.hostIndices = hostIndices
        self.tail = tail
        headSelectable = head.indices.filter { head[$0].isSelectable }
        tailSelectable = tail.indices.filter { tail[$0].isSelectable }
    }

    /// Any list of lines, as given.
    init(_ entries: [Navigator.Entry]) {
        self.init(head: entries, hosts: [], showing: [], tail: [])
    }

    /// The Hosts the filter shows, best first.
    var shownHosts: [Host] { hostIndices.map { hosts[$0] } }

    var startIndex: Int { 0 }
    var endIndex: Int { head.count + hostIndices.count + tail.count }

    subscript(position: Int) -> Navigator.Entry {
        if position < head.count { return head[position] }
        let inHosts = position - head.count
        if inHosts < hostIndices.count { return .host(hosts[hostIndices[inHosts]]) }
        return tail[inHosts - hostIndices.count]
    }

    var selectableCount: Int { headSelectable.count + hostIndices.count + tailSelectable.count }

    /// The index among the selectable entries of the entry at `position`; nil if it is not one.
    func selectableIndex(ofEntry position: Int) -> Int? {
        if position < head.count { return headSelectable.firstIndex(of: position) }
        let inHosts = position - head.count
        if inHosts < hostIndices.count { return headSelectable.count + inHosts }
        return tailSelectable.firstIndex(of: inHosts - hostIndices.count).map { headSelectable.count + hostIndices.count + $0 }
    }

    /// The position of the `selectable`-th selectable entry; nil past the last.
    func entryIndex(ofSelectable selectable: Int) -> Int? {
        guard selectable >= 0 else { return nil }
        if selectable < headSelectable.count { return headSelectable[selectable] }
        let inHosts = selectable - headSelectable.count
        if inHosts < hostIndices.count { return head.count + inHosts }
        let inTail = inHosts - hostIndices.count
        return inTail < tailSelectable.count ? head.count + hostIndices.count + tailSelectable[inTail] : nil
    }
}
