// The one header through which Swift sees cairo (its PDF surface) and Pango (text shaped in
// every script, through fontconfig and HarfBuzz).
#ifndef ATTENDANCE_CPANGOCAIRO_SHIM_H
#define ATTENDANCE_CPANGOCAIRO_SHIM_H

#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <pango/pangocairo.h>

#endif
