package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	_ "github.com/gridbench/gridbench/experiments/all" // registers every experiment
	"github.com/gridbench/gridbench/internal/gridway"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

func init() {
	register(reproduceCommand)
	register(runCommand)
}

func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "reps", Usage: "repetitions of each randomised configuration (0: the experiment's default, 20; backfilling's runs are deterministic and run once; at most 10000)"},
		&cli.IntFlag{Name: "j", Aliases: []string{"workers"}, Usage: "runs executed in parallel (0: all cores)"},
		&cli.StringFlag{Name: "out", Value: ".", Usage: "base folder: writes results/<experiment>/ and paper/ below it"},
		&cli.StringFlag{Name: "data", Usage: "folder holding the data sets (else $GRIDBENCH_DATA, ./data, ../shared/data)", Action: dataDirsExist},
		&cli.BoolFlag{Name: "fresh", Usage: "ignore results already on disk and run everything again"},
		&cli.BoolFlag{Name: "quick", Usage: "small smoke-test configuration (reports say so)"},
		&cli.BoolFlag{Name: "no-wait", Usage: "fail at once if another gridbench process is writing to --out", DefaultText: "wait for it"},
		execTimeoutFlag(),
	}
}

func reproduceCommand() *cli.Command {
	return &cli.Command{
		Name:  "reproduce",
		Usage: "run the experiments and write the report (paper/) and the workbook (results/gridbench.xlsx)",
		Description: "Runs every experiment (or those named by --only) at paper scale, reusing finished runs " +
			"found under --out, and writes results/<experiment>/{runs.csv,timings.csv,manifest.json}, " +
			"paper/README.md with one page per experiment, and results/gridbench.xlsx.\n" +
			"Experiments: " + strings.Join(experiments.Names(), ", ") + "\n\n" +
			"Federation policies (internal/gridway's registry):\n" + gridway.Help(),
		Flags: append(runFlags(), onlyFlag(),
			&cli.StringFlag{Name: "shard", Usage: "run only every Nth run of each plan from the Kth (`K/N`, K from 0) into a shard folder, " +
				"no report; gridbench merge gathers the N shards"},
			formatsFlag()),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("reproduce takes no arguments (got %q); use --only %s", c.Args().First(), c.Args().First())
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			tuneGC()
			only, err := onlyList(c)
			if err != nil {
				return err
			}
			opts := options(c, only, true)
			if err := applyShard(c, &opts); err != nil {
				return err
			}
			fs, err := figureFormats(c)
			if err != nil {
				return err
			}
			opts.Formats = fs
			return reproduceLocked(c, opts)
		},
	}
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run one experiment and print its summary statistics (add --report for its report page)",
		ArgsUsage: "EXPERIMENT",
		Description: "Runs one experiment's plan, writing results/<experiment>/runs.csv, timings.csv, series.csv (time series, worked examples) and manifest.json, " +
			"and prints per workload, algorithm and metric, as CSV: n, mean, sd, " +
			"ci95_low and ci95_high, the " + analysis.TInterval + " (the interval the report pages and the workbook's Stats sheet show; " +
			"symmetric, so with a few skewed repetitions it can pass the values' range, below 0 for a non-negative metric), " +
			"and boot95_low and boot95_high, the " + analysis.BootstrapInterval + " (it stays within the values, so a non-negative metric's is never negative).\n" +
			"Experiments: " + strings.Join(experiments.Names(), ", "),
		Flags: append(runFlags(), &cli.BoolFlag{Name: "report", Usage: "also write the report page, figures and workbook"}),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fmt.Errorf("run needs exactly one experiment (valid: %s)", strings.Join(experiments.Names(), ", "))
			}
			if _, err := experiments.Lookup(c.Args().First()); err != nil {
				return err
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			tuneGC()
			opts := options(c, []string{c.Args().First()}, c.Bool("report"))
			lock, err := lockOut(c, opts)
			if err != nil {
				return err
			}
			defer lock.Release()
			outs, err := pipeline.Reproduce(c.Context, opts)
			repsNotApplied(c, outs)
			if err := skipSummary(c, outs, err); err != nil || len(outs) == 0 {
				return err
			}
			w := c.App.Writer
			// ci95_* is the t-interval, as everywhere else; the bootstrap
			// interval, which run printed under that name before, keeps
			// its own columns, appended so that scripts reading columns
			// by position still find the others where they were.
			fmt.Fprintln(w, "workload,algorithm,metric,n,mean,sd,ci95_low,ci95_high,boot95_low,boot95_high")
			groups, _ := outs[0].Result.Groups()
			sets := make([][]float64, len(groups))
			for i, g := range groups {
				sets[i] = g.Values
			}
			cis, err := analysis.MeanBootstrapCIs(c.Context, sets)
			if err != nil {
				return fmt.Errorf("interrupted while computing the intervals of the summary (%w); the runs are saved in %s: %s to reuse them",
					context.Cause(c.Context), filepath.Join(pipeline.ResultsDir(opts.Out, outs[0].Name), "runs.csv"), opts.Again())
			}
			for i, g := range groups {
				s := g.Summary
				lo, hi := cis[i][0], cis[i][1]
				fmt.Fprintf(w, "%s,%s,%s,%d,%s,%s,%s,%s,%s,%s\n", g.Workload, g.Algorithm, g.Metric, s.N,
					report.FormatFloat(s.Mean, 6), report.FormatFloat(s.SD, 6), report.FormatFloat(s.CILow, 6), report.FormatFloat(s.CIHigh, 6),
					report.FormatFloat(lo, 6), report.FormatFloat(hi, 6))
			}
			return nil
		},
	}
}

