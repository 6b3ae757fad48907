// Package sched is the registry of scheduling algorithms: each algorithm
// package (fcfs, easy, flex, egedf, tabu, ...) registers a sim.Factory under
// its CLI name in an init function, so adding an algorithm means adding one
// package and one blank import where algorithms are chosen by name
// (cmd/gridbench, the experiment plans), never a switch.
package sched
