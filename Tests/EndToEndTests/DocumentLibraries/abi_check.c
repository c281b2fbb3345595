// Compiled (never run) by DocumentLibrariesTests against the installed cairo, Pango and
// libxlsxwriter headers: the program's own declarations (Sources/CDocumentLibraries/include)
// must agree with them. A function declared differently is a conflicting declaration; a constant,
// a structure's size or a field's place that differs fails an assertion below.
#include <stddef.h>

#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <pango/pangocairo.h>
#include <xlsxwriter.h>

#define ATTENDANCE_ABI_CHECK
#include "CPangoCairo.h"
#include "CXLSXWriter.h"

#define SAME_VALUE(name) _Static_assert((long)attendance_check_##name == (long)name, #name)
#define SAME_SIZE(type) _Static_assert(sizeof(attendance_check_##type) == sizeof(type), "size of " #type)
#define SAME_FIELD(type, field) \
    _Static_assert(offsetof(attendance_check_##type, field) == offsetof(type, field), #type "." #field); \
    _Static_assert( \
        sizeof(((attendance_check_##type *)0)->field) == sizeof(((type *)0)->field), #type "." #field " size")

SAME_VALUE(CAIRO_STATUS_SUCCESS);
SAME_VALUE(CAIRO_FONT_SLANT_NORMAL);
SAME_VALUE(CAIRO_FONT_WEIGHT_NORMAL);
SAME_VALUE(CAIRO_FONT_WEIGHT_BOLD);
SAME_VALUE(CAIRO_PDF_METADATA_TITLE);
SAME_VALUE(CAIRO_PDF_METADATA_CREATOR);
SAME_VALUE(PANGO_ALIGN_LEFT);
SAME_VALUE(PANGO_ALIGN_CENTER);
SAME_VALUE(PANGO_ALIGN_RIGHT);
SAME_VALUE(PANGO_ELLIPSIZE_END);
SAME_SIZE(cairo_status_t);
SAME_SIZE(cairo_font_slant_t);
SAME_SIZE(cairo_font_weight_t);
SAME_SIZE(cairo_pdf_metadata_t);
SAME_SIZE(PangoAlignment);
SAME_SIZE(PangoEllipsizeMode);
SAME_SIZE(cairo_text_extents_t);
SAME_FIELD(cairo_text_extents_t, x_bearing);
SAME_FIELD(cairo_text_extents_t, y_bearing);
SAME_FIELD(cairo_text_extents_t, width);
SAME_FIELD(cairo_text_extents_t, height);
SAME_FIELD(cairo_text_extents_t, x_advance);
SAME_FIELD(cairo_text_extents_t, y_advance);

SAME_VALUE(LXW_NO_ERROR);
SAME_VALUE(LXW_FALSE);
SAME_VALUE(LXW_TRUE);
SAME_VALUE(LXW_PATTERN_SOLID);
SAME_VALUE(LXW_ALIGN_CENTER);
SAME_VALUE(LXW_BORDER_THIN);
SAME_SIZE(lxw_error);
SAME_SIZE(lxw_datetime);
SAME_FIELD(lxw_datetime, year);
SAME_FIELD(lxw_datetime, month);
SAME_FIELD(lxw_datetime, day);
SAME_FIELD(lxw_datetime, hour);
SAME_FIELD(lxw_datetime, min);
SAME_FIELD(lxw_datetime, sec);
SAME_SIZE(lxw_workbook_options);
SAME_FIELD(lxw_workbook_options, constant_memory);
SAME_FIELD(lxw_workbook_options, tmpdir);
SAME_FIELD(lxw_workbook_options, use_zip64);
SAME_SIZE(lxw_doc_properties);
SAME_FIELD(lxw_doc_properties, title);
SAME_FIELD(lxw_doc_properties, author);
SAME_FIELD(lxw_doc_properties, created);
