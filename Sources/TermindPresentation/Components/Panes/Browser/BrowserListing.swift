import TermindDomain

/// A directory's entries as a browser shows them: sorted (`BrowserSort`), without dot files
/// unless shown, and narrowed by the filter typed after `/` (a case-insensitive part of the
/// name). The order is worked out when the entries or the sort change, the visible rows when the
/// filter or the hidden-files toggle change, never while drawing: a frame reads `visible` only.
/// A plain value.
struct BrowserListing: Sendable {
    private(set) var entries: [BrowserEntry] = []
    private(set) var sort = BrowserSort()
    private(set) var filter = ""
    private(set) var showsHidden = false
    /// `entries`' indices in sort order.
    private var order: [Int] = []
    /// The rows shown, as indices into `entries`, in order.
    private(set) var visible: [Int] = []

    init(entries: [BrowserEntry] = [], sort: BrowserSort = BrowserSort(), showsHidden: Bool = false) {
        self.sort = sort
        self.showsHidden = showsHidden
        replace(entries)
    }

    var count: Int { visible.count }

    /// The entry at visible row `row`.
    subscript(row: Int) -> BrowserEntry { entries[visible[row]] }

    /// The visible row showing `path`, if it is shown.
    func row(of path: String) -> Int? {
        visible.firstIndex { entries[$0].path == path }
    }

    mutating func replace(_ entries: [BrowserEntry]) {
        self.entries = entries
        reorder()
    }

    mutating func setSort(_ sort: BrowserSort) {
        guard sort != self.sort else { return }
        self.sort = sort
        reorder()
    }

    mutating func setFilter(_ filter: String) {
        guard filter != self.filter else { return }
        self.filter = filter
        narrow()
    }

    mutating func setShowsHidden(_ shows: Bool) {
        guard shows != showsHidden else { return }
        showsHidden = shows
        narrow()
    }

    private mutating func reorder() {
        let entries = self.entries
        let sort = self.sort
        order = entries.indices.sorted { sort.orders(entries[$0], before: entries[$1]) }
        narrow()
    }

    private mutating func narrow() {
        let needle = NameBytes.bytes(filter).map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
        let entries = self.entries
        let showsHidden = self.showsHidden
        visible = order.filter { index in
            let entry = entries[index]
            if !showsHidden && entry.isHidden { return false }
            return needle.isEmpty || Self.contains(entry.sortKey, needle)
        }
    }

    /// True when `needle` occurs in `haystack` (bytes; both already lowercased).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        let first = needle[0]
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
