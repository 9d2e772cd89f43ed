/*
 * __gpurace_driver_api.h -- the CUDA driver API (part of the prelude;
 * included by the cuda.h stand-in).
 *
 * gpurace_prelude.h declares the driver API basics that programs use even
 * without including cuda.h (CUresult and all its codes, CUdevice, CUcontext,
 * CUmodule, CUfunction, CUstream, CUevent, CUdeviceptr, CUuuid, cuInit,
 * cuDeviceGet, ...).  This file completes them so that no program that
 * includes cuda.h stops on a missing driver declaration: the flags and the
 * `_v2` aliases (#defines), types, enums and functions of CUDA 12.9's cuda.h
 * (virtual memory management, contexts, modules and libraries, launches,
 * copies, streams, events, graphs, green contexts, ...).  Nothing here has a
 * body: a call is an unknown call to the lowering.
 *
 * The aliases are those of the default build: cuMemcpyHtoD is
 * cuMemcpyHtoD_v2, not the per-thread-default-stream _ptds/_ptsz twins that
 * CUDA_API_PER_THREAD_DEFAULT_STREAM selects; no deprecation attributes.
 *
 * Declarations only, generated from clang's parse of the real header (its
 * AST and macro table) and written in the prelude's style (reserved
 * parameter names); no NVIDIA header text is copied.  Names the prelude
 * already declares are left out.  `tools/prelude-coverage REAL_INCLUDE
 * --api driver` lists what the prelude still lacks given a toolkit's cuda.h.
 */
#pragma once

/* Public member names that programs also define as macros (-D size=256),
 * shielded while this file is parsed, as gpurace_prelude.h does for its own
 * (before its section 4): such a macro only breaks code that uses the member. */
#pragma push_macro("size")
#undef size
#pragma push_macro("value")
#undef value
#pragma push_macro("count")
#undef count
#pragma push_macro("val")
#undef val
#pragma push_macro("ptr")
#undef ptr
#pragma push_macro("data")
#undef data
#pragma push_macro("src")
#undef src
#pragma push_macro("dst")
#undef dst
#pragma push_macro("width")
#undef width
#pragma push_macro("height")
#undef height
#pragma push_macro("result")
#undef result
#pragma push_macro("res")
#undef res
#pragma push_macro("offset")
#undef offset

/* ------------------------------------------------------------------------
 * Flags, constants and aliases (#defines of cuda.h).
 * ---------------------------------------------------------------------- */
#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuCtxCreate cuCtxCreate_v2
#define cuModuleGetGlobal cuModuleGetGlobal_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemAllocPitch cuMemAllocPitch_v2
#define cuMemFree cuMemFree_v2
#define cuMemGetAddressRange cuMemGetAddressRange_v2
#define cuMemAllocHost cuMemAllocHost_v2
#define cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyDtoD cuMemcpyDtoD_v2
#define cuMemcpyDtoA cuMemcpyDtoA_v2
#define cuMemcpyAtoD cuMemcpyAtoD_v2
#define cuMemcpyHtoA cuMemcpyHtoA_v2
#define cuMemcpyAtoH cuMemcpyAtoH_v2
#define cuMemcpyAtoA cuMemcpyAtoA_v2
#define cuMemcpyHtoAAsync cuMemcpyHtoAAsync_v2
#define cuMemcpyAtoHAsync cuMemcpyAtoHAsync_v2
#define cuMemcpy2D cuMemcpy2D_v2
#define cuMemcpy2DUnaligned cuMemcpy2DUnaligned_v2
#define cuMemcpy3D cuMemcpy3D_v2
#define cuMemcpyHtoDAsync cuMemcpyHtoDAsync_v2
#define cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2
#define cuMemcpyDtoDAsync cuMemcpyDtoDAsync_v2
#define cuMemcpy2DAsync cuMemcpy2DAsync_v2
#define cuMemcpy3DAsync cuMemcpy3DAsync_v2
#define cuMemsetD8 cuMemsetD8_v2
#define cuMemsetD16 cuMemsetD16_v2
#define cuMemsetD32 cuMemsetD32_v2
#define cuMemsetD2D8 cuMemsetD2D8_v2
#define cuMemsetD2D16 cuMemsetD2D16_v2
#define cuMemsetD2D32 cuMemsetD2D32_v2
#define cuArrayCreate cuArrayCreate_v2
#define cuArrayGetDescriptor cuArrayGetDescriptor_v2
#define cuArray3DCreate cuArray3DCreate_v2
#define cuArray3DGetDescriptor cuArray3DGetDescriptor_v2
#define cuTexRefSetAddress cuTexRefSetAddress_v2
#define cuTexRefGetAddress cuTexRefGetAddress_v2
#define cuGraphicsResourceGetMappedPointer cuGraphicsResourceGetMappedPointer_v2
#define cuCtxDestroy cuCtxDestroy_v2
#define cuCtxPopCurrent cuCtxPopCurrent_v2
#define cuCtxPushCurrent cuCtxPushCurrent_v2
#define cuStreamDestroy cuStreamDestroy_v2
#define cuEventDestroy cuEventDestroy_v2
#define cuTexRefSetAddress2D cuTexRefSetAddress2D_v3
#define cuLinkCreate cuLinkCreate_v2
#define cuLinkAddData cuLinkAddData_v2
#define cuLinkAddFile cuLinkAddFile_v2
#define cuMemHostRegister cuMemHostRegister_v2
#define cuGraphicsResourceSetMapFlags cuGraphicsResourceSetMapFlags_v2
#define cuStreamBeginCapture cuStreamBeginCapture_v2
#define cuDevicePrimaryCtxRelease cuDevicePrimaryCtxRelease_v2
#define cuDevicePrimaryCtxReset cuDevicePrimaryCtxReset_v2
#define cuDevicePrimaryCtxSetFlags cuDevicePrimaryCtxSetFlags_v2
#define cuIpcOpenMemHandle cuIpcOpenMemHandle_v2
#define cuGraphInstantiate cuGraphInstantiateWithFlags
#define cuGraphExecUpdate cuGraphExecUpdate_v2
#define cuGetProcAddress cuGetProcAddress_v2
#define cuGraphAddKernelNode cuGraphAddKernelNode_v2
#define cuGraphKernelNodeGetParams cuGraphKernelNodeGetParams_v2
#define cuGraphKernelNodeSetParams cuGraphKernelNodeSetParams_v2
#define cuGraphExecKernelNodeSetParams cuGraphExecKernelNodeSetParams_v2
#define cuStreamWriteValue32 cuStreamWriteValue32_v2
#define cuStreamWaitValue32 cuStreamWaitValue32_v2
#define cuStreamWriteValue64 cuStreamWriteValue64_v2
#define cuStreamWaitValue64 cuStreamWaitValue64_v2
#define cuStreamBatchMemOp cuStreamBatchMemOp_v2
#define cuStreamGetCaptureInfo cuStreamGetCaptureInfo_v2
#define CU_IPC_HANDLE_SIZE 64
#define CU_STREAM_LEGACY ((CUstream)0x1)
#define CU_STREAM_PER_THREAD ((CUstream)0x2)
#define CU_COMPUTE_ACCELERATED_TARGET_BASE 0x10000
#define CU_COMPUTE_FAMILY_TARGET_BASE 0x20000
#define CUDA_CB
#define CU_GRAPH_COND_ASSIGN_DEFAULT 0x1
#define CU_GRAPH_KERNEL_NODE_PORT_DEFAULT 0
#define CU_GRAPH_KERNEL_NODE_PORT_PROGRAMMATIC 1
#define CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER 2
#define CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW
#define CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE CU_LAUNCH_ATTRIBUTE_COOPERATIVE
#define CU_KERNEL_NODE_ATTRIBUTE_CLUSTER_DIMENSION CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
#define CU_KERNEL_NODE_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
#define CU_KERNEL_NODE_ATTRIBUTE_PRIORITY CU_LAUNCH_ATTRIBUTE_PRIORITY
#define CU_KERNEL_NODE_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP
#define CU_KERNEL_NODE_ATTRIBUTE_MEM_SYNC_DOMAIN CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN
#define CU_KERNEL_NODE_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION
#define CU_KERNEL_NODE_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE
#define CU_KERNEL_NODE_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
#define CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW
#define CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY
#define CU_STREAM_ATTRIBUTE_PRIORITY CU_LAUNCH_ATTRIBUTE_PRIORITY
#define CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP
#define CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEMHOSTREGISTER_IOMEMORY 0x04
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08
#define CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL 0x1
#define CU_TENSOR_MAP_NUM_QWORDS 16
#define CUDA_EXTERNAL_MEMORY_DEDICATED 0x1
#define CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_NVSCIBUF_MEMSYNC 0x01
#define CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_NVSCIBUF_MEMSYNC 0x02
#define CUDA_NVSCISYNC_ATTR_SIGNAL 0x1
#define CUDA_NVSCISYNC_ATTR_WAIT 0x2
#define CU_MEM_CREATE_USAGE_TILE_POOL 0x1
#define CU_MEM_CREATE_USAGE_HW_DECOMPRESS 0x2
#define CU_MEM_POOL_CREATE_USAGE_HW_DECOMPRESS 0x2
#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC 0x01
#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC 0x02
#define CUDA_ARRAY3D_LAYERED 0x01
#define CUDA_ARRAY3D_2DARRAY 0x01
#define CUDA_ARRAY3D_SURFACE_LDST 0x02
#define CUDA_ARRAY3D_CUBEMAP 0x04
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08
#define CUDA_ARRAY3D_DEPTH_TEXTURE 0x10
#define CUDA_ARRAY3D_COLOR_ATTACHMENT 0x20
#define CUDA_ARRAY3D_SPARSE 0x40
#define CUDA_ARRAY3D_DEFERRED_MAPPING 0x80
#define CUDA_ARRAY3D_VIDEO_ENCODE_DECODE 0x100
#define CU_TRSA_OVERRIDE_FORMAT 0x01
#define CU_TRSF_READ_AS_INTEGER 0x01
#define CU_TRSF_NORMALIZED_COORDINATES 0x02
#define CU_TRSF_SRGB 0x10
#define CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION 0x20
#define CU_TRSF_SEAMLESS_CUBEMAP 0x40
#define CU_LAUNCH_KERNEL_REQUIRED_BLOCK_DIM 1
#define CU_LAUNCH_PARAM_END_AS_INT 0x00
#define CU_LAUNCH_PARAM_END ((void*)CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT 0x01
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void*)CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT 0x02
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void*)CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)
#define CU_PARAM_TR_DEFAULT -1
#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)
#define RESOURCE_ABI_VERSION 1
#define RESOURCE_ABI_EXTERNAL_BYTES 48

/* ------------------------------------------------------------------------
 * Types, in the order of cuda.h.
 * ---------------------------------------------------------------------- */
