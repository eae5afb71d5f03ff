#ifndef TERMIND_CVTERM_SHIM_H
#define TERMIND_CVTERM_SHIM_H

#include <stddef.h>
#include <vterm.h>

/* VTermColor's type tests are macros in vterm.h; Swift needs functions. */
static inline int termind_vterm_color_is_indexed(const VTermColor *color) { return VTERM_COLOR_IS_INDEXED(color); }
static inline int termind_vterm_color_is_rgb(const VTermColor *color) { return VTERM_COLOR_IS_RGB(color); }
static inline int termind_vterm_color_is_default_fg(const VTermColor *color) { return VTERM_COLOR_IS_DEFAULT_FG(color); }
static inline int termind_vterm_color_is_default_bg(const VTermColor *color) { return VTERM_COLOR_IS_DEFAULT_BG(color); }

/* What a pane's screen (TerminalScreen) shares with libvterm's glyph callback, which runs for
   every character: a glyph that neither reaches the last two columns nor follows a pending
   wrap is stored here, in C; any other goes to `slow` (Swift), which does everything. The
   Swift callback and its thunk took 0.8 s of a 2.75 s flood (`termind-bench screen`). */
typedef struct {
    /* The grid drawn on: screen row r is cells + slots[(origin + r) % rows] * columns. */
    VTermScreenCell *cells;
    const long *slots;
    const long *origin;
    long rows;
    long columns;
    /* Per slot: how far the row was written since it was last filled whole (ScreenGrid). */
    long *extents;
    /* The pen, as an empty cell; `width` says protected (0) or not (1). */
    VTermScreenCell pen;
    /* One flag a screen row, and the row flagged last. */
    unsigned char *damaged;
    long lastDamagedRow;
    /* Set while the screen holds a pending wrap: the next glyph decides it, in Swift. */
    int wrapPending;
    int (*slow)(VTermGlyphInfo *info, VTermPos position, void *user);
    /* What `slow` and the other callbacks are given: the surface. */
    void *user;
} TermindGlyphSink;

/* ScreenGrid compares cells a word at a time. */
_Static_assert(sizeof(VTermScreenCell) % 8 == 0, "a VTermScreenCell is a whole number of 8-byte words");

/* The bits after VTermGlyphInfo's `width` (protected_cell, dwl, dhl), read as the byte
   libvterm just wrote: reading the bit-fields as a whole word waited on that byte's store
   (a fifth of the glyph's time). Bit-fields fill from the lowest bit on the little-endian
   ABIs Termind builds for; a test checks it against the fields. */
static inline unsigned termind_glyph_info_bits(const VTermGlyphInfo *info) {
    return ((const unsigned char *)info)[offsetof(VTermGlyphInfo, width) + sizeof(int)];
}

/* The grid slot of screen row `row` (the ring turned by `origin`). */
static inline long termind_row_slot(const TermindGlyphSink *sink, long row) {
    long index = *sink->origin + row;
    if (index >= sink->rows) index -= sink->rows;
    return sink->slots[index];
}

static inline int termind_put_glyph(VTermGlyphInfo *info, VTermPos position, void *user) {
    TermindGlyphSink *sink = (TermindGlyphSink *)user;
    long row = position.row, column = position.col;
    if (sink->wrapPending || column + info->width >= sink->columns - 1 || row < 0 || row >= sink->rows || column < 0
        || info->chars == NULL)
        return sink->slow(info, position, sink->user);
    const uint32_t *chars = info->chars;
    if (chars[0] == 0) return 1;
    long slot = termind_row_slot(sink, row);
    VTermScreenCell *line = sink->cells + slot * sink->columns;
    /* Written in place, field by field: a cell built aside and copied waited on its own
       small stores. */
    VTermScreenCell *cell = line + column;
    *cell = sink->pen;
    cell->chars[0] = chars[0];
    for (int next = 1; next < VTERM_MAX_CHARS_PER_CELL && chars[next] != 0; next++)
        cell->chars[next] = chars[next];
    unsigned bits = termind_glyph_info_bits(info);
    cell->width = (bits & 1) ? 0 : 1;
    VTermScreenCellAttrs attrs = sink->pen.attrs;
    attrs.dwl = (bits >> 1) & 1;
    attrs.dhl = (bits >> 2) & 3;
    cell->attrs = attrs;
    for (long covered = column + 1; covered < column + info->width; covered++)
        line[covered].chars[0] = UINT32_MAX;
    /* A lone combining mark has width 0 and still takes its cell. */
    long end = column + (info->width > 1 ? info->width : 1);
    if (end > sink->extents[slot]) sink->extents[slot] = end;
    if (row != sink->lastDamagedRow) {
        sink->damaged[row] = 1;
        sink->lastDamagedRow = row;
    }
    return 1;
}

/* A run of printable ASCII that libvterm's state would print as itself, one plain cell a byte,
   from `column` of screen row `row` on (`VTermSurface.storePlainText` checks it may): the cells
   `termind_put_glyph` would store for them, without libvterm's text path. */
static inline void termind_put_text(TermindGlyphSink *sink, long row, long column, const unsigned char *bytes, long count) {
    long slot = termind_row_slot(sink, row);
    VTermScreenCell *cell = sink->cells + slot * sink->columns + column;
    VTermScreenCell glyph = sink->pen;
    glyph.width = 1; /* unprotected: TextModes lets only unprotected text here */
    glyph.attrs.dwl = 0;
    glyph.attrs.dhl = 0;
    for (long offset = 0; offset < count; offset++) {
        cell[offset] = glyph;
        cell[offset].chars[0] = bytes[offset];
    }
    long end = column + count;
    if (end > sink->extents[slot]) sink->extents[slot] = end;
    sink->damaged[row] = 1;
    sink->lastDamagedRow = row;
}

#endif
