// Package batsim reads and writes Batsim JSON workloads
// (https://batsim.readthedocs.io, "Workload"): jobs (id, subtime, res,
// profile, optional walltime) and the profiles that say how long each
// runs.
//
// gridbench simulates rigid jobs with known run times, so it reads the two
// profile types that give one: delay (a fixed number of seconds; Batsim 5
// names it DelayProfile) and parallel_homogeneous
// (ParallelTaskHomogeneousProfile) without communication, whose cpu flops
// take cpu / speed seconds at a speed the caller gives. Any other type a
// job uses is an error naming the job's line, the profile and its type.
// Jobs come out as trace.Job records, so internal/adapt applies the same
// rules as to an SWF trace and the simulator cannot tell them apart.
//
// Write is the other way: SWF jobs as a workload of delay profiles (one
// per distinct run time), or of parallel_homogeneous ones at a given
// speed. Batsim's own converter once wrote the type "msg_par_hg", which
// Batsim no longer read (oar-team/batsim#55).
//
// It sits with the trace readers in generators/ and imports no simulator.
package batsim