// tuneGC sets the garbage collector's target to pipeline.GCPercent
// unless GOGC is set.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(pipeline.GCPercent)
	}
}

// applyShard sets opts to run only the --shard K/N part of each plan, with
// no report (the merge writes it), when the flag is given.
func applyShard(c *cli.Context, opts *pipeline.Options) error {
	if !c.IsSet("shard") {
		return nil
	}
	sh, err := bench.ParseShard(c.String("shard"))
	if err != nil {
		return err
	}
	if sh.N > maxShards {
		return fmt.Errorf("--shard %s: at most %d shards", sh, maxShards)
	}
	opts.Shard, opts.Report = sh, false
	return nil
}

func formatsFlag() cli.Flag {
	return &cli.StringFlag{Name: "formats", Value: "png,svg",
		Usage: "figure formats, comma-separated: png and svg (the pages link both), and pdf for a LaTeX paper; a figure's file in a format left out is removed"}
}

// figureFormats returns the --formats list; png and svg must be in it,
// since the pages link them.
func figureFormats(c *cli.Context) ([]string, error) {
	fs, err := plots.CheckFormats(strings.Split(c.String("formats"), ","))
	if err != nil {
		return nil, fmt.Errorf("--formats %s: %w", c.String("formats"), err)
	}
	if !slices.Contains(fs, "png") || !slices.Contains(fs, "svg") {
		return nil, fmt.Errorf("--formats %s: the report pages link png and svg figures; keep both (e.g. --formats png,svg,pdf)", c.String("formats"))
	}
	return fs, nil
}

func onlyFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "only", Usage: "the experiments to run, `NAME`[,NAME...]", DefaultText: "all"}
}

// onlyList returns the experiments named by --only, in order. An empty
// name (--only "", an empty shell variable) is refused: it would select
// every experiment.
func onlyList(c *cli.Context) ([]string, error) {
	var only []string
	for _, v := range c.StringSlice("only") {
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); n == "" {
				return nil, fmt.Errorf("--only: an empty experiment name; give NAME[,NAME...], e.g. --only immediate, or leave --only out for every experiment")
			}
			only = append(only, n)
		}
	}
	return only, nil
}

// lockOut takes the lock of the output folder for the length of the
// command, so two processes never compute into the same folder. Shards
// write only their own shard folders: each has a lock of its own, and the
// N tasks of an array run side by side on one --out.
func lockOut(c *cli.Context, opts pipeline.Options) (*bench.Lock, error) {
	if sh := opts.Shard; sh.N > 0 && !opts.Merge {
		return sh.Lock(c.Context, opts.Out, !c.Bool("no-wait"), c.App.ErrWriter)
	}
	return bench.AcquireLock(c.Context, opts.Out, bench.LockFile, !c.Bool("no-wait"), c.App.ErrWriter)
}

