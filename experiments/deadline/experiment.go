package deadline

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/schedbased"

	// The algorithms register themselves when imported; the plan takes
	// whichever of PaperAlgorithms are registered (see Algorithms).
	_ "github.com/gridbench/gridbench/internal/sched/easy"
	_ "github.com/gridbench/gridbench/internal/sched/easywalk"
	_ "github.com/gridbench/gridbench/internal/sched/fcfs"
	_ "github.com/gridbench/gridbench/internal/sched/flex"
	_ "github.com/gridbench/gridbench/internal/sched/schedbased" // egedf, tabu
)

// Name is the experiment id.
const Name = "deadline"

// PaperAlgorithms are the registry names of the algorithms the papers
// compare, queue-based first, in the order the figures list them.
// "easywalk" is EASY-BF once more, walking the queue as the papers'
// simulator does: the same schedules as "easy" (internal/sched/easywalk
// proves it), run only for its cost per decision (Figure 5, claim (c)); see
// TimingOnly.
var PaperAlgorithms = []string{"fcfs", "easy", "easywalk", "flex", "egedf", "tabu"}

// Sensitivity are variants run beside the paper's algorithms and shown only
// in the page's interpretations, never in its figures or claims:
// "egedf-literal" is EG-EDF without the tie-break (Algorithm 2 read
// literally; see internal/sched/schedbased).
var Sensitivity = []string{"egedf-literal"}

// TimingOnly reports whether algo is run only for its cost per decision:
// its schedules are another algorithm's, so only the decision metrics
// (work counter, queue, wall clock) are recorded for it.
func TimingOnly(algo string) bool { return algo == "easywalk" }

// queueBased and scheduleBased split PaperAlgorithms for claim (b).
var (
	queueBased    = []string{"fcfs", "easy", "flex"}
	scheduleBased = []string{"egedf", "tabu"}
)

// Label is how figures and tables name an algorithm.
func Label(algo string) string {
	switch algo {
	case "fcfs":
		return "FCFS"
	case "easy":
		return "EASY-BF"
	case "easywalk":
		return "EASY-BF (queue walk)"
	case "flex":
		return "Flex-BF"
	case "egedf":
		return "EG-EDF"
	case "egedf-literal":
		return "EG-EDF (literal ties)"
	case "tabu":
		return "Tabu"
	}
	return algo
}

// Config is everything that decides a run's result except the number of
// repetitions; its hash decides whether cached runs are reused.
type Config struct {
	InterArrivals []float64 `json:"inter_arrivals"` // mean inter-arrival times of the streams, seconds
	Algorithms    []string  `json:"algorithms"`     // registry names, in figure order
	// Base is the generator's stream; its MeanInterArrival is replaced by
	// each entry of InterArrivals.
	Base jobstream.Spec `json:"base"`
	// Tabu are the Tabu search parameters (recorded so that changing them
	// invalidates cached runs).
	Tabu  schedbased.TabuOptions `json:"tabu"`
	Quick bool                   `json:"quick"`
}

// DefaultConfig is the SPEC's configuration (quick: streams 1 and 5 only,
// 300 jobs on 30 machines), planned over the algorithms registered now.
func DefaultConfig(quick bool) Config {
	c := Config{InterArrivals: []float64{1, 2, 3, 4, 5}, Algorithms: append(Algorithms(), Sensitivity...), Base: jobstream.Default(0), Tabu: TabuOptions(), Quick: quick}
	if quick {
		c.InterArrivals = []float64{1, 5}
		c.Base.Jobs, c.Base.Machines = 300, 30
	}
	return c
}

// Algorithms returns the PaperAlgorithms that are registered, in paper
// order. An algorithm whose package is not linked in is left out of the
// plan, and the report says so.
func Algorithms() []string {
	have := sched.Names()
	var out []string
	for _, a := range PaperAlgorithms {
		if slices.Contains(have, a) {
			out = append(out, a)
		}
	}
	return out
}

// Missing returns the PaperAlgorithms not in algos.
func Missing(algos []string) []string {
	var out []string
	for _, a := range PaperAlgorithms {
		if !slices.Contains(algos, a) {
			out = append(out, a)
		}
	}
	return out
}

// WorkloadID names the stream with the given mean inter-arrival time.
func WorkloadID(ia float64) string { return "ia=" + strconv.FormatFloat(ia, 'g', -1, 64) }

// Experiment is the deadline study; it registers itself.
type Experiment struct{}

func init() { experiments.Register(Experiment{}) }

// Name implements experiments.Experiment.
func (Experiment) Name() string { return Name }

// Title implements experiments.Experiment.
func (Experiment) Title() string {
	return "Klusáček, Rudová, Baraglia et al. 2008: schedule-based EG-EDF and Tabu search vs backfilling on job streams with deadlines"
}

// DefaultReps implements experiments.Experiment.
func (Experiment) DefaultReps() int { return 20 }

// Plan implements experiments.Experiment.
func (e Experiment) Plan(cfg experiments.Config) (bench.Plan, bench.Executor, error) {
	return PlanConfig(DefaultConfig(cfg.Quick), cfg.Filled(e).Reps)
}

// PlanConfig plans every stream × algorithm × repetition of c. Runs are
// ordered stream, repetition, algorithm, so the algorithms of one instance
// run close together.
func PlanConfig(c Config, reps int) (bench.Plan, bench.Executor, error) {
	if len(c.Algorithms) == 0 {
		return bench.Plan{}, nil, fmt.Errorf("%s: no algorithm of %v is registered", Name, PaperAlgorithms)
	}
	for _, a := range c.Algorithms {
		if _, err := newScheduler(a, 0); err != nil {
			return bench.Plan{}, nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	if len(c.InterArrivals) == 0 {
		return bench.Plan{}, nil, fmt.Errorf("%s: no stream planned", Name)
	}
	if reps < 1 {
		return bench.Plan{}, nil, fmt.Errorf("%s: %d repetitions: need at least 1", Name, reps)
	}
	plan := bench.Plan{Experiment: Name, Config: c}
	seen := map[string]bool{}
	for _, ia := range c.InterArrivals {
		spec := c.Base
		spec.MeanInterArrival = ia
		if err := spec.Validate(); err != nil {
			return bench.Plan{}, nil, fmt.Errorf("%s: stream %s: %w", Name, WorkloadID(ia), err)
		}
		w := WorkloadID(ia)
		if seen[w] {
			return bench.Plan{}, nil, fmt.Errorf("%s: stream %s planned twice", Name, w)
		}
		seen[w] = true
		plan.Describe(w, bench.Num("ia", ia), bench.Int("jobs", spec.Jobs), bench.Int("machines", spec.Machines))
		for rep := range reps {
			for _, a := range c.Algorithms {
				plan.Runs = append(plan.Runs, bench.NewRun(Name, w, a, rep, spec))
			}
		}
	}
	return plan, Execute, nil
}
