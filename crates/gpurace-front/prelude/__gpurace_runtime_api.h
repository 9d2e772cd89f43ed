/*
 * __gpurace_runtime_api.h -- the rest of the CUDA runtime API (part of the
 * prelude; included by gpurace_prelude.h at the end of section 12).
 *
 * gpurace_prelude.h section 11 declares the runtime API that programs use
 * most and that the lowering models (cudaMalloc, cudaMemcpy, launches, ...).
 * This file completes it so that no program stops on a missing runtime
 * declaration: the flags, types, enums and functions of CUDA 12.9's
 * cuda_runtime_api.h, driver_types.h, surface_types.h, texture_types.h,
 * channel_descriptor.h and the device runtime, and the C++ template forms of
 * cuda_runtime.h.  Nothing here has a body: a call is an unknown call to
 * the lowering, as it was to the programs' authors' build.
 *
 * Declarations only, written in the prelude's style (reserved parameter
 * names); no NVIDIA header text is copied.  tools/prelude-coverage lists
 * what the prelude still lacks given a toolkit's headers.
 */
#pragma once

/* ------------------------------------------------------------------------
 * Flags and aliases (#defines of the real headers).
 * ---------------------------------------------------------------------- */
#define cudaStreamGraphTailLaunch (cudaStream_t)0x0100000000000000
#define cudaStreamGraphFireAndForget (cudaStream_t)0x0200000000000000
#define cudaStreamGraphFireAndForgetAsSibling (cudaStream_t)0x0300000000000000
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)
#define cudaSignalExternalSemaphoresAsync cudaSignalExternalSemaphoresAsync_v2
#define cudaWaitExternalSemaphoresAsync cudaWaitExternalSemaphoresAsync_v2
#define cudaStreamGetCaptureInfo cudaStreamGetCaptureInfo_v2
#define CUDART_DEVICE __device__
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaPeerAccessDefault 0x00
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaEventWaitDefault 0x00
#define cudaEventWaitExternal 0x01
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceSyncMemops 0x80
#define cudaDeviceMask 0xff
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaInitDeviceFlagsAreValid 0x01
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
#define cudaArraySparsePropertiesSingleMipTail 0x1
#define CUDART_CB
#define cudaMemPoolCreateUsageHwDecompress 0x2
#define CU_UUID_HAS_BEEN_DEFINED
#define CUDA_IPC_HANDLE_SIZE 64
#define cudaExternalMemoryDedicated 0x1
#define cudaExternalSemaphoreSignalSkipNvSciBufMemSync 0x01
#define cudaExternalSemaphoreWaitSkipNvSciBufMemSync 0x02
#define cudaNvSciSyncAttrSignal 0x1
#define cudaNvSciSyncAttrWait 0x2
#define cudaGraphKernelNodePortDefault 0
#define cudaGraphKernelNodePortProgrammatic 1
#define cudaGraphKernelNodePortLaunchCompletion 2
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaStreamAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaStreamAttributePriority cudaLaunchAttributePriority
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaKernelNodeAttrID cudaLaunchAttributeID
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaKernelNodeAttributeCooperative cudaLaunchAttributeCooperative
#define cudaKernelNodeAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define cudaKernelNodeAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeClusterSchedulingPolicyPreference
#define cudaKernelNodeAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaKernelNodeAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaKernelNodeAttributePreferredSharedMemoryCarveout cudaLaunchAttributePreferredSharedMemoryCarveout
#define cudaKernelNodeAttributeDeviceUpdatableKernelNode cudaLaunchAttributeDeviceUpdatableKernelNode
#define cudaKernelNodeAttrValue cudaLaunchAttributeValue
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

/* ------------------------------------------------------------------------
 * Types, in the order of driver_types.h, surface_types.h, texture_types.h.
 * ---------------------------------------------------------------------- */
enum cudaRoundMode {
  cudaRoundNearest = 0,
  cudaRoundZero = 1,
  cudaRoundPosInf = 2,
  cudaRoundMinInf = 3
};
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
struct cudaArraySparseProperties {
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
struct cudaArrayMemoryRequirements {
  size_t size;
  size_t alignment;
  unsigned int reserved[4];
};
struct cudaMemcpyNodeParams {
  int flags;
  int reserved[3];
  struct cudaMemcpy3DParms copyParams;
};
struct cudaMemcpy3DPeerParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  int srcDevice;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  int dstDevice;
  struct cudaExtent extent;
};
struct cudaMemsetParams {
  void *dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};
struct cudaMemsetParamsV2 {
  void *dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};
