// Package mapping is the public face of gridbench's ETC mapping heuristics
// (Xhafa, Barolli & Duresi 2007, the immediate study): the heuristic
// interface, the Expected Time to Compute matrix it maps, and the registry
// that makes a heuristic available by name to `gridbench etc eval
// --heuristics` and to study files with etc workloads.
//
// Its registry has the shape of spaceshared's and timeshared's:
// Register(name, Info{Label, Family, New}), Names, Lookup. A heuristic
// written in another module builds its Schedule with NewSchedule and Place.
// The types are aliases of internal/sched/mapping's and etcmatrix's.
//
// It is also the family as the studies run it: Measure maps a matrix with
// a heuristic and evaluates the schedule, Table names the metrics
// (runs.csv's columns) and reads them off Metrics. The immediate study and
// study files' etc workloads use it.
package mapping
