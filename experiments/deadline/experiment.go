package deadline

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/schedbased"
	"github.com/gridbench/gridbench/spaceshared"

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

// Readings are other readings of a paper's algorithm, run beside it at
// the side repetitions (Config.SideReps) and shown with their own claim verdicts, never in
// the figures: "tabu-alg3" is Tabu search as Algorithm 3 of the longer
// paper reads it (internal/sched/schedbased.Alg3TabuOptions).
var Readings = []string{"tabu-alg3"}

// SlackRange is one deadline rule, deadline = submit + run × U[Min, Max).
// The rule is ours (the papers give none); Slacks are the sensitivity
// run's alternatives to the default U[1.5, 4).
type SlackRange struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// Slacks are the deadline rules of the sensitivity run, SlackAlgorithms
// the algorithms run on them and SlackInterArrivals its streams (of those
// planned). To keep it cheap it leaves out Tabu (the costliest; the rule
// moves the schedule-based side through EG-EDF already), the queue-walking
// EASY (it only times) and the streams ia=2 and ia=4.
var (
	Slacks             = []SlackRange{{1.2, 3}, {2, 6}}
	SlackAlgorithms    = []string{"fcfs", "easy", "flex", "egedf"}
	SlackInterArrivals = []float64{1, 3, 5}
)

// SideReps is the default of Config.SideReps: the reading and sensitivity
// runs run at most 12 repetitions, so they add little to the study's
// cost. The Algorithm 3 reading's claim (a) is a Holm family of 35
// comparisons (7 on each of five streams), which needs 11 pairs before any
// of them could hold (analysis.MinPairs; at 10 its five rows were
// inconclusive by design); 12 leaves room for one pair against the rest
// (TestSideRepsCanDecideTheReadingsClaims).
const SideReps = 12

// SlackWorkloadID names the stream with mean inter-arrival ia under the
// deadline rule s.
func SlackWorkloadID(ia float64, s SlackRange) string {
	return fmt.Sprintf("%s/slack=%s-%s", WorkloadID(ia), strconv.FormatFloat(s.Min, 'g', -1, 64), strconv.FormatFloat(s.Max, 'g', -1, 64))
}

// SideRun reports whether algo is run at the side repetitions only
// (Plan.SideReps): the Readings, the Sensitivity variants and the
// timing-only algorithms. None of them has a published number; their
// claims are tested on that many pairs, which analysis.MinPairs shows is
// enough.
func SideRun(algo string) bool {
	return TimingOnly(algo) || slices.Contains(Sensitivity, algo) || slices.Contains(Readings, algo)
}

// TimingOnly reports whether algo is run only for its cost per decision:
// its schedules are another algorithm's, so only the decision metrics
// (work counter, queue, CPU and wall time) are recorded for it.
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
	case "tabu-alg3":
		return "Tabu (Algorithm 3 reading)"
	}
	return algo
}

// Config is everything that decides a run's result except the number of
// repetitions; its hash decides whether cached runs are reused.
// SideReps, which like the number of repetitions decides which runs are
// planned and never what one computes, is left out of it.
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
	// Readings are run at the side repetitions beside Algorithms; their
	// Tabu options are recorded in Tabu3.
	Readings []string               `json:"readings,omitempty"`
	Tabu3    schedbased.TabuOptions `json:"tabu_alg3"`
	// Slacks are the deadline-rule sensitivity runs: SlackAlgorithms on
	// every stream under each rule, at the side repetitions.
	Slacks             []SlackRange `json:"slacks,omitempty"`
	SlackAlgorithms    []string     `json:"slack_algorithms,omitempty"`
	SlackInterArrivals []float64    `json:"slack_inter_arrivals,omitempty"`
	// SideReps are the side repetitions: the Readings, the Sensitivity
	// variants, the timing-only algorithms and the Slacks run the first
	// min(SideReps, repetitions) repetitions only, the paper's algorithms
	// all of them. Not hashed (see above): changing it reuses the runs
	// made, as raising --reps does.
	SideReps int `json:"-"`
}

