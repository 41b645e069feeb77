#include <stdio.h>
#include <turbojpeg.h>
