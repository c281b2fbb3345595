// The one header through which Swift sees GNU gettext. glibc carries libintl itself: nothing to link.
#ifndef ATTENDANCE_CINTL_SHIM_H
#define ATTENDANCE_CINTL_SHIM_H

#include <libintl.h>
#include <locale.h>

// glibc's counter of catalog changes: gettext caches each translation it finds, keyed by the
// LC_MESSAGES locale but not by LANGUAGE, and throws that cache away when this counter moves.
extern int _nl_msg_cat_cntr;

/// Tells gettext that LANGUAGE changed, so that its next lookup is not answered from the cache.
static inline void attendance_intl_language_changed(void) { ++_nl_msg_cat_cntr; }

#endif
