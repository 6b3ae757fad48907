// Package fcfs is First-Come-First-Served scheduling: waiting jobs start in
// strict arrival order, each on the fastest machine with enough free CPUs;
// a queue head that fits nowhere blocks every job behind it.
//
// It is the baseline of the deadline experiment and the local manager of
// the federation testbeds. It registers itself as "fcfs" in internal/sched.
package fcfs