extern "C" {
typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;
typedef unsigned long long CUdeviceptr_v2;
typedef int CUdevice_v1;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
struct CUarray_st;
typedef struct CUarray_st *CUarray;
struct CUmipmappedArray_st;
typedef struct CUmipmappedArray_st *CUmipmappedArray;
struct CUtexref_st;
typedef struct CUtexref_st *CUtexref;
struct CUsurfref_st;
typedef struct CUsurfref_st *CUsurfref;
struct CUgraphicsResource_st;
typedef struct CUgraphicsResource_st *CUgraphicsResource;
typedef unsigned long long CUtexObject_v1;
typedef CUtexObject_v1 CUtexObject;
typedef unsigned long long CUsurfObject_v1;
typedef CUsurfObject_v1 CUsurfObject;
struct CUextMemory_st;
typedef struct CUextMemory_st *CUexternalMemory;
struct CUextSemaphore_st;
typedef struct CUextSemaphore_st *CUexternalSemaphore;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUuserObject_st *CUuserObject;
typedef cuuint64_t CUgraphConditionalHandle;
typedef struct CUgraphDeviceUpdatableNode_st *CUgraphDeviceNode;
struct CUasyncCallbackEntry_st;
typedef struct CUasyncCallbackEntry_st *CUasyncCallbackHandle;
struct CUgreenCtx_st;
typedef struct CUgreenCtx_st *CUgreenCtx;
struct CUmemFabricHandle_st {
  unsigned char data[64];
};
typedef struct CUmemFabricHandle_st CUmemFabricHandle_v1;
typedef CUmemFabricHandle_v1 CUmemFabricHandle;
struct CUipcEventHandle_st {
  char reserved[64];
};
typedef struct CUipcEventHandle_st CUipcEventHandle_v1;
typedef CUipcEventHandle_v1 CUipcEventHandle;
struct CUipcMemHandle_st {
  char reserved[64];
};
typedef struct CUipcMemHandle_st CUipcMemHandle_v1;
typedef CUipcMemHandle_v1 CUipcMemHandle;
enum CUipcMem_flags_enum {
  CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 1
};
typedef enum CUipcMem_flags_enum CUipcMem_flags;
enum CUmemAttach_flags_enum {
  CU_MEM_ATTACH_GLOBAL = 1,
  CU_MEM_ATTACH_HOST = 2,
  CU_MEM_ATTACH_SINGLE = 4
};
typedef enum CUmemAttach_flags_enum CUmemAttach_flags;
enum CUctx_flags_enum {
  CU_CTX_SCHED_AUTO = 0,
  CU_CTX_SCHED_SPIN = 1,
  CU_CTX_SCHED_YIELD = 2,
  CU_CTX_SCHED_BLOCKING_SYNC = 4,
  CU_CTX_BLOCKING_SYNC = 4,
  CU_CTX_SCHED_MASK = 7,
  CU_CTX_MAP_HOST = 8,
  CU_CTX_LMEM_RESIZE_TO_MAX = 16,
  CU_CTX_COREDUMP_ENABLE = 32,
  CU_CTX_USER_COREDUMP_ENABLE = 64,
  CU_CTX_SYNC_MEMOPS = 128,
  CU_CTX_FLAGS_MASK = 255
};
typedef enum CUctx_flags_enum CUctx_flags;
enum CUevent_sched_flags_enum {
  CU_EVENT_SCHED_AUTO = 0,
  CU_EVENT_SCHED_SPIN = 1,
  CU_EVENT_SCHED_YIELD = 2,
  CU_EVENT_SCHED_BLOCKING_SYNC = 4
};
typedef enum CUevent_sched_flags_enum CUevent_sched_flags;
enum cl_event_flags_enum {
  NVCL_EVENT_SCHED_AUTO = 0,
  NVCL_EVENT_SCHED_SPIN = 1,
  NVCL_EVENT_SCHED_YIELD = 2,
  NVCL_EVENT_SCHED_BLOCKING_SYNC = 4
};
typedef enum cl_event_flags_enum cl_event_flags;
enum cl_context_flags_enum {
  NVCL_CTX_SCHED_AUTO = 0,
  NVCL_CTX_SCHED_SPIN = 1,
  NVCL_CTX_SCHED_YIELD = 2,
  NVCL_CTX_SCHED_BLOCKING_SYNC = 4
};
typedef enum cl_context_flags_enum cl_context_flags;
enum CUstream_flags_enum {
  CU_STREAM_DEFAULT = 0,
  CU_STREAM_NON_BLOCKING = 1
};
typedef enum CUstream_flags_enum CUstream_flags;
enum CUevent_flags_enum {
  CU_EVENT_DEFAULT = 0,
  CU_EVENT_BLOCKING_SYNC = 1,
  CU_EVENT_DISABLE_TIMING = 2,
  CU_EVENT_INTERPROCESS = 4
};
typedef enum CUevent_flags_enum CUevent_flags;
enum CUevent_record_flags_enum {
  CU_EVENT_RECORD_DEFAULT = 0,
  CU_EVENT_RECORD_EXTERNAL = 1
};
typedef enum CUevent_record_flags_enum CUevent_record_flags;
enum CUevent_wait_flags_enum {
  CU_EVENT_WAIT_DEFAULT = 0,
  CU_EVENT_WAIT_EXTERNAL = 1
};
typedef enum CUevent_wait_flags_enum CUevent_wait_flags;
enum CUstreamWaitValue_flags_enum {
  CU_STREAM_WAIT_VALUE_GEQ = 0,
  CU_STREAM_WAIT_VALUE_EQ = 1,
  CU_STREAM_WAIT_VALUE_AND = 2,
  CU_STREAM_WAIT_VALUE_NOR = 3,
  CU_STREAM_WAIT_VALUE_FLUSH = 0x40000000
};
typedef enum CUstreamWaitValue_flags_enum CUstreamWaitValue_flags;
enum CUstreamWriteValue_flags_enum {
  CU_STREAM_WRITE_VALUE_DEFAULT = 0,
  CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER = 1
};
typedef enum CUstreamWriteValue_flags_enum CUstreamWriteValue_flags;
enum CUstreamBatchMemOpType_enum {
  CU_STREAM_MEM_OP_WAIT_VALUE_32 = 1,
  CU_STREAM_MEM_OP_WRITE_VALUE_32 = 2,
  CU_STREAM_MEM_OP_WAIT_VALUE_64 = 4,
  CU_STREAM_MEM_OP_WRITE_VALUE_64 = 5,
  CU_STREAM_MEM_OP_BARRIER = 6,
  CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES = 3
};
typedef enum CUstreamBatchMemOpType_enum CUstreamBatchMemOpType;
enum CUstreamMemoryBarrier_flags_enum {
  CU_STREAM_MEMORY_BARRIER_TYPE_SYS = 0,
  CU_STREAM_MEMORY_BARRIER_TYPE_GPU = 1
};
typedef enum CUstreamMemoryBarrier_flags_enum CUstreamMemoryBarrier_flags;
union CUstreamBatchMemOpParams_union {
  CUstreamBatchMemOpType operation;
  struct CUstreamMemOpWaitValueParams_st {
    CUstreamBatchMemOpType operation;
    CUdeviceptr address;
    union {
      cuuint32_t value;
      cuuint64_t value64;
    };
    unsigned int flags;
    CUdeviceptr alias;
  } waitValue;
  struct CUstreamMemOpWriteValueParams_st {
    CUstreamBatchMemOpType operation;
    CUdeviceptr address;
    union {
      cuuint32_t value;
      cuuint64_t value64;
    };
    unsigned int flags;
    CUdeviceptr alias;
  } writeValue;
  struct CUstreamMemOpFlushRemoteWritesParams_st {
    CUstreamBatchMemOpType operation;
    unsigned int flags;
  } flushRemoteWrites;
  struct CUstreamMemOpMemoryBarrierParams_st {
    CUstreamBatchMemOpType operation;
    unsigned int flags;
  } memoryBarrier;
  cuuint64_t pad[6];
};
typedef union CUstreamBatchMemOpParams_union CUstreamBatchMemOpParams_v1;
typedef CUstreamBatchMemOpParams_v1 CUstreamBatchMemOpParams;
struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v1_st {
  CUcontext ctx;
  unsigned int count;
  CUstreamBatchMemOpParams *paramArray;
  unsigned int flags;
};
typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v1_st CUDA_BATCH_MEM_OP_NODE_PARAMS_v1;
typedef CUDA_BATCH_MEM_OP_NODE_PARAMS_v1 CUDA_BATCH_MEM_OP_NODE_PARAMS;
struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v2_st {
  CUcontext ctx;
  unsigned int count;
  CUstreamBatchMemOpParams *paramArray;
  unsigned int flags;
};
typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v2_st CUDA_BATCH_MEM_OP_NODE_PARAMS_v2;
enum CUoccupancy_flags_enum {
  CU_OCCUPANCY_DEFAULT = 0,
  CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE = 1
};
typedef enum CUoccupancy_flags_enum CUoccupancy_flags;
enum CUstreamUpdateCaptureDependencies_flags_enum {
  CU_STREAM_ADD_CAPTURE_DEPENDENCIES = 0,
  CU_STREAM_SET_CAPTURE_DEPENDENCIES = 1
};
typedef enum CUstreamUpdateCaptureDependencies_flags_enum CUstreamUpdateCaptureDependencies_flags;
enum CUasyncNotificationType_enum {
  CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET = 1
};
typedef enum CUasyncNotificationType_enum CUasyncNotificationType;
struct CUasyncNotificationInfo_st {
  CUasyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
};
typedef struct CUasyncNotificationInfo_st CUasyncNotificationInfo;
typedef void (*CUasyncCallback)(CUasyncNotificationInfo *, void *, CUasyncCallbackHandle);
enum CUarray_format_enum {
  CU_AD_FORMAT_UNSIGNED_INT8 = 1,
  CU_AD_FORMAT_UNSIGNED_INT16 = 2,
  CU_AD_FORMAT_UNSIGNED_INT32 = 3,
  CU_AD_FORMAT_SIGNED_INT8 = 8,
  CU_AD_FORMAT_SIGNED_INT16 = 9,
  CU_AD_FORMAT_SIGNED_INT32 = 10,
  CU_AD_FORMAT_HALF = 16,
  CU_AD_FORMAT_FLOAT = 32,
  CU_AD_FORMAT_NV12 = 176,
  CU_AD_FORMAT_UNORM_INT8X1 = 192,
  CU_AD_FORMAT_UNORM_INT8X2 = 193,
  CU_AD_FORMAT_UNORM_INT8X4 = 194,
  CU_AD_FORMAT_UNORM_INT16X1 = 195,
  CU_AD_FORMAT_UNORM_INT16X2 = 196,
  CU_AD_FORMAT_UNORM_INT16X4 = 197,
  CU_AD_FORMAT_SNORM_INT8X1 = 198,
  CU_AD_FORMAT_SNORM_INT8X2 = 199,
  CU_AD_FORMAT_SNORM_INT8X4 = 200,
  CU_AD_FORMAT_SNORM_INT16X1 = 201,
  CU_AD_FORMAT_SNORM_INT16X2 = 202,
  CU_AD_FORMAT_SNORM_INT16X4 = 203,
  CU_AD_FORMAT_BC1_UNORM = 145,
  CU_AD_FORMAT_BC1_UNORM_SRGB = 146,
  CU_AD_FORMAT_BC2_UNORM = 147,
  CU_AD_FORMAT_BC2_UNORM_SRGB = 148,
  CU_AD_FORMAT_BC3_UNORM = 149,
  CU_AD_FORMAT_BC3_UNORM_SRGB = 150,
  CU_AD_FORMAT_BC4_UNORM = 151,
  CU_AD_FORMAT_BC4_SNORM = 152,
  CU_AD_FORMAT_BC5_UNORM = 153,
  CU_AD_FORMAT_BC5_SNORM = 154,
  CU_AD_FORMAT_BC6H_UF16 = 155,
  CU_AD_FORMAT_BC6H_SF16 = 156,
  CU_AD_FORMAT_BC7_UNORM = 157,
  CU_AD_FORMAT_BC7_UNORM_SRGB = 158,
  CU_AD_FORMAT_P010 = 159,
  CU_AD_FORMAT_P016 = 161,
  CU_AD_FORMAT_NV16 = 162,
  CU_AD_FORMAT_P210 = 163,
  CU_AD_FORMAT_P216 = 164,
  CU_AD_FORMAT_YUY2 = 165,
  CU_AD_FORMAT_Y210 = 166,
  CU_AD_FORMAT_Y216 = 167,
  CU_AD_FORMAT_AYUV = 168,
  CU_AD_FORMAT_Y410 = 169,
  CU_AD_FORMAT_Y416 = 177,
  CU_AD_FORMAT_Y444_PLANAR8 = 178,
  CU_AD_FORMAT_Y444_PLANAR10 = 179,
  CU_AD_FORMAT_YUV444_8bit_SemiPlanar = 180,
  CU_AD_FORMAT_YUV444_16bit_SemiPlanar = 181,
  CU_AD_FORMAT_UNORM_INT_101010_2 = 80,
  CU_AD_FORMAT_MAX = 0x7fffffff
};
typedef enum CUarray_format_enum CUarray_format;
enum CUaddress_mode_enum {
  CU_TR_ADDRESS_MODE_WRAP = 0,
  CU_TR_ADDRESS_MODE_CLAMP = 1,
  CU_TR_ADDRESS_MODE_MIRROR = 2,
  CU_TR_ADDRESS_MODE_BORDER = 3
};
typedef enum CUaddress_mode_enum CUaddress_mode;
enum CUfilter_mode_enum {
  CU_TR_FILTER_MODE_POINT = 0,
  CU_TR_FILTER_MODE_LINEAR = 1
};
typedef enum CUfilter_mode_enum CUfilter_mode;
enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_GPU_OVERLAP = 15,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH = 21,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH = 22,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT = 23,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH = 24,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT = 25,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH = 26,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_NUMSLICES = 29,
  CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT = 30,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_TCC_DRIVER = 35,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
  CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER = 44,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH = 45,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT = 46,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE = 47,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE = 48,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE = 49,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT = 51,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH = 52,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH = 53,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS = 54,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH = 55,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH = 56,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT = 57,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH = 58,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT = 59,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH = 60,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH = 61,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS = 62,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH = 63,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT = 64,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS = 65,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH = 66,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH = 67,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS = 68,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH = 69,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH = 70,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT = 71,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH = 72,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH = 73,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT = 74,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH = 77,
  CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED = 78,
  CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED = 79,
  CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED = 80,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD = 84,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID = 85,
  CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED = 90,
  CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1 = 92,
  CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1 = 93,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1 = 94,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES = 98,
  CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED = 99,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
  CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED = 104,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED = 105,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
  CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 108,
  CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 110,
  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED = 112,
  CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
  CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED = 114,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED = 116,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS = 117,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING = 118,
  CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES = 119,
  CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120,
  CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED = 121,
  CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS = 122,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR = 123,
  CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED = 124,
  CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED = 125,
  CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT = 126,
  CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED = 127,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED = 128,
  CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS = 129,
  CU_DEVICE_ATTRIBUTE_NUMA_CONFIG = 130,
  CU_DEVICE_ATTRIBUTE_NUMA_ID = 131,
  CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED = 132,
  CU_DEVICE_ATTRIBUTE_MPS_ENABLED = 133,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID = 134,
  CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED = 135,
  CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK = 136,
  CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH = 137,
  CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED = 138,
  CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID = 139,
  CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID = 140,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 141,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED = 142,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED = 143,
  CU_DEVICE_ATTRIBUTE_MAX = 144
};
typedef enum CUdevice_attribute_enum CUdevice_attribute;
struct CUdevprop_st {
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int sharedMemPerBlock;
  int totalConstantMemory;
  int SIMDWidth;
  int memPitch;
  int regsPerBlock;
  int clockRate;
  int textureAlign;
};
typedef struct CUdevprop_st CUdevprop_v1;
typedef CUdevprop_v1 CUdevprop;
enum CUpointer_attribute_enum {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
  CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
  CU_POINTER_ATTRIBUTE_P2P_TOKENS = 5,
  CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6,
  CU_POINTER_ATTRIBUTE_BUFFER_ID = 7,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
  CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE = 10,
  CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,
  CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
  CU_POINTER_ATTRIBUTE_MAPPED = 13,
  CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 14,
  CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE = 15,
  CU_POINTER_ATTRIBUTE_ACCESS_FLAGS = 16,
  CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE = 17,
  CU_POINTER_ATTRIBUTE_MAPPING_SIZE = 18,
  CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR = 19,
  CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID = 20,
  CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE = 21
};
typedef enum CUpointer_attribute_enum CUpointer_attribute;
enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET = 10,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH = 11,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT = 12,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH = 13,
  CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14,
  CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 15,
  CU_FUNC_ATTRIBUTE_MAX = 16
};
typedef enum CUfunction_attribute_enum CUfunction_attribute;
enum CUfunc_cache_enum {
  CU_FUNC_CACHE_PREFER_NONE = 0,
  CU_FUNC_CACHE_PREFER_SHARED = 1,
  CU_FUNC_CACHE_PREFER_L1 = 2,
  CU_FUNC_CACHE_PREFER_EQUAL = 3
};
typedef enum CUfunc_cache_enum CUfunc_cache;
enum CUsharedconfig_enum {
  CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE = 0,
  CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 1,
  CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE = 2
};
typedef enum CUsharedconfig_enum CUsharedconfig;
enum CUshared_carveout_enum {
  CU_SHAREDMEM_CARVEOUT_DEFAULT = -1,
  CU_SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  CU_SHAREDMEM_CARVEOUT_MAX_L1 = 0
};
typedef enum CUshared_carveout_enum CUshared_carveout;
enum CUmemorytype_enum {
  CU_MEMORYTYPE_HOST = 1,
  CU_MEMORYTYPE_DEVICE = 2,
  CU_MEMORYTYPE_ARRAY = 3,
  CU_MEMORYTYPE_UNIFIED = 4
};
typedef enum CUmemorytype_enum CUmemorytype;
enum CUcomputemode_enum {
  CU_COMPUTEMODE_DEFAULT = 0,
  CU_COMPUTEMODE_PROHIBITED = 2,
  CU_COMPUTEMODE_EXCLUSIVE_PROCESS = 3
};
typedef enum CUcomputemode_enum CUcomputemode;
enum CUmem_advise_enum {
  CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
  CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
  CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
  CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 4,
  CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
  CU_MEM_ADVISE_UNSET_ACCESSED_BY = 6
};
typedef enum CUmem_advise_enum CUmem_advise;
enum CUmem_range_attribute_enum {
  CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
  CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 4,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE = 5,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID = 6,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE = 7,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID = 8
};
typedef enum CUmem_range_attribute_enum CUmem_range_attribute;
enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8,
  CU_JIT_TARGET = 9,
  CU_JIT_FALLBACK_STRATEGY = 10,
  CU_JIT_GENERATE_DEBUG_INFO = 11,
  CU_JIT_LOG_VERBOSE = 12,
  CU_JIT_GENERATE_LINE_INFO = 13,
  CU_JIT_CACHE_MODE = 14,
  CU_JIT_NEW_SM3X_OPT = 15,
  CU_JIT_FAST_COMPILE = 16,
  CU_JIT_GLOBAL_SYMBOL_NAMES = 17,
  CU_JIT_GLOBAL_SYMBOL_ADDRESSES = 18,
  CU_JIT_GLOBAL_SYMBOL_COUNT = 19,
  CU_JIT_LTO = 20,
  CU_JIT_FTZ = 21,
  CU_JIT_PREC_DIV = 22,
  CU_JIT_PREC_SQRT = 23,
  CU_JIT_FMA = 24,
  CU_JIT_REFERENCED_KERNEL_NAMES = 25,
  CU_JIT_REFERENCED_KERNEL_COUNT = 26,
  CU_JIT_REFERENCED_VARIABLE_NAMES = 27,
  CU_JIT_REFERENCED_VARIABLE_COUNT = 28,
  CU_JIT_OPTIMIZE_UNUSED_DEVICE_VARIABLES = 29,
  CU_JIT_POSITION_INDEPENDENT_CODE = 30,
  CU_JIT_MIN_CTA_PER_SM = 31,
  CU_JIT_MAX_THREADS_PER_BLOCK = 32,
  CU_JIT_OVERRIDE_DIRECTIVE_VALUES = 33,
  CU_JIT_NUM_OPTIONS = 34
};
typedef enum CUjit_option_enum CUjit_option;
enum CUjit_target_enum {
  CU_TARGET_COMPUTE_30 = 30,
  CU_TARGET_COMPUTE_32 = 32,
  CU_TARGET_COMPUTE_35 = 35,
  CU_TARGET_COMPUTE_37 = 37,
  CU_TARGET_COMPUTE_50 = 50,
  CU_TARGET_COMPUTE_52 = 52,
  CU_TARGET_COMPUTE_53 = 53,
  CU_TARGET_COMPUTE_60 = 60,
  CU_TARGET_COMPUTE_61 = 61,
  CU_TARGET_COMPUTE_62 = 62,
  CU_TARGET_COMPUTE_70 = 70,
  CU_TARGET_COMPUTE_72 = 72,
  CU_TARGET_COMPUTE_75 = 75,
  CU_TARGET_COMPUTE_80 = 80,
  CU_TARGET_COMPUTE_86 = 86,
  CU_TARGET_COMPUTE_87 = 87,
  CU_TARGET_COMPUTE_89 = 89,
  CU_TARGET_COMPUTE_90 = 90,
  CU_TARGET_COMPUTE_100 = 100,
  CU_TARGET_COMPUTE_101 = 101,
  CU_TARGET_COMPUTE_103 = 103,
  CU_TARGET_COMPUTE_120 = 120,
  CU_TARGET_COMPUTE_121 = 121,
  CU_TARGET_COMPUTE_90A = 0x1005a,
  CU_TARGET_COMPUTE_100A = 0x10064,
  CU_TARGET_COMPUTE_101A = 0x10065,
  CU_TARGET_COMPUTE_103A = 0x10067,
  CU_TARGET_COMPUTE_120A = 0x10078,
  CU_TARGET_COMPUTE_121A = 0x10079,
  CU_TARGET_COMPUTE_100F = 0x20064,
  CU_TARGET_COMPUTE_101F = 0x20065,
  CU_TARGET_COMPUTE_103F = 0x20067,
  CU_TARGET_COMPUTE_120F = 0x20078,
  CU_TARGET_COMPUTE_121F = 0x20079
};
typedef enum CUjit_target_enum CUjit_target;
enum CUjit_fallback_enum {
  CU_PREFER_PTX = 0,
  CU_PREFER_BINARY = 1
};
typedef enum CUjit_fallback_enum CUjit_fallback;
enum CUjit_cacheMode_enum {
  CU_JIT_CACHE_OPTION_NONE = 0,
  CU_JIT_CACHE_OPTION_CG = 1,
  CU_JIT_CACHE_OPTION_CA = 2
};
typedef enum CUjit_cacheMode_enum CUjit_cacheMode;
enum CUjitInputType_enum {
  CU_JIT_INPUT_CUBIN = 0,
  CU_JIT_INPUT_PTX = 1,
  CU_JIT_INPUT_FATBINARY = 2,
  CU_JIT_INPUT_OBJECT = 3,
  CU_JIT_INPUT_LIBRARY = 4,
  CU_JIT_INPUT_NVVM = 5,
  CU_JIT_NUM_INPUT_TYPES = 6
};
typedef enum CUjitInputType_enum CUjitInputType;
struct CUlinkState_st;
typedef struct CUlinkState_st *CUlinkState;
enum CUgraphicsRegisterFlags_enum {
  CU_GRAPHICS_REGISTER_FLAGS_NONE = 0,
  CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY = 1,
  CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD = 2,
  CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST = 4,
  CU_GRAPHICS_REGISTER_FLAGS_TEXTURE_GATHER = 8
};
typedef enum CUgraphicsRegisterFlags_enum CUgraphicsRegisterFlags;
enum CUgraphicsMapResourceFlags_enum {
  CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE = 0,
  CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY = 1,
  CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD = 2
};
typedef enum CUgraphicsMapResourceFlags_enum CUgraphicsMapResourceFlags;
enum CUarray_cubemap_face_enum {
  CU_CUBEMAP_FACE_POSITIVE_X = 0,
  CU_CUBEMAP_FACE_NEGATIVE_X = 1,
  CU_CUBEMAP_FACE_POSITIVE_Y = 2,
  CU_CUBEMAP_FACE_NEGATIVE_Y = 3,
  CU_CUBEMAP_FACE_POSITIVE_Z = 4,
  CU_CUBEMAP_FACE_NEGATIVE_Z = 5
};
typedef enum CUarray_cubemap_face_enum CUarray_cubemap_face;
enum CUlimit_enum {
  CU_LIMIT_STACK_SIZE = 0,
  CU_LIMIT_PRINTF_FIFO_SIZE = 1,
  CU_LIMIT_MALLOC_HEAP_SIZE = 2,
  CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH = 3,
  CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT = 4,
  CU_LIMIT_MAX_L2_FETCH_GRANULARITY = 5,
  CU_LIMIT_PERSISTING_L2_CACHE_SIZE = 6,
  CU_LIMIT_SHMEM_SIZE = 7,
  CU_LIMIT_CIG_ENABLED = 8,
  CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED = 9,
  CU_LIMIT_MAX = 10
};
typedef enum CUlimit_enum CUlimit;
enum CUresourcetype_enum {
  CU_RESOURCE_TYPE_ARRAY = 0,
  CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 1,
  CU_RESOURCE_TYPE_LINEAR = 2,
  CU_RESOURCE_TYPE_PITCH2D = 3
};
typedef enum CUresourcetype_enum CUresourcetype;
typedef void (*CUhostFn)(void *);
enum CUaccessProperty_enum {
  CU_ACCESS_PROPERTY_NORMAL = 0,
  CU_ACCESS_PROPERTY_STREAMING = 1,
  CU_ACCESS_PROPERTY_PERSISTING = 2
};
typedef enum CUaccessProperty_enum CUaccessProperty;
struct CUaccessPolicyWindow_st {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  CUaccessProperty hitProp;
  CUaccessProperty missProp;
};
typedef struct CUaccessPolicyWindow_st CUaccessPolicyWindow_v1;
typedef CUaccessPolicyWindow_v1 CUaccessPolicyWindow;
struct CUDA_KERNEL_NODE_PARAMS_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
typedef struct CUDA_KERNEL_NODE_PARAMS_st CUDA_KERNEL_NODE_PARAMS_v1;
struct CUDA_KERNEL_NODE_PARAMS_v2_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
  CUkernel kern;
  CUcontext ctx;
};
typedef struct CUDA_KERNEL_NODE_PARAMS_v2_st CUDA_KERNEL_NODE_PARAMS_v2;
typedef CUDA_KERNEL_NODE_PARAMS_v2 CUDA_KERNEL_NODE_PARAMS;
struct CUDA_KERNEL_NODE_PARAMS_v3_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
  CUkernel kern;
  CUcontext ctx;
};
typedef struct CUDA_KERNEL_NODE_PARAMS_v3_st CUDA_KERNEL_NODE_PARAMS_v3;
struct CUDA_MEMSET_NODE_PARAMS_st {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};
typedef struct CUDA_MEMSET_NODE_PARAMS_st CUDA_MEMSET_NODE_PARAMS_v1;
typedef CUDA_MEMSET_NODE_PARAMS_v1 CUDA_MEMSET_NODE_PARAMS;
struct CUDA_MEMSET_NODE_PARAMS_v2_st {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
  CUcontext ctx;
};
typedef struct CUDA_MEMSET_NODE_PARAMS_v2_st CUDA_MEMSET_NODE_PARAMS_v2;
struct CUDA_HOST_NODE_PARAMS_st {
  CUhostFn fn;
  void *userData;
};
typedef struct CUDA_HOST_NODE_PARAMS_st CUDA_HOST_NODE_PARAMS_v1;
typedef CUDA_HOST_NODE_PARAMS_v1 CUDA_HOST_NODE_PARAMS;
struct CUDA_HOST_NODE_PARAMS_v2_st {
  CUhostFn fn;
  void *userData;
};
typedef struct CUDA_HOST_NODE_PARAMS_v2_st CUDA_HOST_NODE_PARAMS_v2;
enum CUgraphConditionalNodeType_enum {
  CU_GRAPH_COND_TYPE_IF = 0,
  CU_GRAPH_COND_TYPE_WHILE = 1,
  CU_GRAPH_COND_TYPE_SWITCH = 2
};
typedef enum CUgraphConditionalNodeType_enum CUgraphConditionalNodeType;
struct CUDA_CONDITIONAL_NODE_PARAMS {
  CUgraphConditionalHandle handle;
  CUgraphConditionalNodeType type;
  unsigned int size;
  CUgraph *phGraph_out;
  CUcontext ctx;
};
typedef struct CUDA_CONDITIONAL_NODE_PARAMS CUDA_CONDITIONAL_NODE_PARAMS;
enum CUgraphNodeType_enum {
  CU_GRAPH_NODE_TYPE_KERNEL = 0,
  CU_GRAPH_NODE_TYPE_MEMCPY = 1,
  CU_GRAPH_NODE_TYPE_MEMSET = 2,
  CU_GRAPH_NODE_TYPE_HOST = 3,
  CU_GRAPH_NODE_TYPE_GRAPH = 4,
  CU_GRAPH_NODE_TYPE_EMPTY = 5,
  CU_GRAPH_NODE_TYPE_WAIT_EVENT = 6,
  CU_GRAPH_NODE_TYPE_EVENT_RECORD = 7,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL = 8,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT = 9,
  CU_GRAPH_NODE_TYPE_MEM_ALLOC = 10,
  CU_GRAPH_NODE_TYPE_MEM_FREE = 11,
  CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12,
  CU_GRAPH_NODE_TYPE_CONDITIONAL = 13
};
typedef enum CUgraphNodeType_enum CUgraphNodeType;
enum CUgraphDependencyType_enum {
  CU_GRAPH_DEPENDENCY_TYPE_DEFAULT = 0,
  CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC = 1
};
typedef enum CUgraphDependencyType_enum CUgraphDependencyType;
struct CUgraphEdgeData_st {
  unsigned char from_port;
  unsigned char to_port;
  unsigned char type;
  unsigned char reserved[5];
};
typedef struct CUgraphEdgeData_st CUgraphEdgeData;
enum CUgraphInstantiateResult_enum {
  CUDA_GRAPH_INSTANTIATE_SUCCESS = 0,
  CUDA_GRAPH_INSTANTIATE_ERROR = 1,
  CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE = 2,
  CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED = 3,
  CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED = 4,
  CUDA_GRAPH_INSTANTIATE_CONDITIONAL_HANDLE_UNUSED = 5
};
typedef enum CUgraphInstantiateResult_enum CUgraphInstantiateResult;
struct CUDA_GRAPH_INSTANTIATE_PARAMS_st {
  cuuint64_t flags;
  CUstream hUploadStream;
  CUgraphNode hErrNode_out;
  CUgraphInstantiateResult result_out;
};
typedef struct CUDA_GRAPH_INSTANTIATE_PARAMS_st CUDA_GRAPH_INSTANTIATE_PARAMS;
enum CUsynchronizationPolicy_enum {
  CU_SYNC_POLICY_AUTO = 1,
  CU_SYNC_POLICY_SPIN = 2,
  CU_SYNC_POLICY_YIELD = 3,
  CU_SYNC_POLICY_BLOCKING_SYNC = 4
};
typedef enum CUsynchronizationPolicy_enum CUsynchronizationPolicy;
enum CUclusterSchedulingPolicy_enum {
  CU_CLUSTER_SCHEDULING_POLICY_DEFAULT = 0,
  CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1,
  CU_CLUSTER_SCHEDULING_POLICY_LOAD_BALANCING = 2
};
typedef enum CUclusterSchedulingPolicy_enum CUclusterSchedulingPolicy;
enum CUlaunchMemSyncDomain_enum {
  CU_LAUNCH_MEM_SYNC_DOMAIN_DEFAULT = 0,
  CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE = 1
};
typedef enum CUlaunchMemSyncDomain_enum CUlaunchMemSyncDomain;
struct CUlaunchMemSyncDomainMap_st {
  unsigned char default_;
  unsigned char remote;
};
typedef struct CUlaunchMemSyncDomainMap_st CUlaunchMemSyncDomainMap;
enum CUlaunchAttributeID_enum {
  CU_LAUNCH_ATTRIBUTE_IGNORE = 0,
  CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
  CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
  CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
  CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
  CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
  CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
  CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7,
  CU_LAUNCH_ATTRIBUTE_PRIORITY = 8,
  CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP = 9,
  CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10,
  CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION = 11,
  CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 12,
  CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE = 13,
  CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 14
};
typedef enum CUlaunchAttributeID_enum CUlaunchAttributeID;
union CUlaunchAttributeValue_union {
  char pad[64];
  CUaccessPolicyWindow accessPolicyWindow;
  int cooperative;
  CUsynchronizationPolicy syncPolicy;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  CUclusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct {
    CUevent event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  struct {
    CUevent event;
    int flags;
  } launchCompletionEvent;
  int priority;
  CUlaunchMemSyncDomainMap memSyncDomainMap;
  CUlaunchMemSyncDomain memSyncDomain;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } preferredClusterDim;
  struct {
    int deviceUpdatable;
    CUgraphDeviceNode devNode;
  } deviceUpdatableKernelNode;
  unsigned int sharedMemCarveout;
};
typedef union CUlaunchAttributeValue_union CUlaunchAttributeValue;
struct CUlaunchAttribute_st {
  CUlaunchAttributeID id;
  char pad[4];
  CUlaunchAttributeValue value;
};
typedef struct CUlaunchAttribute_st CUlaunchAttribute;
struct CUlaunchConfig_st {
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned int numAttrs;
};
typedef struct CUlaunchConfig_st CUlaunchConfig;
typedef CUlaunchAttributeID CUkernelNodeAttrID;
typedef CUlaunchAttributeValue CUkernelNodeAttrValue_v1;
typedef CUkernelNodeAttrValue_v1 CUkernelNodeAttrValue;
enum CUstreamCaptureStatus_enum {
  CU_STREAM_CAPTURE_STATUS_NONE = 0,
  CU_STREAM_CAPTURE_STATUS_ACTIVE = 1,
  CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2
};
typedef enum CUstreamCaptureStatus_enum CUstreamCaptureStatus;
enum CUstreamCaptureMode_enum {
  CU_STREAM_CAPTURE_MODE_GLOBAL = 0,
  CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1,
  CU_STREAM_CAPTURE_MODE_RELAXED = 2
};
typedef enum CUstreamCaptureMode_enum CUstreamCaptureMode;
typedef CUlaunchAttributeID CUstreamAttrID;
typedef CUlaunchAttributeValue CUstreamAttrValue_v1;
typedef CUstreamAttrValue_v1 CUstreamAttrValue;
enum CUdriverProcAddress_flags_enum {
  CU_GET_PROC_ADDRESS_DEFAULT = 0,
  CU_GET_PROC_ADDRESS_LEGACY_STREAM = 1,
  CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM = 2
};
typedef enum CUdriverProcAddress_flags_enum CUdriverProcAddress_flags;
enum CUdriverProcAddressQueryResult_enum {
  CU_GET_PROC_ADDRESS_SUCCESS = 0,
  CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
  CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2
};
typedef enum CUdriverProcAddressQueryResult_enum CUdriverProcAddressQueryResult;
enum CUexecAffinityType_enum {
  CU_EXEC_AFFINITY_TYPE_SM_COUNT = 0,
  CU_EXEC_AFFINITY_TYPE_MAX = 1
};
typedef enum CUexecAffinityType_enum CUexecAffinityType;
struct CUexecAffinitySmCount_st {
  unsigned int val;
};
typedef struct CUexecAffinitySmCount_st CUexecAffinitySmCount_v1;
typedef CUexecAffinitySmCount_v1 CUexecAffinitySmCount;
struct CUexecAffinityParam_st {
  CUexecAffinityType type;
  union {
    CUexecAffinitySmCount smCount;
  } param;
};
typedef struct CUexecAffinityParam_st CUexecAffinityParam_v1;
typedef CUexecAffinityParam_v1 CUexecAffinityParam;
enum CUcigDataType_enum {
  CIG_DATA_TYPE_D3D12_COMMAND_QUEUE = 1,
  CIG_DATA_TYPE_NV_BLOB = 2
};
typedef enum CUcigDataType_enum CUcigDataType;
struct CUctxCigParam_st {
  CUcigDataType sharedDataType;
  void *sharedData;
};
typedef struct CUctxCigParam_st CUctxCigParam;
struct CUctxCreateParams_st {
  CUexecAffinityParam *execAffinityParams;
  int numExecAffinityParams;
  CUctxCigParam *cigParams;
};
typedef struct CUctxCreateParams_st CUctxCreateParams;
enum CUlibraryOption_enum {
  CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE = 0,
  CU_LIBRARY_BINARY_IS_PRESERVED = 1,
  CU_LIBRARY_NUM_OPTIONS = 2
};
typedef enum CUlibraryOption_enum CUlibraryOption;
struct CUlibraryHostUniversalFunctionAndDataTable_st {
  void *functionTable;
  size_t functionWindowSize;
  void *dataTable;
  size_t dataWindowSize;
};
typedef struct CUlibraryHostUniversalFunctionAndDataTable_st CUlibraryHostUniversalFunctionAndDataTable;
enum CUdevice_P2PAttribute_enum {
  CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 1,
  CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 2,
  CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 3,
  CU_DEVICE_P2P_ATTRIBUTE_ACCESS_ACCESS_SUPPORTED = 4,
  CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 4
};
typedef enum CUdevice_P2PAttribute_enum CUdevice_P2PAttribute;
typedef void (*CUstreamCallback)(CUstream, CUresult, void *);
typedef size_t (*CUoccupancyB2DSize)(int);
struct CUDA_MEMCPY2D_st {
  size_t srcXInBytes;
  size_t srcY;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
};
typedef struct CUDA_MEMCPY2D_st CUDA_MEMCPY2D_v2;
typedef CUDA_MEMCPY2D_v2 CUDA_MEMCPY2D;
struct CUDA_MEMCPY3D_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void *reserved0;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void *reserved1;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
};
typedef struct CUDA_MEMCPY3D_st CUDA_MEMCPY3D_v2;
typedef CUDA_MEMCPY3D_v2 CUDA_MEMCPY3D;
struct CUDA_MEMCPY3D_PEER_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  CUcontext srcContext;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  CUcontext dstContext;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
};
typedef struct CUDA_MEMCPY3D_PEER_st CUDA_MEMCPY3D_PEER_v1;
typedef CUDA_MEMCPY3D_PEER_v1 CUDA_MEMCPY3D_PEER;
struct CUDA_MEMCPY_NODE_PARAMS_st {
  int flags;
  int reserved;
  CUcontext copyCtx;
  CUDA_MEMCPY3D copyParams;
};
typedef struct CUDA_MEMCPY_NODE_PARAMS_st CUDA_MEMCPY_NODE_PARAMS;
struct CUDA_ARRAY_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  CUarray_format Format;
  unsigned int NumChannels;
};
typedef struct CUDA_ARRAY_DESCRIPTOR_st CUDA_ARRAY_DESCRIPTOR_v2;
typedef CUDA_ARRAY_DESCRIPTOR_v2 CUDA_ARRAY_DESCRIPTOR;
struct CUDA_ARRAY3D_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  size_t Depth;
  CUarray_format Format;
  unsigned int NumChannels;
  unsigned int Flags;
};
typedef struct CUDA_ARRAY3D_DESCRIPTOR_st CUDA_ARRAY3D_DESCRIPTOR_v2;
typedef CUDA_ARRAY3D_DESCRIPTOR_v2 CUDA_ARRAY3D_DESCRIPTOR;
struct CUDA_ARRAY_SPARSE_PROPERTIES_st {
  struct {
    unsigned int width;
    unsigned int height;
    unsigned int depth;
  } tileExtent;
  unsigned int miptailFirstLevel;
  unsigned long long miptailSize;
  unsigned int flags;
  unsigned int reserved[4];
};
typedef struct CUDA_ARRAY_SPARSE_PROPERTIES_st CUDA_ARRAY_SPARSE_PROPERTIES_v1;
typedef CUDA_ARRAY_SPARSE_PROPERTIES_v1 CUDA_ARRAY_SPARSE_PROPERTIES;
struct CUDA_ARRAY_MEMORY_REQUIREMENTS_st {
  size_t size;
  size_t alignment;
  unsigned int reserved[4];
};
typedef struct CUDA_ARRAY_MEMORY_REQUIREMENTS_st CUDA_ARRAY_MEMORY_REQUIREMENTS_v1;
typedef CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 CUDA_ARRAY_MEMORY_REQUIREMENTS;
struct CUDA_RESOURCE_DESC_st {
  CUresourcetype resType;
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      CUmipmappedArray hMipmappedArray;
    } mipmap;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
};
typedef struct CUDA_RESOURCE_DESC_st CUDA_RESOURCE_DESC_v1;
typedef CUDA_RESOURCE_DESC_v1 CUDA_RESOURCE_DESC;
struct CUDA_TEXTURE_DESC_st {
  CUaddress_mode addressMode[3];
  CUfilter_mode filterMode;
  unsigned int flags;
  unsigned int maxAnisotropy;
  CUfilter_mode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
};
typedef struct CUDA_TEXTURE_DESC_st CUDA_TEXTURE_DESC_v1;
typedef CUDA_TEXTURE_DESC_v1 CUDA_TEXTURE_DESC;
enum CUresourceViewFormat_enum {
  CU_RES_VIEW_FORMAT_NONE = 0,
  CU_RES_VIEW_FORMAT_UINT_1X8 = 1,
  CU_RES_VIEW_FORMAT_UINT_2X8 = 2,
  CU_RES_VIEW_FORMAT_UINT_4X8 = 3,
  CU_RES_VIEW_FORMAT_SINT_1X8 = 4,
  CU_RES_VIEW_FORMAT_SINT_2X8 = 5,
  CU_RES_VIEW_FORMAT_SINT_4X8 = 6,
  CU_RES_VIEW_FORMAT_UINT_1X16 = 7,
  CU_RES_VIEW_FORMAT_UINT_2X16 = 8,
  CU_RES_VIEW_FORMAT_UINT_4X16 = 9,
  CU_RES_VIEW_FORMAT_SINT_1X16 = 10,
  CU_RES_VIEW_FORMAT_SINT_2X16 = 11,
  CU_RES_VIEW_FORMAT_SINT_4X16 = 12,
  CU_RES_VIEW_FORMAT_UINT_1X32 = 13,
  CU_RES_VIEW_FORMAT_UINT_2X32 = 14,
  CU_RES_VIEW_FORMAT_UINT_4X32 = 15,
  CU_RES_VIEW_FORMAT_SINT_1X32 = 16,
  CU_RES_VIEW_FORMAT_SINT_2X32 = 17,
  CU_RES_VIEW_FORMAT_SINT_4X32 = 18,
  CU_RES_VIEW_FORMAT_FLOAT_1X16 = 19,
  CU_RES_VIEW_FORMAT_FLOAT_2X16 = 20,
  CU_RES_VIEW_FORMAT_FLOAT_4X16 = 21,
  CU_RES_VIEW_FORMAT_FLOAT_1X32 = 22,
  CU_RES_VIEW_FORMAT_FLOAT_2X32 = 23,
  CU_RES_VIEW_FORMAT_FLOAT_4X32 = 24,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC1 = 25,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC2 = 26,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC3 = 27,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC4 = 28,
  CU_RES_VIEW_FORMAT_SIGNED_BC4 = 29,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC5 = 30,
  CU_RES_VIEW_FORMAT_SIGNED_BC5 = 31,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC6H = 32,
  CU_RES_VIEW_FORMAT_SIGNED_BC6H = 33,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC7 = 34
};
typedef enum CUresourceViewFormat_enum CUresourceViewFormat;
struct CUDA_RESOURCE_VIEW_DESC_st {
  CUresourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
  unsigned int reserved[16];
};
typedef struct CUDA_RESOURCE_VIEW_DESC_st CUDA_RESOURCE_VIEW_DESC_v1;
typedef CUDA_RESOURCE_VIEW_DESC_v1 CUDA_RESOURCE_VIEW_DESC;
struct CUtensorMap_st {
  alignas(64) cuuint64_t opaque[16];
};
typedef struct CUtensorMap_st CUtensorMap;
enum CUtensorMapDataType_enum {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1,
  CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2,
  CU_TENSOR_MAP_DATA_TYPE_INT32 = 3,
  CU_TENSOR_MAP_DATA_TYPE_UINT64 = 4,
  CU_TENSOR_MAP_DATA_TYPE_INT64 = 5,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT64 = 8,
  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ = 10,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 = 11,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ = 12,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B = 13,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B = 14,
  CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B = 15
};
typedef enum CUtensorMapDataType_enum CUtensorMapDataType;
enum CUtensorMapInterleave_enum {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_INTERLEAVE_16B = 1,
  CU_TENSOR_MAP_INTERLEAVE_32B = 2
};
typedef enum CUtensorMapInterleave_enum CUtensorMapInterleave;
enum CUtensorMapSwizzle_enum {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B = 1,
  CU_TENSOR_MAP_SWIZZLE_64B = 2,
  CU_TENSOR_MAP_SWIZZLE_128B = 3,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B = 4,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B = 5,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B = 6
};
typedef enum CUtensorMapSwizzle_enum CUtensorMapSwizzle;
enum CUtensorMapL2promotion_enum {
  CU_TENSOR_MAP_L2_PROMOTION_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_64B = 1,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3
};
typedef enum CUtensorMapL2promotion_enum CUtensorMapL2promotion;
enum CUtensorMapFloatOOBfill_enum {
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1
};
typedef enum CUtensorMapFloatOOBfill_enum CUtensorMapFloatOOBfill;
enum CUtensorMapIm2ColWideMode_enum {
  CU_TENSOR_MAP_IM2COL_WIDE_MODE_W = 0,
  CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128 = 1
};
typedef enum CUtensorMapIm2ColWideMode_enum CUtensorMapIm2ColWideMode;
struct CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_st {
  unsigned long long p2pToken;
  unsigned int vaSpaceToken;
};
typedef struct CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_st CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_v1;
typedef CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_v1 CUDA_POINTER_ATTRIBUTE_P2P_TOKENS;
enum CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS_enum {
  CU_POINTER_ATTRIBUTE_ACCESS_FLAG_NONE = 0,
  CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READ = 1,
  CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE = 3
};
typedef enum CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS_enum CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS;
struct CUDA_LAUNCH_PARAMS_st {
  CUfunction function;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  void **kernelParams;
};
typedef struct CUDA_LAUNCH_PARAMS_st CUDA_LAUNCH_PARAMS_v1;
typedef CUDA_LAUNCH_PARAMS_v1 CUDA_LAUNCH_PARAMS;
enum CUexternalMemoryHandleType_enum {
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD = 1,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32 = 2,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP = 4,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE = 5,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE = 6,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT = 7,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF = 8
};
typedef enum CUexternalMemoryHandleType_enum CUexternalMemoryHandleType;
struct CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st {
  CUexternalMemoryHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciBufObject;
  } handle;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st CUDA_EXTERNAL_MEMORY_HANDLE_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_HANDLE_DESC_v1 CUDA_EXTERNAL_MEMORY_HANDLE_DESC;
struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st CUDA_EXTERNAL_MEMORY_BUFFER_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_BUFFER_DESC_v1 CUDA_EXTERNAL_MEMORY_BUFFER_DESC;
struct CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_st {
  unsigned long long offset;
  CUDA_ARRAY3D_DESCRIPTOR arrayDesc;
  unsigned int numLevels;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_st CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1 CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC;
enum CUexternalSemaphoreHandleType_enum {
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD = 1,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32 = 2,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE = 4,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE = 5,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC = 6,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX = 7,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT = 8,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD = 9,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32 = 10
};
typedef enum CUexternalSemaphoreHandleType_enum CUexternalSemaphoreHandleType;
struct CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_st {
  CUexternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_st CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_v1 CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC;
struct CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_st CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1 CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS;
struct CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};
typedef struct CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_st CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1 CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS;
struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
  unsigned int numExtSems;
};
typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_st CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 CUDA_EXT_SEM_SIGNAL_NODE_PARAMS;
struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
  unsigned int numExtSems;
};
typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2_st CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2;
struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
  unsigned int numExtSems;
};
typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_st CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 CUDA_EXT_SEM_WAIT_NODE_PARAMS;
struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
  unsigned int numExtSems;
};
typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2_st CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2;
typedef unsigned long long CUmemGenericAllocationHandle_v1;
typedef CUmemGenericAllocationHandle_v1 CUmemGenericAllocationHandle;
enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1,
  CU_MEM_HANDLE_TYPE_WIN32 = 2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 4,
  CU_MEM_HANDLE_TYPE_FABRIC = 8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7fffffff
};
typedef enum CUmemAllocationHandleType_enum CUmemAllocationHandleType;
enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7fffffff
};
typedef enum CUmemAccess_flags_enum CUmemAccess_flags;
enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0,
  CU_MEM_LOCATION_TYPE_DEVICE = 1,
  CU_MEM_LOCATION_TYPE_HOST = 2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7fffffff
};
typedef enum CUmemLocationType_enum CUmemLocationType;
enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 1,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7fffffff
};
typedef enum CUmemAllocationType_enum CUmemAllocationType;
enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1
};
typedef enum CUmemAllocationGranularity_flags_enum CUmemAllocationGranularity_flags;
enum CUmemRangeHandleType_enum {
  CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD = 1,
  CU_MEM_RANGE_HANDLE_TYPE_MAX = 0x7fffffff
};
typedef enum CUmemRangeHandleType_enum CUmemRangeHandleType;
enum CUmemRangeFlags_enum {
  CU_MEM_RANGE_FLAG_DMA_BUF_MAPPING_TYPE_PCIE = 1
};
typedef enum CUmemRangeFlags_enum CUmemRangeFlags;
enum CUarraySparseSubresourceType_enum {
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL = 0,
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL = 1
};
typedef enum CUarraySparseSubresourceType_enum CUarraySparseSubresourceType;
enum CUmemOperationType_enum {
  CU_MEM_OPERATION_TYPE_MAP = 1,
  CU_MEM_OPERATION_TYPE_UNMAP = 2
};
typedef enum CUmemOperationType_enum CUmemOperationType;
enum CUmemHandleType_enum {
  CU_MEM_HANDLE_TYPE_GENERIC = 0
};
typedef enum CUmemHandleType_enum CUmemHandleType;
struct CUarrayMapInfo_st {
  CUresourcetype resourceType;
  union {
    CUmipmappedArray mipmap;
    CUarray array;
  } resource;
  CUarraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  CUmemOperationType memOperationType;
  CUmemHandleType memHandleType;
  union {
    CUmemGenericAllocationHandle memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
};
typedef struct CUarrayMapInfo_st CUarrayMapInfo_v1;
typedef CUarrayMapInfo_v1 CUarrayMapInfo;
struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
};
typedef struct CUmemLocation_st CUmemLocation_v1;
typedef CUmemLocation_v1 CUmemLocation;
enum CUmemAllocationCompType_enum {
  CU_MEM_ALLOCATION_COMP_NONE = 0,
  CU_MEM_ALLOCATION_COMP_GENERIC = 1
};
typedef enum CUmemAllocationCompType_enum CUmemAllocationCompType;
struct CUmemAllocationProp_st {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
};
typedef struct CUmemAllocationProp_st CUmemAllocationProp_v1;
typedef CUmemAllocationProp_v1 CUmemAllocationProp;
enum CUmulticastGranularity_flags_enum {
  CU_MULTICAST_GRANULARITY_MINIMUM = 0,
  CU_MULTICAST_GRANULARITY_RECOMMENDED = 1
};
typedef enum CUmulticastGranularity_flags_enum CUmulticastGranularity_flags;
struct CUmulticastObjectProp_st {
  unsigned int numDevices;
  size_t size;
  unsigned long long handleTypes;
  unsigned long long flags;
};
typedef struct CUmulticastObjectProp_st CUmulticastObjectProp_v1;
typedef CUmulticastObjectProp_v1 CUmulticastObjectProp;
struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
};
typedef struct CUmemAccessDesc_st CUmemAccessDesc_v1;
typedef CUmemAccessDesc_v1 CUmemAccessDesc;
enum CUgraphExecUpdateResult_enum {
  CU_GRAPH_EXEC_UPDATE_SUCCESS = 0,
  CU_GRAPH_EXEC_UPDATE_ERROR = 1,
  CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED = 2,
  CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED = 3,
  CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED = 4,
  CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED = 5,
  CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED = 6,
  CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE = 7,
  CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED = 8
};
typedef enum CUgraphExecUpdateResult_enum CUgraphExecUpdateResult;
struct CUgraphExecUpdateResultInfo_st {
  CUgraphExecUpdateResult result;
  CUgraphNode errorNode;
  CUgraphNode errorFromNode;
};
typedef struct CUgraphExecUpdateResultInfo_st CUgraphExecUpdateResultInfo_v1;
typedef CUgraphExecUpdateResultInfo_v1 CUgraphExecUpdateResultInfo;
enum CUmemPool_attribute_enum {
  CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC = 2,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 3,
  CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4,
  CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5,
  CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH = 6,
  CU_MEMPOOL_ATTR_USED_MEM_CURRENT = 7,
  CU_MEMPOOL_ATTR_USED_MEM_HIGH = 8
};
typedef enum CUmemPool_attribute_enum CUmemPool_attribute;
struct CUmemPoolProps_st {
  CUmemAllocationType allocType;
  CUmemAllocationHandleType handleTypes;
  CUmemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
};
typedef struct CUmemPoolProps_st CUmemPoolProps_v1;
typedef CUmemPoolProps_v1 CUmemPoolProps;
struct CUmemPoolPtrExportData_st {
  unsigned char reserved[64];
};
typedef struct CUmemPoolPtrExportData_st CUmemPoolPtrExportData_v1;
typedef CUmemPoolPtrExportData_v1 CUmemPoolPtrExportData;
enum CUmemcpyFlags_enum {
  CU_MEMCPY_FLAG_DEFAULT = 0,
  CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE = 1
};
typedef enum CUmemcpyFlags_enum CUmemcpyFlags;
enum CUmemcpySrcAccessOrder_enum {
  CU_MEMCPY_SRC_ACCESS_ORDER_INVALID = 0,
  CU_MEMCPY_SRC_ACCESS_ORDER_STREAM = 1,
  CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL = 2,
  CU_MEMCPY_SRC_ACCESS_ORDER_ANY = 3,
  CU_MEMCPY_SRC_ACCESS_ORDER_MAX = 0x7fffffff
};
typedef enum CUmemcpySrcAccessOrder_enum CUmemcpySrcAccessOrder;
struct CUmemcpyAttributes_st {
  CUmemcpySrcAccessOrder srcAccessOrder;
  CUmemLocation srcLocHint;
  CUmemLocation dstLocHint;
  unsigned int flags;
};
typedef struct CUmemcpyAttributes_st CUmemcpyAttributes_v1;
typedef CUmemcpyAttributes_v1 CUmemcpyAttributes;
enum CUmemcpy3DOperandType_enum {
  CU_MEMCPY_OPERAND_TYPE_POINTER = 1,
  CU_MEMCPY_OPERAND_TYPE_ARRAY = 2,
  CU_MEMCPY_OPERAND_TYPE_MAX = 0x7fffffff
};
typedef enum CUmemcpy3DOperandType_enum CUmemcpy3DOperandType;
struct CUoffset3D_st {
  size_t x;
  size_t y;
  size_t z;
};
typedef struct CUoffset3D_st CUoffset3D_v1;
typedef CUoffset3D_v1 CUoffset3D;
struct CUextent3D_st {
  size_t width;
  size_t height;
  size_t depth;
};
typedef struct CUextent3D_st CUextent3D_v1;
typedef CUextent3D_v1 CUextent3D;
struct CUmemcpy3DOperand_st {
  CUmemcpy3DOperandType type;
  union {
    struct {
      CUdeviceptr ptr;
      size_t rowLength;
      size_t layerHeight;
      CUmemLocation locHint;
    } ptr;
    struct {
      CUarray array;
      CUoffset3D offset;
    } array;
  } op;
};
typedef struct CUmemcpy3DOperand_st CUmemcpy3DOperand_v1;
typedef CUmemcpy3DOperand_v1 CUmemcpy3DOperand;
struct CUDA_MEMCPY3D_BATCH_OP_st {
  CUmemcpy3DOperand src;
  CUmemcpy3DOperand dst;
  CUextent3D extent;
  CUmemcpySrcAccessOrder srcAccessOrder;
  unsigned int flags;
};
typedef struct CUDA_MEMCPY3D_BATCH_OP_st CUDA_MEMCPY3D_BATCH_OP_v1;
typedef CUDA_MEMCPY3D_BATCH_OP_v1 CUDA_MEMCPY3D_BATCH_OP;
struct CUDA_MEM_ALLOC_NODE_PARAMS_v1_st {
  CUmemPoolProps poolProps;
  const CUmemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  CUdeviceptr dptr;
};
typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v1_st CUDA_MEM_ALLOC_NODE_PARAMS_v1;
typedef CUDA_MEM_ALLOC_NODE_PARAMS_v1 CUDA_MEM_ALLOC_NODE_PARAMS;
struct CUDA_MEM_ALLOC_NODE_PARAMS_v2_st {
  CUmemPoolProps poolProps;
  const CUmemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  CUdeviceptr dptr;
};
typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v2_st CUDA_MEM_ALLOC_NODE_PARAMS_v2;
struct CUDA_MEM_FREE_NODE_PARAMS_st {
  CUdeviceptr dptr;
};
typedef struct CUDA_MEM_FREE_NODE_PARAMS_st CUDA_MEM_FREE_NODE_PARAMS;
enum CUgraphMem_attribute_enum {
  CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT = 0,
  CU_GRAPH_MEM_ATTR_USED_MEM_HIGH = 1,
  CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT = 2,
  CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH = 3
};
typedef enum CUgraphMem_attribute_enum CUgraphMem_attribute;
enum CUgraphChildGraphNodeOwnership_enum {
  CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE = 0,
  CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE = 1
};
typedef enum CUgraphChildGraphNodeOwnership_enum CUgraphChildGraphNodeOwnership;
struct CUDA_CHILD_GRAPH_NODE_PARAMS_st {
  CUgraph graph;
  CUgraphChildGraphNodeOwnership ownership;
};
typedef struct CUDA_CHILD_GRAPH_NODE_PARAMS_st CUDA_CHILD_GRAPH_NODE_PARAMS;
struct CUDA_EVENT_RECORD_NODE_PARAMS_st {
  CUevent event;
};
typedef struct CUDA_EVENT_RECORD_NODE_PARAMS_st CUDA_EVENT_RECORD_NODE_PARAMS;
struct CUDA_EVENT_WAIT_NODE_PARAMS_st {
  CUevent event;
};
typedef struct CUDA_EVENT_WAIT_NODE_PARAMS_st CUDA_EVENT_WAIT_NODE_PARAMS;
struct CUgraphNodeParams_st {
  CUgraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    CUDA_KERNEL_NODE_PARAMS_v3 kernel;
    CUDA_MEMCPY_NODE_PARAMS memcpy;
    CUDA_MEMSET_NODE_PARAMS_v2 memset;
    CUDA_HOST_NODE_PARAMS_v2 host;
    CUDA_CHILD_GRAPH_NODE_PARAMS graph;
    CUDA_EVENT_WAIT_NODE_PARAMS eventWait;
    CUDA_EVENT_RECORD_NODE_PARAMS eventRecord;
    CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2 extSemSignal;
    CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2 extSemWait;
    CUDA_MEM_ALLOC_NODE_PARAMS_v2 alloc;
    CUDA_MEM_FREE_NODE_PARAMS free;
    CUDA_BATCH_MEM_OP_NODE_PARAMS_v2 memOp;
    CUDA_CONDITIONAL_NODE_PARAMS conditional;
  };
  long long reserved2;
};
typedef struct CUgraphNodeParams_st CUgraphNodeParams;
enum CUflushGPUDirectRDMAWritesOptions_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST = 1,
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_MEMOPS = 2
};
typedef enum CUflushGPUDirectRDMAWritesOptions_enum CUflushGPUDirectRDMAWritesOptions;
enum CUGPUDirectRDMAWritesOrdering_enum {
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_NONE = 0,
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_OWNER = 100,
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_ALL_DEVICES = 200
};
typedef enum CUGPUDirectRDMAWritesOrdering_enum CUGPUDirectRDMAWritesOrdering;
enum CUflushGPUDirectRDMAWritesScope_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER = 100,
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES = 200
};
typedef enum CUflushGPUDirectRDMAWritesScope_enum CUflushGPUDirectRDMAWritesScope;
enum CUflushGPUDirectRDMAWritesTarget_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX = 0
};
typedef enum CUflushGPUDirectRDMAWritesTarget_enum CUflushGPUDirectRDMAWritesTarget;
enum CUgraphDebugDot_flags_enum {
  CU_GRAPH_DEBUG_DOT_FLAGS_VERBOSE = 1,
  CU_GRAPH_DEBUG_DOT_FLAGS_RUNTIME_TYPES = 2,
  CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_PARAMS = 4,
  CU_GRAPH_DEBUG_DOT_FLAGS_MEMCPY_NODE_PARAMS = 8,
  CU_GRAPH_DEBUG_DOT_FLAGS_MEMSET_NODE_PARAMS = 16,
  CU_GRAPH_DEBUG_DOT_FLAGS_HOST_NODE_PARAMS = 32,
  CU_GRAPH_DEBUG_DOT_FLAGS_EVENT_NODE_PARAMS = 64,
  CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_SIGNAL_NODE_PARAMS = 128,
  CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_WAIT_NODE_PARAMS = 256,
  CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_ATTRIBUTES = 512,
  CU_GRAPH_DEBUG_DOT_FLAGS_HANDLES = 1024,
  CU_GRAPH_DEBUG_DOT_FLAGS_MEM_ALLOC_NODE_PARAMS = 2048,
  CU_GRAPH_DEBUG_DOT_FLAGS_MEM_FREE_NODE_PARAMS = 0x1000,
  CU_GRAPH_DEBUG_DOT_FLAGS_BATCH_MEM_OP_NODE_PARAMS = 0x2000,
  CU_GRAPH_DEBUG_DOT_FLAGS_EXTRA_TOPO_INFO = 0x4000,
  CU_GRAPH_DEBUG_DOT_FLAGS_CONDITIONAL_NODE_PARAMS = 0x8000
};
typedef enum CUgraphDebugDot_flags_enum CUgraphDebugDot_flags;
enum CUuserObject_flags_enum {
  CU_USER_OBJECT_NO_DESTRUCTOR_SYNC = 1
};
typedef enum CUuserObject_flags_enum CUuserObject_flags;
enum CUuserObjectRetain_flags_enum {
  CU_GRAPH_USER_OBJECT_MOVE = 1
};
typedef enum CUuserObjectRetain_flags_enum CUuserObjectRetain_flags;
enum CUgraphInstantiate_flags_enum {
  CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH = 1,
  CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD = 2,
  CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH = 4,
  CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY = 8
};
typedef enum CUgraphInstantiate_flags_enum CUgraphInstantiate_flags;
enum CUdeviceNumaConfig_enum {
  CU_DEVICE_NUMA_CONFIG_NONE = 0,
  CU_DEVICE_NUMA_CONFIG_NUMA_NODE = 1
};
typedef enum CUdeviceNumaConfig_enum CUdeviceNumaConfig;
enum CUprocessState_enum {
  CU_PROCESS_STATE_RUNNING = 0,
  CU_PROCESS_STATE_LOCKED = 1,
  CU_PROCESS_STATE_CHECKPOINTED = 2,
  CU_PROCESS_STATE_FAILED = 3
};
typedef enum CUprocessState_enum CUprocessState;
struct CUcheckpointLockArgs_st {
  unsigned int timeoutMs;
  unsigned int reserved0;
  cuuint64_t reserved1[7];
};
typedef struct CUcheckpointLockArgs_st CUcheckpointLockArgs;
struct CUcheckpointCheckpointArgs_st {
  cuuint64_t reserved[8];
};
typedef struct CUcheckpointCheckpointArgs_st CUcheckpointCheckpointArgs;
struct CUcheckpointRestoreArgs_st {
  cuuint64_t reserved[8];
};
typedef struct CUcheckpointRestoreArgs_st CUcheckpointRestoreArgs;
struct CUcheckpointUnlockArgs_st {
  cuuint64_t reserved[8];
};
typedef struct CUcheckpointUnlockArgs_st CUcheckpointUnlockArgs;
enum CUmoduleLoadingMode_enum {
  CU_MODULE_EAGER_LOADING = 1,
  CU_MODULE_LAZY_LOADING = 2
};
typedef enum CUmoduleLoadingMode_enum CUmoduleLoadingMode;
enum CUmemDecompressAlgorithm_enum {
  CU_MEM_DECOMPRESS_UNSUPPORTED = 0,
  CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE = 1,
  CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY = 2,
  CU_MEM_DECOMPRESS_ALGORITHM_LZ4 = 4
};
typedef enum CUmemDecompressAlgorithm_enum CUmemDecompressAlgorithm;
struct CUmemDecompressParams_st {
  size_t srcNumBytes;
  size_t dstNumBytes;
  cuuint32_t *dstActBytes;
  const void *src;
  void *dst;
  CUmemDecompressAlgorithm algo;
  unsigned char padding[20];
};
typedef struct CUmemDecompressParams_st CUmemDecompressParams;
enum CUfunctionLoadingState_enum {
  CU_FUNCTION_LOADING_STATE_UNLOADED = 0,
  CU_FUNCTION_LOADING_STATE_LOADED = 1,
  CU_FUNCTION_LOADING_STATE_MAX = 2
};
typedef enum CUfunctionLoadingState_enum CUfunctionLoadingState;
enum CUcoredumpSettings_enum {
  CU_COREDUMP_ENABLE_ON_EXCEPTION = 1,
  CU_COREDUMP_TRIGGER_HOST = 2,
  CU_COREDUMP_LIGHTWEIGHT = 3,
  CU_COREDUMP_ENABLE_USER_TRIGGER = 4,
  CU_COREDUMP_FILE = 5,
  CU_COREDUMP_PIPE = 6,
  CU_COREDUMP_GENERATION_FLAGS = 7,
  CU_COREDUMP_MAX = 8
};
typedef enum CUcoredumpSettings_enum CUcoredumpSettings;
enum CUCoredumpGenerationFlags {
  CU_COREDUMP_DEFAULT_FLAGS = 0,
  CU_COREDUMP_SKIP_NONRELOCATED_ELF_IMAGES = 1,
  CU_COREDUMP_SKIP_GLOBAL_MEMORY = 2,
  CU_COREDUMP_SKIP_SHARED_MEMORY = 4,
  CU_COREDUMP_SKIP_LOCAL_MEMORY = 8,
  CU_COREDUMP_SKIP_ABORT = 16,
  CU_COREDUMP_SKIP_CONSTBANK_MEMORY = 32,
  CU_COREDUMP_LIGHTWEIGHT_FLAGS = 47
};
typedef enum CUCoredumpGenerationFlags CUCoredumpGenerationFlags;
struct CUdevResourceDesc_st;
typedef struct CUdevResourceDesc_st *CUdevResourceDesc;
typedef enum {
  CU_GREEN_CTX_DEFAULT_STREAM = 1
} CUgreenCtxCreate_flags;
typedef enum {
  CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING = 1,
  CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE = 2
} CUdevSmResourceSplit_flags;
typedef enum {
  CU_DEV_RESOURCE_TYPE_INVALID = 0,
  CU_DEV_RESOURCE_TYPE_SM = 1
} CUdevResourceType;
struct CUdevSmResource_st {
  unsigned int smCount;
};
typedef struct CUdevSmResource_st CUdevSmResource;
struct CUdevResource_st {
  CUdevResourceType type;
  unsigned char _internal_padding[92];
  union {
    CUdevSmResource sm;
    unsigned char _oversize[48];
  };
};
typedef struct CUdevResource_st CUdevResource_v1;
typedef CUdevResource_v1 CUdevResource;
enum CUlogLevel_enum {
  CU_LOG_LEVEL_ERROR = 0,
  CU_LOG_LEVEL_WARNING = 1
};
typedef enum CUlogLevel_enum CUlogLevel;
struct CUlogsCallbackEntry_st;
typedef struct CUlogsCallbackEntry_st *CUlogsCallbackHandle;
typedef void (*CUlogsCallback)(void *, CUlogLevel, char *, size_t);
typedef unsigned int CUlogIterator;
}

