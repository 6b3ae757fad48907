package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/cmd/gridbench/simrun"
	"github.com/gridbench/gridbench/experiments/backfilling"
	"github.com/gridbench/gridbench/generators/batsim"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/report"
	_ "github.com/gridbench/gridbench/spaceshared" // registers the built-in schedulers
)

func init() { register(simulateCommand) }

// maxCPUs bounds a machine's or a pool's CPU count (--cpus, --slaves,
// and the size a trace's header or a Batsim workload gives simulate).
const maxCPUs = simrun.MaxCPUs

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "simulate the first jobs of a trace on one machine: a summary, and each job's start, end and CPUs as evalys reads them",
		ArgsUsage: "[FILE.swf|FILE.json]",
		Description: "Runs one scheduling algorithm on the first --max-jobs valid jobs of a trace (run time >= 0,\n" +
			"1..--cpus CPUs; field 5, or field 8 when field 5 < 1) on a single machine of --cpus CPUs at speed 1;\n" +
			"without --cpus, the machine is the size the trace's header gives (its MaxProcs, as in every\n" +
			"Parallel Workloads Archive log).\n" +
			"The trace is FILE or --swf; a path that does not exist as given is looked up below the data root\n" +
			"(--data, $" + datadir.EnvVar + ", ./data, ../shared/data), like every other command's data.\n" +
			"A Batsim JSON workload (.json) is read too: its jobs' run times come from delay profiles, or from\n" +
			"parallel_homogeneous ones (com 0) at --speed flop/s; walltime is the requested time, and --cpus\n" +
			"defaults to its nb_res. A job that runs as long as its walltime or longer, which Batsim kills at\n" +
			"it, runs to its end here, as a trace's job past its request: stderr counts them.\n" +
			"`gridbench workload convert` writes a workload from an SWF trace.\n\n" +
			"--estimate requested, as in study files: the scheduler sees the user's request (SWF field 9, the\n" +
			"run time when absent), as a production scheduler does; runtime is an oracle.\n\n" +
			"--jobs-out writes one row per job in input order. The evalys format is Batsim's jobs.csv, which\n" +
			"evalys's JobSet.from_csv and `gridbench plot` read: job_id, workload_name, profile, submission_time,\n" +
			"requested_number_of_resources, requested_time (the estimate the scheduler saw), success,\n" +
			"final_state, starting_time, execution_time, finish_time, waiting_time, turnaround_time, stretch,\n" +
			"allocated_resources (CPU ids such as \"0-3 8\", labels given at each start by the lowest free run\n" +
			"long enough, else the lowest free ids; they never change a start), consumed_energy (-1: not\n" +
			"simulated) and metadata (user=U when the trace names one). The short format is\n" +
			"job_id,submit,start,end,machine. --swf-out writes the schedule as an SWF log with wait times.\n\n" +
			"Prints on stderr the jobs simulated and skipped, then a summary: mean wait (start - submit, s),\n" +
			"mean bounded slowdown max(1, (wait + run) / max(run, 10 s)), and utilisation, the busy\n" +
			"CPU-seconds over CPUs x (last end - first submit), in %. A run past 5 s says every 5 s how\n" +
			"many jobs have ended and how many wait (CONS, EG-EDF and Tabu take tens of seconds on a few\n" +
			"hundred thousand jobs: their time per job grows with the jobs waiting).\n\n" +
			"Algorithms (--algo; register your own with spaceshared.Register):\n" + sched.Help(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "swf", Usage: "trace `FILE` (.swf, .swf.gz, or a Batsim workload .json), instead of the argument"},
			&cli.IntFlag{Name: "max-jobs", Usage: "simulate the first `N` valid jobs", DefaultText: "all"},
			&cli.IntFlag{Name: "cpus", Usage: "CPUs of the machine, 1 to 1000000", DefaultText: "the trace header's MaxProcs, or a Batsim workload's nb_res"},
			&cli.Float64Flag{Name: "speed", Usage: "CPU speed in flop/s at which a Batsim workload's parallel_homogeneous profiles run (cpu / speed seconds)", DefaultText: "none; delay profiles only"},
			&cli.StringFlag{Name: "algo", Usage: "scheduling algorithm: a registered `NAME` (listed above) or 'exec:COMMAND ARGS' (required)"},
			&cli.Uint64Flag{Name: "seed", Usage: "seed of the scheduler's random source (tabu draws from it; on a trace, whose jobs have no deadline, no job is late, so tabu moves nothing and gives EG-EDF's schedule whatever the seed)", Value: 1},
			&cli.StringFlag{Name: "estimate", Usage: "run-time estimate the scheduler sees: requested (field 9 when > 0) or runtime (exact)", Value: string(adapt.DefaultEstimate)},
			&cli.StringFlag{Name: "jobs-out", Usage: "write one row per job to `FILE.csv`", DefaultText: "none; the summary only"},
			&cli.StringFlag{Name: "jobs-format", Usage: "layout of --jobs-out: evalys (Batsim's jobs.csv) or short (job_id,submit,start,end,machine)", Value: string(jobsout.Evalys)},
			&cli.StringFlag{Name: "event-order", Usage: "how one instant's events reach the scheduler: batched (one pass after every end and arrival) or per-event (pyss's: one pass per event, arrivals first)", Value: "batched"},
			&cli.BoolFlag{Name: "artefact", Usage: "read the trace as an SC'15 artefact schedule (pyss's output): the authors' input in job-id order on its MaxProcs CPUs, not the lines' completion order"},
			&cli.BoolFlag{Name: "compare-starts", Usage: "with --artefact (implied): print the share of jobs starting at the artefact's second and both mean bounded slowdowns"},
			&cli.StringFlag{Name: "swf-out", Usage: "write the schedule as an SWF log (wait times filled; field 9, the requested time, is the estimate the scheduler saw: the run time under --estimate runtime, so the log read again is clairvoyant; the fields a schedule does not change, such as status, group and queue, as the trace has them, and its time origin and provenance in the header) to `FILE.swf`", DefaultText: "none"},
			dataFlag(),
			execTimeoutFlag(),
		},
		Action: func(c *cli.Context) error {
			if err := checkMaxJobs(c, "simulate"); err != nil {
				return err
			}
			if err := setExecTimeout(c); err != nil {
				return err
			}
			format, err := jobsout.ParseFormat(c.String("jobs-format"))
			if err != nil {
				return fmt.Errorf("--jobs-format: %w", err)
			}
			if c.IsSet("jobs-format") && c.String("jobs-out") == "" {
				return fmt.Errorf("--jobs-format %s: give the file too (--jobs-out FILE.csv)", c.String("jobs-format"))
			}
			order, err := parseEventOrder(c.String("event-order"))
			if err != nil {
				return err
			}
			artefact := c.Bool("artefact") || c.Bool("compare-starts")
			if n := c.Int("cpus"); c.IsSet("cpus") && (n < 1 || n > maxCPUs) {
				return fmt.Errorf("--cpus %d: must be 1 to %d", n, maxCPUs)
			}
			if c.String("algo") == "" {
				return fmt.Errorf("simulate needs --algo NAME (listed by gridbench simulate --help) or --algo 'exec:COMMAND ARGS'")
			}
			s, err := sched.NewSeeded(c.String("algo"), rand.NewPCG(c.Uint64("seed"), 2))
			if err != nil {
				return fmt.Errorf("--algo: %w", err)
			}
			defer sched.CloseScheduler(s)
			swf, err := traceArg(c, "simulate")
			if err != nil {
				return err
			}
			if err := checkOutputs(c, swf, "jobs-out", "swf-out"); err != nil {
				return err
			}
			// The check runs while the jobs file is written, which appears only if it passes.
			out := simrun.Outputs{Jobs: c.String("jobs-out"), Format: format, SWF: c.String("swf-out"),
				Note: fmt.Sprintf("gridbench simulate --algo %s --estimate %s --event-order %s", c.String("algo"), c.String("estimate"), c.String("event-order"))}
			if sp := c.Float64("speed"); c.IsSet("speed") && !(sp > 0 && sp < math.Inf(1)) {
				return fmt.Errorf("--speed %v: want the CPU speed in flop/s, a finite number > 0", sp)
			}
			if artefact && batsim.IsWorkload(swf) {
				return fmt.Errorf("--artefact: %s is a Batsim workload; --artefact reads an SC'15 artefact schedule, an SWF log written by pyss: drop --artefact to simulate the workload", filepath.Base(swf))
			}
			if c.IsSet("speed") && !batsim.IsWorkload(swf) {
				// Ignored, it would look applied (study files refuse batsim_speed so).
				return fmt.Errorf("--speed %v: %s is not a Batsim workload (.json), whose parallel_homogeneous profiles it times; an SWF trace's run times are in seconds", c.Float64("speed"), filepath.Base(swf))
			}
			in := simrun.Input{Path: swf, MaxJobs: c.Int("max-jobs"), CPUs: c.Int("cpus"), Estimate: adapt.Estimate(c.String("estimate")), Speed: c.Float64("speed"),
				Order: order, Artefact: artefact, Progress: c.App.ErrWriter, Context: c.Context}
			if !artefact && pyssOutput(swf) {
				fmt.Fprintf(c.App.ErrWriter, "simulate: %s: the header names the pyss simulator, so its lines are in completion order; --artefact reads it as the SC'15 authors' input, in job-id order\n", swf)
			}
			res, err := simrun.SimulateOut(in, s, out)
			if err != nil {
				return adapt.AdviseSpeed(err, "simulate --speed, a study workload's batsim_speed")
			}
			if len(res.Jobs) == 0 {
				sk := res.Skipped
				return noJobs(swf, sk.Total(), fmt.Sprintf("submit time < 0: %d, run time < 0: %d, CPUs < 1: %d, more CPUs than the machine: %d; is --cpus %d what the trace needs?",
					sk.NoSubmit, sk.NegativeRun, sk.NoCPUs, sk.TooWide, res.CPUs))
			}
			var wrote []string
			for _, f := range []string{out.Jobs, out.SWF} {
				if f != "" {
					wrote = append(wrote, f)
				}
			}
			written := "; wrote " + strings.Join(wrote, " and ")
			if len(wrote) == 0 {
				written = "; no file written (--jobs-out, --swf-out)"
			}
			from := "" // where the machine's size came from, when not from --cpus
			switch {
			case c.IsSet("cpus"):
			case artefact:
				from = " (the artefact's MaxProcs)"
			case batsim.IsWorkload(swf):
				from = " (the workload's nb_res)"
			default:
				from = " (the header's MaxProcs)"
			}
			fmt.Fprintf(c.App.ErrWriter, "simulate: %d %s with %s on %d %s%s; skipped %v; work %d %s%s\n",
				len(res.Jobs), report.Plural(len(res.Jobs), "job"), c.String("algo"), res.CPUs, report.Plural(res.CPUs, "CPU"), from,
				res.Skipped, res.Work, report.Plural(int(min(res.Work, 2)), "step"), written) // (min: the count may pass a 32-bit int)
			fmt.Fprintln(c.App.ErrWriter, summarize(res.Jobs, res.Records, res.CPUs))
			if n := res.Repeated; n > 0 {
				what := fmt.Sprintf("%d jobs have the id of an earlier job", n)
				if n == 1 {
					what = "1 job has the id of an earlier job"
				}
				fmt.Fprintf(c.App.ErrWriter, "simulate: %s (first: %s): a schedule written of them (--jobs-out, --swf-out) holds an id twice, which evalys and other tools read as one job\n",
					what, res.FirstRepeated)
			}
			if n := res.PastWalltime; n > 0 {
				what := fmt.Sprintf("%d jobs run as long as their walltime or longer: Batsim kills them", n)
				if n == 1 {
					what = "1 job runs as long as its walltime or longer: Batsim kills it"
				}
				fmt.Fprintf(c.App.ErrWriter, "simulate: %s at the walltime (COMPLETED_WALLTIME_REACHED), where gridbench runs every job to its end, "+
					"as a trace's jobs that outlive their request (`workload convert --walltime max` writes walltimes that keep them whole)\n", what)
			}
			if c.Bool("compare-starts") {
				starts := make([]float64, len(res.Records))
				for i, r := range res.Records {
					starts[i] = r.Start
				}
				a := backfilling.Compare(res.Jobs, starts, res.RefStarts, 0)
				hint := "" // (a share below 100% in the batched order may be the order's doing, not a rule's)
				if order != sim.PerEvent {
					hint = "; events in gridbench's order (batched): --event-order per-event is the authors' simulator's"
				}
				fmt.Fprintf(c.App.ErrWriter, "starts: %d of %d jobs (%.2f%%) at the artefact's second; mean bounded slowdown %.6g, the artefact's %.6g%s\n",
					a.Same, a.Jobs, 100*a.Share(), a.OursBSLD, a.RefBSLD, hint)
			}
			return nil
		},
	}
}

