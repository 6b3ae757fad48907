// Package sched is the registry of the space-shared simulator's
// scheduling algorithms: each algorithm package (fcfs, easy, flex, egedf,
// tabu, ...) registers an Info — label, family and a factory taking the
// run's seeded random source — under its CLI name in an init function, so
// adding an algorithm means adding one package and one Register line,
// never a switch. A name "exec:COMMAND ARGS" is an external scheduler
// (package external). The public face of this registry, for researchers'
// own modules, is package spaceshared.
package sched
