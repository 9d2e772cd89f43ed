// gpurace stub for the CUDA samples' <helper_timer.h>: declarations only.
#pragma once
#include "gpurace_prelude.h"
class StopWatchInterface {
public:
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;
  virtual float getAverageTime() = 0;
};
bool sdkCreateTimer(StopWatchInterface **__timer_interface);
bool sdkDeleteTimer(StopWatchInterface **__timer_interface);
bool sdkStartTimer(StopWatchInterface **__timer_interface);
bool sdkStopTimer(StopWatchInterface **__timer_interface);
bool sdkResetTimer(StopWatchInterface **__timer_interface);
float sdkGetTimerValue(StopWatchInterface **__timer_interface);
float sdkGetAverageTimerValue(StopWatchInterface **__timer_interface);