// DefaultConfig is the SPEC's configuration (quick: streams 1 and 5 only,
// 300 jobs on 30 machines), planned over the algorithms registered now.
func DefaultConfig(quick bool) Config {
	c := Config{InterArrivals: []float64{1, 2, 3, 4, 5}, Algorithms: append(Algorithms(), Sensitivity...), Base: jobstream.Default(0), Tabu: TabuOptions(), Quick: quick,
		Readings: Readings, Tabu3: schedbased.Alg3TabuOptions(), Slacks: Slacks, SlackAlgorithms: SlackAlgorithms, SideReps: SideReps}
	if quick {
		c.InterArrivals = []float64{1, 5}
		c.Base.Jobs, c.Base.Machines = 300, 30
	}
	for _, ia := range SlackInterArrivals {
		if slices.Contains(c.InterArrivals, ia) {
			c.SlackInterArrivals = append(c.SlackInterArrivals, ia)
		}
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
func WorkloadID(ia float64) string { return spaceshared.StreamID(ia) }

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
func (e Experiment) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return experiments.AsPlan(PlanConfig(DefaultConfig(cfg.Quick), cfg.Filled(e).Reps))
}

// Plan is the study's typed plan: what the runs and the report are made of.
type Plan struct {
	Config Config
	Reps   int // repetitions of the paper's algorithms
	// SideReps are the repetitions of the side runs (SideRun, Readings,
	// Slacks): Config.SideReps, at most Reps.
	SideReps int
	// streams are the default-rule streams, by inter-arrival time.
	streams []stream
	runs    experiments.Runs[jobstream.Spec]
}

// stream is one planned default-rule workload.
type stream struct {
	id string
	ia float64
}

// Bench implements experiments.Plan.
func (pl *Plan) Bench() bench.Plan { return pl.runs.Bench() }

// Execute implements experiments.Plan: Execute with the run's stream.
func (pl *Plan) Execute(ctx context.Context, run bench.Run) (bench.Output, error) {
	spec, err := pl.runs.Spec(run)
	if err != nil {
		return bench.Output{}, fmt.Errorf("%s: %w", Name, err)
	}
	return Execute(ctx, run, spec)
}

// PlanConfig plans every stream × algorithm × repetition of c. Runs are
// ordered stream, repetition, algorithm, so the algorithms of one instance
// run close together.
func PlanConfig(c Config, reps int) (*Plan, error) {
	if len(c.Algorithms) == 0 {
		return nil, fmt.Errorf("%s: no algorithm of %v is registered", Name, PaperAlgorithms)
	}
	for _, a := range slices.Concat(c.Algorithms, c.Readings, c.SlackAlgorithms) {
		if _, err := newScheduler(a, 0); err != nil {
			return nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	if len(c.InterArrivals) == 0 {
		return nil, fmt.Errorf("%s: no stream planned", Name)
	}
	if reps < 1 {
		return nil, fmt.Errorf("%s: %d repetitions: need at least 1", Name, reps)
	}
	if c.SideReps < 1 {
		return nil, fmt.Errorf("%s: %d side repetitions: need at least 1", Name, c.SideReps)
	}
	side := min(reps, c.SideReps)
	pl := &Plan{Config: c, Reps: reps, SideReps: side, runs: experiments.Runs[jobstream.Spec]{Plan: bench.Plan{Experiment: Name, Config: c, Reps: reps}}}
	plan := &pl.runs.Plan
	seen := map[string]bool{}
	for _, ia := range c.InterArrivals {
		spec := c.Base
		spec.MeanInterArrival = ia
		if err := spec.Validate(); err != nil {
			return nil, fmt.Errorf("%s: stream %s: %w", Name, WorkloadID(ia), err)
		}
		w := WorkloadID(ia)
		if seen[w] {
			return nil, fmt.Errorf("%s: stream %s planned twice", Name, w)
		}
		seen[w] = true
		pl.streams = append(pl.streams, stream{w, ia})
		plan.Describe(w, bench.Num("ia", ia), bench.Int("jobs", spec.Jobs), bench.Int("machines", spec.Machines))
		for rep := range reps {
			for _, a := range c.Algorithms {
				if rep < side || !SideRun(a) {
					pl.runs.Add(bench.NewRun(Name, w, a, rep), spec)
				}
			}
			if rep < side {
				for _, a := range c.Readings {
					pl.runs.Add(bench.NewRun(Name, w, a, rep), spec)
				}
			}
		}
	}
	// The deadline-rule sensitivity: after every other run, so adding it
	// left the order of the others as it was.
	for _, sl := range c.Slacks {
		if !(sl.Min >= 1 && sl.Max > sl.Min) {
			return nil, fmt.Errorf("%s: deadline rule U[%g, %g): need 1 <= min < max", Name, sl.Min, sl.Max)
		}
		for _, ia := range c.SlackInterArrivals {
			if !slices.Contains(c.InterArrivals, ia) {
				return nil, fmt.Errorf("%s: deadline-rule stream ia=%g is not a planned stream", Name, ia)
			}
			spec := c.Base
			spec.MeanInterArrival, spec.SlackMin, spec.SlackMax = ia, sl.Min, sl.Max
			if err := spec.Validate(); err != nil {
				return nil, fmt.Errorf("%s: stream %s: %w", Name, SlackWorkloadID(ia, sl), err)
			}
			w := SlackWorkloadID(ia, sl)
			plan.Describe(w, bench.Str("part", "slack"), bench.Num("ia", ia), bench.Num("slack_min", sl.Min), bench.Num("slack_max", sl.Max),
				bench.Int("jobs", spec.Jobs), bench.Int("machines", spec.Machines))
			for rep := range side {
				for _, a := range c.SlackAlgorithms {
					// The default rule's instance and seeds: the generator draws
					// the same numbers whatever the slack range, so only the
					// deadlines differ from that repetition's default-rule run.
					base := bench.NewRun(Name, WorkloadID(ia), a, rep)
					run := bench.NewRun(Name, w, a, rep)
					run.Seed, run.RunSeed = base.Seed, base.RunSeed
					pl.runs.Add(run, spec)
				}
			}
		}
	}
	sort.Slice(pl.streams, func(i, j int) bool { return pl.streams[i].ia < pl.streams[j].ia })
	return pl, nil
}
