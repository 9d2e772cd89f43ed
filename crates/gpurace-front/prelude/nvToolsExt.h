// gpurace stub for <nvToolsExt.h>: NVTX profiling markers, declarations only.
#pragma once
#include "gpurace_prelude.h"
extern "C" {
int nvtxRangePushA(const char *__message);
int nvtxRangePop(void);
void nvtxMarkA(const char *__message);
typedef unsigned long long nvtxRangeId_t;
nvtxRangeId_t nvtxRangeStartA(const char *__message);
void nvtxRangeEnd(nvtxRangeId_t __id);
}
