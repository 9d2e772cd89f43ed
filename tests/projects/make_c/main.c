/* The host program, in K&R C as older suites write it. */
#include <stdio.h>
#include <stdlib.h>

void run_hist(int *data, int n);

int main(argc, argv)
int argc;
char **argv;
{
    int n = 1 << 16;
    int *data = (int *)malloc(n * sizeof(int));
    run_hist(data, n);
    free(data);
    return 0;
}
