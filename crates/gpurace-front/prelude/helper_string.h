// gpurace stub for the CUDA samples' <helper_string.h>: declarations only.
#pragma once
#include "gpurace_prelude.h"
bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref);
int getCmdLineArgumentInt(const int argc, const char **argv, const char *string_ref);
float getCmdLineArgumentFloat(const int argc, const char **argv, const char *string_ref);
bool getCmdLineArgumentString(const int argc, const char **argv, const char *string_ref,
                              char **string_retval);
char *sdkFindFilePath(const char *filename, const char *executable_path);
