#include "chesscodec.h"

unsigned chc_version_number(void) { return CHC_VERSION_NUMBER; }
const char *chc_version_string(void) { return CHC_VERSION_STR; }