enum cudaAccessProperty {
  cudaAccessPropertyNormal = 0,
  cudaAccessPropertyStreaming = 1,
  cudaAccessPropertyPersisting = 2
};
struct cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp;
};
struct cudaHostNodeParams {
  cudaHostFn_t fn;
  void *userData;
};
struct cudaHostNodeParamsV2 {
  cudaHostFn_t fn;
  void *userData;
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum cudaSynchronizationPolicy {
  cudaSyncPolicyAuto = 1,
  cudaSyncPolicySpin = 2,
  cudaSyncPolicyYield = 3,
  cudaSyncPolicyBlockingSync = 4
};
enum cudaClusterSchedulingPolicy {
  cudaClusterSchedulingPolicyDefault = 0,
  cudaClusterSchedulingPolicySpread = 1,
  cudaClusterSchedulingPolicyLoadBalancing = 2
};
enum cudaStreamUpdateCaptureDependenciesFlags {
  cudaStreamAddCaptureDependencies = 0,
  cudaStreamSetCaptureDependencies = 1
};
enum cudaUserObjectFlags {
  cudaUserObjectNoDestructorSync = 1
};
enum cudaUserObjectRetainFlags {
  cudaGraphUserObjectMove = 1
};
struct cudaGraphicsResource;
enum cudaGraphicsRegisterFlags {
  cudaGraphicsRegisterFlagsNone = 0,
  cudaGraphicsRegisterFlagsReadOnly = 1,
  cudaGraphicsRegisterFlagsWriteDiscard = 2,
  cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
  cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
  cudaGraphicsMapFlagsNone = 0,
  cudaGraphicsMapFlagsReadOnly = 1,
  cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsCubeFace {
  cudaGraphicsCubeFacePositiveX = 0,
  cudaGraphicsCubeFaceNegativeX = 1,
  cudaGraphicsCubeFacePositiveY = 2,
  cudaGraphicsCubeFaceNegativeY = 3,
  cudaGraphicsCubeFacePositiveZ = 4,
  cudaGraphicsCubeFaceNegativeZ = 5
};
enum cudaResourceViewFormat {
  cudaResViewFormatNone = 0,
  cudaResViewFormatUnsignedChar1 = 1,
  cudaResViewFormatUnsignedChar2 = 2,
  cudaResViewFormatUnsignedChar4 = 3,
  cudaResViewFormatSignedChar1 = 4,
  cudaResViewFormatSignedChar2 = 5,
  cudaResViewFormatSignedChar4 = 6,
  cudaResViewFormatUnsignedShort1 = 7,
  cudaResViewFormatUnsignedShort2 = 8,
  cudaResViewFormatUnsignedShort4 = 9,
  cudaResViewFormatSignedShort1 = 10,
  cudaResViewFormatSignedShort2 = 11,
  cudaResViewFormatSignedShort4 = 12,
  cudaResViewFormatUnsignedInt1 = 13,
  cudaResViewFormatUnsignedInt2 = 14,
  cudaResViewFormatUnsignedInt4 = 15,
  cudaResViewFormatSignedInt1 = 16,
  cudaResViewFormatSignedInt2 = 17,
  cudaResViewFormatSignedInt4 = 18,
  cudaResViewFormatHalf1 = 19,
  cudaResViewFormatHalf2 = 20,
  cudaResViewFormatHalf4 = 21,
  cudaResViewFormatFloat1 = 22,
  cudaResViewFormatFloat2 = 23,
  cudaResViewFormatFloat4 = 24,
  cudaResViewFormatUnsignedBlockCompressed1 = 25,
  cudaResViewFormatUnsignedBlockCompressed2 = 26,
  cudaResViewFormatUnsignedBlockCompressed3 = 27,
  cudaResViewFormatUnsignedBlockCompressed4 = 28,
  cudaResViewFormatSignedBlockCompressed4 = 29,
  cudaResViewFormatUnsignedBlockCompressed5 = 30,
  cudaResViewFormatSignedBlockCompressed5 = 31,
  cudaResViewFormatUnsignedBlockCompressed6H = 32,
  cudaResViewFormatSignedBlockCompressed6H = 33,
  cudaResViewFormatUnsignedBlockCompressed7 = 34
};
struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
};
enum cudaSharedCarveout {
  cudaSharedmemCarveoutDefault = -1,
  cudaSharedmemCarveoutMaxShared = 100,
  cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaMemRangeAttribute {
  cudaMemRangeAttributeReadMostly = 1,
  cudaMemRangeAttributePreferredLocation = 2,
  cudaMemRangeAttributeAccessedBy = 3,
  cudaMemRangeAttributeLastPrefetchLocation = 4,
  cudaMemRangeAttributePreferredLocationType = 5,
  cudaMemRangeAttributePreferredLocationId = 6,
  cudaMemRangeAttributeLastPrefetchLocationType = 7,
  cudaMemRangeAttributeLastPrefetchLocationId = 8
};
enum cudaFlushGPUDirectRDMAWritesOptions {
  cudaFlushGPUDirectRDMAWritesOptionHost = 1,
  cudaFlushGPUDirectRDMAWritesOptionMemOps = 2
};
enum cudaGPUDirectRDMAWritesOrdering {
  cudaGPUDirectRDMAWritesOrderingNone = 0,
  cudaGPUDirectRDMAWritesOrderingOwner = 100,
  cudaGPUDirectRDMAWritesOrderingAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesScope {
  cudaFlushGPUDirectRDMAWritesToOwner = 100,
  cudaFlushGPUDirectRDMAWritesToAllDevices = 200
};
enum cudaFlushGPUDirectRDMAWritesTarget {
  cudaFlushGPUDirectRDMAWritesTargetCurrentDevice = 0
};
struct cudaMemPoolPtrExportData {
  unsigned char reserved[64];
};
struct cudaMemAllocNodeParams {
  struct cudaMemPoolProps poolProps;
  const struct cudaMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr;
};
struct cudaMemAllocNodeParamsV2 {
  struct cudaMemPoolProps poolProps;
  const struct cudaMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr;
};
struct cudaMemFreeNodeParams {
  void *dptr;
};
enum cudaGraphMemAttributeType {
  cudaGraphMemAttrUsedMemCurrent = 0,
  cudaGraphMemAttrUsedMemHigh = 1,
  cudaGraphMemAttrReservedMemCurrent = 2,
  cudaGraphMemAttrReservedMemHigh = 3
};
enum cudaMemcpyFlags {
  cudaMemcpyFlagDefault = 0,
  cudaMemcpyFlagPreferOverlapWithCompute = 1
};
enum cudaMemcpySrcAccessOrder {
  cudaMemcpySrcAccessOrderInvalid = 0,
  cudaMemcpySrcAccessOrderStream = 1,
  cudaMemcpySrcAccessOrderDuringApiCall = 2,
  cudaMemcpySrcAccessOrderAny = 3,
  cudaMemcpySrcAccessOrderMax = 0x7fffffff
};
struct cudaMemcpyAttributes {
  enum cudaMemcpySrcAccessOrder srcAccessOrder;
  struct cudaMemLocation srcLocHint;
  struct cudaMemLocation dstLocHint;
  unsigned int flags;
};
enum cudaMemcpy3DOperandType {
  cudaMemcpyOperandTypePointer = 1,
  cudaMemcpyOperandTypeArray = 2,
  cudaMemcpyOperandTypeMax = 0x7fffffff
};
struct cudaOffset3D {
  size_t x;
  size_t y;
  size_t z;
};
struct cudaMemcpy3DOperand {
  enum cudaMemcpy3DOperandType type;
  union {
    struct {
      void *ptr;
      size_t rowLength;
      size_t layerHeight;
      struct cudaMemLocation locHint;
    } ptr;
    struct {
      cudaArray_t array;
      struct cudaOffset3D offset;
    } array;
  } op;
};
struct cudaMemcpy3DBatchOp {
  struct cudaMemcpy3DOperand src;
  struct cudaMemcpy3DOperand dst;
  struct cudaExtent extent;
  enum cudaMemcpySrcAccessOrder srcAccessOrder;
  unsigned int flags;
};
enum cudaDeviceP2PAttr {
  cudaDevP2PAttrPerformanceRank = 1,
  cudaDevP2PAttrAccessSupported = 2,
  cudaDevP2PAttrNativeAtomicSupported = 3,
  cudaDevP2PAttrCudaArrayAccessSupported = 4
};
struct cudaIpcEventHandle_st {
  char reserved[64];
};
typedef struct cudaIpcEventHandle_st cudaIpcEventHandle_t;
struct cudaIpcMemHandle_st {
  char reserved[64];
};
typedef struct cudaIpcMemHandle_st cudaIpcMemHandle_t;
struct cudaMemFabricHandle_st {
  char reserved[64];
};
typedef struct cudaMemFabricHandle_st cudaMemFabricHandle_t;
enum cudaExternalMemoryHandleType {
  cudaExternalMemoryHandleTypeOpaqueFd = 1,
  cudaExternalMemoryHandleTypeOpaqueWin32 = 2,
  cudaExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
  cudaExternalMemoryHandleTypeD3D12Heap = 4,
  cudaExternalMemoryHandleTypeD3D12Resource = 5,
  cudaExternalMemoryHandleTypeD3D11Resource = 6,
  cudaExternalMemoryHandleTypeD3D11ResourceKmt = 7,
  cudaExternalMemoryHandleTypeNvSciBuf = 8
};
struct cudaExternalMemoryHandleDesc {
  enum cudaExternalMemoryHandleType type;
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
};
struct cudaExternalMemoryBufferDesc {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
};
struct cudaExternalMemoryMipmappedArrayDesc {
  unsigned long long offset;
  struct cudaChannelFormatDesc formatDesc;
  struct cudaExtent extent;
  unsigned int flags;
  unsigned int numLevels;
};
enum cudaExternalSemaphoreHandleType {
  cudaExternalSemaphoreHandleTypeOpaqueFd = 1,
  cudaExternalSemaphoreHandleTypeOpaqueWin32 = 2,
  cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
  cudaExternalSemaphoreHandleTypeD3D12Fence = 4,
  cudaExternalSemaphoreHandleTypeD3D11Fence = 5,
  cudaExternalSemaphoreHandleTypeNvSciSync = 6,
  cudaExternalSemaphoreHandleTypeKeyedMutex = 7,
  cudaExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
  cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
  cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
};
struct cudaExternalSemaphoreHandleDesc {
  enum cudaExternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciSyncObj;
  } handle;
  unsigned int flags;
};
struct cudaExternalSemaphoreSignalParams_v1 {
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
  } params;
  unsigned int flags;
};
struct cudaExternalSemaphoreWaitParams_v1 {
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
  } params;
  unsigned int flags;
};
struct cudaExternalSemaphoreSignalParams {
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
struct cudaExternalSemaphoreWaitParams {
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
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
struct CUexternalMemory_st;
typedef struct CUexternalMemory_st *cudaExternalMemory_t;
struct CUexternalSemaphore_st;
typedef struct CUexternalSemaphore_st *cudaExternalSemaphore_t;
struct CUgraphNode_st;
typedef struct CUgraphNode_st *cudaGraphNode_t;
struct CUuserObject_st;
typedef struct CUuserObject_st *cudaUserObject_t;
typedef unsigned long long cudaGraphConditionalHandle;
struct CUkern_st;
typedef struct CUkern_st *cudaKernel_t;
enum cudaJitOption {
  cudaJitMaxRegisters = 0,
  cudaJitThreadsPerBlock = 1,
  cudaJitWallTime = 2,
  cudaJitInfoLogBuffer = 3,
  cudaJitInfoLogBufferSizeBytes = 4,
  cudaJitErrorLogBuffer = 5,
  cudaJitErrorLogBufferSizeBytes = 6,
  cudaJitOptimizationLevel = 7,
  cudaJitFallbackStrategy = 10,
  cudaJitGenerateDebugInfo = 11,
  cudaJitLogVerbose = 12,
  cudaJitGenerateLineInfo = 13,
  cudaJitCacheMode = 14,
  cudaJitPositionIndependentCode = 30,
  cudaJitMinCtaPerSm = 31,
  cudaJitMaxThreadsPerBlock = 32,
  cudaJitOverrideDirectiveValues = 33
};
enum cudaLibraryOption {
  cudaLibraryHostUniversalFunctionAndDataTable = 0,
  cudaLibraryBinaryIsPreserved = 1
};
struct cudalibraryHostUniversalFunctionAndDataTable {
  void *functionTable;
  size_t functionWindowSize;
  void *dataTable;
  size_t dataWindowSize;
};
enum cudaJit_CacheMode {
  cudaJitCacheOptionNone = 0,
  cudaJitCacheOptionCG = 1,
  cudaJitCacheOptionCA = 2
};
enum cudaJit_Fallback {
  cudaPreferPtx = 0,
  cudaPreferBinary = 1
};
struct CUlib_st;
typedef struct CUlib_st *cudaLibrary_t;
enum cudaCGScope {
  cudaCGScopeInvalid = 0,
  cudaCGScopeGrid = 1,
  cudaCGScopeMultiGrid = 2
};
struct cudaLaunchParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};
struct cudaKernelNodeParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
struct cudaKernelNodeParamsV2 {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
struct cudaExternalSemaphoreSignalNodeParams {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreSignalParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreSignalNodeParamsV2 {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreSignalParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParams {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreWaitParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParamsV2 {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreWaitParams *paramsArray;
  unsigned int numExtSems;
};
enum cudaGraphConditionalHandleFlags {
  cudaGraphCondAssignDefault = 1
};
enum cudaGraphConditionalNodeType {
  cudaGraphCondTypeIf = 0,
  cudaGraphCondTypeWhile = 1,
  cudaGraphCondTypeSwitch = 2
};
struct cudaConditionalNodeParams {
  cudaGraphConditionalHandle handle;
  enum cudaGraphConditionalNodeType type;
  unsigned int size;
  cudaGraph_t *phGraph_out;
};
enum cudaGraphNodeType {
  cudaGraphNodeTypeKernel = 0,
  cudaGraphNodeTypeMemcpy = 1,
  cudaGraphNodeTypeMemset = 2,
  cudaGraphNodeTypeHost = 3,
  cudaGraphNodeTypeGraph = 4,
  cudaGraphNodeTypeEmpty = 5,
  cudaGraphNodeTypeWaitEvent = 6,
  cudaGraphNodeTypeEventRecord = 7,
  cudaGraphNodeTypeExtSemaphoreSignal = 8,
  cudaGraphNodeTypeExtSemaphoreWait = 9,
  cudaGraphNodeTypeMemAlloc = 10,
  cudaGraphNodeTypeMemFree = 11,
  cudaGraphNodeTypeConditional = 13,
  cudaGraphNodeTypeCount = 14
};
enum cudaGraphChildGraphNodeOwnership {
  cudaGraphChildGraphOwnershipClone = 0,
  cudaGraphChildGraphOwnershipMove = 1
};
struct cudaChildGraphNodeParams {
  cudaGraph_t graph;
  enum cudaGraphChildGraphNodeOwnership ownership;
};
struct cudaEventRecordNodeParams {
  cudaEvent_t event;
};
struct cudaEventWaitNodeParams {
  cudaEvent_t event;
};
struct cudaGraphNodeParams {
  enum cudaGraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    struct cudaKernelNodeParamsV2 kernel;
    struct cudaMemcpyNodeParams memcpy;
    struct cudaMemsetParamsV2 memset;
    struct cudaHostNodeParamsV2 host;
    struct cudaChildGraphNodeParams graph;
    struct cudaEventWaitNodeParams eventWait;
    struct cudaEventRecordNodeParams eventRecord;
    struct cudaExternalSemaphoreSignalNodeParamsV2 extSemSignal;
    struct cudaExternalSemaphoreWaitNodeParamsV2 extSemWait;
    struct cudaMemAllocNodeParamsV2 alloc;
    struct cudaMemFreeNodeParams free;
    struct cudaConditionalNodeParams conditional;
  };
  long long reserved2;
};
enum cudaGraphDependencyType_enum {
  cudaGraphDependencyTypeDefault = 0,
  cudaGraphDependencyTypeProgrammatic = 1
};
typedef enum cudaGraphDependencyType_enum cudaGraphDependencyType;
struct cudaGraphEdgeData_st {
  unsigned char from_port;
  unsigned char to_port;
  unsigned char type;
  unsigned char reserved[5];
};
typedef struct cudaGraphEdgeData_st cudaGraphEdgeData;
enum cudaGraphExecUpdateResult {
  cudaGraphExecUpdateSuccess = 0,
  cudaGraphExecUpdateError = 1,
  cudaGraphExecUpdateErrorTopologyChanged = 2,
  cudaGraphExecUpdateErrorNodeTypeChanged = 3,
  cudaGraphExecUpdateErrorFunctionChanged = 4,
  cudaGraphExecUpdateErrorParametersChanged = 5,
  cudaGraphExecUpdateErrorNotSupported = 6,
  cudaGraphExecUpdateErrorUnsupportedFunctionChange = 7,
  cudaGraphExecUpdateErrorAttributesChanged = 8
};
enum cudaGraphInstantiateResult {
  cudaGraphInstantiateSuccess = 0,
  cudaGraphInstantiateError = 1,
  cudaGraphInstantiateInvalidStructure = 2,
  cudaGraphInstantiateNodeOperationNotSupported = 3,
  cudaGraphInstantiateMultipleDevicesNotSupported = 4,
  cudaGraphInstantiateConditionalHandleUnused = 5
};
typedef enum cudaGraphInstantiateResult cudaGraphInstantiateResult;
struct cudaGraphInstantiateParams_st {
  unsigned long long flags;
  cudaStream_t uploadStream;
  cudaGraphNode_t errNode_out;
  cudaGraphInstantiateResult result_out;
};
typedef struct cudaGraphInstantiateParams_st cudaGraphInstantiateParams;
struct cudaGraphExecUpdateResultInfo_st {
  enum cudaGraphExecUpdateResult result;
  cudaGraphNode_t errorNode;
  cudaGraphNode_t errorFromNode;
};
typedef struct cudaGraphExecUpdateResultInfo_st cudaGraphExecUpdateResultInfo;
struct CUgraphDeviceUpdatableNode_st;
typedef struct CUgraphDeviceUpdatableNode_st *cudaGraphDeviceNode_t;
enum cudaGraphKernelNodeField {
  cudaGraphKernelNodeFieldInvalid = 0,
  cudaGraphKernelNodeFieldGridDim = 1,
  cudaGraphKernelNodeFieldParam = 2,
  cudaGraphKernelNodeFieldEnabled = 3
};
struct cudaGraphKernelNodeUpdate {
  cudaGraphDeviceNode_t node;
  enum cudaGraphKernelNodeField field;
  union {
    dim3 gridDim;
    struct {
      const void *pValue;
      size_t offset;
      size_t size;
    } param;
    unsigned int isEnabled;
  } updateData;
};
enum cudaGetDriverEntryPointFlags {
  cudaEnableDefault = 0,
  cudaEnableLegacyStream = 1,
  cudaEnablePerThreadDefaultStream = 2
};
enum cudaDriverEntryPointQueryResult {
  cudaDriverEntryPointSuccess = 0,
  cudaDriverEntryPointSymbolNotFound = 1,
  cudaDriverEntryPointVersionNotSufficent = 2
};
enum cudaGraphDebugDotFlags {
  cudaGraphDebugDotFlagsVerbose = 1,
  cudaGraphDebugDotFlagsKernelNodeParams = 4,
  cudaGraphDebugDotFlagsMemcpyNodeParams = 8,
  cudaGraphDebugDotFlagsMemsetNodeParams = 16,
  cudaGraphDebugDotFlagsHostNodeParams = 32,
  cudaGraphDebugDotFlagsEventNodeParams = 64,
  cudaGraphDebugDotFlagsExtSemasSignalNodeParams = 128,
  cudaGraphDebugDotFlagsExtSemasWaitNodeParams = 256,
  cudaGraphDebugDotFlagsKernelNodeAttributes = 512,
  cudaGraphDebugDotFlagsHandles = 1024,
  cudaGraphDebugDotFlagsConditionalNodeParams = 32768
};
enum cudaGraphInstantiateFlags {
  cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
  cudaGraphInstantiateFlagUpload = 2,
  cudaGraphInstantiateFlagDeviceLaunch = 4,
  cudaGraphInstantiateFlagUseNodePriority = 8
};
enum cudaLaunchMemSyncDomain {
  cudaLaunchMemSyncDomainDefault = 0,
  cudaLaunchMemSyncDomainRemote = 1
};
typedef enum cudaLaunchMemSyncDomain cudaLaunchMemSyncDomain;
struct cudaLaunchMemSyncDomainMap_st {
  unsigned char default_;
  unsigned char remote;
};
typedef struct cudaLaunchMemSyncDomainMap_st cudaLaunchMemSyncDomainMap;
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8,
  cudaLaunchAttributeMemSyncDomainMap = 9,
  cudaLaunchAttributeMemSyncDomain = 10,
  cudaLaunchAttributePreferredClusterDimension = 11,
  cudaLaunchAttributeLaunchCompletionEvent = 12,
  cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
  cudaLaunchAttributePreferredSharedMemoryCarveout = 14
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;
union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct {
    cudaEvent_t event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  int priority;
  cudaLaunchMemSyncDomainMap memSyncDomainMap;
  cudaLaunchMemSyncDomain memSyncDomain;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } preferredClusterDim;
  struct {
    cudaEvent_t event;
    int flags;
  } launchCompletionEvent;
  struct {
    int deviceUpdatable;
    cudaGraphDeviceNode_t devNode;
  } deviceUpdatableKernelNode;
  unsigned int sharedMemCarveout;
};
typedef union cudaLaunchAttributeValue cudaLaunchAttributeValue;
struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[4];
  cudaLaunchAttributeValue val;
};
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
};
typedef struct cudaLaunchConfig_st cudaLaunchConfig_t;
enum cudaDeviceNumaConfig {
  cudaDeviceNumaConfigNone = 0,
  cudaDeviceNumaConfigNumaNode = 1
};
struct cudaAsyncCallbackEntry;
typedef struct cudaAsyncCallbackEntry *cudaAsyncCallbackHandle_t;
enum cudaAsyncNotificationType_enum {
  cudaAsyncNotificationTypeOverBudget = 1
};
typedef enum cudaAsyncNotificationType_enum cudaAsyncNotificationType;
struct cudaAsyncNotificationInfo {
  cudaAsyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
};
typedef struct cudaAsyncNotificationInfo cudaAsyncNotificationInfo_t;
typedef void (*cudaAsyncCallback)(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t);
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode {
  cudaFormatModeForced = 0,
  cudaFormatModeAuto = 1
};

/* ------------------------------------------------------------------------
 * Functions (host and device, as section 11), in the order of
 * cuda_runtime_api.h.
 * ---------------------------------------------------------------------- */
#pragma clang force_cuda_host_device begin
extern "C" {
cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *__maxWidthInElements,
                                                 const struct cudaChannelFormatDesc *__fmtDesc,
                                                 int __device);
cudaError_t cudaDeviceGetByPCIBusId(int *__device, const char *__pciBusId);
cudaError_t cudaDeviceGetPCIBusId(char *__pciBusId, int __len, int __device);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *__handle, cudaEvent_t __event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *__event, cudaIpcEventHandle_t __handle);
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *__handle, void *__devPtr);
cudaError_t cudaIpcOpenMemHandle(void **__devPtr, cudaIpcMemHandle_t __handle,
                                 unsigned int __flags);
