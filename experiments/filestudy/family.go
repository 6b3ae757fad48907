package filestudy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/mapping"
	"github.com/gridbench/gridbench/spaceshared"
	"github.com/gridbench/gridbench/timeshared"
)

// ETCMetrics are the metrics of etc workloads: the ETC mapping family's
// table, as `gridbench etc eval` computes them.
var ETCMetrics = mapping.Table.Names()

// TimeshareMetrics are the metrics of timeshare workloads: the
// time-sharing family's table but the count of jobs dealt.
var TimeshareMetrics = timeshared.Table.Without(timeshared.MJobs).Names()

// family is a kind of simulation: its algorithms and its metrics. Every
// workload of a study is of one family, since the study's algorithms run
// on all of them; the workload kinds of each are the rows of kinds.
type family struct {
	name    string
	metrics []string // reported by default, in report order
	// table is the family's metric descriptors, read when asked: a row
	// added to the family's table is a metric a study file may name.
	table  func() []analysis.Metric
	names  func() []string          // the valid algorithms, for messages
	lookup func(name string) error  // nil when name is one of the family's algorithms
	label  func(name string) string // an algorithm's label on the page; nil: none
}

var (
	spaceShared = &family{name: "space-shared", metrics: Metrics,
		// The offered load is a generator's, which study files do not set.
		table: func() []analysis.Metric { return spaceshared.Table.Without(spaceshared.MOfferedLoad).Metrics() },
		names: func() []string { return append(sched.Names(), "exec:COMMAND") },
		lookup: func(n string) error {
			_, err := sched.Lookup(n)
			return err
		},
		label: sched.Label}
	mappingFamily = &family{name: "mapping", metrics: ETCMetrics, table: mapping.Table.Metrics, names: mapping.Names,
		lookup: func(n string) error {
			_, err := mapping.Lookup(n)
			return err
		}}
	timeSharing = &family{name: "time-sharing", metrics: TimeshareMetrics, table: func() []analysis.Metric { return timeshared.Table.Without(timeshared.MJobs).Metrics() }, names: timeshare.Algorithms,
		lookup: func(n string) error {
			_, err := timeshare.Lookup(n)
			return err
		},
		label: timeshare.Label}
)

var families = []*family{spaceShared, mappingFamily, timeSharing}

// Builtin reports whether name is an algorithm of one of the families
// that a study file may name as it is: a registered scheduler, heuristic
// or time-sharing policy, not an exec: command (nor a study's alias of
// one). Two such names are two algorithms (see analysis.CompareOptions).
func Builtin(name string) bool {
	if strings.HasPrefix(name, external.Prefix) {
		return false
	}
	for _, f := range families {
		if f.lookup(name) == nil {
			return true
		}
	}
	return false
}

// same reports whether the built-in names a and b are one algorithm of
// f: equal, or equal but for case where f's registry ignores it (a and b
// both found, but only one of them as registered).
func (f *family) same(a, b string) bool {
	if a == b {
		return true
	}
	if !strings.EqualFold(a, b) || f.lookup(a) != nil || f.lookup(b) != nil {
		return false
	}
	names := f.names()
	return !slices.Contains(names, a) || !slices.Contains(names, b)
}

// kinds returns the names of the family's workload kinds.
// valid is the metrics a study of the family may name: every row of its
// table (its default report, metrics, is some of them).
func (f *family) valid() []string {
	var out []string
	for _, m := range f.table() {
		out = append(out, m.Name)
	}
	return out
}

func (f *family) kinds() []string {
	var ks []string
	for _, k := range kinds {
		if k.kind.family() == f {
			ks = append(ks, k.name)
		}
	}
	return ks
}

func familyOf(kind string) *family {
	if k := kindOf(kind); k != nil {
		return k.family()
	}
	return nil
}

// family returns the family of the study's workloads: one for all.
func (s *Study) family() (*family, error) {
	var first *family
	for i, w := range s.Workloads {
		f := familyOf(w.Kind)
		switch {
		case f == nil:
			return nil, inEntry("workload", i, "", noKind(w.Kind))
		case first == nil:
			first = f
		case f != first:
			return nil, inEntry("workload", i, "", keyErr("kind", "%q workloads cannot share a study with %q ones (workload 1): "+
				"their algorithms differ (%s vs %s); write one study file per kind", w.Kind, s.Workloads[0].Kind, f.name, first.name))
		}
	}
	return first, nil
}

// checkAlgorithm says why a is not an algorithm of f, naming f's valid
// ones and, when a belongs to another family, which.
func (f *family) checkAlgorithm(a string) error {
	err := f.lookup(a)
	if err == nil {
		return nil
	}
	for _, g := range families {
		if g != f && g.lookup(a) == nil {
			return fmt.Errorf("%q is a %s algorithm (for kind = %s workloads); %s workloads take %s",
				a, g.name, strings.Join(g.kinds(), "/"), strings.Join(f.kinds(), "/"), strings.Join(f.names(), ", "))
		}
	}
	if f.name == "space-shared" {
		return err // sched's message names the registered ones
	}
	return fmt.Errorf("%w; %s workloads take %s", err, strings.Join(f.kinds(), "/"), strings.Join(f.names(), ", "))
}
