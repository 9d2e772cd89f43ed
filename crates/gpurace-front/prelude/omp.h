// gpurace stub for <omp.h>: the OpenMP runtime calls host code makes
// (declarations only; the analysis does not run host threads).
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
void omp_set_num_threads(int __n);
int omp_in_parallel(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
int omp_get_num_devices(void);
int omp_get_default_device(void);
typedef struct { void *__lock; } omp_lock_t;
void omp_init_lock(omp_lock_t *__l);
void omp_destroy_lock(omp_lock_t *__l);
void omp_set_lock(omp_lock_t *__l);
void omp_unset_lock(omp_lock_t *__l);
#ifdef __cplusplus
}
#endif
