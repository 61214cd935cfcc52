/*
 * fault_hooks.h: the test program's side of fault injection (fault.h),
 * declared once for fault.h's users and for fault.c, which is compiled
 * without fault.h's macros. Exported from libncsf.so in fault builds only
 * (the library is otherwise compiled with hidden visibility).
 */
#ifndef NCSF_FAULT_HOOKS_H
#define NCSF_FAULT_HOOKS_H
#pragma GCC visibility push(default)
void ncsf_fault_arm(int rank, long k);
long ncsf_fault_count(void);
void ncsf_fault_record(int on);
const char *ncsf_fault_site(long k);
int ncsf_fault_fired(void);
#pragma GCC visibility pop
#endif
