/* gpurace prelude: NVTX (<nvToolsExt.h>, <nvtx3/nvToolsExt.h>), the profiler
 * annotations programs wrap their phases in. Declarations only: they mark
 * time ranges and do nothing the analyses see. */
#pragma once
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef uint64_t nvtxRangeId_t;
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union { uint64_t ullValue; int64_t llValue; double dValue; uint32_t uiValue; int32_t iValue; float fValue; } payload;
  int32_t messageType;
  union { const char *ascii; const wchar_t *unicode; nvtxStringHandle_t registered; } message;
} nvtxEventAttributes_t;
#define NVTX_VERSION 3
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))
#define NVTX_COLOR_ARGB 1
#define NVTX_MESSAGE_TYPE_ASCII 1
int nvtxRangePushA(const char *__message);
int nvtxRangePushW(const wchar_t *__message);
int nvtxRangePushEx(const nvtxEventAttributes_t *__attrib);
int nvtxRangePop(void);
nvtxRangeId_t nvtxRangeStartA(const char *__message);
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *__attrib);
void nvtxRangeEnd(nvtxRangeId_t __id);
void nvtxMarkA(const char *__message);
void nvtxMarkEx(const nvtxEventAttributes_t *__attrib);
void nvtxNameOsThreadA(uint32_t __thread, const char *__name);
void nvtxNameCategoryA(uint32_t __category, const char *__name);
void nvtxNameCudaDeviceA(int __device, const char *__name);
void nvtxNameCudaStreamA(struct CUstream_st *__stream, const char *__name);
void nvtxNameCudaEventA(struct CUevent_st *__event, const char *__name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *__name);
void nvtxDomainDestroy(nvtxDomainHandle_t __domain);
int nvtxDomainRangePushEx(nvtxDomainHandle_t __domain, const nvtxEventAttributes_t *__attrib);
int nvtxDomainRangePop(nvtxDomainHandle_t __domain);
#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark nvtxMarkA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#ifdef __cplusplus
}
#endif
