/// Where every pane and divider of a Workspace sits in a given area, in cells. Pane rects and
/// divider rects tile the area exactly: each cell belongs to one of them. A pane the area is too
/// small for may get an empty rect; it is still listed so its surface keeps a size.
public struct PaneLayout: Sendable, Hashable {
    /// One pane's place.
    public struct Frame: Sendable, Hashable {
        public let paneID: PaneID
        public let rect: CellRect

        public init(paneID: PaneID, rect: CellRect) {
            self.paneID = paneID
            self.rect = rect
        }
    }

    public let area: CellRect
    /// Every laid-out pane, in reading order.
    public let frames: [Frame]
    public let dividers: [PaneDivider]

    public init(area: CellRect, frames: [Frame], dividers: [PaneDivider]) {
        self.area = area
        self.frames = frames
        self.dividers = dividers
    }

    public func rect(of id: PaneID) -> CellRect? {
        frames.first { $0.paneID == id }?.rect
    }

    /// The pane under a cell (a mouse click), or nil on a divider or outside.
    public func pane(atColumn column: Int, row: Int) -> PaneID? {
        frames.first { $0.rect.contains(column: column, row: row) }?.paneID
    }

    /// The divider under a cell (the start of a mouse drag), or nil.
    public func divider(atColumn column: Int, row: Int) -> PaneDivider? {
        dividers.first { $0.rect.contains(column: column, row: row) }
    }
}
