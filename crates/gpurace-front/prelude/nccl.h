// gpurace stub for <nccl.h>: NCCL's host API, declarations only.
#pragma once
#include "gpurace_prelude.h"
extern "C" {
typedef struct ncclComm *ncclComm_t;
typedef struct { char internal[128]; } ncclUniqueId;
typedef enum { ncclSuccess = 0, ncclUnhandledCudaError, ncclSystemError, ncclInternalError, ncclInvalidArgument,
               ncclInvalidUsage, ncclRemoteError, ncclInProgress } ncclResult_t;
typedef enum { ncclInt8 = 0, ncclChar = 0, ncclUint8, ncclInt32, ncclInt = 2, ncclUint32, ncclInt64, ncclUint64,
               ncclFloat16, ncclHalf = 6, ncclFloat32, ncclFloat = 7, ncclFloat64, ncclDouble = 8,
               ncclBfloat16 } ncclDataType_t;
typedef enum { ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg } ncclRedOp_t;
ncclResult_t ncclGetUniqueId(ncclUniqueId *__id);
ncclResult_t ncclCommInitRank(ncclComm_t *__comm, int __n, ncclUniqueId __id, int __rank);
ncclResult_t ncclCommInitAll(ncclComm_t *__comms, int __n, const int *__devs);
ncclResult_t ncclCommDestroy(ncclComm_t __comm);
ncclResult_t ncclCommFinalize(ncclComm_t __comm);
ncclResult_t ncclCommAbort(ncclComm_t __comm);
ncclResult_t ncclCommCount(const ncclComm_t __comm, int *__count);
ncclResult_t ncclCommUserRank(const ncclComm_t __comm, int *__rank);
ncclResult_t ncclAllReduce(const void *__s, void *__r, size_t __count, ncclDataType_t __t, ncclRedOp_t __op,
                           ncclComm_t __comm, cudaStream_t __stream);
ncclResult_t ncclBroadcast(const void *__s, void *__r, size_t __count, ncclDataType_t __t, int __root,
                           ncclComm_t __comm, cudaStream_t __stream);
ncclResult_t ncclReduce(const void *__s, void *__r, size_t __count, ncclDataType_t __t, ncclRedOp_t __op, int __root,
                        ncclComm_t __comm, cudaStream_t __stream);
ncclResult_t ncclAllGather(const void *__s, void *__r, size_t __count, ncclDataType_t __t, ncclComm_t __comm,
                           cudaStream_t __stream);
ncclResult_t ncclReduceScatter(const void *__s, void *__r, size_t __count, ncclDataType_t __t, ncclRedOp_t __op,
                               ncclComm_t __comm, cudaStream_t __stream);
ncclResult_t ncclSend(const void *__s, size_t __count, ncclDataType_t __t, int __peer, ncclComm_t __comm,
                      cudaStream_t __stream);
ncclResult_t ncclRecv(void *__r, size_t __count, ncclDataType_t __t, int __peer, ncclComm_t __comm,
                      cudaStream_t __stream);
ncclResult_t ncclGroupStart(void);
ncclResult_t ncclGroupEnd(void);
const char *ncclGetErrorString(ncclResult_t __r);
}
