// gpurace stub for <mpi.h>: the MPI calls host code makes around its
// kernels, declarations only. Values MPI returns (rank, size) are unknown to
// the analysis.
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Request;
typedef int MPI_Group;
typedef int MPI_Info;
typedef int MPI_Win;
typedef long MPI_Aint;
typedef long long MPI_Offset;
typedef struct MPI_Status {
  int MPI_SOURCE, MPI_TAG, MPI_ERROR;
  int __count;
} MPI_Status;
#define MPI_COMM_WORLD ((MPI_Comm)0x44000000)
#define MPI_COMM_SELF ((MPI_Comm)0x44000001)
#define MPI_COMM_NULL ((MPI_Comm)0x04000000)
#define MPI_CHAR ((MPI_Datatype)0x4c000101)
#define MPI_SIGNED_CHAR ((MPI_Datatype)0x4c000118)
#define MPI_UNSIGNED_CHAR ((MPI_Datatype)0x4c000102)
#define MPI_BYTE ((MPI_Datatype)0x4c00010d)
#define MPI_SHORT ((MPI_Datatype)0x4c000203)
#define MPI_INT ((MPI_Datatype)0x4c000405)
#define MPI_UNSIGNED ((MPI_Datatype)0x4c000406)
#define MPI_LONG ((MPI_Datatype)0x4c000807)
#define MPI_UNSIGNED_LONG ((MPI_Datatype)0x4c000808)
#define MPI_LONG_LONG ((MPI_Datatype)0x4c000809)
#define MPI_LONG_LONG_INT MPI_LONG_LONG
#define MPI_UNSIGNED_LONG_LONG ((MPI_Datatype)0x4c000819)
#define MPI_FLOAT ((MPI_Datatype)0x4c00040a)
#define MPI_DOUBLE ((MPI_Datatype)0x4c00080b)
#define MPI_C_BOOL ((MPI_Datatype)0x4c00013f)
#define MPI_INT64_T ((MPI_Datatype)0x4c00083a)
#define MPI_UINT64_T ((MPI_Datatype)0x4c00083e)
#define MPI_SUM ((MPI_Op)0x58000003)
#define MPI_MAX ((MPI_Op)0x58000001)
#define MPI_MIN ((MPI_Op)0x58000002)
#define MPI_PROD ((MPI_Op)0x58000004)
#define MPI_LAND ((MPI_Op)0x58000005)
#define MPI_LOR ((MPI_Op)0x58000007)
#define MPI_BAND ((MPI_Op)0x58000006)
#define MPI_BOR ((MPI_Op)0x58000008)
#define MPI_SUCCESS 0
#define MPI_ANY_SOURCE (-2)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-1)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_REQUEST_NULL ((MPI_Request)0x2c000000)
#define MPI_MAX_PROCESSOR_NAME 128
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3
int MPI_Init(int *__argc, char ***__argv);
int MPI_Init_thread(int *__argc, char ***__argv, int __required, int *__provided);
int MPI_Initialized(int *__flag);
int MPI_Finalize(void);
int MPI_Abort(MPI_Comm __comm, int __code);
int MPI_Comm_rank(MPI_Comm __comm, int *__rank);
int MPI_Comm_size(MPI_Comm __comm, int *__size);
int MPI_Comm_split(MPI_Comm __comm, int __color, int __key, MPI_Comm *__out);
int MPI_Comm_split_type(MPI_Comm __comm, int __type, int __key, MPI_Info __info, MPI_Comm *__out);
int MPI_Comm_dup(MPI_Comm __comm, MPI_Comm *__out);
int MPI_Comm_free(MPI_Comm *__comm);
int MPI_Get_processor_name(char *__name, int *__len);
double MPI_Wtime(void);
int MPI_Barrier(MPI_Comm __comm);
int MPI_Send(const void *__buf, int __count, MPI_Datatype __t, int __dest, int __tag, MPI_Comm __comm);
int MPI_Recv(void *__buf, int __count, MPI_Datatype __t, int __src, int __tag, MPI_Comm __comm, MPI_Status *__st);
int MPI_Isend(const void *__buf, int __count, MPI_Datatype __t, int __dest, int __tag, MPI_Comm __comm,
              MPI_Request *__req);
int MPI_Irecv(void *__buf, int __count, MPI_Datatype __t, int __src, int __tag, MPI_Comm __comm, MPI_Request *__req);
int MPI_Sendrecv(const void *__sbuf, int __scount, MPI_Datatype __st, int __dest, int __stag, void *__rbuf,
                 int __rcount, MPI_Datatype __rt, int __src, int __rtag, MPI_Comm __comm, MPI_Status *__status);
int MPI_Wait(MPI_Request *__req, MPI_Status *__st);
int MPI_Waitall(int __n, MPI_Request *__reqs, MPI_Status *__sts);
int MPI_Bcast(void *__buf, int __count, MPI_Datatype __t, int __root, MPI_Comm __comm);
int MPI_Reduce(const void *__s, void *__r, int __count, MPI_Datatype __t, MPI_Op __op, int __root, MPI_Comm __comm);
int MPI_Allreduce(const void *__s, void *__r, int __count, MPI_Datatype __t, MPI_Op __op, MPI_Comm __comm);
int MPI_Gather(const void *__s, int __sc, MPI_Datatype __st, void *__r, int __rc, MPI_Datatype __rt, int __root,
               MPI_Comm __comm);
int MPI_Gatherv(const void *__s, int __sc, MPI_Datatype __st, void *__r, const int *__rcs, const int *__displs,
                MPI_Datatype __rt, int __root, MPI_Comm __comm);
int MPI_Scatter(const void *__s, int __sc, MPI_Datatype __st, void *__r, int __rc, MPI_Datatype __rt, int __root,
                MPI_Comm __comm);
int MPI_Allgather(const void *__s, int __sc, MPI_Datatype __st, void *__r, int __rc, MPI_Datatype __rt,
                  MPI_Comm __comm);
int MPI_Alltoall(const void *__s, int __sc, MPI_Datatype __st, void *__r, int __rc, MPI_Datatype __rt,
                 MPI_Comm __comm);
int MPI_Get_count(const MPI_Status *__st, MPI_Datatype __t, int *__count);
int MPI_Type_contiguous(int __count, MPI_Datatype __old, MPI_Datatype *__new);
int MPI_Type_commit(MPI_Datatype *__t);
int MPI_Type_free(MPI_Datatype *__t);
#ifdef __cplusplus
}
#endif