/* ------------------------------------------------------------------------
 * Functions, in the order of cuda.h (host only, as in the real header).
 * ---------------------------------------------------------------------- */
extern "C" {
CUresult cuGetErrorName(CUresult __error, const char **__pStr);
CUresult cuDeviceGetUuid(CUuuid *__uuid, CUdevice __dev);
CUresult cuDeviceGetUuid_v2(CUuuid *__uuid, CUdevice __dev);
CUresult cuDeviceGetLuid(char *__luid, unsigned int *__deviceNodeMask, CUdevice __dev);
CUresult cuDeviceTotalMem_v2(size_t *__bytes, CUdevice __dev);
CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *__maxWidthInElements, CUarray_format __format, unsigned int __numChannels, CUdevice __dev);
CUresult cuDeviceGetAttribute(int *__pi, CUdevice_attribute __attrib, CUdevice __dev);
CUresult cuDeviceGetNvSciSyncAttributes(void *__nvSciSyncAttrList, CUdevice __dev, int __flags);
CUresult cuDeviceSetMemPool(CUdevice __dev, CUmemoryPool __pool);
CUresult cuDeviceGetMemPool(CUmemoryPool *__pool, CUdevice __dev);
CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *__pool_out, CUdevice __dev);
CUresult cuDeviceGetExecAffinitySupport(int *__pi, CUexecAffinityType __type, CUdevice __dev);
CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget __target, CUflushGPUDirectRDMAWritesScope __scope);
CUresult cuDeviceGetProperties(CUdevprop *__prop, CUdevice __dev);
CUresult cuDeviceComputeCapability(int *__major, int *__minor, CUdevice __dev);
CUresult cuDevicePrimaryCtxRetain(CUcontext *__pctx, CUdevice __dev);
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice __dev);
CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice __dev, unsigned int __flags);
CUresult cuDevicePrimaryCtxGetState(CUdevice __dev, unsigned int *__flags, int *__active);
CUresult cuDevicePrimaryCtxReset_v2(CUdevice __dev);
CUresult cuCtxCreate_v2(CUcontext *__pctx, unsigned int __flags, CUdevice __dev);
CUresult cuCtxCreate_v3(CUcontext *__pctx, CUexecAffinityParam *__paramsArray, int __numParams, unsigned int __flags, CUdevice __dev);
CUresult cuCtxCreate_v4(CUcontext *__pctx, CUctxCreateParams *__ctxCreateParams, unsigned int __flags, CUdevice __dev);
CUresult cuCtxDestroy_v2(CUcontext __ctx);
CUresult cuCtxPushCurrent_v2(CUcontext __ctx);
CUresult cuCtxPopCurrent_v2(CUcontext *__pctx);
CUresult cuCtxSetCurrent(CUcontext __ctx);
CUresult cuCtxGetCurrent(CUcontext *__pctx);
CUresult cuCtxGetDevice(CUdevice *__device);
CUresult cuCtxGetFlags(unsigned int *__flags);
CUresult cuCtxSetFlags(unsigned int __flags);
CUresult cuCtxGetId(CUcontext __ctx, unsigned long long *__ctxId);
CUresult cuCtxSetLimit(CUlimit __limit, size_t __value);
CUresult cuCtxGetLimit(size_t *__pvalue, CUlimit __limit);
CUresult cuCtxGetCacheConfig(CUfunc_cache *__pconfig);
CUresult cuCtxSetCacheConfig(CUfunc_cache __config);
CUresult cuCtxGetApiVersion(CUcontext __ctx, unsigned int *__version);
CUresult cuCtxGetStreamPriorityRange(int *__leastPriority, int *__greatestPriority);
CUresult cuCtxResetPersistingL2Cache(void);
CUresult cuCtxGetExecAffinity(CUexecAffinityParam *__pExecAffinity, CUexecAffinityType __type);
CUresult cuCtxRecordEvent(CUcontext __hCtx, CUevent __hEvent);
CUresult cuCtxWaitEvent(CUcontext __hCtx, CUevent __hEvent);
CUresult cuCtxAttach(CUcontext *__pctx, unsigned int __flags);
CUresult cuCtxDetach(CUcontext __ctx);
CUresult cuCtxGetSharedMemConfig(CUsharedconfig *__pConfig);
CUresult cuCtxSetSharedMemConfig(CUsharedconfig __config);
CUresult cuModuleLoad(CUmodule *__module, const char *__fname);
CUresult cuModuleLoadData(CUmodule *__module, const void *__image);
CUresult cuModuleLoadDataEx(CUmodule *__module, const void *__image, unsigned int __numOptions, CUjit_option *__options, void **__optionValues);
CUresult cuModuleLoadFatBinary(CUmodule *__module, const void *__fatCubin);
CUresult cuModuleUnload(CUmodule __hmod);
CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *__mode);
CUresult cuModuleGetFunction(CUfunction *__hfunc, CUmodule __hmod, const char *__name);
CUresult cuModuleGetFunctionCount(unsigned int *__count, CUmodule __mod);
CUresult cuModuleEnumerateFunctions(CUfunction *__functions, unsigned int __numFunctions, CUmodule __mod);
CUresult cuModuleGetGlobal_v2(CUdeviceptr *__dptr, size_t *__bytes, CUmodule __hmod, const char *__name);
CUresult cuLinkCreate_v2(unsigned int __numOptions, CUjit_option *__options, void **__optionValues, CUlinkState *__stateOut);
CUresult cuLinkAddData_v2(CUlinkState __state, CUjitInputType __type, void *__data, size_t __size, const char *__name, unsigned int __numOptions, CUjit_option *__options, void **__optionValues);
CUresult cuLinkAddFile_v2(CUlinkState __state, CUjitInputType __type, const char *__path, unsigned int __numOptions, CUjit_option *__options, void **__optionValues);
CUresult cuLinkComplete(CUlinkState __state, void **__cubinOut, size_t *__sizeOut);
CUresult cuLinkDestroy(CUlinkState __state);
CUresult cuModuleGetTexRef(CUtexref *__pTexRef, CUmodule __hmod, const char *__name);
CUresult cuModuleGetSurfRef(CUsurfref *__pSurfRef, CUmodule __hmod, const char *__name);
CUresult cuLibraryLoadData(CUlibrary *__library, const void *__code, CUjit_option *__jitOptions, void **__jitOptionsValues, unsigned int __numJitOptions, CUlibraryOption *__libraryOptions, void **__libraryOptionValues, unsigned int __numLibraryOptions);
CUresult cuLibraryLoadFromFile(CUlibrary *__library, const char *__fileName, CUjit_option *__jitOptions, void **__jitOptionsValues, unsigned int __numJitOptions, CUlibraryOption *__libraryOptions, void **__libraryOptionValues, unsigned int __numLibraryOptions);
CUresult cuLibraryUnload(CUlibrary __library);
CUresult cuLibraryGetKernel(CUkernel *__pKernel, CUlibrary __library, const char *__name);
CUresult cuLibraryGetKernelCount(unsigned int *__count, CUlibrary __lib);
CUresult cuLibraryEnumerateKernels(CUkernel *__kernels, unsigned int __numKernels, CUlibrary __lib);
CUresult cuLibraryGetModule(CUmodule *__pMod, CUlibrary __library);
CUresult cuKernelGetFunction(CUfunction *__pFunc, CUkernel __kernel);
CUresult cuKernelGetLibrary(CUlibrary *__pLib, CUkernel __kernel);
CUresult cuLibraryGetGlobal(CUdeviceptr *__dptr, size_t *__bytes, CUlibrary __library, const char *__name);
CUresult cuLibraryGetManaged(CUdeviceptr *__dptr, size_t *__bytes, CUlibrary __library, const char *__name);
CUresult cuLibraryGetUnifiedFunction(void **__fptr, CUlibrary __library, const char *__symbol);
CUresult cuKernelGetAttribute(int *__pi, CUfunction_attribute __attrib, CUkernel __kernel, CUdevice __dev);
CUresult cuKernelSetAttribute(CUfunction_attribute __attrib, int __val, CUkernel __kernel, CUdevice __dev);
CUresult cuKernelSetCacheConfig(CUkernel __kernel, CUfunc_cache __config, CUdevice __dev);
CUresult cuKernelGetName(const char **__name, CUkernel __hfunc);
CUresult cuKernelGetParamInfo(CUkernel __kernel, size_t __paramIndex, size_t *__paramOffset, size_t *__paramSize);
CUresult cuMemGetInfo_v2(size_t *__free, size_t *__total);
CUresult cuMemAlloc_v2(CUdeviceptr *__dptr, size_t __bytesize);
CUresult cuMemAllocPitch_v2(CUdeviceptr *__dptr, size_t *__pPitch, size_t __WidthInBytes, size_t __Height, unsigned int __ElementSizeBytes);
CUresult cuMemFree_v2(CUdeviceptr __dptr);
CUresult cuMemGetAddressRange_v2(CUdeviceptr *__pbase, size_t *__psize, CUdeviceptr __dptr);
CUresult cuMemAllocHost_v2(void **__pp, size_t __bytesize);
CUresult cuMemFreeHost(void *__p);
CUresult cuMemHostAlloc(void **__pp, size_t __bytesize, unsigned int __Flags);
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *__pdptr, void *__p, unsigned int __Flags);
CUresult cuMemHostGetFlags(unsigned int *__pFlags, void *__p);
CUresult cuMemAllocManaged(CUdeviceptr *__dptr, size_t __bytesize, unsigned int __flags);
CUresult cuDeviceRegisterAsyncNotification(CUdevice __device, CUasyncCallback __callbackFunc, void *__userData, CUasyncCallbackHandle *__callback);
CUresult cuDeviceUnregisterAsyncNotification(CUdevice __device, CUasyncCallbackHandle __callback);
CUresult cuDeviceGetByPCIBusId(CUdevice *__dev, const char *__pciBusId);
CUresult cuDeviceGetPCIBusId(char *__pciBusId, int __len, CUdevice __dev);
CUresult cuIpcGetEventHandle(CUipcEventHandle *__pHandle, CUevent __event);
CUresult cuIpcOpenEventHandle(CUevent *__phEvent, CUipcEventHandle __handle);
CUresult cuIpcGetMemHandle(CUipcMemHandle *__pHandle, CUdeviceptr __dptr);
CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *__pdptr, CUipcMemHandle __handle, unsigned int __Flags);
CUresult cuIpcCloseMemHandle(CUdeviceptr __dptr);
CUresult cuMemHostRegister_v2(void *__p, size_t __bytesize, unsigned int __Flags);
CUresult cuMemHostUnregister(void *__p);
CUresult cuMemcpy(CUdeviceptr __dst, CUdeviceptr __src, size_t __ByteCount);
CUresult cuMemcpyPeer(CUdeviceptr __dstDevice, CUcontext __dstContext, CUdeviceptr __srcDevice, CUcontext __srcContext, size_t __ByteCount);
CUresult cuMemcpyHtoD_v2(CUdeviceptr __dstDevice, const void *__srcHost, size_t __ByteCount);
CUresult cuMemcpyDtoH_v2(void *__dstHost, CUdeviceptr __srcDevice, size_t __ByteCount);
CUresult cuMemcpyDtoD_v2(CUdeviceptr __dstDevice, CUdeviceptr __srcDevice, size_t __ByteCount);
CUresult cuMemcpyDtoA_v2(CUarray __dstArray, size_t __dstOffset, CUdeviceptr __srcDevice, size_t __ByteCount);
CUresult cuMemcpyAtoD_v2(CUdeviceptr __dstDevice, CUarray __srcArray, size_t __srcOffset, size_t __ByteCount);
CUresult cuMemcpyHtoA_v2(CUarray __dstArray, size_t __dstOffset, const void *__srcHost, size_t __ByteCount);
CUresult cuMemcpyAtoH_v2(void *__dstHost, CUarray __srcArray, size_t __srcOffset, size_t __ByteCount);
CUresult cuMemcpyAtoA_v2(CUarray __dstArray, size_t __dstOffset, CUarray __srcArray, size_t __srcOffset, size_t __ByteCount);
CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *__pCopy);
CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *__pCopy);
CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *__pCopy);
CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *__pCopy);
CUresult cuMemcpyAsync(CUdeviceptr __dst, CUdeviceptr __src, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyPeerAsync(CUdeviceptr __dstDevice, CUcontext __dstContext, CUdeviceptr __srcDevice, CUcontext __srcContext, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr __dstDevice, const void *__srcHost, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyDtoHAsync_v2(void *__dstHost, CUdeviceptr __srcDevice, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr __dstDevice, CUdeviceptr __srcDevice, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyHtoAAsync_v2(CUarray __dstArray, size_t __dstOffset, const void *__srcHost, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpyAtoHAsync_v2(void *__dstHost, CUarray __srcArray, size_t __srcOffset, size_t __ByteCount, CUstream __hStream);
CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *__pCopy, CUstream __hStream);
CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *__pCopy, CUstream __hStream);
CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *__pCopy, CUstream __hStream);
CUresult cuMemcpyBatchAsync(CUdeviceptr *__dsts, CUdeviceptr *__srcs, size_t *__sizes, size_t __count, CUmemcpyAttributes *__attrs, size_t *__attrsIdxs, size_t __numAttrs, size_t *__failIdx, CUstream __hStream);
CUresult cuMemcpy3DBatchAsync(size_t __numOps, CUDA_MEMCPY3D_BATCH_OP *__opList, size_t *__failIdx, unsigned long long __flags, CUstream __hStream);
CUresult cuMemsetD8_v2(CUdeviceptr __dstDevice, unsigned char __uc, size_t __n);
CUresult cuMemsetD16_v2(CUdeviceptr __dstDevice, unsigned short __us, size_t __n);
CUresult cuMemsetD32_v2(CUdeviceptr __dstDevice, unsigned int __ui, size_t __n);
CUresult cuMemsetD2D8_v2(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned char __uc, size_t __Width, size_t __Height);
CUresult cuMemsetD2D16_v2(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned short __us, size_t __Width, size_t __Height);
CUresult cuMemsetD2D32_v2(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned int __ui, size_t __Width, size_t __Height);
CUresult cuMemsetD8Async(CUdeviceptr __dstDevice, unsigned char __uc, size_t __n, CUstream __hStream);
CUresult cuMemsetD16Async(CUdeviceptr __dstDevice, unsigned short __us, size_t __n, CUstream __hStream);
CUresult cuMemsetD32Async(CUdeviceptr __dstDevice, unsigned int __ui, size_t __n, CUstream __hStream);
CUresult cuMemsetD2D8Async(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned char __uc, size_t __Width, size_t __Height, CUstream __hStream);
CUresult cuMemsetD2D16Async(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned short __us, size_t __Width, size_t __Height, CUstream __hStream);
CUresult cuMemsetD2D32Async(CUdeviceptr __dstDevice, size_t __dstPitch, unsigned int __ui, size_t __Width, size_t __Height, CUstream __hStream);
CUresult cuArrayCreate_v2(CUarray *__pHandle, const CUDA_ARRAY_DESCRIPTOR *__pAllocateArray);
CUresult cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *__pArrayDescriptor, CUarray __hArray);
CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *__sparseProperties, CUarray __array);
CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *__sparseProperties, CUmipmappedArray __mipmap);
CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *__memoryRequirements, CUarray __array, CUdevice __device);
CUresult cuMipmappedArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *__memoryRequirements, CUmipmappedArray __mipmap, CUdevice __device);
CUresult cuArrayGetPlane(CUarray *__pPlaneArray, CUarray __hArray, unsigned int __planeIdx);
CUresult cuArrayDestroy(CUarray __hArray);
CUresult cuArray3DCreate_v2(CUarray *__pHandle, const CUDA_ARRAY3D_DESCRIPTOR *__pAllocateArray);
CUresult cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *__pArrayDescriptor, CUarray __hArray);
CUresult cuMipmappedArrayCreate(CUmipmappedArray *__pHandle, const CUDA_ARRAY3D_DESCRIPTOR *__pMipmappedArrayDesc, unsigned int __numMipmapLevels);
CUresult cuMipmappedArrayGetLevel(CUarray *__pLevelArray, CUmipmappedArray __hMipmappedArray, unsigned int __level);
CUresult cuMipmappedArrayDestroy(CUmipmappedArray __hMipmappedArray);
CUresult cuMemGetHandleForAddressRange(void *__handle, CUdeviceptr __dptr, size_t __size, CUmemRangeHandleType __handleType, unsigned long long __flags);
CUresult cuMemBatchDecompressAsync(CUmemDecompressParams *__paramsArray, size_t __count, unsigned int __flags, size_t *__errorIndex, CUstream __stream);
CUresult cuMemAddressReserve(CUdeviceptr *__ptr, size_t __size, size_t __alignment, CUdeviceptr __addr, unsigned long long __flags);
CUresult cuMemAddressFree(CUdeviceptr __ptr, size_t __size);
CUresult cuMemCreate(CUmemGenericAllocationHandle *__handle, size_t __size, const CUmemAllocationProp *__prop, unsigned long long __flags);
CUresult cuMemRelease(CUmemGenericAllocationHandle __handle);
CUresult cuMemMap(CUdeviceptr __ptr, size_t __size, size_t __offset, CUmemGenericAllocationHandle __handle, unsigned long long __flags);
CUresult cuMemMapArrayAsync(CUarrayMapInfo *__mapInfoList, unsigned int __count, CUstream __hStream);
CUresult cuMemUnmap(CUdeviceptr __ptr, size_t __size);
CUresult cuMemSetAccess(CUdeviceptr __ptr, size_t __size, const CUmemAccessDesc *__desc, size_t __count);
CUresult cuMemGetAccess(unsigned long long *__flags, const CUmemLocation *__location, CUdeviceptr __ptr);
CUresult cuMemExportToShareableHandle(void *__shareableHandle, CUmemGenericAllocationHandle __handle, CUmemAllocationHandleType __handleType, unsigned long long __flags);
CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *__handle, void *__osHandle, CUmemAllocationHandleType __shHandleType);
CUresult cuMemGetAllocationGranularity(size_t *__granularity, const CUmemAllocationProp *__prop, CUmemAllocationGranularity_flags __option);
CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *__prop, CUmemGenericAllocationHandle __handle);
CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *__handle, void *__addr);
CUresult cuMemFreeAsync(CUdeviceptr __dptr, CUstream __hStream);
CUresult cuMemAllocAsync(CUdeviceptr *__dptr, size_t __bytesize, CUstream __hStream);
CUresult cuMemPoolTrimTo(CUmemoryPool __pool, size_t __minBytesToKeep);
CUresult cuMemPoolSetAttribute(CUmemoryPool __pool, CUmemPool_attribute __attr, void *__value);
CUresult cuMemPoolGetAttribute(CUmemoryPool __pool, CUmemPool_attribute __attr, void *__value);
CUresult cuMemPoolSetAccess(CUmemoryPool __pool, const CUmemAccessDesc *__map, size_t __count);
CUresult cuMemPoolGetAccess(CUmemAccess_flags *__flags, CUmemoryPool __memPool, CUmemLocation *__location);
CUresult cuMemPoolCreate(CUmemoryPool *__pool, const CUmemPoolProps *__poolProps);
CUresult cuMemPoolDestroy(CUmemoryPool __pool);
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *__dptr, size_t __bytesize, CUmemoryPool __pool, CUstream __hStream);
CUresult cuMemPoolExportToShareableHandle(void *__handle_out, CUmemoryPool __pool, CUmemAllocationHandleType __handleType, unsigned long long __flags);
CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *__pool_out, void *__handle, CUmemAllocationHandleType __handleType, unsigned long long __flags);
CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *__shareData_out, CUdeviceptr __ptr);
CUresult cuMemPoolImportPointer(CUdeviceptr *__ptr_out, CUmemoryPool __pool, CUmemPoolPtrExportData *__shareData);
CUresult cuMulticastCreate(CUmemGenericAllocationHandle *__mcHandle, const CUmulticastObjectProp *__prop);
CUresult cuMulticastAddDevice(CUmemGenericAllocationHandle __mcHandle, CUdevice __dev);
CUresult cuMulticastBindMem(CUmemGenericAllocationHandle __mcHandle, size_t __mcOffset, CUmemGenericAllocationHandle __memHandle, size_t __memOffset, size_t __size, unsigned long long __flags);
CUresult cuMulticastBindAddr(CUmemGenericAllocationHandle __mcHandle, size_t __mcOffset, CUdeviceptr __memptr, size_t __size, unsigned long long __flags);
CUresult cuMulticastUnbind(CUmemGenericAllocationHandle __mcHandle, CUdevice __dev, size_t __mcOffset, size_t __size);
CUresult cuMulticastGetGranularity(size_t *__granularity, const CUmulticastObjectProp *__prop, CUmulticastGranularity_flags __option);
CUresult cuPointerGetAttribute(void *__data, CUpointer_attribute __attrib, CUdeviceptr __ptr);
CUresult cuMemPrefetchAsync(CUdeviceptr __devPtr, size_t __count, CUdevice __dstDevice, CUstream __hStream);
CUresult cuMemPrefetchAsync_v2(CUdeviceptr __devPtr, size_t __count, CUmemLocation __location, unsigned int __flags, CUstream __hStream);
CUresult cuMemAdvise(CUdeviceptr __devPtr, size_t __count, CUmem_advise __advice, CUdevice __device);
CUresult cuMemAdvise_v2(CUdeviceptr __devPtr, size_t __count, CUmem_advise __advice, CUmemLocation __location);
CUresult cuMemRangeGetAttribute(void *__data, size_t __dataSize, CUmem_range_attribute __attrib, CUdeviceptr __devPtr, size_t __count);
CUresult cuMemRangeGetAttributes(void **__data, size_t *__dataSizes, CUmem_range_attribute *__attributes, size_t __numAttributes, CUdeviceptr __devPtr, size_t __count);
CUresult cuPointerSetAttribute(const void *__value, CUpointer_attribute __attrib, CUdeviceptr __ptr);
CUresult cuPointerGetAttributes(unsigned int __numAttributes, CUpointer_attribute *__attributes, void **__data, CUdeviceptr __ptr);
CUresult cuStreamCreate(CUstream *__phStream, unsigned int __Flags);
CUresult cuStreamCreateWithPriority(CUstream *__phStream, unsigned int __flags, int __priority);
CUresult cuStreamGetPriority(CUstream __hStream, int *__priority);
CUresult cuStreamGetDevice(CUstream __hStream, CUdevice *__device);
CUresult cuStreamGetFlags(CUstream __hStream, unsigned int *__flags);
CUresult cuStreamGetId(CUstream __hStream, unsigned long long *__streamId);
CUresult cuStreamGetCtx(CUstream __hStream, CUcontext *__pctx);
CUresult cuStreamGetCtx_v2(CUstream __hStream, CUcontext *__pCtx, CUgreenCtx *__pGreenCtx);
CUresult cuStreamWaitEvent(CUstream __hStream, CUevent __hEvent, unsigned int __Flags);
CUresult cuStreamAddCallback(CUstream __hStream, CUstreamCallback __callback, void *__userData, unsigned int __flags);
CUresult cuStreamBeginCapture_v2(CUstream __hStream, CUstreamCaptureMode __mode);
CUresult cuStreamBeginCaptureToGraph(CUstream __hStream, CUgraph __hGraph, const CUgraphNode *__dependencies, const CUgraphEdgeData *__dependencyData, size_t __numDependencies, CUstreamCaptureMode __mode);
CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *__mode);
CUresult cuStreamEndCapture(CUstream __hStream, CUgraph *__phGraph);
CUresult cuStreamIsCapturing(CUstream __hStream, CUstreamCaptureStatus *__captureStatus);
CUresult cuStreamGetCaptureInfo_v2(CUstream __hStream, CUstreamCaptureStatus *__captureStatus_out, cuuint64_t *__id_out, CUgraph *__graph_out, const CUgraphNode **__dependencies_out, size_t *__numDependencies_out);
CUresult cuStreamGetCaptureInfo_v3(CUstream __hStream, CUstreamCaptureStatus *__captureStatus_out, cuuint64_t *__id_out, CUgraph *__graph_out, const CUgraphNode **__dependencies_out, const CUgraphEdgeData **__edgeData_out, size_t *__numDependencies_out);
CUresult cuStreamUpdateCaptureDependencies(CUstream __hStream, CUgraphNode *__dependencies, size_t __numDependencies, unsigned int __flags);
CUresult cuStreamUpdateCaptureDependencies_v2(CUstream __hStream, CUgraphNode *__dependencies, const CUgraphEdgeData *__dependencyData, size_t __numDependencies, unsigned int __flags);
CUresult cuStreamAttachMemAsync(CUstream __hStream, CUdeviceptr __dptr, size_t __length, unsigned int __flags);
CUresult cuStreamQuery(CUstream __hStream);
CUresult cuStreamSynchronize(CUstream __hStream);
CUresult cuStreamDestroy_v2(CUstream __hStream);
CUresult cuStreamCopyAttributes(CUstream __dst, CUstream __src);
CUresult cuStreamGetAttribute(CUstream __hStream, CUstreamAttrID __attr, CUstreamAttrValue *__value_out);
CUresult cuStreamSetAttribute(CUstream __hStream, CUstreamAttrID __attr, const CUstreamAttrValue *__value);
CUresult cuEventCreate(CUevent *__phEvent, unsigned int __Flags);
CUresult cuEventRecord(CUevent __hEvent, CUstream __hStream);
CUresult cuEventRecordWithFlags(CUevent __hEvent, CUstream __hStream, unsigned int __flags);
CUresult cuEventQuery(CUevent __hEvent);
CUresult cuEventSynchronize(CUevent __hEvent);
CUresult cuEventDestroy_v2(CUevent __hEvent);
CUresult cuEventElapsedTime(float *__pMilliseconds, CUevent __hStart, CUevent __hEnd);
CUresult cuEventElapsedTime_v2(float *__pMilliseconds, CUevent __hStart, CUevent __hEnd);
CUresult cuImportExternalMemory(CUexternalMemory *__extMem_out, const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *__memHandleDesc);
CUresult cuExternalMemoryGetMappedBuffer(CUdeviceptr *__devPtr, CUexternalMemory __extMem, const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *__bufferDesc);
CUresult cuExternalMemoryGetMappedMipmappedArray(CUmipmappedArray *__mipmap, CUexternalMemory __extMem, const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *__mipmapDesc);
CUresult cuDestroyExternalMemory(CUexternalMemory __extMem);
CUresult cuImportExternalSemaphore(CUexternalSemaphore *__extSem_out, const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *__semHandleDesc);
CUresult cuSignalExternalSemaphoresAsync(const CUexternalSemaphore *__extSemArray, const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *__paramsArray, unsigned int __numExtSems, CUstream __stream);
CUresult cuWaitExternalSemaphoresAsync(const CUexternalSemaphore *__extSemArray, const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *__paramsArray, unsigned int __numExtSems, CUstream __stream);
CUresult cuDestroyExternalSemaphore(CUexternalSemaphore __extSem);
CUresult cuStreamWaitValue32_v2(CUstream __stream, CUdeviceptr __addr, cuuint32_t __value, unsigned int __flags);
CUresult cuStreamWaitValue64_v2(CUstream __stream, CUdeviceptr __addr, cuuint64_t __value, unsigned int __flags);
CUresult cuStreamWriteValue32_v2(CUstream __stream, CUdeviceptr __addr, cuuint32_t __value, unsigned int __flags);
CUresult cuStreamWriteValue64_v2(CUstream __stream, CUdeviceptr __addr, cuuint64_t __value, unsigned int __flags);
CUresult cuStreamBatchMemOp_v2(CUstream __stream, unsigned int __count, CUstreamBatchMemOpParams *__paramArray, unsigned int __flags);
CUresult cuFuncGetAttribute(int *__pi, CUfunction_attribute __attrib, CUfunction __hfunc);
CUresult cuFuncSetAttribute(CUfunction __hfunc, CUfunction_attribute __attrib, int __value);
CUresult cuFuncSetCacheConfig(CUfunction __hfunc, CUfunc_cache __config);
CUresult cuFuncGetModule(CUmodule *__hmod, CUfunction __hfunc);
CUresult cuFuncGetName(const char **__name, CUfunction __hfunc);
CUresult cuFuncGetParamInfo(CUfunction __func, size_t __paramIndex, size_t *__paramOffset, size_t *__paramSize);
CUresult cuFuncIsLoaded(CUfunctionLoadingState *__state, CUfunction __function);
CUresult cuFuncLoad(CUfunction __function);
CUresult cuLaunchKernel(CUfunction __f, unsigned int __gridDimX, unsigned int __gridDimY, unsigned int __gridDimZ, unsigned int __blockDimX, unsigned int __blockDimY, unsigned int __blockDimZ, unsigned int __sharedMemBytes, CUstream __hStream, void **__kernelParams, void **__extra);
CUresult cuLaunchKernelEx(const CUlaunchConfig *__config, CUfunction __f, void **__kernelParams, void **__extra);
CUresult cuLaunchCooperativeKernel(CUfunction __f, unsigned int __gridDimX, unsigned int __gridDimY, unsigned int __gridDimZ, unsigned int __blockDimX, unsigned int __blockDimY, unsigned int __blockDimZ, unsigned int __sharedMemBytes, CUstream __hStream, void **__kernelParams);
CUresult cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *__launchParamsList, unsigned int __numDevices, unsigned int __flags);
CUresult cuLaunchHostFunc(CUstream __hStream, CUhostFn __fn, void *__userData);
CUresult cuFuncSetBlockShape(CUfunction __hfunc, int __x, int __y, int __z);
CUresult cuFuncSetSharedSize(CUfunction __hfunc, unsigned int __bytes);
CUresult cuParamSetSize(CUfunction __hfunc, unsigned int __numbytes);
CUresult cuParamSeti(CUfunction __hfunc, int __offset, unsigned int __value);
CUresult cuParamSetf(CUfunction __hfunc, int __offset, float __value);
CUresult cuParamSetv(CUfunction __hfunc, int __offset, void *__ptr, unsigned int __numbytes);
CUresult cuLaunch(CUfunction __f);
CUresult cuLaunchGrid(CUfunction __f, int __grid_width, int __grid_height);
CUresult cuLaunchGridAsync(CUfunction __f, int __grid_width, int __grid_height, CUstream __hStream);
CUresult cuParamSetTexRef(CUfunction __hfunc, int __texunit, CUtexref __hTexRef);
CUresult cuFuncSetSharedMemConfig(CUfunction __hfunc, CUsharedconfig __config);
CUresult cuGraphCreate(CUgraph *__phGraph, unsigned int __flags);
CUresult cuGraphAddKernelNode_v2(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_KERNEL_NODE_PARAMS *__nodeParams);
CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode __hNode, CUDA_KERNEL_NODE_PARAMS *__nodeParams);
CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode __hNode, const CUDA_KERNEL_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddMemcpyNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_MEMCPY3D *__copyParams, CUcontext __ctx);
CUresult cuGraphMemcpyNodeGetParams(CUgraphNode __hNode, CUDA_MEMCPY3D *__nodeParams);
CUresult cuGraphMemcpyNodeSetParams(CUgraphNode __hNode, const CUDA_MEMCPY3D *__nodeParams);
CUresult cuGraphAddMemsetNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_MEMSET_NODE_PARAMS *__memsetParams, CUcontext __ctx);
CUresult cuGraphMemsetNodeGetParams(CUgraphNode __hNode, CUDA_MEMSET_NODE_PARAMS *__nodeParams);
CUresult cuGraphMemsetNodeSetParams(CUgraphNode __hNode, const CUDA_MEMSET_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddHostNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_HOST_NODE_PARAMS *__nodeParams);
CUresult cuGraphHostNodeGetParams(CUgraphNode __hNode, CUDA_HOST_NODE_PARAMS *__nodeParams);
CUresult cuGraphHostNodeSetParams(CUgraphNode __hNode, const CUDA_HOST_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddChildGraphNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUgraph __childGraph);
CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode __hNode, CUgraph *__phGraph);
CUresult cuGraphAddEmptyNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies);
CUresult cuGraphAddEventRecordNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUevent __event);
CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode __hNode, CUevent *__event_out);
CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode __hNode, CUevent __event);
CUresult cuGraphAddEventWaitNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUevent __event);
CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode __hNode, CUevent *__event_out);
CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode __hNode, CUevent __event);
CUresult cuGraphAddExternalSemaphoresSignalNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *__nodeParams);
CUresult cuGraphExternalSemaphoresSignalNodeGetParams(CUgraphNode __hNode, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *__params_out);
CUresult cuGraphExternalSemaphoresSignalNodeSetParams(CUgraphNode __hNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddExternalSemaphoresWaitNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *__nodeParams);
CUresult cuGraphExternalSemaphoresWaitNodeGetParams(CUgraphNode __hNode, CUDA_EXT_SEM_WAIT_NODE_PARAMS *__params_out);
CUresult cuGraphExternalSemaphoresWaitNodeSetParams(CUgraphNode __hNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddBatchMemOpNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, const CUDA_BATCH_MEM_OP_NODE_PARAMS *__nodeParams);
CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode __hNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *__nodeParams_out);
CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode __hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *__nodeParams);
CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *__nodeParams);
CUresult cuGraphAddMemAllocNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUDA_MEM_ALLOC_NODE_PARAMS *__nodeParams);
CUresult cuGraphMemAllocNodeGetParams(CUgraphNode __hNode, CUDA_MEM_ALLOC_NODE_PARAMS *__params_out);
CUresult cuGraphAddMemFreeNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUdeviceptr __dptr);
CUresult cuGraphMemFreeNodeGetParams(CUgraphNode __hNode, CUdeviceptr *__dptr_out);
CUresult cuDeviceGraphMemTrim(CUdevice __device);
CUresult cuDeviceGetGraphMemAttribute(CUdevice __device, CUgraphMem_attribute __attr, void *__value);
CUresult cuDeviceSetGraphMemAttribute(CUdevice __device, CUgraphMem_attribute __attr, void *__value);
CUresult cuGraphClone(CUgraph *__phGraphClone, CUgraph __originalGraph);
CUresult cuGraphNodeFindInClone(CUgraphNode *__phNode, CUgraphNode __hOriginalNode, CUgraph __hClonedGraph);
CUresult cuGraphNodeGetType(CUgraphNode __hNode, CUgraphNodeType *__type);
CUresult cuGraphGetNodes(CUgraph __hGraph, CUgraphNode *__nodes, size_t *__numNodes);
CUresult cuGraphGetRootNodes(CUgraph __hGraph, CUgraphNode *__rootNodes, size_t *__numRootNodes);
CUresult cuGraphGetEdges(CUgraph __hGraph, CUgraphNode *__from, CUgraphNode *__to, size_t *__numEdges);
CUresult cuGraphGetEdges_v2(CUgraph __hGraph, CUgraphNode *__from, CUgraphNode *__to, CUgraphEdgeData *__edgeData, size_t *__numEdges);
CUresult cuGraphNodeGetDependencies(CUgraphNode __hNode, CUgraphNode *__dependencies, size_t *__numDependencies);
CUresult cuGraphNodeGetDependencies_v2(CUgraphNode __hNode, CUgraphNode *__dependencies, CUgraphEdgeData *__edgeData, size_t *__numDependencies);
CUresult cuGraphNodeGetDependentNodes(CUgraphNode __hNode, CUgraphNode *__dependentNodes, size_t *__numDependentNodes);
CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode __hNode, CUgraphNode *__dependentNodes, CUgraphEdgeData *__edgeData, size_t *__numDependentNodes);
CUresult cuGraphAddDependencies(CUgraph __hGraph, const CUgraphNode *__from, const CUgraphNode *__to, size_t __numDependencies);
CUresult cuGraphAddDependencies_v2(CUgraph __hGraph, const CUgraphNode *__from, const CUgraphNode *__to, const CUgraphEdgeData *__edgeData, size_t __numDependencies);
CUresult cuGraphRemoveDependencies(CUgraph __hGraph, const CUgraphNode *__from, const CUgraphNode *__to, size_t __numDependencies);
CUresult cuGraphRemoveDependencies_v2(CUgraph __hGraph, const CUgraphNode *__from, const CUgraphNode *__to, const CUgraphEdgeData *__edgeData, size_t __numDependencies);
CUresult cuGraphDestroyNode(CUgraphNode __hNode);
CUresult cuGraphInstantiateWithFlags(CUgraphExec *__phGraphExec, CUgraph __hGraph, unsigned long long __flags);
CUresult cuGraphInstantiateWithParams(CUgraphExec *__phGraphExec, CUgraph __hGraph, CUDA_GRAPH_INSTANTIATE_PARAMS *__instantiateParams);
CUresult cuGraphExecGetFlags(CUgraphExec __hGraphExec, cuuint64_t *__flags);
CUresult cuGraphExecKernelNodeSetParams_v2(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_KERNEL_NODE_PARAMS *__nodeParams);
CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_MEMCPY3D *__copyParams, CUcontext __ctx);
CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_MEMSET_NODE_PARAMS *__memsetParams, CUcontext __ctx);
CUresult cuGraphExecHostNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_HOST_NODE_PARAMS *__nodeParams);
CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, CUgraph __childGraph);
CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec __hGraphExec, CUgraphNode __hNode, CUevent __event);
CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec __hGraphExec, CUgraphNode __hNode, CUevent __event);
CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *__nodeParams);
CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *__nodeParams);
CUresult cuGraphNodeSetEnabled(CUgraphExec __hGraphExec, CUgraphNode __hNode, unsigned int __isEnabled);
CUresult cuGraphNodeGetEnabled(CUgraphExec __hGraphExec, CUgraphNode __hNode, unsigned int *__isEnabled);
CUresult cuGraphUpload(CUgraphExec __hGraphExec, CUstream __hStream);
CUresult cuGraphLaunch(CUgraphExec __hGraphExec, CUstream __hStream);
CUresult cuGraphExecDestroy(CUgraphExec __hGraphExec);
CUresult cuGraphDestroy(CUgraph __hGraph);
CUresult cuGraphExecUpdate_v2(CUgraphExec __hGraphExec, CUgraph __hGraph, CUgraphExecUpdateResultInfo *__resultInfo);
CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode __dst, CUgraphNode __src);
CUresult cuGraphKernelNodeGetAttribute(CUgraphNode __hNode, CUkernelNodeAttrID __attr, CUkernelNodeAttrValue *__value_out);
CUresult cuGraphKernelNodeSetAttribute(CUgraphNode __hNode, CUkernelNodeAttrID __attr, const CUkernelNodeAttrValue *__value);
CUresult cuGraphDebugDotPrint(CUgraph __hGraph, const char *__path, unsigned int __flags);
CUresult cuUserObjectCreate(CUuserObject *__object_out, void *__ptr, CUhostFn __destroy, unsigned int __initialRefcount, unsigned int __flags);
CUresult cuUserObjectRetain(CUuserObject __object, unsigned int __count);
CUresult cuUserObjectRelease(CUuserObject __object, unsigned int __count);
CUresult cuGraphRetainUserObject(CUgraph __graph, CUuserObject __object, unsigned int __count, unsigned int __flags);
CUresult cuGraphReleaseUserObject(CUgraph __graph, CUuserObject __object, unsigned int __count);
CUresult cuGraphAddNode(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, size_t __numDependencies, CUgraphNodeParams *__nodeParams);
CUresult cuGraphAddNode_v2(CUgraphNode *__phGraphNode, CUgraph __hGraph, const CUgraphNode *__dependencies, const CUgraphEdgeData *__dependencyData, size_t __numDependencies, CUgraphNodeParams *__nodeParams);
CUresult cuGraphNodeSetParams(CUgraphNode __hNode, CUgraphNodeParams *__nodeParams);
CUresult cuGraphExecNodeSetParams(CUgraphExec __hGraphExec, CUgraphNode __hNode, CUgraphNodeParams *__nodeParams);
CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *__pHandle_out, CUgraph __hGraph, CUcontext __ctx, unsigned int __defaultLaunchValue, unsigned int __flags);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *__numBlocks, CUfunction __func, int __blockSize, size_t __dynamicSMemSize);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *__numBlocks, CUfunction __func, int __blockSize, size_t __dynamicSMemSize, unsigned int __flags);
CUresult cuOccupancyMaxPotentialBlockSize(int *__minGridSize, int *__blockSize, CUfunction __func, CUoccupancyB2DSize __blockSizeToDynamicSMemSize, size_t __dynamicSMemSize, int __blockSizeLimit);
CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *__minGridSize, int *__blockSize, CUfunction __func, CUoccupancyB2DSize __blockSizeToDynamicSMemSize, size_t __dynamicSMemSize, int __blockSizeLimit, unsigned int __flags);
CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *__dynamicSmemSize, CUfunction __func, int __numBlocks, int __blockSize);
CUresult cuOccupancyMaxPotentialClusterSize(int *__clusterSize, CUfunction __func, const CUlaunchConfig *__config);
CUresult cuOccupancyMaxActiveClusters(int *__numClusters, CUfunction __func, const CUlaunchConfig *__config);
CUresult cuTexRefSetArray(CUtexref __hTexRef, CUarray __hArray, unsigned int __Flags);
CUresult cuTexRefSetMipmappedArray(CUtexref __hTexRef, CUmipmappedArray __hMipmappedArray, unsigned int __Flags);
CUresult cuTexRefSetAddress_v2(size_t *__ByteOffset, CUtexref __hTexRef, CUdeviceptr __dptr, size_t __bytes);
CUresult cuTexRefSetAddress2D_v3(CUtexref __hTexRef, const CUDA_ARRAY_DESCRIPTOR *__desc, CUdeviceptr __dptr, size_t __Pitch);
CUresult cuTexRefSetFormat(CUtexref __hTexRef, CUarray_format __fmt, int __NumPackedComponents);
CUresult cuTexRefSetAddressMode(CUtexref __hTexRef, int __dim, CUaddress_mode __am);
CUresult cuTexRefSetFilterMode(CUtexref __hTexRef, CUfilter_mode __fm);
CUresult cuTexRefSetMipmapFilterMode(CUtexref __hTexRef, CUfilter_mode __fm);
CUresult cuTexRefSetMipmapLevelBias(CUtexref __hTexRef, float __bias);
CUresult cuTexRefSetMipmapLevelClamp(CUtexref __hTexRef, float __minMipmapLevelClamp, float __maxMipmapLevelClamp);
CUresult cuTexRefSetMaxAnisotropy(CUtexref __hTexRef, unsigned int __maxAniso);
CUresult cuTexRefSetBorderColor(CUtexref __hTexRef, float *__pBorderColor);
CUresult cuTexRefSetFlags(CUtexref __hTexRef, unsigned int __Flags);
CUresult cuTexRefGetAddress_v2(CUdeviceptr *__pdptr, CUtexref __hTexRef);
CUresult cuTexRefGetArray(CUarray *__phArray, CUtexref __hTexRef);
CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *__phMipmappedArray, CUtexref __hTexRef);
CUresult cuTexRefGetAddressMode(CUaddress_mode *__pam, CUtexref __hTexRef, int __dim);
CUresult cuTexRefGetFilterMode(CUfilter_mode *__pfm, CUtexref __hTexRef);
CUresult cuTexRefGetFormat(CUarray_format *__pFormat, int *__pNumChannels, CUtexref __hTexRef);
CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *__pfm, CUtexref __hTexRef);
CUresult cuTexRefGetMipmapLevelBias(float *__pbias, CUtexref __hTexRef);
CUresult cuTexRefGetMipmapLevelClamp(float *__pminMipmapLevelClamp, float *__pmaxMipmapLevelClamp, CUtexref __hTexRef);
CUresult cuTexRefGetMaxAnisotropy(int *__pmaxAniso, CUtexref __hTexRef);
CUresult cuTexRefGetBorderColor(float *__pBorderColor, CUtexref __hTexRef);
CUresult cuTexRefGetFlags(unsigned int *__pFlags, CUtexref __hTexRef);
CUresult cuTexRefCreate(CUtexref *__pTexRef);
CUresult cuTexRefDestroy(CUtexref __hTexRef);
CUresult cuSurfRefSetArray(CUsurfref __hSurfRef, CUarray __hArray, unsigned int __Flags);
CUresult cuSurfRefGetArray(CUarray *__phArray, CUsurfref __hSurfRef);
CUresult cuTexObjectCreate(CUtexObject *__pTexObject, const CUDA_RESOURCE_DESC *__pResDesc, const CUDA_TEXTURE_DESC *__pTexDesc, const CUDA_RESOURCE_VIEW_DESC *__pResViewDesc);
CUresult cuTexObjectDestroy(CUtexObject __texObject);
CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *__pResDesc, CUtexObject __texObject);
CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *__pTexDesc, CUtexObject __texObject);
CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *__pResViewDesc, CUtexObject __texObject);
CUresult cuSurfObjectCreate(CUsurfObject *__pSurfObject, const CUDA_RESOURCE_DESC *__pResDesc);
CUresult cuSurfObjectDestroy(CUsurfObject __surfObject);
CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *__pResDesc, CUsurfObject __surfObject);
CUresult cuTensorMapEncodeTiled(CUtensorMap *__tensorMap, CUtensorMapDataType __tensorDataType, cuuint32_t __tensorRank, void *__globalAddress, const cuuint64_t *__globalDim, const cuuint64_t *__globalStrides, const cuuint32_t *__boxDim, const cuuint32_t *__elementStrides, CUtensorMapInterleave __interleave, CUtensorMapSwizzle __swizzle, CUtensorMapL2promotion __l2Promotion, CUtensorMapFloatOOBfill __oobFill);
CUresult cuTensorMapEncodeIm2col(CUtensorMap *__tensorMap, CUtensorMapDataType __tensorDataType, cuuint32_t __tensorRank, void *__globalAddress, const cuuint64_t *__globalDim, const cuuint64_t *__globalStrides, const int *__pixelBoxLowerCorner, const int *__pixelBoxUpperCorner, cuuint32_t __channelsPerPixel, cuuint32_t __pixelsPerColumn, const cuuint32_t *__elementStrides, CUtensorMapInterleave __interleave, CUtensorMapSwizzle __swizzle, CUtensorMapL2promotion __l2Promotion, CUtensorMapFloatOOBfill __oobFill);
CUresult cuTensorMapEncodeIm2colWide(CUtensorMap *__tensorMap, CUtensorMapDataType __tensorDataType, cuuint32_t __tensorRank, void *__globalAddress, const cuuint64_t *__globalDim, const cuuint64_t *__globalStrides, int __pixelBoxLowerCornerWidth, int __pixelBoxUpperCornerWidth, cuuint32_t __channelsPerPixel, cuuint32_t __pixelsPerColumn, const cuuint32_t *__elementStrides, CUtensorMapInterleave __interleave, CUtensorMapIm2ColWideMode __mode, CUtensorMapSwizzle __swizzle, CUtensorMapL2promotion __l2Promotion, CUtensorMapFloatOOBfill __oobFill);
CUresult cuTensorMapReplaceAddress(CUtensorMap *__tensorMap, void *__globalAddress);
CUresult cuDeviceCanAccessPeer(int *__canAccessPeer, CUdevice __dev, CUdevice __peerDev);
CUresult cuCtxEnablePeerAccess(CUcontext __peerContext, unsigned int __Flags);
CUresult cuCtxDisablePeerAccess(CUcontext __peerContext);
CUresult cuDeviceGetP2PAttribute(int *__value, CUdevice_P2PAttribute __attrib, CUdevice __srcDevice, CUdevice __dstDevice);
CUresult cuGraphicsUnregisterResource(CUgraphicsResource __resource);
CUresult cuGraphicsSubResourceGetMappedArray(CUarray *__pArray, CUgraphicsResource __resource, unsigned int __arrayIndex, unsigned int __mipLevel);
CUresult cuGraphicsResourceGetMappedMipmappedArray(CUmipmappedArray *__pMipmappedArray, CUgraphicsResource __resource);
CUresult cuGraphicsResourceGetMappedPointer_v2(CUdeviceptr *__pDevPtr, size_t *__pSize, CUgraphicsResource __resource);
CUresult cuGraphicsResourceSetMapFlags_v2(CUgraphicsResource __resource, unsigned int __flags);
CUresult cuGraphicsMapResources(unsigned int __count, CUgraphicsResource *__resources, CUstream __hStream);
CUresult cuGraphicsUnmapResources(unsigned int __count, CUgraphicsResource *__resources, CUstream __hStream);
CUresult cuGetProcAddress_v2(const char *__symbol, void **__pfn, int __cudaVersion, cuuint64_t __flags, CUdriverProcAddressQueryResult *__symbolStatus);
CUresult cuCoredumpGetAttribute(CUcoredumpSettings __attrib, void *__value, size_t *__size);
CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings __attrib, void *__value, size_t *__size);
CUresult cuCoredumpSetAttribute(CUcoredumpSettings __attrib, void *__value, size_t *__size);
CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings __attrib, void *__value, size_t *__size);
CUresult cuGetExportTable(const void **__ppExportTable, const CUuuid *__pExportTableId);
CUresult cuGreenCtxCreate(CUgreenCtx *__phCtx, CUdevResourceDesc __desc, CUdevice __dev, unsigned int __flags);
CUresult cuGreenCtxDestroy(CUgreenCtx __hCtx);
CUresult cuCtxFromGreenCtx(CUcontext *__pContext, CUgreenCtx __hCtx);
CUresult cuDeviceGetDevResource(CUdevice __device, CUdevResource *__resource, CUdevResourceType __type);
CUresult cuCtxGetDevResource(CUcontext __hCtx, CUdevResource *__resource, CUdevResourceType __type);
CUresult cuGreenCtxGetDevResource(CUgreenCtx __hCtx, CUdevResource *__resource, CUdevResourceType __type);
CUresult cuDevSmResourceSplitByCount(CUdevResource *__result, unsigned int *__nbGroups, const CUdevResource *__input, CUdevResource *__remaining, unsigned int __useFlags, unsigned int __minCount);
CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *__phDesc, CUdevResource *__resources, unsigned int __nbResources);
CUresult cuGreenCtxRecordEvent(CUgreenCtx __hCtx, CUevent __hEvent);
CUresult cuGreenCtxWaitEvent(CUgreenCtx __hCtx, CUevent __hEvent);
CUresult cuStreamGetGreenCtx(CUstream __hStream, CUgreenCtx *__phCtx);
CUresult cuGreenCtxStreamCreate(CUstream *__phStream, CUgreenCtx __greenCtx, unsigned int __flags, int __priority);
CUresult cuLogsRegisterCallback(CUlogsCallback __callbackFunc, void *__userData, CUlogsCallbackHandle *__callback_out);
CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle __callback);
CUresult cuLogsCurrent(CUlogIterator *__iterator_out, unsigned int __flags);
CUresult cuLogsDumpToFile(CUlogIterator *__iterator, const char *__pathToFile, unsigned int __flags);
CUresult cuLogsDumpToMemory(CUlogIterator *__iterator, char *__buffer, size_t *__size, unsigned int __flags);
CUresult cuCheckpointProcessGetRestoreThreadId(int __pid, int *__tid);
CUresult cuCheckpointProcessGetState(int __pid, CUprocessState *__state);
CUresult cuCheckpointProcessLock(int __pid, CUcheckpointLockArgs *__args);
CUresult cuCheckpointProcessCheckpoint(int __pid, CUcheckpointCheckpointArgs *__args);
CUresult cuCheckpointProcessRestore(int __pid, CUcheckpointRestoreArgs *__args);
CUresult cuCheckpointProcessUnlock(int __pid, CUcheckpointUnlockArgs *__args);
}

#pragma pop_macro("offset")
#pragma pop_macro("res")
#pragma pop_macro("result")
#pragma pop_macro("height")
#pragma pop_macro("width")
#pragma pop_macro("dst")
#pragma pop_macro("src")
#pragma pop_macro("data")
#pragma pop_macro("ptr")
#pragma pop_macro("val")
#pragma pop_macro("count")
#pragma pop_macro("value")
#pragma pop_macro("size")