// eventOrders are --event-order's values, in the order help lists them.
var eventOrders = []struct {
	name  string
	order sim.EventOrder
}{{"batched", sim.Batched}, {"per-event", sim.PerEvent}}

func parseEventOrder(v string) (sim.EventOrder, error) {
	names := make([]string, len(eventOrders))
	for i, o := range eventOrders {
		if o.name == v {
			return o.order, nil
		}
		names[i] = o.name
	}
	return 0, fmt.Errorf("--event-order %q: want one of %s", v, strings.Join(names, ", "))
}

// pyssOutput tells whether the trace at path is a schedule the pyss
// simulator wrote (its header's Computer), which simulate reads as written
// unless --artefact says otherwise: a flag, not the header, decides, so a
// file reads the same in simulate as in every other command.
func pyssOutput(path string) bool {
	if batsim.IsWorkload(path) {
		return false
	}
	r, err := trace.Open(path)
	if err != nil {
		return false // the run names the error
	}
	defer r.Close()
	r.Next()
	return strings.HasPrefix(strings.ToLower(r.Header().Computer), "pyss")
}

// tracePath is the trace a command names, as given, before traceArg
// looks it up.
func tracePath(c *cli.Context) string {
	if c.NArg() == 1 {
		return c.Args().First()
	}
	return c.String("swf")
}

