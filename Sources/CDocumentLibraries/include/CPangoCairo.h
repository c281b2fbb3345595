// The one header through which Swift sees cairo (its PDF surface) and Pango (text shaped in every
// script, through fontconfig and HarfBuzz): the part of their API the documents use, declared here
// and loaded from the libraries on the first PDF (attendance_pangocairo_load), so that a process
// that writes no PDF, such as a punch, neither maps nor relocates them and their thirty-odd
// dependencies. The declarations follow cairo 1.16 and Pango 1.50; a test compiles this header
// against the installed ones (ATTENDANCE_ABI_CHECK), which fails when they part.
#ifndef ATTENDANCE_CPANGOCAIRO_H
#define ATTENDANCE_CPANGOCAIRO_H

// In the check, the types and constants are the real headers' and this header's own are declared
// under other names, for the check to compare.
#ifdef ATTENDANCE_ABI_CHECK
#define ATTENDANCE_PANGOCAIRO_OWN(name) attendance_check_##name
#else
#define ATTENDANCE_PANGOCAIRO_OWN(name) name
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
#endif

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_STATUS_SUCCESS) = 0
} ATTENDANCE_PANGOCAIRO_OWN(cairo_status_t);

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_FONT_SLANT_NORMAL) = 0
} ATTENDANCE_PANGOCAIRO_OWN(cairo_font_slant_t);

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_FONT_WEIGHT_NORMAL) = 0,
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_FONT_WEIGHT_BOLD) = 1
} ATTENDANCE_PANGOCAIRO_OWN(cairo_font_weight_t);

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_PDF_METADATA_TITLE) = 0,
    ATTENDANCE_PANGOCAIRO_OWN(CAIRO_PDF_METADATA_CREATOR) = 4
} ATTENDANCE_PANGOCAIRO_OWN(cairo_pdf_metadata_t);

typedef struct {
    double x_bearing;
    double y_bearing;
    double width;
    double height;
    double x_advance;
    double y_advance;
} ATTENDANCE_PANGOCAIRO_OWN(cairo_text_extents_t);

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(PANGO_ALIGN_LEFT) = 0,
    ATTENDANCE_PANGOCAIRO_OWN(PANGO_ALIGN_CENTER) = 1,
    ATTENDANCE_PANGOCAIRO_OWN(PANGO_ALIGN_RIGHT) = 2
} ATTENDANCE_PANGOCAIRO_OWN(PangoAlignment);

typedef enum {
    ATTENDANCE_PANGOCAIRO_OWN(PANGO_ELLIPSIZE_END) = 3
} ATTENDANCE_PANGOCAIRO_OWN(PangoEllipsizeMode);

/// Loads cairo and Pango once, for the whole process: NULL when they are ready, else why not
/// (the library that could not be opened or the function it lacks). Every function below may be
/// called only after it returned NULL.
const char *attendance_pangocairo_load(void);

cairo_surface_t *cairo_pdf_surface_create(const char *filename, double width_in_points, double height_in_points);
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);
void cairo_surface_finish(cairo_surface_t *surface);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
const char *cairo_status_to_string(cairo_status_t status);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_show_page(cairo_t *cr);
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_set_line_width(cairo_t *cr, double width);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_line_to(cairo_t *cr, double x, double y);
void cairo_fill(cairo_t *cr);
void cairo_stroke(cairo_t *cr);
void cairo_select_font_face(cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight);
void cairo_set_font_size(cairo_t *cr, double size);
void cairo_text_extents(cairo_t *cr, const char *utf8, cairo_text_extents_t *extents);
void cairo_show_text(cairo_t *cr, const char *utf8);

PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_free(PangoFontDescription *desc);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_single_paragraph_mode(PangoLayout *layout, int setting);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_layout_get_pixel_size(PangoLayout *layout, int *width, int *height);
void g_object_unref(void *object);

#endif
