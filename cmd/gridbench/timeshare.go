package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/timeshare"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/timeshared"
)

func init() { register(timeshareCommand) }

func timeshareCommand() *cli.Command {
	algos := strings.Join(timeshare.Algorithms(), "|")
	return &cli.Command{
		Name:      "timeshare",
		ArgsUsage: "[FILE]",
		Usage:     "simulate the master/slave time-sharing platform of Shah et al. 2012 on a trace",
		Description: "Deals the valid jobs (submit and run time >= 0, internal/adapt's rule) of the trace (FILE or\n" +
			"--swf; a path that does not exist as given is looked up below the data root, as simulate does)\n" +
			"round-robin to P single-CPU slaves (the i-th valid job to slave i mod P), runs the chosen local\n" +
			"scheduler on every slave and prints the average waiting, turnaround, response and bounded slowdown\n" +
			"(tau = 10 s), the total completion time (the largest over slaves of the sum of the slave's job\n" +
			"ends - first submit), the maximum stretch and the makespan (last end - first submit); --jobs-out\n" +
			"writes one CSV row per job.\n" +
			"Priorities (p, plrr, apdrr): " + timeshare.PriorityRuleText + ".\n\n" +
			"Algorithms (--algo; register your own with timeshare.Register):\n" + timeshare.Help(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "swf", Usage: "trace `FILE` (SWF or GWF, optionally gzipped), instead of the argument"},
			&cli.IntFlag{Name: "max-jobs", Usage: "use only the first `N` job records of the trace", DefaultText: "all"},
			&cli.IntFlag{Name: "slaves", Usage: "number of single-CPU slaves `P` (required; 1 to 1000000)", DefaultText: "none"},
			&cli.StringFlag{Name: "algo", Usage: "local scheduler: " + algos + " (required)"},
			&cli.Float64Flag{Name: "quantum", Usage: "RR and PLRR time quantum `Q` in seconds (0.001 to 4e9)", Value: timeshare.DefaultQuantum},
			&cli.StringFlag{Name: "jobs-out", Usage: "write one row per job to `FILE.csv`", DefaultText: "none; the summary only"},
			dataFlag(),
		},
		Action: runTimeshare,
		// A bad flag value is one error line, not the help page.
		OnUsageError: func(_ *cli.Context, err error, _ bool) error { return err },
	}
}

func runTimeshare(c *cli.Context) error {
	// Checked here rather than with Required, which also prints the help
	// page: a missing flag is one error line like every other mistake.
	var missing []string
	for _, f := range []string{"slaves", "algo"} {
		if !c.IsSet(f) {
			missing = append(missing, "--"+f)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("timeshare needs %s", strings.Join(missing, ", "))
	}
	path, err := traceArg(c, "timeshare")
	if err != nil {
		return err
	}
	slaves, maxJobs, q := c.Int("slaves"), c.Int("max-jobs"), c.Float64("quantum")
	if slaves < 1 || slaves > timeshare.MaxSlaves {
		return fmt.Errorf("--slaves %d: must be 1 to %d", slaves, timeshare.MaxSlaves)
	}
	if err := checkMaxJobs(c, "timeshare"); err != nil {
		return err
	}
	if err := timeshare.CheckQuantum(q); !(q > 0) || err != nil {
		return fmt.Errorf("--quantum %v: must be between %g and %g seconds", q, timeshare.MinQuantum, float64(timeshare.MaxTime))
	}
	algo := c.String("algo")
	sched, err := timeshare.New(algo, timeshare.Params{Quantum: q})
	if err != nil {
		return fmt.Errorf("--algo: %w", err)
	}
	if c.IsSet("quantum") && !timeshare.TakesQuantum(algo) {
		// Ignored, it would look applied.
		return fmt.Errorf("--quantum %v: %s takes no quantum (rr and plrr do; apdrr computes its own)", q, strings.ToLower(algo))
	}

	if err := checkOutputs(c, path, "jobs-out"); err != nil {
		return err
	}
	jobs, err := timeshared.ReadJobs(path, maxJobs)
	if err != nil {
		return err
	}
	if n, id, rec := repeatedIDs(jobs); n > 0 {
		what := fmt.Sprintf("%d jobs have the id of an earlier job", n)
		if n == 1 {
			what = "1 job has the id of an earlier job"
		}
		fmt.Fprintf(c.App.ErrWriter, "timeshare: %s (first: job %d, the trace's record %d): --jobs-out holds an id twice, which evalys and other tools read as one job\n",
			what, id, rec)
	}
	timeshare.PriorityRule(jobs)
	res, err := timeshare.Run(jobs, slaves, sched)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if res.Dealt == 0 {
		return noJobs(path, len(jobs), "every record lacks a run time or a submit time")
	}
	if out := c.String("jobs-out"); out != "" {
		if err := timeshare.WriteJobsCSVFile(out, jobs, res.Outcomes); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(c.App.ErrWriter, "timeshare: no file written (--jobs-out)")
	}

	w := c.App.Writer
	fmt.Fprintf(w, "trace                  %s: %d %s read, %d dealt, %d skipped (no run time or no submit time)\n",
		path, len(jobs), report.Plural(len(jobs), "job"), res.Dealt, len(jobs)-res.Dealt)
	fmt.Fprintf(w, "platform               %d %s, algorithm %s", slaves, report.Plural(slaves, "slave"), strings.ToLower(algo))
	if timeshare.TakesQuantum(algo) {
		fmt.Fprintf(w, ", quantum %g s", q)
	}
	fmt.Fprintln(w)
	return timeshare.WriteSummary(w, timeshare.Summarize(jobs, res.Outcomes), res.Slices)
}

// repeatedIDs counts the jobs whose id an earlier job has, and gives the
// first one's id and record number (1-based).
func repeatedIDs(jobs []timeshare.Job) (n int, first int64, record int) {
	var ids adapt.IDs
	for i, j := range jobs {
		earlier := func(yield func(int64) bool) {
			for _, e := range jobs[:i] {
				if !yield(e.ID) {
					return
				}
			}
		}
		if ids.Add(j.ID, earlier) {
			if n++; n == 1 {
				first, record = j.ID, i+1
			}
		}
	}
	return n, first, record
}
