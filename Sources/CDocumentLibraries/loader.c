// cairo, Pango and libxlsxwriter, each opened on the first document that needs it: every function
// of CPangoCairo.h and CXLSXWriter.h is a forwarder to the library's own, found by dlsym. The
// forwarders are hidden, so the libraries' calls among their own functions never reach them.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)

#include "CPangoCairo.h"
#include "CXLSXWriter.h"

struct attendance_symbol {
    const char *name;
    void **slot;
};

// Opens `soname` and fills every slot of `symbols`: NULL, or why not in `failure`. The library is
// kept open for the life of the process (Pango's font caches outlive any one document); its
// handle reaches the libraries it depends on, which dlsym searches too.
static const char *open_library(
    const char *soname, const struct attendance_symbol *symbols, size_t count, char *failure, size_t size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, size, "%s", dlerror());
        return failure;
    }
    for (size_t i = 0; i < count; i++) {
        if (!(*symbols[i].slot = dlsym(library, symbols[i].name))) {
            snprintf(failure, size, "%s has no %s", soname, symbols[i].name);
            return failure;
        }
    }
    return NULL;
}

#define ATTENDANCE_SLOT(result, name, parameters, arguments) static result(*loaded_##name) parameters;
#define ATTENDANCE_VOID_SLOT(name, parameters, arguments) static void(*loaded_##name) parameters;
#define ATTENDANCE_FORWARDER(result, name, parameters, arguments) \
    result name parameters { return loaded_##name arguments; }
#define ATTENDANCE_VOID_FORWARDER(name, parameters, arguments) \
    void name parameters { loaded_##name arguments; }
#define ATTENDANCE_ENTRY(result, name, parameters, arguments) {#name, (void **)&loaded_##name},
#define ATTENDANCE_VOID_ENTRY(name, parameters, arguments) {#name, (void **)&loaded_##name},

// `load`, the public loader of the library `soname` whose functions `FUNCTIONS` lists: once per
// process, whoever calls it first.
#define ATTENDANCE_LOADED_LIBRARY(load, soname, FUNCTIONS) \
    FUNCTIONS(ATTENDANCE_SLOT, ATTENDANCE_VOID_SLOT) \
    FUNCTIONS(ATTENDANCE_FORWARDER, ATTENDANCE_VOID_FORWARDER) \
    static const struct attendance_symbol load##_symbols[] = {FUNCTIONS(ATTENDANCE_ENTRY, ATTENDANCE_VOID_ENTRY)}; \
    static char load##_failure[512]; \
    static const char *load##_outcome; \
    static pthread_once_t load##_once = PTHREAD_ONCE_INIT; \
    static void load##_open(void) { \
        load##_outcome = open_library( \
            soname, load##_symbols, sizeof load##_symbols / sizeof *load##_symbols, load##_failure, \
            sizeof load##_failure); \
    } \
    const char *load(void) { \
        pthread_once(&load##_once, load##_open); \
        return load##_outcome; \
    }

// The PDFs' functions, each F(result, name, (parameters), (arguments)), or V(…) for one that
// returns nothing; libpangocairo's handle reaches Pango, cairo and GObject.
#define ATTENDANCE_PANGOCAIRO_FUNCTIONS(F, V) \
    F(cairo_surface_t *, cairo_pdf_surface_create, (const char *f, double w, double h), (f, w, h)) \
    V(cairo_pdf_surface_set_metadata, (cairo_surface_t *s, cairo_pdf_metadata_t m, const char *t), (s, m, t)) \
    V(cairo_surface_finish, (cairo_surface_t *s), (s)) \
    F(cairo_status_t, cairo_surface_status, (cairo_surface_t *s), (s)) \
    V(cairo_surface_destroy, (cairo_surface_t *s), (s)) \
    F(const char *, cairo_status_to_string, (cairo_status_t s), (s)) \
    F(cairo_t *, cairo_create, (cairo_surface_t *s), (s)) \
    V(cairo_destroy, (cairo_t *c), (c)) \
    V(cairo_show_page, (cairo_t *c), (c)) \
    V(cairo_set_source_rgb, (cairo_t *c, double r, double g, double b), (c, r, g, b)) \
    V(cairo_set_line_width, (cairo_t *c, double w), (c, w)) \
    V(cairo_rectangle, (cairo_t *c, double x, double y, double w, double h), (c, x, y, w, h)) \
    V(cairo_move_to, (cairo_t *c, double x, double y), (c, x, y)) \
    V(cairo_line_to, (cairo_t *c, double x, double y), (c, x, y)) \
    V(cairo_fill, (cairo_t *c), (c)) \
    V(cairo_stroke, (cairo_t *c), (c)) \
    V(cairo_select_font_face, (cairo_t *c, const char *f, cairo_font_slant_t s, cairo_font_weight_t w), (c, f, s, w)) \
    V(cairo_set_font_size, (cairo_t *c, double s), (c, s)) \
    V(cairo_text_extents, (cairo_t *c, const char *t, cairo_text_extents_t *e), (c, t, e)) \
    V(cairo_show_text, (cairo_t *c, const char *t), (c, t)) \
    F(PangoLayout *, pango_cairo_create_layout, (cairo_t *c), (c)) \
    V(pango_cairo_show_layout, (cairo_t *c, PangoLayout *l), (c, l)) \
    V(pango_cairo_context_set_resolution, (PangoContext *c, double d), (c, d)) \
    F(PangoContext *, pango_layout_get_context, (PangoLayout *l), (l)) \
    V(pango_layout_context_changed, (PangoLayout *l), (l)) \
    F(PangoFontDescription *, pango_font_description_from_string, (const char *s), (s)) \
    V(pango_font_description_free, (PangoFontDescription *d), (d)) \
    V(pango_layout_set_font_description, (PangoLayout *l, const PangoFontDescription *d), (l, d)) \
    V(pango_layout_set_text, (PangoLayout *l, const char *t, int n), (l, t, n)) \
    V(pango_layout_set_width, (PangoLayout *l, int w), (l, w)) \
    V(pango_layout_set_ellipsize, (PangoLayout *l, PangoEllipsizeMode e), (l, e)) \
    V(pango_layout_set_single_paragraph_mode, (PangoLayout *l, int s), (l, s)) \
    V(pango_layout_set_alignment, (PangoLayout *l, PangoAlignment a), (l, a)) \
    F(int, pango_layout_get_unknown_glyphs_count, (PangoLayout *l), (l)) \
    V(pango_layout_get_pixel_size, (PangoLayout *l, int *w, int *h), (l, w, h)) \
    V(g_object_unref, (void *o), (o))

ATTENDANCE_LOADED_LIBRARY(attendance_pangocairo_load, "libpangocairo-1.0.so.0", ATTENDANCE_PANGOCAIRO_FUNCTIONS)

// The workbooks' functions, likewise.
#define ATTENDANCE_XLSXWRITER_FUNCTIONS(F, V) \
    F(lxw_workbook *, workbook_new_opt, (const char *f, lxw_workbook_options *o), (f, o)) \
    F(lxw_error, workbook_set_properties, (lxw_workbook *w, lxw_doc_properties *p), (w, p)) \
    F(lxw_worksheet *, workbook_add_worksheet, (lxw_workbook *w, const char *n), (w, n)) \
    F(lxw_format *, workbook_add_format, (lxw_workbook *w), (w)) \
    F(lxw_error, workbook_close, (lxw_workbook *w), (w)) \
    V(lxw_workbook_free, (lxw_workbook *w), (w)) \
    F(char *, lxw_strerror, (lxw_error e), (e)) \
    V(format_set_pattern, (lxw_format *f, uint8_t i), (f, i)) \
    V(format_set_bg_color, (lxw_format *f, lxw_color_t c), (f, c)) \
    V(format_set_num_format, (lxw_format *f, const char *n), (f, n)) \
    V(format_set_bold, (lxw_format *f), (f)) \
    V(format_set_align, (lxw_format *f, uint8_t a), (f, a)) \
    V(format_set_border, (lxw_format *f, uint8_t s), (f, s)) \
    F(lxw_error, worksheet_write_string, \
        (lxw_worksheet *w, lxw_row_t r, lxw_col_t c, const char *s, lxw_format *f), (w, r, c, s, f)) \
    F(lxw_error, worksheet_write_number, \
        (lxw_worksheet *w, lxw_row_t r, lxw_col_t c, double n, lxw_format *f), (w, r, c, n, f)) \
    F(lxw_error, worksheet_write_datetime, \
        (lxw_worksheet *w, lxw_row_t r, lxw_col_t c, lxw_datetime *d, lxw_format *f), (w, r, c, d, f)) \
    F(lxw_error, worksheet_write_blank, (lxw_worksheet *w, lxw_row_t r, lxw_col_t c, lxw_format *f), (w, r, c, f)) \
    V(worksheet_freeze_panes, (lxw_worksheet *w, lxw_row_t r, lxw_col_t c), (w, r, c)) \
    F(lxw_error, worksheet_autofilter, \
        (lxw_worksheet *w, lxw_row_t r1, lxw_col_t c1, lxw_row_t r2, lxw_col_t c2), (w, r1, c1, r2, c2)) \
    F(lxw_error, worksheet_set_column, \
        (lxw_worksheet *w, lxw_col_t c1, lxw_col_t c2, double n, lxw_format *f), (w, c1, c2, n, f))

ATTENDANCE_LOADED_LIBRARY(attendance_xlsxwriter_load, "libxlsxwriter.so.4", ATTENDANCE_XLSXWRITER_FUNCTIONS)

#pragma GCC visibility pop