// traceArg returns the trace of a command that takes it as its one
// argument or as --swf: the path as given when it exists, else the file of
// that relative path below the data root (--data, $GRIDBENCH_DATA, ./data,
// ../shared/data).
func traceArg(c *cli.Context, cmd string) (string, error) {
	path := c.String("swf")
	switch {
	case c.NArg() > 1 || (c.NArg() == 1 && path != ""):
		return "", fmt.Errorf("%s: give the trace once, as FILE or --swf FILE (got %q)", cmd, c.Args().Slice())
	case c.NArg() == 1:
		path = c.Args().First()
	}
	if path == "" { // (none given, or an empty argument)
		return "", fmt.Errorf("%s needs a trace: FILE or --swf FILE", cmd)
	}
	if _, err := os.Stat(path); err == nil || filepath.IsAbs(path) || !errors.Is(err, os.ErrNotExist) {
		return path, nil
	}
	found, err := datadir.Find(c.String("data"), filepath.ToSlash(path), "`gridbench data` lists the data sets and how to fetch them")
	if err != nil && !errors.Is(err, datadir.ErrMissing) { // (that one names the path)
		err = fmt.Errorf("%s: %w", path, err)
	}
	return found, err
}

// summary is what simulate prints after a run: the quality of the schedule
// in the README's metric definitions.
type summary struct {
	jobs               int
	meanWait, meanBSLD float64
	utilisation, span  float64
}

