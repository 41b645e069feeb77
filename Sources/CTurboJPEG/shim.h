#include <stdio.h>
#include <turbojpeg.h>
#include <jconfig.h>
