#include <lcms2.h>

// lcms2's pixel-format macros (TYPE_RGB_8, …) are built from function-like
// macros, which Swift does not import: these return their values.
static inline cmsUInt32Number logoc_lcms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number logoc_lcms_type_gray_8(void) { return TYPE_GRAY_8; }
static inline cmsUInt32Number logoc_lcms_type_rgb_dbl(void) { return TYPE_RGB_DBL; }