cudaError_t cudaIpcCloseMemHandle(void *__devPtr);
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget __target,
                                               enum cudaFlushGPUDirectRDMAWritesScope __scope);
cudaError_t cudaDeviceRegisterAsyncNotification(int __device, cudaAsyncCallback __callbackFunc,
                                                void *__userData,
                                                cudaAsyncCallbackHandle_t *__callback);
cudaError_t cudaDeviceUnregisterAsyncNotification(int __device,
                                                  cudaAsyncCallbackHandle_t __callback);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *__pConfig);
cudaError_t cudaThreadSetLimit(enum cudaLimit __limit, size_t __value);
cudaError_t cudaThreadGetLimit(size_t *__pValue, enum cudaLimit __limit);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *__pCacheConfig);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache __cacheConfig);
cudaError_t cudaGetDeviceProperties_v2(struct cudaDeviceProp *__prop, int __device);
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *__nvSciSyncAttrList, int __device, int __flags);
cudaError_t cudaDeviceGetP2PAttribute(int *__value, enum cudaDeviceP2PAttr __attr, int __srcDevice,
                                      int __dstDevice);
cudaError_t cudaInitDevice(int __device, unsigned int __deviceFlags, unsigned int __flags);
cudaError_t cudaSetValidDevices(int *__device_arr, int __len);
cudaError_t cudaStreamGetPriority(cudaStream_t __hStream, int *__priority);
cudaError_t cudaStreamGetFlags(cudaStream_t __hStream, unsigned int *__flags);
cudaError_t cudaStreamGetId(cudaStream_t __hStream, unsigned long long *__streamId);
cudaError_t cudaStreamGetDevice(cudaStream_t __hStream, int *__device);
cudaError_t cudaCtxResetPersistingL2Cache(void);
cudaError_t cudaStreamCopyAttributes(cudaStream_t __dst, cudaStream_t __src);
cudaError_t cudaStreamGetAttribute(cudaStream_t __hStream, cudaLaunchAttributeID __attr,
                                   cudaLaunchAttributeValue *__value_out);
