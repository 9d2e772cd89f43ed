// gpurace stub for the old CUDA SDK's <cutil.h>: checking macros that just
// evaluate their argument.
#pragma once
#include "gpurace_prelude.h"
#define CUDA_SAFE_CALL(call) ((void)(call))
#define CUDA_SAFE_CALL_NO_SYNC(call) ((void)(call))
#define CUDA_SAFE_THREAD_SYNC() ((void)cudaDeviceSynchronize())
#define CUT_SAFE_CALL(call) ((void)(call))
#define CUT_CHECK_ERROR(msg) ((void)(msg))
#define CUT_DEVICE_INIT(argc, argv) ((void)0)
#define CUT_EXIT(argc, argv) ((void)0)
#define cutilSafeCall(call) ((void)(call))
#define cutilSafeCallNoSync(call) ((void)(call))
#define cutilCheckMsg(msg) ((void)(msg))
#define cutilCheckError(call) ((void)(call))
#define cutilDeviceSynchronize() ((void)cudaDeviceSynchronize())
#define cutilSafeThreadSync() ((void)cudaDeviceSynchronize())
