// Package adapt is the one place where inputs become a simulator's jobs:
// generators (generators/*) and traces produce inputs and import no
// simulator; simulators (internal/sim, internal/timeshare, …) import no
// generator; adapt imports both, one adapter per simulator.
//
// One rule holds for every trace adapter: a job with no recorded submit time
// (a negative one, SWF's -1) cannot be placed in time and is left out of the
// simulation, counted among the skipped jobs, like a job with no recorded
// run time.
package adapt