// bsldTau is the run-time floor τ of the bounded slowdown, in seconds.
const bsldTau = 10

func summarize(jobs []sim.Job, recs []sim.Record, cpus int) summary {
	s := summary{jobs: len(jobs)}
	first, last := math.Inf(1), math.Inf(-1)
	var wait, bsld, busy float64
	for i, j := range jobs {
		r := recs[i]
		w, run := r.Start-j.Submit, r.End-r.Start
		wait += w
		bsld += max(1, (w+run)/max(run, bsldTau))
		busy += run * float64(j.CPUs)
		first, last = min(first, j.Submit), max(last, r.End)
	}
	n := float64(len(jobs))
	s.meanWait, s.meanBSLD, s.span = wait/n, bsld/n, last-first
	s.utilisation = math.NaN()
	if s.span > 0 {
		s.utilisation = 100 * busy / (float64(cpus) * s.span)
	}
	return s
}

func (s summary) String() string {
	util := fmt.Sprintf("utilisation %.4g%% of %.6g s", s.utilisation, s.span)
	if math.IsNaN(s.utilisation) {
		// Every job submitted, started and ended at one instant (run
		// times 0): busy / (CPUs × 0 s) is no share, and "NaN% of 0 s"
		// read as a fault.
		util = "utilisation — (no time elapsed: every job submitted and ended at one instant)"
	}
	return fmt.Sprintf("summary: %d %s, mean wait %.6g s, mean bounded slowdown (tau = %d s) %.6g, %s",
		s.jobs, report.Plural(s.jobs, "job"), s.meanWait, bsldTau, s.meanBSLD, util)
}
