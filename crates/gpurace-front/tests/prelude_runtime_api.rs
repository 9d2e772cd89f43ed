//! The prelude declares the whole CUDA runtime API, so that no program stops
//! on a missing runtime declaration: `cudaLaunchKernelEx` with launch
//! attributes, and a sample of the rest (graphs, stream capture, events,
//! memory pools, occupancy, 2D/3D copies, pointer attributes, IPC, external
//! memory, libraries, the device runtime), parse without a clang error and
//! lower without an error diagnostic.
//!
//! `tools/prelude-coverage` checks every name against a toolkit's headers;
//! this test keeps the common ones from regressing without a toolkit.

mod common;

use common::{clang_errors, lowering_errors};

const PROGRAM: &str = r#"
#include <cuda_runtime.h>
#include <cstdio>

__constant__ float coeffs[16];
__device__ int counter;

__global__ void scale(float *out, const float *in, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * factor;
}

__global__ void consumer(float *out, int n) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += 1.0f;
  cudaTriggerProgrammaticLaunchCompletion();
}

static void check(cudaError_t e) {
  if (e != cudaSuccess) printf("%s: %s\n", cudaGetErrorName(e), cudaGetErrorString(e));
}

int main() {
  int n = 1024;
  float *in, *out;
  check(cudaMalloc(&in, n * sizeof(float)));
  check(cudaMalloc(&out, n * sizeof(float)));

  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  // cudaLaunchKernelEx with a configuration and launch attributes
  cudaLaunchAttribute attrs[3];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attrs[0].val.programmaticStreamSerializationAllowed = 1;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim.x = 2;
  attrs[1].val.clusterDim.y = 1;
  attrs[1].val.clusterDim.z = 1;
  attrs[2].id = cudaLaunchAttributePriority;
  attrs[2].val.priority = 0;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 255) / 256);
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = stream;
  cfg.attrs = attrs;
  cfg.numAttrs = 3;
  check(cudaLaunchKernelEx(&cfg, scale, out, (const float *)in, 2.0f, n));
  check(cudaLaunchKernelEx(&cfg, consumer, out, n));
  void *args[] = {&out, &n};
  check(cudaLaunchKernelExC(&cfg, (const void *)consumer, args));
  int clusterSize = 0, clusters = 0;
  check(cudaOccupancyMaxPotentialClusterSize(&clusterSize, scale, &cfg));
  check(cudaOccupancyMaxActiveClusters(&clusters, scale, &cfg));

  // stream attributes, priorities, callbacks
  cudaStreamAttrValue sval;
  sval.accessPolicyWindow.base_ptr = out;
  sval.accessPolicyWindow.num_bytes = n * sizeof(float);
  sval.accessPolicyWindow.hitRatio = 0.5f;
  sval.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  sval.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  check(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &sval));
  int prio = 0;
  unsigned long long sid = 0;
  check(cudaStreamGetPriority(stream, &prio));
  check(cudaStreamGetId(stream, &sid));
  check(cudaCtxResetPersistingL2Cache());

  // graphs and stream capture
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  scale<<<n / 256, 256, 0, stream>>>(out, in, 3.0f, n);
  check(cudaStreamEndCapture(stream, &graph));
  cudaStreamCaptureStatus status;
  check(cudaStreamIsCapturing(stream, &status));
  check(cudaGraphInstantiate(&exec, graph, 0));
  check(cudaGraphLaunch(exec, stream));
  cudaGraphNode_t node;
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3(4);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  check(cudaGraphAddKernelNode(&node, graph, nullptr, 0, &kp));
  cudaGraphNode_t memsetNode;
  cudaMemsetParams mp = {};
  mp.dst = out;
  mp.value = 0;
  mp.elementSize = sizeof(float);
  mp.width = n;
  mp.height = 1;
  check(cudaGraphAddMemsetNode(&memsetNode, graph, &node, 1, &mp));
  cudaGraphExecUpdateResultInfo info;
  check(cudaGraphExecUpdate(exec, graph, &info));
  size_t numNodes = 0;
  check(cudaGraphGetNodes(graph, nullptr, &numNodes));
  check(cudaGraphExecDestroy(exec));
  check(cudaGraphDestroy(graph));

  // events
  cudaEvent_t start, stop;
  check(cudaEventCreateWithFlags(&start, cudaEventDisableTiming));
  check(cudaEventCreate(&stop));
  check(cudaEventRecordWithFlags(start, stream, cudaEventRecordExternal));
  check(cudaStreamWaitEvent(stream, start, cudaEventWaitDefault));
  float ms = 0;
  check(cudaEventElapsedTime(&ms, start, stop));
  cudaIpcEventHandle_t ipcEvent;
  check(cudaIpcGetEventHandle(&ipcEvent, start));
  cudaIpcMemHandle_t ipcMem;
  check(cudaIpcGetMemHandle(&ipcMem, out));

  // memory pools and async allocation
  cudaMemPool_t pool;
  check(cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long threshold = ~0ull;
  check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  float *tmpbuf;
  check(cudaMallocAsync(&tmpbuf, n * sizeof(float), stream));
  check(cudaMallocFromPoolAsync(&tmpbuf, n * sizeof(float), pool, stream));
  check(cudaFreeAsync(tmpbuf, stream));

  // occupancy
  int minGrid = 0, blockSize = 0, blocks = 0;
  size_t dynSmem = 0;
  check(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, scale, 0, 0));
  check(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &blockSize, scale,
                                                        [](int b) { return (size_t)b * 4; }));
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 256, 0));
  check(cudaOccupancyAvailableDynamicSMemPerBlock(&dynSmem, scale, blocks, 256));
  cudaFuncAttributes fattr;
  check(cudaFuncGetAttributes(&fattr, scale));
  check(cudaFuncSetAttribute(scale, cudaFuncAttributeRequiredClusterWidth, 2));
  const char *fname = nullptr;
  check(cudaFuncGetName(&fname, scale));

  // 2D/3D copies and arrays
  float *pitched;
  size_t pitch;
  check(cudaMallocPitch(&pitched, &pitch, 64 * sizeof(float), 16));
  check(cudaMemcpy2D(pitched, pitch, in, 64 * sizeof(float), 64 * sizeof(float), 16,
                     cudaMemcpyDeviceToDevice));
  check(cudaMemset2DAsync(pitched, pitch, 0, 64 * sizeof(float), 16, stream));
  cudaMemcpy3DParms p3 = {};
  p3.srcPtr = make_cudaPitchedPtr(in, 64 * sizeof(float), 64, 16);
  p3.dstPtr = make_cudaPitchedPtr(pitched, pitch, 64, 16);
  p3.extent = make_cudaExtent(64 * sizeof(float), 16, 1);
  p3.kind = cudaMemcpyDeviceToDevice;
  check(cudaMemcpy3D(&p3));
  cudaMemcpy3DPeerParms peer = {};
  peer.extent = p3.extent;
  check(cudaMemcpy3DPeerAsync(&peer, stream));
  cudaArray_t arr;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  check(cudaMallocArray(&arr, &desc, 64, 16, cudaArraySurfaceLoadStore));
  cudaExtent ext;
  unsigned int aflags;
  check(cudaArrayGetInfo(&desc, &ext, &aflags, arr));
  check(cudaMemcpy2DFromArrayAsync(pitched, pitch, arr, 0, 0, 64 * sizeof(float), 16,
                                   cudaMemcpyDeviceToDevice, stream));

  // pointers, symbols, managed memory, devices
  cudaPointerAttributes pattr;
  check(cudaPointerGetAttributes(&pattr, out));
  check(cudaMemcpyToSymbolAsync(coeffs, in, sizeof(coeffs), 0, cudaMemcpyDeviceToDevice, stream));
  int *counterPtr;
  check(cudaGetSymbolAddress((void **)&counterPtr, counter));
  float *managed;
  check(cudaMallocManaged(&managed, n * sizeof(float)));
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = 0;
  check(cudaMemPrefetchAsync(managed, n * sizeof(float), loc, 0, stream));
  check(cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetReadMostly, loc));
  check(cudaStreamAttachMemAsync(stream, managed));
  int readMostly = 0;
  check(cudaMemRangeGetAttribute(&readMostly, sizeof(readMostly), cudaMemRangeAttributeReadMostly,
                                 managed, n * sizeof(float)));
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, 0));
  printf("%s %d %d %c\n", prop.name, prop.clusterLaunch, prop.major, prop.uuid.bytes[0]);
  int p2p = 0;
  check(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 1));
  char bus[32];
  check(cudaDeviceGetPCIBusId(bus, sizeof(bus), 0));
  check(cudaInitDevice(0, 0, 0));

  // external memory, libraries, driver entry points
  cudaExternalMemoryHandleDesc emd = {};
  emd.type = cudaExternalMemoryHandleTypeOpaqueFd;
  emd.handle.fd = 3;
  emd.size = 1 << 20;
  cudaExternalMemory_t extMem;
  check(cudaImportExternalMemory(&extMem, &emd));
  cudaLibrary_t lib;
  check(cudaLibraryLoadFromFile(&lib, "k.cubin", nullptr, nullptr, 0, nullptr, nullptr, 0));
  cudaKernel_t kern;
  check(cudaLibraryGetKernel(&kern, lib, "scale"));
  check(cudaLaunchKernelEx(&cfg, kern, out, n));
  void *entry;
  cudaDriverEntryPointQueryResult qres;
  check(cudaGetDriverEntryPoint("cuMemAlloc", &entry, cudaEnableDefault, &qres));

  cudaDataType dt = CUDA_R_32F;
  (void)dt;
  check(cudaStreamSynchronize(stream));
  check(cudaStreamDestroy(stream));
  check(cudaFree(in));
  check(cudaFree(out));
  return 0;
}
"#;

#[test]
fn the_runtime_api_sample_parses_without_a_clang_error() {
    if let Some(stderr) = clang_errors(PROGRAM) {
        panic!(
            "clang rejects the sample:
{stderr}"
        );
    }
}

#[test]
fn the_runtime_api_sample_lowers_without_an_error() {
    let errors = lowering_errors(PROGRAM);
    assert!(errors.is_empty(), "errors lowering the sample:\n{}", errors.join("\n"));
}
