#ifndef TERMIND_CVTERM_SHIM_H
#define TERMIND_CVTERM_SHIM_H

#include <vterm.h>

/* VTermColor's type tests are macros in vterm.h; Swift needs functions. */
static inline int termind_vterm_color_is_indexed(const VTermColor *color) { return VTERM_COLOR_IS_INDEXED(color); }
static inline int termind_vterm_color_is_rgb(const VTermColor *color) { return VTERM_COLOR_IS_RGB(color); }
static inline int termind_vterm_color_is_default_fg(const VTermColor *color) { return VTERM_COLOR_IS_DEFAULT_FG(color); }
static inline int termind_vterm_color_is_default_bg(const VTermColor *color) { return VTERM_COLOR_IS_DEFAULT_BG(color); }

#endif
