// Types and constants only: libavif is opened on first use (AVIFLibrary.swift),
// not linked, so that no process pays for loading it and its AV1 codecs.
#include <avif/avif.h>
