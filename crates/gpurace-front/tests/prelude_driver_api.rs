//! The prelude declares the whole CUDA driver API (cuda.h), so that no
//! program stops on a missing driver declaration: virtual memory management
//! (`cuMemCreate` with a `CUmemAllocationProp`, `CUmemLocationType` and
//! `CU_MEM_LOCATION_TYPE_HOST_NUMA`, as NCCL uses them), contexts, modules,
//! `cuLaunchKernel`/`cuLaunchKernelEx`, copies, streams, events, graphs and
//! the `_v2` aliases, next to the runtime API, parse without a clang error
//! and lower without an error diagnostic.
//!
//! `tools/prelude-coverage REAL_INCLUDE --api driver` checks every name
//! against a toolkit's cuda.h; this test keeps the common ones from
//! regressing without a toolkit.

mod common;

use common::{clang_errors, lowering_errors};

const PROGRAM: &str = r#"
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdio>

extern "C" __global__ void scale(float *out, const float *in, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * factor;
}

#define CU_CHECK(call)                                                  \
  do {                                                                  \
    CUresult e_ = (call);                                               \
    if (e_ != CUDA_SUCCESS) {                                           \
      const char *msg = nullptr;                                        \
      cuGetErrorName(e_, &msg);                                         \
      printf("%s:%d %s\n", __FILE__, __LINE__, msg);                    \
    }                                                                   \
  } while (0)

static void host_fn(void *user) { (void)user; }

