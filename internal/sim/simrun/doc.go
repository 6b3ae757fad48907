// Package simrun connects workload traces to the simulator for the
// single-run command `gridbench simulate`: it turns the first valid jobs of
// an SWF trace into sim.Jobs for one machine, runs a registered scheduler,
// and writes one CSV row per job. It keeps I/O out of internal/sim, which
// stays a pure state machine.
package simrun
