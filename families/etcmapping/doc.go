// Package etcmapping is the immediate-mapping family on ETC matrices
// (internal/sched/mapping: heuristics that assign independent jobs to
// machines): Measure assigns the jobs with a heuristic and evaluates the
// schedule the way Tables 3–6 of Xhafa et al. (2007) do; Table names the
// metrics and reads them off mapping.Metrics. The immediate study and
// study files' etc workloads use it.
package etcmapping
