// The one header through which Swift sees libxlsxwriter: workbooks, worksheets and cell formats
// written as Office Open XML spreadsheets (.xlsx).
#ifndef ATTENDANCE_CXLSXWRITER_SHIM_H
#define ATTENDANCE_CXLSXWRITER_SHIM_H

#include <xlsxwriter.h>

#endif
