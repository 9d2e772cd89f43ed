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
int findCudaDevice(int argc, const char **argv);
int gpuDeviceInit(int devID);
int gpuGetMaxGflopsDeviceId();
int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
