package experiments

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	suggest "github.com/gridbench/gridbench/internal/registry"
	"github.com/gridbench/gridbench/report"
)

// Config is what the command line can change for every experiment.
type Config struct {
	Reps    int    // repetitions of the randomised parts; 0 means the experiment's default
	DataDir string // --data: where real data sets are looked up first
	Quick   bool   // a small configuration for smoke tests (CI); reports say so
}

// Filled returns c with the experiment's defaults filled in: Reps is
// e.DefaultReps() when not positive. It is the one place defaults are
// filled; Plan receives a filled Config and its plan keeps the number of
// repetitions for the report.
func (c Config) Filled(e Experiment) Config {
	if c.Reps <= 0 {
		c.Reps = e.DefaultReps()
	}
	return c
}

// Experiment is one study gridbench reproduces.
type Experiment interface {
	Name() string     // the id the CLI uses, e.g. "immediate"
	Title() string    // the study, e.g. "Xhafa, Barolli, Duresi 2007: immediate mode scheduling on Braun ETC instances"
	DefaultReps() int // repetitions when Config.Reps is 0
	// Plan builds the study's own typed plan from a filled Config: the
	// plan knows its configuration, workloads and repetitions as typed
	// fields, and its report reads them there.
	Plan(cfg Config) (Plan, error)
}

// Plan is one experiment's plan, typed by the experiment. The runner sees
// its untyped Bench plan and calls Execute for each run; the report is a
// method of the plan, so it reads the configuration, the workloads and the
// number of repetitions from the plan's fields.
type Plan interface {
	Bench() bench.Plan
	// Execute performs one run of Bench().Runs (a bench.Executor).
	Execute(ctx context.Context, run bench.Run) (bench.Output, error)
	Report(ctx context.Context, in ReportInput) (*ReportOutput, error)
}

// Skipper is implemented by a Plan that runs without an optional data
// set, leaving out the part that needs it: Skipped says what was left
// out, one error per part (wrapping datadir.ErrMissing).
type Skipper interface {
	Skipped() []error
}

// BenchPlan is e's plan for cfg (filled here) as the runner takes it.
func BenchPlan(e Experiment, cfg Config) (bench.Plan, bench.Executor, error) {
	s, err := e.Plan(cfg.Filled(e))
	if err != nil {
		return bench.Plan{}, nil, err
	}
	return s.Bench(), s.Execute, nil
}

// ReportInput is what a study's report is built from besides its plan.
type ReportInput struct {
	Result   *bench.Result
	PaperDir string // where the Markdown page goes; figures go in PaperDir/figures
}

// ReportOutput is what an experiment's report produced.
type ReportOutput struct {
	// Model is the page as a model, which every study builds; package
	// pipeline renders it in every registered output format (as
	// PaperDir/<Model.ID>.md, results/<exp>/page/<Model.ID>.{tex,json,html},
	// …), writes the Ledger as PaperDir/<exp>.claims.json and sets Page.
	Model    *report.Page
	Page     string          // the Markdown page, relative to PaperDir (set by pipeline.WritePage)
	Headline string          // one line for paper/README.md
	Compared []Comparison    // published vs reproduced, for the workbook's Summary sheet
	Sheets   []*report.Table // experiment-specific workbook sheets
	// Ledger is every result statement of the paper with its verdict (also
	// written as <exp>.claims.json); reproduce prints its counts.
	Ledger []analysis.LedgerEntry
	// Tolerance is the study's rule for a reproduced value to match a
	// published one, stated in claims.json's method; Version is
	// gridbench's, set by Reproduce.
	Tolerance, Version string
}

// Comparison is one published number beside ours.
type Comparison struct {
	Table      string // e.g. "Table 3"
	Workload   string
	Algorithm  string
	Metric     string
	Published  float64
	Reproduced float64
	Match      bool
	Better     string // "lower" or "higher" is better for this metric; "" if neither
	Note       string
	// InSample marks a cell a calibrated value (or a chosen reading) was
	// fitted on: its match is not a validation.
	InSample bool
}

var registry = map[string]Experiment{}

// Register adds an experiment; it panics on a duplicate name (a programming error).
func Register(e Experiment) {
	if _, dup := registry[e.Name()]; dup {
		panic("experiments: duplicate experiment " + e.Name())
	}
	registry[e.Name()] = e
}

// Names lists the registered experiments in the order the report presents
// them (Sort).
func Names() []string {
	var names []string
	for n := range registry {
		names = append(names, n)
	}
	Sort(names)
	return names
}

// Sort puts experiment names in the order the report presents them: the
// four studies first, in the SPEC's order, then any others by name (a
// study file's among them, registered or not).
func Sort(names []string) {
	order := map[string]int{"immediate": 0, "deadline": 1, "roundrobin": 2, "federation": 3}
	sort.Slice(names, func(i, j int) bool {
		oi, iok := order[names[i]]
		oj, jok := order[names[j]]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return names[i] < names[j]
	})
}

// Lookup returns the experiment with the given name, or an error listing
// the valid names.
func Lookup(name string) (Experiment, error) {
	if e, ok := registry[name]; ok {
		return e, nil
	}
	return nil, fmt.Errorf("unknown experiment %q%s (valid: %s)", name, suggest.DidYouMean(suggest.Nearest(name, Names())), strings.Join(Names(), ", "))
}
