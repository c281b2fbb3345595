// The one header through which Swift sees libxlsxwriter (workbooks, worksheets and cell formats
// written as Office Open XML spreadsheets): the part of its API the documents use, declared here
// and loaded from the library on the first workbook (attendance_xlsxwriter_load), so that a process
// that writes no workbook neither maps nor relocates it and its OpenSSL. The declarations follow
// libxlsxwriter 1.1; a test compiles this header against the installed one
// (ATTENDANCE_ABI_CHECK), which fails when they part.
#ifndef ATTENDANCE_CXLSXWRITER_H
#define ATTENDANCE_CXLSXWRITER_H

#include <stdint.h>
#include <time.h>

// In the check, the types and constants are the real header's and this header's own are declared
// under other names, for the check to compare.
#ifdef ATTENDANCE_ABI_CHECK
#define ATTENDANCE_XLSXWRITER_OWN(name) attendance_check_##name
#else
#define ATTENDANCE_XLSXWRITER_OWN(name) name
typedef struct lxw_workbook lxw_workbook;
typedef struct lxw_worksheet lxw_worksheet;
typedef struct lxw_format lxw_format;
typedef uint32_t lxw_row_t;
typedef uint16_t lxw_col_t;
typedef uint32_t lxw_color_t;
#endif

typedef enum ATTENDANCE_XLSXWRITER_OWN(lxw_error) {
    ATTENDANCE_XLSXWRITER_OWN(LXW_NO_ERROR) = 0
} ATTENDANCE_XLSXWRITER_OWN(lxw_error);

enum ATTENDANCE_XLSXWRITER_OWN(lxw_boolean) {
    ATTENDANCE_XLSXWRITER_OWN(LXW_FALSE) = 0,
    ATTENDANCE_XLSXWRITER_OWN(LXW_TRUE) = 1
};

enum ATTENDANCE_XLSXWRITER_OWN(lxw_format_patterns) {
    ATTENDANCE_XLSXWRITER_OWN(LXW_PATTERN_SOLID) = 1
};

enum ATTENDANCE_XLSXWRITER_OWN(lxw_format_alignments) {
    ATTENDANCE_XLSXWRITER_OWN(LXW_ALIGN_CENTER) = 2
};

enum ATTENDANCE_XLSXWRITER_OWN(lxw_format_borders) {
    ATTENDANCE_XLSXWRITER_OWN(LXW_BORDER_THIN) = 1
};

typedef struct ATTENDANCE_XLSXWRITER_OWN(lxw_datetime) {
    int year;
    int month;
    int day;
    int hour;
    int min;
    double sec;
} ATTENDANCE_XLSXWRITER_OWN(lxw_datetime);

typedef struct ATTENDANCE_XLSXWRITER_OWN(lxw_workbook_options) {
    uint8_t constant_memory;
    char *tmpdir;
    uint8_t use_zip64;
} ATTENDANCE_XLSXWRITER_OWN(lxw_workbook_options);

typedef struct ATTENDANCE_XLSXWRITER_OWN(lxw_doc_properties) {
    char *title;
    char *subject;
    char *author;
    char *manager;
    char *company;
    char *category;
    char *keywords;
    char *comments;
    char *status;
    char *hyperlink_base;
    time_t created;
} ATTENDANCE_XLSXWRITER_OWN(lxw_doc_properties);

/// Loads libxlsxwriter once, for the whole process: NULL when it is ready, else why not (the
/// library that could not be opened or the function it lacks). Every function below may be called
/// only after it returned NULL.
const char *attendance_xlsxwriter_load(void);

lxw_workbook *workbook_new_opt(const char *filename, lxw_workbook_options *options);
lxw_error workbook_set_properties(lxw_workbook *workbook, lxw_doc_properties *properties);
lxw_worksheet *workbook_add_worksheet(lxw_workbook *workbook, const char *sheetname);
lxw_format *workbook_add_format(lxw_workbook *workbook);
lxw_error workbook_close(lxw_workbook *workbook);
void lxw_workbook_free(lxw_workbook *workbook);
char *lxw_strerror(lxw_error error_num);
void format_set_pattern(lxw_format *format, uint8_t index);
void format_set_bg_color(lxw_format *format, lxw_color_t color);
void format_set_num_format(lxw_format *format, const char *num_format);
void format_set_bold(lxw_format *format);
void format_set_align(lxw_format *format, uint8_t alignment);
void format_set_border(lxw_format *format, uint8_t style);
lxw_error worksheet_write_string(
    lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format);
lxw_error worksheet_write_number(
    lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, double number, lxw_format *format);
lxw_error worksheet_write_datetime(
    lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_datetime *datetime, lxw_format *format);
lxw_error worksheet_write_blank(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_format *format);
void worksheet_freeze_panes(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col);
lxw_error worksheet_autofilter(
    lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col);
lxw_error worksheet_set_column(
    lxw_worksheet *worksheet, lxw_col_t first_col, lxw_col_t last_col, double width, lxw_format *format);

#endif
