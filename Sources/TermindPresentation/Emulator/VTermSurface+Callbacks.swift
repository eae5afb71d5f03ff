import CVTerm

// libvterm's state callbacks. Their `user` pointer is the screen's `TermindGlyphSink`: a glyph
// goes to its C part first (`termind_put_glyph`), which stores the common one itself and hands
// the rest to `slowGlyph`. Every other callback is a `@convention(c)` function that finds its
// surface through the sink's own `user` (an unretained `VTermSurface`, which outlives its
// VTerm): what concerns the cells goes to its `TerminalScreen`, the rest (cursor, title,
// modes, bell) is only recorded. They run inside `write`, `resize` or `init`, on the surface's
// own thread.

extension VTermSurface {
    static let stateCallbacks = VTermStateCallbacks(
        putglyph: termind_put_glyph,
        movecursor: { position, _, visible, user in
            let surface = surface(user)
            surface.cursor = TerminalCursor(row: Int(position.row), column: Int(position.col), isVisible: visible != 0)
            surface.screen.cursorMoved(row: Int(position.row), column: Int(position.col))
            return 1
        },
        scrollrect: { rect, downward, rightward, user in
            // A rectangle the screen leaves comes back as moverect and erase.
            screen(user) { $0.scroll(rect, downward: Int(downward), rightward: Int(rightward)) } ? 1 : 0
        },
        moverect: { destination, source, user in
            surface(user).screen.move(destination, from: source)
            return 1
        },
        erase: { rect, selective, user in
            screen(user) { $0.erase(rect, selective: selective != 0) }
            return 1
        },
        initpen: nil,
        setpenattr: { attribute, value, user in
            guard let value else { return 0 }
            surface(user).screen.setPen(attribute, value.pointee)
            return 1
        },
        settermprop: { property, value, user in
            guard let value else { return 0 }
            let surface = surface(user)
            surface.screen.setProperty(property, value.pointee)
            surface.record(property, value.pointee)
            return 1
        },
        bell: { user in
            surface(user).bellCount += 1
            return 1
        },
        resize: { rows, columns, delta, user in
            guard let delta else { return 0 }
            surface(user).screen.resize(rows: Int(rows), columns: Int(columns), delta: &delta.pointee)
            return 1
        },
        setlineinfo: { row, new, old, user in
            guard let new, let old else { return 0 }
            surface(user).screen.setLineInfo(row: Int(row), new.pointee, old: old.pointee)
            return 1
        }
    )

    /// The glyphs `termind_put_glyph` leaves to Swift; its `user` is the surface itself.
    static let slowGlyph: @convention(c) (UnsafeMutablePointer<VTermGlyphInfo>?, VTermPos, UnsafeMutableRawPointer?) -> Int32 = {
        info, position, user in
        guard let info else { return 0 }
        screen(ofSurface: user!) { $0.putGlyph(info.pointee, at: position) }
        return 1
    }

    static let outputCallback: @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?) -> Void = { bytes, count, user in
        guard let bytes, count > 0 else { return }
        // Given the surface itself, not the sink.
        Unmanaged<VTermSurface>.fromOpaque(user!).takeUnretainedValue().output
            .append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The surface of a state callback's `user`: the glyph sink, which names it.
    private static func surface(_ user: UnsafeMutableRawPointer?) -> VTermSurface {
        Unmanaged<VTermSurface>.fromOpaque(sinkUser(user)).takeUnretainedValue()
    }

    private static func sinkUser(_ user: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        user!.assumingMemoryBound(to: TermindGlyphSink.self).pointee.user!
    }

    /// The surface's screen for the callbacks run for every line: the surface outlives its
    /// VTerm, so neither needs retaining for the call.
    @inline(__always)
    private static func screen<Result>(_ user: UnsafeMutableRawPointer?, _ body: (TerminalScreen) -> Result) -> Result {
        screen(ofSurface: sinkUser(user), body)
    }

    @inline(__always)
    private static func screen<Result>(ofSurface surface: UnsafeMutableRawPointer, _ body: (TerminalScreen) -> Result) -> Result {
        Unmanaged<VTermSurface>.fromOpaque(surface)._withUnsafeGuaranteedRef { surface in
            Unmanaged.passUnretained(surface.screen)._withUnsafeGuaranteedRef(body)
        }
    }

    // MARK: - Recording

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
}