cudaError_t cudaStreamSetAttribute(cudaStream_t __hStream, cudaLaunchAttributeID __attr,
                                   const cudaLaunchAttributeValue *__value);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t __stream, void *__devPtr, size_t __length = 0,
                                     unsigned int __flags = 4);
cudaError_t cudaStreamBeginCapture(cudaStream_t __stream, enum cudaStreamCaptureMode __mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t __stream, cudaGraph_t __graph,
                                          const cudaGraphNode_t *__dependencies,
                                          const cudaGraphEdgeData *__dependencyData,
                                          size_t __numDependencies,
                                          enum cudaStreamCaptureMode __mode);
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *__mode);
cudaError_t cudaStreamEndCapture(cudaStream_t __stream, cudaGraph_t *__pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t __stream,
                                  enum cudaStreamCaptureStatus *__pCaptureStatus);
cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t __stream,
                                        enum cudaStreamCaptureStatus *__captureStatus_out,
                                        unsigned long long *__id_out = 0,
                                        cudaGraph_t *__graph_out = 0,
                                        const cudaGraphNode_t **__dependencies_out = 0,
                                        size_t *__numDependencies_out = 0);
cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t __stream,
                                        enum cudaStreamCaptureStatus *__captureStatus_out,
                                        unsigned long long *__id_out = 0,
                                        cudaGraph_t *__graph_out = 0,
                                        const cudaGraphNode_t **__dependencies_out = 0,
                                        const cudaGraphEdgeData **__edgeData_out = 0,
                                        size_t *__numDependencies_out = 0);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t __stream,
                                                cudaGraphNode_t *__dependencies,
                                                size_t __numDependencies, unsigned int __flags = 0);
cudaError_t cudaStreamUpdateCaptureDependencies_v2(cudaStream_t __stream,
                                                   cudaGraphNode_t *__dependencies,
                                                   const cudaGraphEdgeData *__dependencyData,
                                                   size_t __numDependencies,
                                                   unsigned int __flags = 0);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t __event, cudaStream_t __stream = 0,
                                     unsigned int __flags = 0);
cudaError_t cudaEventElapsedTime_v2(float *__ms, cudaEvent_t __start, cudaEvent_t __end);
cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *__extMem_out,
                                     const struct cudaExternalMemoryHandleDesc *__memHandleDesc);