int main() {
  CU_CHECK(cuInit(0));
  int version = 0;
  CU_CHECK(cuDriverGetVersion(&version));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  int sms = 0;
  CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  size_t total = 0;
  CU_CHECK(cuDeviceTotalMem(&total, dev));
  CUuuid uuid;
  CU_CHECK(cuDeviceGetUuid(&uuid, dev));

  // contexts
  CUcontext ctx, cur;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));
  CU_CHECK(cuCtxGetCurrent(&cur));
  CU_CHECK(cuCtxPushCurrent(ctx));
  CU_CHECK(cuCtxPopCurrent(&cur));
  CUdevice ctxDev;
  CU_CHECK(cuCtxGetDevice(&ctxDev));
  CU_CHECK(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096));

  // modules and launches
  CUmodule mod;
  CUfunction fn;
  CU_CHECK(cuModuleLoad(&mod, "scale.cubin"));
  CU_CHECK(cuModuleGetFunction(&fn, mod, "scale"));
  CUdeviceptr globalPtr;
  size_t globalSize;
  CU_CHECK(cuModuleGetGlobal(&globalPtr, &globalSize, mod, "table"));
  CU_CHECK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1 << 16));

  int n = 1024;
  CUdeviceptr in, out;
  CU_CHECK(cuMemAlloc(&in, n * sizeof(float)));
  CU_CHECK(cuMemAlloc(&out, n * sizeof(float)));
  CU_CHECK(cuMemsetD32(out, 0, n));
  float host[1024] = {};
  CU_CHECK(cuMemcpyHtoD(in, host, n * sizeof(float)));

  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  float factor = 2.0f;
  void *args[] = {&out, &in, &factor, &n};
  CU_CHECK(cuLaunchKernel(fn, n / 256, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, args, CU_LAUNCH_PARAM_END};
  (void)extra;

  CUlaunchAttribute attr[1];
  attr[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr[0].value.clusterDim.x = 2;
  attr[0].value.clusterDim.y = 1;
  attr[0].value.clusterDim.z = 1;
  CUlaunchConfig cfg = {};
  cfg.gridDimX = n / 256;
  cfg.gridDimY = 1;
  cfg.gridDimZ = 1;
  cfg.blockDimX = 256;
  cfg.blockDimY = 1;
  cfg.blockDimZ = 1;
  cfg.hStream = stream;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  CU_CHECK(cuLaunchKernelEx(&cfg, fn, args, nullptr));
  CU_CHECK(cuLaunchHostFunc(stream, host_fn, nullptr));

  // virtual memory management
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = dev;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  size_t gran = 0;
  CU_CHECK(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  CUmemGenericAllocationHandle handle;
  CU_CHECK(cuMemCreate(&handle, gran, &prop, 0));
  CUdeviceptr va;
  CU_CHECK(cuMemAddressReserve(&va, gran, 0, 0, 0));
  CU_CHECK(cuMemMap(va, gran, 0, handle, 0));
  CUmemAccessDesc access = {};
  access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  access.location.id = dev;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CU_CHECK(cuMemSetAccess(va, gran, &access, 1));
  int fd = -1;
  CU_CHECK(cuMemExportToShareableHandle(&fd, handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  CUmemLocation hostNuma;
  CUmemLocationType locType = CU_MEM_LOCATION_TYPE_HOST_NUMA;
  hostNuma.type = locType;
  hostNuma.id = 0;
  CUmemAllocationProp numaProp = prop;
  numaProp.location = hostNuma;
  CU_CHECK(cuMemUnmap(va, gran));
  CU_CHECK(cuMemRelease(handle));
  CU_CHECK(cuMemAddressFree(va, gran));
  CU_CHECK(cuMemPrefetchAsync_v2(out, n * sizeof(float), hostNuma, 0, stream));

  // pointers, events, streams
  unsigned int memType = 0;
  CU_CHECK(cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, out));
  CUevent start, stop;
  CU_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&stop, CU_EVENT_DISABLE_TIMING));
  CU_CHECK(cuEventRecord(start, stream));
  CU_CHECK(cuStreamWaitEvent(stream, start, 0));
  CU_CHECK(cuStreamWriteValue32(stream, out, 1, CU_STREAM_WRITE_VALUE_DEFAULT));
  CU_CHECK(cuStreamWaitValue32(stream, out, 1, CU_STREAM_WAIT_VALUE_GEQ));
  float ms = 0;
  CU_CHECK(cuEventElapsedTime(&ms, start, stop));

  // graphs and stream capture
  CUgraph graph;
  CUgraphExec exec;
  CU_CHECK(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
  CU_CHECK(cuMemcpyDtoDAsync(out, in, n * sizeof(float), stream));
  CU_CHECK(cuStreamEndCapture(stream, &graph));
  CUDA_KERNEL_NODE_PARAMS kp = {};
  kp.func = fn;
  kp.gridDimX = 4;
  kp.gridDimY = 1;
  kp.gridDimZ = 1;
  kp.blockDimX = 256;
  kp.blockDimY = 1;
  kp.blockDimZ = 1;
  kp.kernelParams = args;
  CUgraphNode node;
  CU_CHECK(cuGraphAddKernelNode(&node, graph, nullptr, 0, &kp));
  CUDA_MEMSET_NODE_PARAMS mp = {};
  mp.dst = out;
  mp.value = 0;
  mp.elementSize = 4;
  mp.width = n;
  mp.height = 1;
  CUgraphNode memsetNode;
  CU_CHECK(cuGraphAddMemsetNode(&memsetNode, graph, &node, 1, &mp, ctx));
  size_t numNodes = 0;
  CU_CHECK(cuGraphGetNodes(graph, nullptr, &numNodes));
  CU_CHECK(cuGraphInstantiate(&exec, graph, 0));
  CU_CHECK(cuGraphLaunch(exec, stream));
  CUgraphExecUpdateResultInfo info;
  CU_CHECK(cuGraphExecUpdate(exec, graph, &info));
  CU_CHECK(cuGraphExecDestroy(exec));
  CU_CHECK(cuGraphDestroy(graph));

  // the runtime and driver APIs side by side
  cudaStream_t rtStream = stream;
  CU_CHECK(cuStreamSynchronize(rtStream));
  void *entry = nullptr;
  CUdriverProcAddressQueryResult qres;
  CU_CHECK(cuGetProcAddress("cuMemAlloc", &entry, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &qres));

  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuEventDestroy(start));
  CU_CHECK(cuEventDestroy(stop));
  CU_CHECK(cuMemFree(in));
  CU_CHECK(cuMemFree(out));
  CU_CHECK(cuModuleUnload(mod));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  printf("%d %d %zu %f %u %c\n", version, sms, total, ms, memType, uuid.bytes[0]);
  return 0;
}
"#;

#[test]
fn the_driver_api_sample_parses_without_a_clang_error() {
    if let Some(stderr) = clang_errors(PROGRAM) {
        panic!("clang rejects the sample:\n{stderr}");
    }
}

#[test]
fn cuda_h_parses_alone_twice_and_in_either_order_with_cuda_runtime_h() {
    let uses = "int main() {\n  CUmemLocationType t = CU_MEM_LOCATION_TYPE_HOST_NUMA;\n  CUdeviceptr p;\n  \
                return cuMemAlloc(&p, 16) == CUDA_SUCCESS && t && cudaSuccess == 0;\n}\n";
    for includes in [
        "#include <cuda.h>\n",
        "#include <cuda.h>\n#include <cuda_runtime_api.h>\n",
        "#include <cuda.h>\n#include <cuda.h>\n#include <cuda_runtime.h>\n",
        "#include <cuda_runtime.h>\n#include <cuda.h>\n",
        "#include <cuda_runtime.h>\n#include <cuda.h>\n#include <cuda_runtime.h>\n#include <cuda.h>\n",
    ] {
        if let Some(stderr) = clang_errors(&format!("{includes}{uses}")) {
            panic!("clang rejects\n{includes}:\n{stderr}");
        }
    }
}

#[test]
fn the_driver_api_sample_lowers_without_an_error() {
    let errors = lowering_errors(PROGRAM);
    assert!(errors.is_empty(), "errors lowering the sample:\n{}", errors.join("\n"));
}
