// gpurace stub for the CUDA samples' <helper_cuda.h>: error-checking macros
// that just evaluate their argument, plus device selection helpers.
#pragma once
#include "gpurace_prelude.h"
#ifndef checkCudaErrors
#define checkCudaErrors(val) ((void)(val))
#endif
#ifndef getLastCudaError
#define getLastCudaError(msg) ((void)(msg))
#endif
#ifndef printLastCudaError
#define printLastCudaError(msg) ((void)(msg))
#endif
int findCudaDevice(int __argc, const char **__argv);
int gpuDeviceInit(int __devID);
int gpuGetMaxGflopsDeviceId();
int _ConvertSMVer2Cores(int __major, int __minor);
const char *_ConvertSMVer2ArchName(int __major, int __minor);