cudaError_t cudaExternalMemoryGetMappedBuffer(void **__devPtr, cudaExternalMemory_t __extMem,
                                              const struct cudaExternalMemoryBufferDesc *__bufferDesc);
cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *__mipmap,
                                                      cudaExternalMemory_t __extMem,
                                                      const struct cudaExternalMemoryMipmappedArrayDesc *__mipmapDesc);
cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t __extMem);
cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *__extSem_out,
                                        const struct cudaExternalSemaphoreHandleDesc *__semHandleDesc);
cudaError_t cudaSignalExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *__extSemArray,
                                                 const struct cudaExternalSemaphoreSignalParams *__paramsArray,
                                                 unsigned int __numExtSems,
                                                 cudaStream_t __stream = 0);
cudaError_t cudaWaitExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *__extSemArray,
                                               const struct cudaExternalSemaphoreWaitParams *__paramsArray,
                                               unsigned int __numExtSems,
                                               cudaStream_t __stream = 0);
cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t __extSem);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *__config, const void *__func,
                                void **__args);
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *__launchParamsList,
                                                   unsigned int __numDevices,
                                                   unsigned int __flags = 0);
cudaError_t cudaFuncGetName(const char **__name, const void *__func);
cudaError_t cudaFuncGetParamInfo(const void *__func, size_t __paramIndex, size_t *__paramOffset,
                                 size_t *__paramSize);
cudaError_t cudaSetDoubleForDevice(double *__d);
cudaError_t cudaSetDoubleForHost(double *__d);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *__dynamicSmemSize, const void *__func,
                                                      int __numBlocks, int __blockSize);
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *__clusterSize, const void *__func,
                                                 const cudaLaunchConfig_t *__launchConfig);
cudaError_t cudaOccupancyMaxActiveClusters(int *__numClusters, const void *__func,
                                           const cudaLaunchConfig_t *__launchConfig);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t __mipmappedArray);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *__mipmappedArray,
                                     const struct cudaChannelFormatDesc *__desc,
                                     struct cudaExtent __extent, unsigned int __numLevels,
                                     unsigned int __flags = 0);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *__levelArray,
                                       cudaMipmappedArray_const_t __mipmappedArray,
                                       unsigned int __level);
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *__p);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *__p,
                                  cudaStream_t __stream = 0);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *__desc, struct cudaExtent *__extent,
                             unsigned int *__flags, cudaArray_t __array);
cudaError_t cudaArrayGetPlane(cudaArray_t *__pPlaneArray, cudaArray_t __hArray,
                              unsigned int __planeIdx);
cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *__memoryRequirements,
                                           cudaArray_t __array, int __device);
cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *__memoryRequirements,
                                                    cudaMipmappedArray_t __mipmap, int __device);
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *__sparseProperties,
                                         cudaArray_t __array);
cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *__sparseProperties,
                                                  cudaMipmappedArray_t __mipmap);
cudaError_t cudaMemcpy2DFromArray(void *__dst, size_t __dpitch, cudaArray_const_t __src,
                                  size_t __wOffset, size_t __hOffset, size_t __width,
                                  size_t __height, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t __dst, size_t __wOffsetDst, size_t __hOffsetDst,
                                     cudaArray_const_t __src, size_t __wOffsetSrc,
                                     size_t __hOffsetSrc, size_t __width, size_t __height,
                                     enum cudaMemcpyKind __kind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpyBatchAsync(void **__dsts, void **__srcs, size_t *__sizes, size_t __count,
                                 struct cudaMemcpyAttributes *__attrs, size_t *__attrsIdxs,
                                 size_t __numAttrs, size_t *__failIdx, cudaStream_t __stream);
cudaError_t cudaMemcpy3DBatchAsync(size_t __numOps, struct cudaMemcpy3DBatchOp *__opList,
                                   size_t *__failIdx, unsigned long long __flags,
                                   cudaStream_t __stream);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t __dst, size_t __wOffset, size_t __hOffset,
                                     const void *__src, size_t __spitch, size_t __width,
                                     size_t __height, enum cudaMemcpyKind __kind,
                                     cudaStream_t __stream = 0);
cudaError_t cudaMemcpy2DFromArrayAsync(void *__dst, size_t __dpitch, cudaArray_const_t __src,
                                       size_t __wOffset, size_t __hOffset, size_t __width,
                                       size_t __height, enum cudaMemcpyKind __kind,
                                       cudaStream_t __stream = 0);
cudaError_t cudaMemset2DAsync(void *__devPtr, size_t __pitch, int __value, size_t __width,
                              size_t __height, cudaStream_t __stream = 0);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr __pitchedDevPtr, int __value,
                              struct cudaExtent __extent, cudaStream_t __stream = 0);
cudaError_t cudaMemPrefetchAsync_v2(const void *__devPtr, size_t __count,
                                    struct cudaMemLocation __location, unsigned int __flags,
                                    cudaStream_t __stream = 0);
cudaError_t cudaMemAdvise_v2(const void *__devPtr, size_t __count, enum cudaMemoryAdvise __advice,
                             struct cudaMemLocation __location);
cudaError_t cudaMemRangeGetAttribute(void *__data, size_t __dataSize,
                                     enum cudaMemRangeAttribute __attributes, const void *__devPtr,
                                     size_t __count);
cudaError_t cudaMemRangeGetAttributes(void **__data, size_t *__dataSizes,
                                      enum cudaMemRangeAttribute *__attributes,
                                      size_t __numAttributes, const void *__devPtr, size_t __count);
cudaError_t cudaMemcpyArrayToArray(cudaArray_t __dst, size_t __wOffsetDst, size_t __hOffsetDst,
                                   cudaArray_const_t __src, size_t __wOffsetSrc,
                                   size_t __hOffsetSrc, size_t __count,
                                   enum cudaMemcpyKind __kind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t __dst, size_t __wOffset, size_t __hOffset,
                                   const void *__src, size_t __count, enum cudaMemcpyKind __kind,
                                   cudaStream_t __stream = 0);
cudaError_t cudaMemcpyFromArrayAsync(void *__dst, cudaArray_const_t __src, size_t __wOffset,
                                     size_t __hOffset, size_t __count, enum cudaMemcpyKind __kind,
                                     cudaStream_t __stream = 0);
cudaError_t cudaMallocAsync(void **__devPtr, size_t __size, cudaStream_t __hStream);
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *__flags, cudaMemPool_t __memPool,
                                 struct cudaMemLocation *__location);
cudaError_t cudaMemPoolExportToShareableHandle(void *__shareableHandle, cudaMemPool_t __memPool,
                                               enum cudaMemAllocationHandleType __handleType,
                                               unsigned int __flags);
cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *__memPool, void *__shareableHandle,
                                                 enum cudaMemAllocationHandleType __handleType,
                                                 unsigned int __flags);
cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *__exportData, void *__ptr);
cudaError_t cudaMemPoolImportPointer(void **__ptr, cudaMemPool_t __memPool,
                                     struct cudaMemPoolPtrExportData *__exportData);
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t __resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t __resource,
                                            unsigned int __flags);
cudaError_t cudaGraphicsMapResources(int __count, cudaGraphicsResource_t *__resources,
                                     cudaStream_t __stream = 0);
cudaError_t cudaGraphicsUnmapResources(int __count, cudaGraphicsResource_t *__resources,
                                       cudaStream_t __stream = 0);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **__devPtr, size_t *__size,
                                                 cudaGraphicsResource_t __resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *__array,
                                                  cudaGraphicsResource_t __resource,
                                                  unsigned int __arrayIndex,
                                                  unsigned int __mipLevel);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *__mipmappedArray,
                                                        cudaGraphicsResource_t __resource);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *__desc, cudaArray_const_t __array);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *__pResDesc,
                                             cudaTextureObject_t __texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *__pTexDesc,
                                            cudaTextureObject_t __texObject);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *__pResViewDesc,
                                                 cudaTextureObject_t __texObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *__pResDesc,
                                             cudaSurfaceObject_t __surfObject);
cudaError_t cudaGraphCreate(cudaGraph_t *__pGraph, unsigned int __flags);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                   const cudaGraphNode_t *__pDependencies, size_t __numDependencies,
                                   const struct cudaKernelNodeParams *__pNodeParams);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t __node,
                                         struct cudaKernelNodeParams *__pNodeParams);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t __node,
                                         const struct cudaKernelNodeParams *__pNodeParams);
cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t __hSrc, cudaGraphNode_t __hDst);
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t __hNode, cudaLaunchAttributeID __attr,
                                            cudaLaunchAttributeValue *__value_out);
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t __hNode, cudaLaunchAttributeID __attr,
                                            const cudaLaunchAttributeValue *__value);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                   const cudaGraphNode_t *__pDependencies, size_t __numDependencies,
                                   const struct cudaMemcpy3DParms *__pCopyParams);
cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                           const cudaGraphNode_t *__pDependencies,
                                           size_t __numDependencies, const void *__symbol,
                                           const void *__src, size_t __count, size_t __offset,
                                           enum cudaMemcpyKind __kind);
cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                             const cudaGraphNode_t *__pDependencies,
                                             size_t __numDependencies, void *__dst,
                                             const void *__symbol, size_t __count, size_t __offset,
                                             enum cudaMemcpyKind __kind);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                     const cudaGraphNode_t *__pDependencies,
                                     size_t __numDependencies, void *__dst, const void *__src,
                                     size_t __count, enum cudaMemcpyKind __kind);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t __node,
                                         struct cudaMemcpy3DParms *__pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t __node,
                                         const struct cudaMemcpy3DParms *__pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t __node, const void *__symbol,
                                                 const void *__src, size_t __count, size_t __offset,
                                                 enum cudaMemcpyKind __kind);
cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t __node, void *__dst,
                                                   const void *__symbol, size_t __count,
                                                   size_t __offset, enum cudaMemcpyKind __kind);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t __node, void *__dst, const void *__src,
                                           size_t __count, enum cudaMemcpyKind __kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                   const cudaGraphNode_t *__pDependencies, size_t __numDependencies,
                                   const struct cudaMemsetParams *__pMemsetParams);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t __node,
                                         struct cudaMemsetParams *__pNodeParams);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t __node,
                                         const struct cudaMemsetParams *__pNodeParams);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                 const cudaGraphNode_t *__pDependencies, size_t __numDependencies,
                                 const struct cudaHostNodeParams *__pNodeParams);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t __node,
                                       struct cudaHostNodeParams *__pNodeParams);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t __node,
                                       const struct cudaHostNodeParams *__pNodeParams);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                       const cudaGraphNode_t *__pDependencies,
                                       size_t __numDependencies, cudaGraph_t __childGraph);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t __node, cudaGraph_t *__pGraph);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                  const cudaGraphNode_t *__pDependencies, size_t __numDependencies);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                        const cudaGraphNode_t *__pDependencies,
                                        size_t __numDependencies, cudaEvent_t __event);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t __node, cudaEvent_t *__event_out);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t __node, cudaEvent_t __event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                      const cudaGraphNode_t *__pDependencies,
                                      size_t __numDependencies, cudaEvent_t __event);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t __node, cudaEvent_t *__event_out);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t __node, cudaEvent_t __event);
cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *__pGraphNode,
                                                     cudaGraph_t __graph,
                                                     const cudaGraphNode_t *__pDependencies,
                                                     size_t __numDependencies,
                                                     const struct cudaExternalSemaphoreSignalNodeParams *__nodeParams);
cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t __hNode,
                                                           struct cudaExternalSemaphoreSignalNodeParams *__params_out);
cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t __hNode,
                                                           const struct cudaExternalSemaphoreSignalNodeParams *__nodeParams);
cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *__pGraphNode,
                                                   cudaGraph_t __graph,
                                                   const cudaGraphNode_t *__pDependencies,
                                                   size_t __numDependencies,
                                                   const struct cudaExternalSemaphoreWaitNodeParams *__nodeParams);
cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t __hNode,
                                                         struct cudaExternalSemaphoreWaitNodeParams *__params_out);
cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t __hNode,
                                                         const struct cudaExternalSemaphoreWaitNodeParams *__nodeParams);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                     const cudaGraphNode_t *__pDependencies,
                                     size_t __numDependencies,
                                     struct cudaMemAllocNodeParams *__nodeParams);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t __node,
                                           struct cudaMemAllocNodeParams *__params_out);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                    const cudaGraphNode_t *__pDependencies,
                                    size_t __numDependencies, void *__dptr);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t __node, void *__dptr_out);
cudaError_t cudaDeviceGraphMemTrim(int __device);
cudaError_t cudaDeviceGetGraphMemAttribute(int __device, enum cudaGraphMemAttributeType __attr,
                                           void *__value);
cudaError_t cudaDeviceSetGraphMemAttribute(int __device, enum cudaGraphMemAttributeType __attr,
                                           void *__value);
cudaError_t cudaGraphClone(cudaGraph_t *__pGraphClone, cudaGraph_t __originalGraph);
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *__pNode, cudaGraphNode_t __originalNode,
                                     cudaGraph_t __clonedGraph);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t __node, enum cudaGraphNodeType *__pType);
cudaError_t cudaGraphGetNodes(cudaGraph_t __graph, cudaGraphNode_t *__nodes, size_t *__numNodes);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t __graph, cudaGraphNode_t *__pRootNodes,
                                  size_t *__pNumRootNodes);
cudaError_t cudaGraphGetEdges(cudaGraph_t __graph, cudaGraphNode_t *__from, cudaGraphNode_t *__to,
                              size_t *__numEdges);
cudaError_t cudaGraphGetEdges_v2(cudaGraph_t __graph, cudaGraphNode_t *__from,
                                 cudaGraphNode_t *__to, cudaGraphEdgeData *__edgeData,
                                 size_t *__numEdges);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t __node, cudaGraphNode_t *__pDependencies,
                                         size_t *__pNumDependencies);
cudaError_t cudaGraphNodeGetDependencies_v2(cudaGraphNode_t __node,
                                            cudaGraphNode_t *__pDependencies,
                                            cudaGraphEdgeData *__edgeData,
                                            size_t *__pNumDependencies);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t __node,
                                           cudaGraphNode_t *__pDependentNodes,
                                           size_t *__pNumDependentNodes);
cudaError_t cudaGraphNodeGetDependentNodes_v2(cudaGraphNode_t __node,
                                              cudaGraphNode_t *__pDependentNodes,
                                              cudaGraphEdgeData *__edgeData,
                                              size_t *__pNumDependentNodes);
cudaError_t cudaGraphAddDependencies(cudaGraph_t __graph, const cudaGraphNode_t *__from,
                                     const cudaGraphNode_t *__to, size_t __numDependencies);
cudaError_t cudaGraphAddDependencies_v2(cudaGraph_t __graph, const cudaGraphNode_t *__from,
                                        const cudaGraphNode_t *__to,
                                        const cudaGraphEdgeData *__edgeData,
                                        size_t __numDependencies);
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t __graph, const cudaGraphNode_t *__from,
                                        const cudaGraphNode_t *__to, size_t __numDependencies);
cudaError_t cudaGraphRemoveDependencies_v2(cudaGraph_t __graph, const cudaGraphNode_t *__from,
                                           const cudaGraphNode_t *__to,
                                           const cudaGraphEdgeData *__edgeData,
                                           size_t __numDependencies);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t __node);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *__pGraphExec, cudaGraph_t __graph,
                                 unsigned long long __flags = 0);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *__pGraphExec, cudaGraph_t __graph,
                                          unsigned long long __flags = 0);
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *__pGraphExec, cudaGraph_t __graph,
                                           cudaGraphInstantiateParams *__instantiateParams);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t __graphExec, unsigned long long *__flags);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __node,
                                             const struct cudaKernelNodeParams *__pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __node,
                                             const struct cudaMemcpy3DParms *__pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t __hGraphExec,
                                                     cudaGraphNode_t __node, const void *__symbol,
                                                     const void *__src, size_t __count,
                                                     size_t __offset, enum cudaMemcpyKind __kind);
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t __hGraphExec,
                                                       cudaGraphNode_t __node, void *__dst,
                                                       const void *__symbol, size_t __count,
                                                       size_t __offset, enum cudaMemcpyKind __kind);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __node,
                                               void *__dst, const void *__src, size_t __count,
                                               enum cudaMemcpyKind __kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __node,
                                             const struct cudaMemsetParams *__pNodeParams);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __node,
                                           const struct cudaHostNodeParams *__pNodeParams);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t __hGraphExec,
                                                 cudaGraphNode_t __node, cudaGraph_t __childGraph);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t __hGraphExec,
                                                 cudaGraphNode_t __hNode, cudaEvent_t __event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t __hGraphExec,
                                               cudaGraphNode_t __hNode, cudaEvent_t __event);
cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
    cudaGraphExec_t __hGraphExec, cudaGraphNode_t __hNode,
    const struct cudaExternalSemaphoreSignalNodeParams *__nodeParams);
cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
    cudaGraphExec_t __hGraphExec, cudaGraphNode_t __hNode,
    const struct cudaExternalSemaphoreWaitNodeParams *__nodeParams);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __hNode,
                                    unsigned int __isEnabled);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t __hGraphExec, cudaGraphNode_t __hNode,
                                    unsigned int *__isEnabled);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t __hGraphExec, cudaGraph_t __hGraph,
                                cudaGraphExecUpdateResultInfo *__resultInfo);
cudaError_t cudaGraphUpload(cudaGraphExec_t __graphExec, cudaStream_t __stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t __graphExec, cudaStream_t __stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t __graphExec);
cudaError_t cudaGraphDestroy(cudaGraph_t __graph);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t __graph, const char *__path, unsigned int __flags);
cudaError_t cudaUserObjectCreate(cudaUserObject_t *__object_out, void *__ptr,
                                 cudaHostFn_t __destroy, unsigned int __initialRefcount,
                                 unsigned int __flags);
cudaError_t cudaUserObjectRetain(cudaUserObject_t __object, unsigned int __count = 1);
cudaError_t cudaUserObjectRelease(cudaUserObject_t __object, unsigned int __count = 1);
cudaError_t cudaGraphRetainUserObject(cudaGraph_t __graph, cudaUserObject_t __object,
                                      unsigned int __count = 1, unsigned int __flags = 0);
cudaError_t cudaGraphReleaseUserObject(cudaGraph_t __graph, cudaUserObject_t __object,
                                       unsigned int __count = 1);
cudaError_t cudaGraphAddNode(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                             const cudaGraphNode_t *__pDependencies, size_t __numDependencies,
                             struct cudaGraphNodeParams *__nodeParams);
cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                const cudaGraphNode_t *__pDependencies,
                                const cudaGraphEdgeData *__dependencyData, size_t __numDependencies,
                                struct cudaGraphNodeParams *__nodeParams);
cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t __node,
                                   struct cudaGraphNodeParams *__nodeParams);
cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t __graphExec, cudaGraphNode_t __node,
                                       struct cudaGraphNodeParams *__nodeParams);
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *__pHandle_out,
                                             cudaGraph_t __graph,
                                             unsigned int __defaultLaunchValue = 0,
                                             unsigned int __flags = 0);
cudaError_t cudaGetDriverEntryPoint(const char *__symbol, void **__funcPtr,
                                    unsigned long long __flags,
                                    enum cudaDriverEntryPointQueryResult *__driverStatus = 0);
cudaError_t cudaGetDriverEntryPointByVersion(const char *__symbol, void **__funcPtr,
                                             unsigned int __cudaVersion, unsigned long long __flags,
                                             enum cudaDriverEntryPointQueryResult *__driverStatus = 0);
cudaError_t cudaLibraryLoadData(cudaLibrary_t *__library, const void *__code,
                                enum cudaJitOption *__jitOptions, void **__jitOptionsValues,
                                unsigned int __numJitOptions,
                                enum cudaLibraryOption *__libraryOptions,
                                void **__libraryOptionValues, unsigned int __numLibraryOptions);
cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *__library, const char *__fileName,
                                    enum cudaJitOption *__jitOptions, void **__jitOptionsValues,
                                    unsigned int __numJitOptions,
                                    enum cudaLibraryOption *__libraryOptions,
                                    void **__libraryOptionValues, unsigned int __numLibraryOptions);
cudaError_t cudaLibraryUnload(cudaLibrary_t __library);
cudaError_t cudaLibraryGetKernel(cudaKernel_t *__pKernel, cudaLibrary_t __library,
                                 const char *__name);
cudaError_t cudaLibraryGetGlobal(void **__dptr, size_t *__bytes, cudaLibrary_t __library,
                                 const char *__name);
cudaError_t cudaLibraryGetManaged(void **__dptr, size_t *__bytes, cudaLibrary_t __library,
                                  const char *__name);
cudaError_t cudaLibraryGetUnifiedFunction(void **__fptr, cudaLibrary_t __library,
                                          const char *__symbol);
cudaError_t cudaLibraryGetKernelCount(unsigned int *__count, cudaLibrary_t __lib);
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *__kernels, unsigned int __numKernels,
                                        cudaLibrary_t __lib);
cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t __kernel, enum cudaFuncAttribute __attr,
                                            int __value, int __device);
cudaError_t cudaGetExportTable(const void **__ppExportTable, const cudaUUID_t *__pExportTableId);
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *__functionPtr, const void *__symbolPtr);
cudaError_t cudaGetKernel(cudaKernel_t *__kernelPtr, const void *__entryFuncAddr);
} /* extern "C" */

/* C++ overloads of cuda_runtime.h and channel_descriptor.h */
cudaChannelFormatDesc cudaCreateChannelDescHalf(void);
cudaChannelFormatDesc cudaCreateChannelDescHalf1(void);
cudaChannelFormatDesc cudaCreateChannelDescHalf2(void);
cudaChannelFormatDesc cudaCreateChannelDescHalf4(void);
cudaChannelFormatDesc cudaCreateChannelDescNV12(void);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *__pGraphExec, cudaGraph_t __graph,
                                 cudaGraphNode_t *__pErrorNode, char *__pLogBuffer,
                                 size_t __bufferSize);
cudaError_t cudaMallocAsync(void **__ptr, size_t __size, cudaMemPool_t __memPool,
                            cudaStream_t __stream);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t __hGraphExec, cudaGraph_t __hGraph,
                                cudaGraphNode_t *__hErrorNode_out,
                                enum cudaGraphExecUpdateResult *__updateResult_out);
#pragma clang force_cuda_host_device end

/* ------------------------------------------------------------------------
 * The device runtime (cuda_device_runtime_api.h): device-only functions
 * for dynamic parallelism, device graph launch, programmatic dependent
 * launch and the cooperative-groups runtime.
 * ---------------------------------------------------------------------- */
extern "C" {
__device__ cudaGraphExec_t cudaGetCurrentGraphExec(void);
__device__ cudaError_t cudaGraphKernelNodeSetParam(cudaGraphDeviceNode_t __node, size_t __offset,
                                                   const void *__value, size_t __size);
__device__ cudaError_t cudaGraphKernelNodeSetEnabled(cudaGraphDeviceNode_t __node, bool __enable);
__device__ cudaError_t cudaGraphKernelNodeSetGridDim(cudaGraphDeviceNode_t __node, dim3 __gridDim);
__device__ cudaError_t cudaGraphKernelNodeUpdatesApply(const cudaGraphKernelNodeUpdate *__updates,
                                                       size_t __updateCount);
__device__ void cudaTriggerProgrammaticLaunchCompletion(void);
__device__ void cudaGridDependencySynchronize(void);
__device__ void cudaGraphSetConditional(cudaGraphConditionalHandle __handle, unsigned int __value);
__device__ unsigned long long cudaCGGetIntrinsicHandle(enum cudaCGScope __scope);
__device__ cudaError_t cudaCGSynchronize(unsigned long long __handle, unsigned int __flags);
__device__ cudaError_t cudaCGSynchronizeGrid(unsigned long long __handle, unsigned int __flags);
__device__ cudaError_t cudaCGGetSize(unsigned int *__numThreads, unsigned int *__numGrids,
                                     unsigned long long __handle);
__device__ cudaError_t cudaCGGetRank(unsigned int *__threadRank, unsigned int *__gridRank,
                                     unsigned long long __handle);
__device__ void *cudaGetParameterBuffer(size_t __alignment, size_t __size);
__device__ void *cudaGetParameterBufferV2(void *__func, dim3 __gridDimension, dim3 __blockDimension,
                                          unsigned int __sharedMemSize);
__device__ cudaError_t cudaLaunchDevice(void *__func, void *__parameterBuffer, dim3 __gridDimension,
                                        dim3 __blockDimension, unsigned int __sharedMemSize,
                                        cudaStream_t __stream);
__device__ cudaError_t cudaLaunchDeviceV2(void *__parameterBuffer, cudaStream_t __stream);
} /* extern "C" */

