// Package timeshared is the public face of gridbench's time-sharing
// simulator (the master/slave platform of Shah et al. 2012, the roundrobin
// study): the local scheduler interface, the jobs it works on, and the
// registry that makes a scheduler available by name to `gridbench
// timeshare --algo` and to study files with timeshare workloads.
//
// Its registry has the shape of spaceshared's and mapping's: Register(name,
// Info{Label, Family, New}), Names, Lookup, New. A researcher's own module
// imports this package, implements Scheduler and calls Register in an init
// function. The types are aliases of the simulator's own
// (internal/timeshare): a scheduler written here is the same value the
// built-ins are.
//
// It is also the whole family as the studies run it: LoadTrace reads a
// trace once per process, Simulate runs a scheduler on a window of it and
// measures the outcome, Table names the metrics (runs.csv's columns) and
// reads them off Measured. The roundrobin study and study files' timeshare
// workloads use it.
package timeshared
