// Package spacesharing is the space-shared simulator family (internal/sim
// and the schedulers of internal/sched): Simulate runs a scheduler on an
// instance, timing each decision; Measure computes the schedule-quality
// metrics of the records, Table names them and reads them off Metrics;
// Decisions summarises the decision log. The deadline study and study
// files' trace, deadline and lublin workloads use it.
package spacesharing