func reproduceLocked(c *cli.Context, opts pipeline.Options) error {
	for _, n := range opts.Only {
		if _, err := experiments.Lookup(n); err != nil {
			return err // before the lock file is made in an output folder named by mistake
		}
	}
	lock, err := lockOut(c, opts)
	if err != nil {
		return err
	}
	defer lock.Release()
	outs, err := pipeline.Reproduce(c.Context, opts)
	repsNotApplied(c, outs)
	return skipSummary(c, outs, err)
}

// repsNotApplied says on stderr which experiments ran another number of
// repetitions than --reps asked: backfilling's runs are deterministic and
// run once whatever --reps, which its summary showed only as n = 1.
func repsNotApplied(c *cli.Context, outs []*pipeline.Outcome) {
	asked := c.Int("reps")
	if !c.IsSet("reps") || asked <= 0 {
		return
	}
	for _, o := range outs {
		if o == nil || o.Result == nil || o.Result.Manifest == nil {
			continue
		}
		if n := o.Result.Manifest.Reps; n > 0 && n != asked {
			fmt.Fprintf(c.App.ErrWriter, "%s: --reps %d not applied: it ran %d %s of each configuration (its runs are deterministic)\n",
				o.Name, asked, n, report.Plural(n, "repetition"))
		}
	}
}

func options(c *cli.Context, only []string, report bool) pipeline.Options {
	return pipeline.Options{
		Only:     only,
		Config:   experiments.Config{Reps: c.Int("reps"), DataDir: c.String("data"), Quick: c.Bool("quick")},
		Out:      c.String("out"),
		Workers:  c.Int("j"),
		Fresh:    c.Bool("fresh"),
		Report:   report,
		Progress: c.App.ErrWriter,
		Version:  version,
		Commit:   gitCommit(),
	}
}

// gitCommit returns the commit the binary was built from, or, when the
// toolchain did not record it, the commit of the working directory's
// checkout, or "unknown".
func gitCommit() string {
	if c := commit(); c != "unknown" {
		return c
	}
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	s := strings.TrimSpace(string(out))
	if dirty, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(dirty) > 0 {
		s += "+dirty"
	}
	return s
}

func checkRunFlags(c *cli.Context) error {
	if r := c.Int("reps"); r < 0 || r > maxReps {
		return fmt.Errorf("--reps %d: must be 0 (the default) to %d", r, maxReps)
	}
	if j := c.Int("j"); j < 0 || j > maxWorkers {
		return fmt.Errorf("-j %d: must be 0 (all cores) to %d", j, maxWorkers)
	}
	return setExecTimeout(c)
}

// maxReps bounds --reps (bench.MaxReps).
const maxReps = bench.MaxReps

// maxShards bounds a split (--shard K/N, --shards): a merge visits every
// shard's folder.
const maxShards = 10_000

// maxWorkers bounds -j: each worker holds a run's state in memory.
const maxWorkers = 1024

// execTimeoutFlag is --exec-timeout, on every command that may run an
// exec: scheduler.
func execTimeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "exec-timeout", Value: external.DefaultTimeout,
		Usage: "how long an exec: scheduler may take to answer one message (1ms to 24h)"}
}

// studyExecTimeoutFlag is --exec-timeout of study run, where the study
// file may set the timeout too (key exec_timeout).
func studyExecTimeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "exec-timeout", Value: external.DefaultTimeout,
		Usage: "how long an exec: scheduler may take to answer one message (1ms to 24h); " +
			"given, it wins over the study file's exec_timeout"}
}

// setExecTimeout gives every exec: scheduler of this command the answer
// timeout of --exec-timeout and the command's context, so that Ctrl-C
// ends the scheduler at once.
func setExecTimeout(c *cli.Context) error {
	d := c.Duration("exec-timeout")
	if !c.IsSet("exec-timeout") {
		d = 0 // the default; commands without the flag also come here
	}
	if err := external.SetDefaults(c.Context, d); err != nil {
		return fmt.Errorf("--exec-timeout: %w", err)
	}
	return nil
}
