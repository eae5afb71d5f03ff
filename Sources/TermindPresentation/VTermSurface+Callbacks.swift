import CVTerm

// libvterm's callbacks. Each is a `@convention(c)` function that finds its surface through the
// `user` pointer (an unretained `VTermSurface`, which outlives its VTerm) and only records.
// They run inside `write`, `resize` or `init`, on the surface's own thread.

extension VTermSurface {
    static let screenCallbacks = VTermScreenCallbacks(
        damage: { rect, user in
            surface(user).markDirty(Int(rect.start_row)..<Int(rect.end_row))
            return 1
        },
        moverect: { destination, source, user in
            let surface = surface(user)
            surface.markDirty(Int(destination.start_row)..<Int(destination.end_row))
            surface.markDirty(Int(source.start_row)..<Int(source.end_row))
            return 1
        },
        movecursor: { position, _, visible, user in
            surface(user).cursor = TerminalCursor(row: Int(position.row), column: Int(position.col), isVisible: visible != 0)
            return 1
        },
        settermprop: { property, value, user in
            guard let value else { return 0 }
            surface(user).record(property, value.pointee)
            return 1
        },
        bell: { user in
            surface(user).bellCount += 1
            return 1
        },
        resize: nil,
        sb_pushline: { columns, cells, user in
            guard let cells else { return 0 }
            surface(user).pushScrollback(UnsafeBufferPointer(start: cells, count: Int(columns)))
            return 1
        },
        sb_popline: { columns, cells, user in
            guard let cells else { return 0 }
            return surface(user).popScrollback(into: UnsafeMutableBufferPointer(start: cells, count: Int(columns))) ? 1 : 0
        }
    )

    static let outputCallback: @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?) -> Void = { bytes, count, user in
        guard let bytes, count > 0 else { return }
        surface(user).output.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private static func surface(_ user: UnsafeMutableRawPointer?) -> VTermSurface {
        Unmanaged<VTermSurface>.fromOpaque(user!).takeUnretainedValue()
    }

    // MARK: - Recording

    func markDirty(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let dirty = dirtyRows {
            dirtyRows = min(dirty.lowerBound, range.lowerBound)..<max(dirty.upperBound, range.upperBound)
        } else {
            dirtyRows = range
        }
    }

    private func record(_ property: VTermProp, _ value: VTermValue) {
        switch property {
        case VTERM_PROP_TITLE:
            if let string = value.string {
                title = Self.sanitizedTitle(String(cString: string))
            }
        case VTERM_PROP_ALTSCREEN:
            isAlternateScreen = value.boolean != 0
        case VTERM_PROP_CURSORVISIBLE:
            cursor.isVisible = value.boolean != 0
        case VTERM_PROP_MOUSE:
            switch Int(value.number) {
            case VTERM_PROP_MOUSE_CLICK: mouseMode = .click
            case VTERM_PROP_MOUSE_DRAG: mouseMode = .drag
            case VTERM_PROP_MOUSE_MOVE: mouseMode = .move
            default: mouseMode = .none
            }
        default:
            break
        }
    }

    /// The most characters of a title kept: more cannot show in a pane's border.
    static let titleLimit = 256

    /// A title as it may reach the outer terminal: no control characters (C0, DEL, C1), no
    /// bidirectional overrides or isolates that could reorder the border around it, at most
    /// `titleLimit` characters.
    static func sanitizedTitle(_ raw: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(String(scalars).prefix(titleLimit))
    }

    /// Keeps a row libvterm scrolled off the top, without its trailing blank cells.
    private func pushScrollback(_ cells: UnsafeBufferPointer<VTermScreenCell>) {
        guard scrollbackLimit > 0 else { return }
        var end = cells.count
        while end > 0, Self.isBlank(cells[end - 1]) {
            end -= 1
        }
        scrollback.push(ScrollbackLine(UnsafeBufferPointer(rebasing: cells[0..<end])))
    }

    /// Hands the newest scrollback row back to libvterm, padded with blanks to its width.
    private func popScrollback(into cells: UnsafeMutableBufferPointer<VTermScreenCell>) -> Bool {
        guard let row = scrollback.popNewest()?.cells() else { return false }
        var blank = VTermScreenCell()
        blank.width = 1
        blank.fg = defaultForeground
        blank.bg = defaultBackground
        for column in cells.indices {
            var cell = column < row.count ? row[column] : blank
            // libvterm marks the cell after a wide character; there is none past the last column.
            if cell.width == 2, column == cells.count - 1 {
                cell = blank
            }
            cells[column] = cell
        }
        return true
    }

    private static func isBlank(_ cell: VTermScreenCell) -> Bool {
        var background = cell.bg
        return cell.chars.0 == 0 && cell.attrs.reverse == 0 && termind_vterm_color_is_default_bg(&background) != 0
    }
}
