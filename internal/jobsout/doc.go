// Package jobsout writes a simulated schedule as files other tools read:
// the Batsim/evalys jobs.csv (one row per job, with the CPUs it held as an
// interval set), gridbench's short CSV (job_id,submit,start,end,machine)
// and an SWF log with wait times filled in, as the Parallel Workloads
// Archive's tools expect.
//
// It sits after the simulator (internal/sim) and its check: it takes jobs
// and their records and never changes them. CPU ids are labels given by a
// deterministic interval allocator (Allocate) replayed over the records;
// the simulator itself only counts CPUs.
package jobsout
