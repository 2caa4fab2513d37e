// A C target needs a source file; the declaration in include/CLibFuzzer.h is all there is.
#include "CLibFuzzer.h"
