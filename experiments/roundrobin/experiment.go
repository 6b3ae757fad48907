package roundrobin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Name is the experiment id.
const Name = "roundrobin"

// Algorithms are the timeshare registry names the paper compares, in the
// order its figures list them.
var Algorithms = []string{"fcfs", "spn", "ljf", "p", "rr", "plrr", "apdrr"}

// Label is how figures and tables name an algorithm.
func Label(algo string) string {
	if algo == "" {
		return ""
	}
	return strings.ToUpper(algo)
}

// Config is everything that decides a run's result except the number of
// repetitions; its hash decides whether cached runs are reused.
type Config struct {
	Trace      string   `json:"trace"`       // path below the data root
	TraceJobs  int      `json:"trace_jobs"`  // records in the trace, so a different file invalidates the cache
	Percents   []int    `json:"percents"`    // window sizes, % of the trace's records
	Slaves     []int    `json:"slaves"`      // P
	Algorithms []string `json:"algorithms"`  // timeshare registry names
	Quantum    float64  `json:"quantum"`     // RR and PLRR, seconds
	Priority   string   `json:"priority"`    // timeshare.PriorityRuleText
	Thresholds [2]int   `json:"thresholds"`  // APDRR's global-queue thresholds
	WindowRule string   `json:"window_rule"` // WindowRule
	Quick      bool     `json:"quick"`
}

// DefaultConfig is the SPEC's configuration on a trace of traceJobs
// records (quick: 1% windows on P = 16 and 64).
func DefaultConfig(rel string, traceJobs int, quick bool) Config {
	c := Config{
		Trace: rel, TraceJobs: traceJobs,
		Percents: []int{3, 5}, Slaves: []int{16, 32, 64, 128},
		Algorithms: Algorithms, Quantum: timeshare.DefaultQuantum,
		Priority: timeshare.PriorityRuleText, Thresholds: timeshare.Thresholds,
		WindowRule: WindowRule, Quick: quick,
	}
	if quick {
		c.Percents, c.Slaves = []int{1}, []int{16, 64}
	}
	return c
}

// SizeID names a window size, e.g. "3%".
func SizeID(percent int) string { return strconv.Itoa(percent) + "%" }

// WorkloadID names one (size, P) workload, e.g. "3%/P=16".
func WorkloadID(percent, slaves int) string { return fmt.Sprintf("%s/P=%d", SizeID(percent), slaves) }

// ParseWorkload inverts WorkloadID.
func ParseWorkload(w string) (percent, slaves int, err error) {
	size, p, ok := strings.Cut(w, "/P=")
	pct, ok2 := strings.CutSuffix(size, "%")
	if !ok || !ok2 {
		return 0, 0, fmt.Errorf("%s: workload %q is not of the form <percent>%%/P=<slaves>", Name, w)
	}
	if percent, err = strconv.Atoi(pct); err == nil {
		slaves, err = strconv.Atoi(p)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%s: workload %q: %v", Name, w, err)
	}
	return percent, slaves, nil
}

// Spec is what the executor needs beyond a run's identity.
type Spec struct {
	Path    string // the trace file
	Source  TraceSource
	Percent int
	Slaves  int
	Start   int // first record of the window
	Len     int // records in the window
	Quantum float64
}

// Experiment is the roundrobin study; it registers itself.
type Experiment struct{}

func init() { experiments.Register(Experiment{}) }

// Name implements experiments.Experiment.
func (Experiment) Name() string { return Name }

// Title implements experiments.Experiment.
func (Experiment) Title() string {
	return "Shah, Zakaria, Haron et al. 2012: agent based prioritized dynamic round robin (APDRR) vs FCFS, SPN, LJF, P, RR, PLRR on a grid trace"
}

// DefaultReps implements experiments.Experiment: 20 windows besides the
// paper's prefix.
func (Experiment) DefaultReps() int { return 20 }

// Plan implements experiments.Experiment. It reads the trace (once per
// process) to know its length and place the windows.
func (e Experiment) Plan(cfg experiments.Config) (bench.Plan, bench.Executor, error) {
	path, src, err := FindTrace(cfg.DataDir)
	if err != nil {
		return bench.Plan{}, nil, err
	}
	tr, err := LoadTrace(path, src)
	if err != nil {
		return bench.Plan{}, nil, fmt.Errorf("%s: %w", Name, err)
	}
	reps := cfg.Reps
	if reps <= 0 {
		reps = e.DefaultReps()
	}
	return PlanConfig(DefaultConfig(src.Rel, len(tr.Jobs), cfg.Quick), path, src, reps)
}

// PlanConfig plans every size × P × window × algorithm of c on the trace
// at path: reps+1 windows per size (rep 0 the prefix). Runs are ordered
// size, P, rep, algorithm, so the algorithms of one window run together.
func PlanConfig(c Config, path string, src TraceSource, reps int) (bench.Plan, bench.Executor, error) {
	if reps < 0 {
		return bench.Plan{}, nil, fmt.Errorf("%s: %d repetitions: need at least 0", Name, reps)
	}
	if len(c.Algorithms) == 0 || len(c.Percents) == 0 || len(c.Slaves) == 0 {
		return bench.Plan{}, nil, fmt.Errorf("%s: empty plan (algorithms %v, sizes %v, slaves %v)", Name, c.Algorithms, c.Percents, c.Slaves)
	}
	for _, a := range c.Algorithms {
		if _, err := timeshare.New(a, timeshare.Params{Quantum: c.Quantum}); err != nil {
			return bench.Plan{}, nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	plan := bench.Plan{Experiment: Name, Config: c}
	for _, pct := range c.Percents {
		n := WindowLen(c.TraceJobs, pct)
		if pct <= 0 || pct > 100 || n < 1 {
			return bench.Plan{}, nil, fmt.Errorf("%s: window of %d%% of %d records is empty", Name, pct, c.TraceJobs)
		}
		for _, p := range c.Slaves {
			if p < 1 {
				return bench.Plan{}, nil, fmt.Errorf("%s: %d slaves: need at least 1", Name, p)
			}
			w := WorkloadID(pct, p)
			for rep := 0; rep <= reps; rep++ {
				spec := Spec{Path: path, Source: src, Percent: pct, Slaves: p, Len: n, Quantum: c.Quantum,
					Start: WindowStart(c.TraceJobs, n, rep, WindowSeed(pct, rep))}
				for _, a := range c.Algorithms {
					plan.Runs = append(plan.Runs, bench.NewRun(Name, w, a, rep, spec))
				}
			}
		}
	}
	return plan, Execute, nil
}
