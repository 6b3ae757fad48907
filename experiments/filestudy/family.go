package filestudy

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/sched"
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

// family is a kind of simulation: the workload kinds it runs, its
// algorithms and its metrics. Every workload of a study is of one family,
// since the study's algorithms run on all of them.
type family struct {
	name    string
	kinds   []string
	metrics []string                // reported by default, in report order
	table   []analysis.Metric       // the family's metric descriptors
	names   func() []string         // the valid algorithms, for messages
	lookup  func(name string) error // nil when name is one of the family's algorithms
}

var families = []*family{
	{name: "space-shared", kinds: []string{"trace", "deadline", "lublin"}, metrics: Metrics, table: spaceshared.Table.Metrics(),
		names: func() []string { return append(sched.Names(), "exec:COMMAND") },
		lookup: func(n string) error {
			_, err := sched.Lookup(n)
			return err
		}},
	{name: "mapping", kinds: []string{"etc"}, metrics: ETCMetrics, table: mapping.Table.Metrics(), names: mapping.Names,
		lookup: func(n string) error {
			_, err := mapping.Lookup(n)
			return err
		}},
	{name: "time-sharing", kinds: []string{"timeshare"}, metrics: TimeshareMetrics, table: timeshared.Table.Metrics(), names: timeshare.Algorithms,
		lookup: func(n string) error {
			if !slices.Contains(timeshare.Algorithms(), strings.ToLower(n)) {
				return fmt.Errorf("unknown algorithm %q", n)
			}
			return nil
		}},
}

// kindNames lists every workload kind, quoted, for messages.
func kindNames() string {
	var ks []string
	for _, f := range families {
		for _, k := range f.kinds {
			ks = append(ks, fmt.Sprintf("%q", k))
		}
	}
	return strings.Join(ks, ", ")
}

func familyOf(kind string) *family {
	for _, f := range families {
		if slices.Contains(f.kinds, kind) {
			return f
		}
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
			return nil, fmt.Errorf("workload %d: key kind: %q: want one of %s", i+1, w.Kind, kindNames())
		case first == nil:
			first = f
		case f != first:
			return nil, fmt.Errorf("workload %d: key kind: %q workloads cannot share a study with %q ones (workload 1): "+
				"their algorithms differ (%s vs %s); write one study file per kind", i+1, w.Kind, s.Workloads[0].Kind, f.name, first.name)
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
				a, g.name, strings.Join(g.kinds, "/"), strings.Join(f.kinds, "/"), strings.Join(f.names(), ", "))
		}
	}
	if f.name == "space-shared" {
		return err // sched's message names the registered ones
	}
	return fmt.Errorf("%w; %s workloads take %s", err, strings.Join(f.kinds, "/"), strings.Join(f.names(), ", "))
}

// kindKeys are the keys each workload kind reads besides kind and name.
var kindKeys = map[string][]string{
	"trace": {"trace", "cpus", "jobs", "percent", "start", "estimate", "batsim_speed"},
	"deadline": {"jobs", "mean_inter_arrival", "machines", "machine_cpus_max", "speed_min", "speed_max", "ref_speed",
		"run_min", "run_max", "job_cpus_max", "deadline_share", "slack_min", "slack_max"},
	"etc": {"jobs", "machines", "files", "method", "consistency", "task_heterogeneity", "machine_heterogeneity",
		"r_task", "r_mach", "v_task", "v_mach", "mean_task"},
	"timeshare": {"trace", "jobs", "percent", "start", "slaves", "quantum"},
	"lublin":    {"jobs", "cpus", "typeless"},
}

// checkKeys rejects a key set in a workload of a kind that does not read
// it (cpus in a timeshare workload, slaves in a trace one), which would
// otherwise be ignored without a word.
func (w *Workload) checkKeys() error {
	allowed := kindKeys[w.Kind]
	v := reflect.ValueOf(*w)
	for i := range v.NumField() {
		key := v.Type().Field(i).Tag.Get("toml")
		if key == "kind" || key == "name" || v.Field(i).IsZero() || slices.Contains(allowed, key) {
			continue
		}
		return fmt.Errorf("key %s: not read by kind = %q workloads (their keys: kind, name, %s)", key, w.Kind, strings.Join(allowed, ", "))
	}
	return nil
}
