#pragma once
void launch_add(float *a, const float *b, int n);
void launch_shift_racy(float *a, int n, int block);
