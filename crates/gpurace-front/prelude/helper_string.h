// gpurace stub for the CUDA samples' <helper_string.h>: declarations only.
#pragma once
#include "gpurace_prelude.h"
bool checkCmdLineFlag(const int __argc, const char **__argv, const char *__string_ref);
int getCmdLineArgumentInt(const int __argc, const char **__argv, const char *__string_ref);
float getCmdLineArgumentFloat(const int __argc, const char **__argv, const char *__string_ref);
bool getCmdLineArgumentString(const int __argc, const char **__argv, const char *__string_ref,
                              char **__string_retval);
char *sdkFindFilePath(const char *__filename, const char *__executable_path);
