// Package spaceshared is the public face of gridbench's space-shared
// simulator: the scheduler interface, the state a scheduler sees, and the
// registry that makes a scheduler available by name to `gridbench simulate
// --algo`, study files and the deadline experiment. A researcher imports it
// from their own module, implements Scheduler and calls Register in an
// init function; no fork is needed.
//
// The types are aliases of the simulator's own (internal/sim), not copies
// or wrappers: the simulator's hot loop keeps calling schedulers directly,
// every method of State is reachable from here, and a scheduler written
// against this package is the same value the built-ins are. The built-in
// schedulers register through the same Register and are linked in by
// importing this package; Names lists them at run time.
//
// The built-in schedulers (53 names, as Names gives them; a test keeps
// this list equal to the registry, `go test ./spaceshared -update`
// rewrites it):
//
//	cons easy easy-f1 easy-f2 easy-f3 easy-f4 easy-ljf easy-saf
//	easy-sjbf easy-sjf easy-unicep easy-wfp3 easypp-avg2-doubling
//	easypp-avg2-reqtime easypp-avg2-tsafrir easypp-clairvoyant
//	easypp-clairvoyant-doubling easypp-clairvoyant-reqtime
//	easypp-clairvoyant-tsafrir easypp-double easypp-double-doubling
//	easypp-double-reqtime easypp-double-tsafrir easypp-doubling
//	easypp-reqtime easypp-reqtime-doubling easypp-reqtime-reqtime
//	easypp-reqtime-tsafrir easypp-sgd-doubling easypp-sgd-reqtime
//	easypp-sgd-tsafrir easypred-avg2-doubling easypred-avg2-reqtime
//	easypred-avg2-tsafrir easypred-clairvoyant
//	easypred-clairvoyant-doubling easypred-clairvoyant-reqtime
//	easypred-clairvoyant-tsafrir easypred-double
//	easypred-double-doubling easypred-double-reqtime
//	easypred-double-tsafrir easypred-reqtime
//	easypred-reqtime-doubling easypred-reqtime-reqtime
//	easypred-reqtime-tsafrir easypred-sgd-doubling
//	easypred-sgd-reqtime easypred-sgd-tsafrir egedf fcfs flex tabu
//
// LoadSWF reads a Standard Workload Format trace with the rules of
// `gridbench simulate`, LoadWorkload a trace or a Batsim JSON workload.
//
// It is also the whole family as the studies run it: Load is its one
// trace loader (each file read once per process and content, for
// `gridbench simulate`, the backfilling study and study files alike);
// SimulateTimed runs a scheduler timing each decision (DecisionLog);
// Measure computes the schedule-quality metrics of the records, Table
// names them (runs.csv's columns: wait, bounded slowdown, usage, ...) and
// reads them off Metrics; Decisions, DecisionTable and TimingTable
// summarise the decision log. The deadline and backfilling studies and
// study files' trace, deadline and lublin workloads use it. The other
// families have public registries of the same shape: package timeshared
// (time-sharing slaves) and package mapping (ETC heuristics).
//
// From a module outside the repository:
//
//	go get github.com/gridbench/gridbench@latest
//
// or, with a local clone, in your go.mod:
//
//	require github.com/gridbench/gridbench v0.0.0
//	replace github.com/gridbench/gridbench => ../gridbench
//
// then go mod tidy, which adds gridbench's own dependencies.
//
// Schedulers written in other languages need no Go at all: the algorithm
// name "exec:COMMAND ARGS" runs a process speaking
// docs/scheduler-protocol.md.
package spaceshared
