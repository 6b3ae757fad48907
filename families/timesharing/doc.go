// Package timesharing is the time-sharing simulator family
// (internal/timeshare: a master dealing jobs to slaves in time slices):
// LoadTrace reads a workload trace once per process, Simulate runs a
// scheduler on a window of it and measures the outcome, Table names the
// metrics and reads them off the Outcome. The roundrobin study and study
// files' timeshare workloads use it.
package timesharing