/* ------------------------------------------------------------------------
 * C++ forms of cuda_runtime.h: templates taking typed pointers, the kernel
 * itself or a symbol (a __device__ variable), beside the C forms above and
 * the templates of gpurace_prelude.h section 11.  Bodiless but for the
 * two taking a functor.
 * ---------------------------------------------------------------------- */
#pragma clang force_cuda_host_device begin
/* cudaLaunchKernelEx(&config, kernel, args...): the arguments are converted
 * to the kernel's parameter types, as for a <<<...>>> launch. */
template <typename... _ExpTypes, typename... _ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *__config, void (*__kernel)(_ExpTypes...),
                               _ActTypes &&...__args);
template <typename... _ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *__config, const cudaKernel_t __kernel,
                               _ActTypes &&...__args);

/* memory */
template <class _Tp>
cudaError_t cudaMallocAsync(_Tp **__ptr, size_t __size, cudaMemPool_t __memPool, cudaStream_t __stream);
template <class _Tp> cudaError_t cudaMallocAsync(_Tp **__ptr, size_t __size, cudaStream_t __stream);
template <class _Tp>
cudaError_t cudaMallocFromPoolAsync(_Tp **__ptr, size_t __size, cudaMemPool_t __memPool,
                                    cudaStream_t __stream);
template <class _Tp>
cudaError_t cudaMemAdvise(_Tp *__devPtr, size_t __count, enum cudaMemoryAdvise __advice,
                          struct cudaMemLocation __location);
template <class _Tp>
cudaError_t cudaMemPrefetchAsync(_Tp *__devPtr, size_t __count, struct cudaMemLocation __location,
                                 unsigned int __flags, cudaStream_t __stream = 0);
template <class _Tp>
cudaError_t cudaStreamAttachMemAsync(cudaStream_t __stream, _Tp *__devPtr, size_t __length = 0,
                                     unsigned int __flags = cudaMemAttachSingle);
template <typename _Tp, typename _Up>
cudaError_t cudaMemcpyBatchAsync(_Tp **__dsts, _Up **__srcs, size_t *__sizes, size_t __count,
                                 struct cudaMemcpyAttributes *__attrs, size_t *__attrsIdxs,
                                 size_t __numAttrs, size_t *__failIdx, cudaStream_t __hStream);
template <typename _Tp, typename _Up>
cudaError_t cudaMemcpyBatchAsync(_Tp **__dsts, _Up **__srcs, size_t *__sizes, size_t __count,
                                 struct cudaMemcpyAttributes __attr, size_t *__failIdx,
                                 cudaStream_t __hStream);

/* graphs: memcpy nodes to and from a symbol */
template <class _Tp>
cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                           const cudaGraphNode_t *__pDependencies,
                                           size_t __numDependencies, const _Tp &__symbol,
                                           const void *__src, size_t __count, size_t __offset,
                                           enum cudaMemcpyKind __kind);
template <class _Tp>
cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *__pGraphNode, cudaGraph_t __graph,
                                             const cudaGraphNode_t *__pDependencies,
                                             size_t __numDependencies, void *__dst,
                                             const _Tp &__symbol, size_t __count, size_t __offset,
                                             enum cudaMemcpyKind __kind);
template <class _Tp>
cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t __node, const _Tp &__symbol,
                                                 const void *__src, size_t __count,
                                                 size_t __offset, enum cudaMemcpyKind __kind);
template <class _Tp>
cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t __node, void *__dst,
                                                   const _Tp &__symbol, size_t __count,
                                                   size_t __offset, enum cudaMemcpyKind __kind);
template <class _Tp>
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t __hGraphExec,
                                                     cudaGraphNode_t __node, const _Tp &__symbol,
                                                     const void *__src, size_t __count,
                                                     size_t __offset, enum cudaMemcpyKind __kind);
template <class _Tp>
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t __hGraphExec,
                                                       cudaGraphNode_t __node, void *__dst,
                                                       const _Tp &__symbol, size_t __count,
                                                       size_t __offset, enum cudaMemcpyKind __kind);
/* user objects wrapping a C++ object (deleted with `delete`) */
template <class _Tp>
cudaError_t cudaUserObjectCreate(cudaUserObject_t *__object_out, _Tp *__objectToWrap,
                                 unsigned int __initialRefcount, unsigned int __flags);
template <class _Tp>
cudaError_t cudaUserObjectCreate(cudaUserObject_t *__object_out, _Tp *__objectToWrap,
                                 unsigned int __initialRefcount, cudaUserObjectFlags __flags);

/* occupancy (_Tp deduces to the kernel's pointer or function type) */
template <class _Tp>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *__minGridSize, int *__blockSize,
                                                        _Tp __func, size_t __dynamicSMemSize = 0,
                                                        int __blockSizeLimit = 0,
                                                        unsigned int __flags = 0);
/* The shared-memory size function is usually a lambda, and a bodiless
 * template cannot be used with a lambda's type (clang: "used but not
 * defined"), so these two have bodies: the answer of the fixed-size form,
 * a bodiless call like the others. */
template <typename _UnaryFunction, class _Tp>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *__minGridSize, int *__blockSize, _Tp __func, _UnaryFunction __blockSizeToDynamicSMemSize,
    int __blockSizeLimit = 0, unsigned int __flags = 0) {
  (void)__blockSizeToDynamicSMemSize;
  return cudaOccupancyMaxPotentialBlockSizeWithFlags(__minGridSize, __blockSize, __func, (size_t)0,
                                                     __blockSizeLimit, __flags);
}
template <typename _UnaryFunction, class _Tp>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *__minGridSize, int *__blockSize,
                                                           _Tp __func,
                                                           _UnaryFunction __blockSizeToDynamicSMemSize,
                                                           int __blockSizeLimit = 0) {
  (void)__blockSizeToDynamicSMemSize;
  return cudaOccupancyMaxPotentialBlockSize(__minGridSize, __blockSize, __func, (size_t)0,
                                            __blockSizeLimit);
}
template <class _Tp>
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *__dynamicSmemSize, _Tp *__func,
                                                      int __numBlocks, int __blockSize);
template <class _Tp>
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *__clusterSize, _Tp *__func,
                                                 const cudaLaunchConfig_t *__config);
template <class _Tp>
cudaError_t cudaOccupancyMaxActiveClusters(int *__numClusters, _Tp *__func,
                                           const cudaLaunchConfig_t *__config);

/* channel descriptors of the formats named by a cudaChannelFormatKind
 * (cudaCreateChannelDesc<cudaChannelFormatKindNV12>()) */
template <enum cudaChannelFormatKind _Kind> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

/* functions, kernels and libraries */
template <class _Tp> cudaError_t cudaFuncGetName(const char **__name, _Tp *__func);
template <class _Tp> cudaError_t cudaGetKernel(cudaKernel_t *__kernelPtr, _Tp *__func);
template <class _Tp>
cudaError_t cudaLibraryGetGlobal(_Tp **__dptr, size_t *__bytes, cudaLibrary_t __library,
                                 const char *__name);
template <class _Tp>
cudaError_t cudaLibraryGetManaged(_Tp **__dptr, size_t *__bytes, cudaLibrary_t __library,
                                  const char *__name);
template <class _Tp>
cudaError_t cudaLibraryGetUnifiedFunction(_Tp **__fptr, cudaLibrary_t __library,
                                          const char *__symbol);
#pragma clang force_cuda_host_device end

/* device graph update of a kernel parameter, typed (the device runtime) */
template <typename _Tp>
__device__ cudaError_t cudaGraphKernelNodeSetParam(cudaGraphDeviceNode_t __node, size_t __offset,
                                                   const _Tp &__value);
