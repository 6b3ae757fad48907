package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/batsim"
	"github.com/gridbench/gridbench/generators/lublin"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/report"
)

func init() { register(workloadCommand) }

func workloadCommand() *cli.Command {
	return &cli.Command{
		Name:  "workload",
		Usage: "synthetic workloads from published models, written as SWF; an SWF trace as a Batsim JSON workload",
		Subcommands: []*cli.Command{workloadConvertCommand(), {
			Name:  "generate",
			Usage: "draw a workload from a model: lublin (Lublin & Feitelson 2003, rigid jobs)",
			Description: `gridbench workload generate lublin [--jobs N --cpus P --seed S] -o FILE.swf

Draws N rigid jobs from the Lublin & Feitelson (2003) model for a machine of P
CPUs (sizes: serial or two-stage uniform in log2, powers of two preferred; run
times hyper-gamma, longer for larger jobs; arrivals with a daily cycle) and
writes them in the Standard Workload Format, interactive jobs in queue 0 and
batch jobs in queue 1 (--typeless: one stream from the all-jobs parameters). The same seed gives the same file. Read it back with
gridbench simulate --swf FILE.swf or a study file's trace workload.

The model's sizes are fitted for 128 CPUs; for P CPUs their ranges (in log2) move by log2(P) − 7,
as its authors advise. Below about 48 CPUs a job type's ranges shrink to a point and most jobs ask
one size (16 CPUs: 74% serial; 32: 57% ask 2): the command says so when one size holds more than
40% of the jobs.`,
			ArgsUsage: "lublin",
			Flags: []cli.Flag{
				&cli.IntFlag{Name: "jobs", Value: 10000, Usage: "number of jobs"},
				&cli.IntFlag{Name: "cpus", Value: 128, Usage: "CPUs of the machine (the published model is for 128)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random draws"},
				&cli.BoolFlag{Name: "typeless", Usage: "draw every job from the model's all-jobs parameters instead of interactive and batch streams (as the archive's lublin_256.swf was drawn)"},
				&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SWF log to `FILE` (- for stdout)", Required: true},
			},
			Action: workloadGenerate,
		}},
	}
}

func workloadGenerate(c *cli.Context) error {
	if c.NArg() != 1 || c.Args().First() != "lublin" {
		return fmt.Errorf("workload generate: want one model name, lublin (got %q)", c.Args().Slice())
	}
	cfg := lublin.Config{Jobs: c.Int("jobs"), CPUs: c.Int("cpus"), Seed: c.Uint64("seed"), Typeless: c.Bool("typeless")}
	jobs, err := lublin.Generate(cfg)
	if err != nil {
		return err
	}
	out := c.String("output")
	write := func(w io.Writer) error { return lublin.WriteSWF(w, jobs, cfg) }
	if out == "-" {
		return write(c.App.Writer)
	}
	if err := analysis.WriteFileAtomic(out, write); err != nil {
		return fmt.Errorf("-o %s: %w", out, err)
	}
	fmt.Fprintf(c.App.ErrWriter, "workload: %d Lublin-Feitelson %s for %d %s (seed %d) written to %s\n",
		len(jobs), report.Plural(len(jobs), "job"), cfg.CPUs, report.Plural(cfg.CPUs, "CPU"), cfg.Seed, out)
	if note := collapsedSizes(jobs); note != "" {
		fmt.Fprintln(c.App.ErrWriter, "workload: note: "+note)
	}
	return nil
}

// collapsedSizes says so when more than 40% of the jobs ask one number of
// CPUs: the model's size ranges (in log2 of the CPUs) are fitted for 128
// CPUs, where no size holds a quarter of the jobs, and move by log2(P) − 7
// for P CPUs (UHI = log2(P), as its authors advise); on a machine of
// fewer than about 48 CPUs a job type's ranges shrink to a point, and
// most of its parallel jobs ask one size (16 CPUs: 74% of the jobs
// serial; 32: 57% ask 2).
func collapsedSizes(jobs []lublin.Job) string {
	count := map[int]int{}
	top := 0
	for _, j := range jobs {
		count[j.CPUs]++
		if count[j.CPUs] > count[top] {
			top = j.CPUs
		}
	}
	if share := float64(count[top]) / float64(len(jobs)); len(jobs) >= 100 && share > 0.4 {
		return fmt.Sprintf("%.1f%% of the jobs ask %d %s: the model's sizes are fitted for 128 CPUs (where no size holds a quarter of the jobs) "+
			"and move by log2(P) − 7 for P CPUs, so on a small machine its size ranges shrink to a point; "+
			"the model's own shape is drawn with --cpus 128", 100*share, top, report.Plural(top, "CPU"))
	}
	return ""
}

func workloadConvertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "write an SWF trace as a Batsim JSON workload",
		ArgsUsage: "FILE.swf",
		Description: `gridbench workload convert FILE.swf --to FILE.json [--speed FLOPS] [--nb-res N] [--walltime requested|max]

Writes every job of the trace that Batsim can run (submit and run time >= 0, 1 or more CPUs: field 5,
or field 8 when field 5 < 1; the others are counted on stderr) as a Batsim workload, in trace order:
id the job number, subtime the submit time (not shifted), res the CPUs, walltime the requested time
when the trace has one. Each distinct run time gets one profile: of type delay (exact on any
platform), or with --speed of type parallel_homogeneous with cpu = run x speed flops and com 0, for
a Batsim platform whose hosts compute that many flop/s. The jobs of run time 0 share the profile
ph0, parallel_homogeneous with cpu 0 and com 0, as Batsim refuses a delay of 0 s. nb_res is
--nb-res, else the trace's MaxProcs, else its widest job; a job wider than nb_res is an error
(Batsim rejects the workload). gridbench simulate reads the file back (--speed again for
parallel_homogeneous) and gives the jobs the trace gives.

Batsim kills a job at its walltime (COMPLETED_WALLTIME_REACHED), even one that ends at that very
instant, where gridbench runs every job to its end: the jobs that run as long as they requested or
longer are counted on stderr. --walltime max gives each of them its run time + 1 s as walltime, so
that Batsim runs them whole; schedulers, Batsim's and gridbench simulate's reading the file back, then
see that walltime rather than the request as the job's estimate.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Aliases: []string{"output", "o"}, Usage: "write the workload to `FILE.json`", Required: true},
			&cli.Float64Flag{Name: "speed", Usage: "write parallel_homogeneous profiles for hosts of this many flop/s", DefaultText: "none; delay profiles"},
			&cli.IntFlag{Name: "nb-res", Usage: "the workload's nb_res", DefaultText: "the trace's MaxProcs, else its widest job"},
			&cli.StringFlag{Name: "walltime", Value: "requested", Usage: "walltime `MODE`: requested (the trace's requested time) or max (for a job that runs as long as it requested or longer, its run time + 1 s)"},
			dataFlag(),
		},
		Action: workloadConvert,
	}
}

func workloadConvert(c *cli.Context) error {
	if c.NArg() != 1 {
		return fmt.Errorf("workload convert: want one SWF trace (got %q)", c.Args().Slice())
	}
	path, err := traceArg(c, "workload convert")
	if err != nil {
		return err
	}
	speed := c.Float64("speed")
	if c.IsSet("speed") && !(speed > 0 && speed < math.Inf(1)) {
		return fmt.Errorf("--speed %v: want the hosts' speed in flop/s, a finite number > 0", speed)
	}
	if n := c.Int("nb-res"); c.IsSet("nb-res") && (n < 1 || n > maxCPUs) {
		return fmt.Errorf("--nb-res %d: must be 1 to %d", n, maxCPUs)
	}
	walltime, ok := map[string]batsim.Walltime{"requested": batsim.WalltimeRequested, "max": batsim.WalltimeMax}[c.String("walltime")]
	if !ok {
		return fmt.Errorf("--walltime %q: want requested (the trace's requested time) or max (for a job that runs as long as it requested or longer, its run time + 1 s)", c.String("walltime"))
	}
	if err := checkOutputs(c, path, "to"); err != nil {
		return err
	}
	if to := c.String("to"); !batsim.IsWorkload(to) {
		// simulate and study files tell a Batsim workload by its name.
		return fmt.Errorf("--to %s: name the workload FILE.json (or FILE.json.gz), as simulate and study files recognise a Batsim workload by its .json", to)
	}
	// The trace is streamed into the file, never held whole; the valid
	// jobs are written as they are read.
	r, err := trace.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	more := r.Next() // (the header is complete once the first record is read)
	opt := batsim.WriteOptions{Speed: speed, NbRes: c.Int("nb-res"), Walltime: walltime,
		Description: "converted by gridbench workload convert from " + filepath.Base(path)}
	if h := r.Header(); opt.NbRes == 0 && h != nil && h.MaxProcs > 0 {
		opt.NbRes = h.MaxProcs
	}
	var noSubmit, noRun, noCPUs int
	var n batsim.Written
	var j trace.Job
	next := func() (*trace.Job, error) {
		for ; more; more = r.Next() {
			j = r.Job()
			switch {
			case j.Submit < 0:
				noSubmit++
			case j.Run < 0:
				noRun++
			case j.CPUs() < 1:
				noCPUs++
			default:
				more = r.Next()
				return &j, nil
			}
		}
		return nil, r.Err()
	}
	errNone := errors.New("no job") // (the file is not written)
	out := c.String("to")
	err = analysis.WriteFileAtomic(out, func(w io.Writer) error {
		if n, err = batsim.WriteFrom(w, next, opt); err == nil && n.Jobs == 0 {
			err = errNone
		}
		return err
	})
	var je *batsim.JobError
	switch {
	case errors.Is(err, errNone):
		return noJobs(path, noSubmit+noRun+noCPUs, fmt.Sprintf("submit time < 0: %d, run time < 0: %d, CPUs < 1: %d", noSubmit, noRun, noCPUs))
	case r.Err() != nil:
		return r.Err() // the trace's error, naming its file and line (nothing written)
	case errors.As(err, &je): // a job of the trace: named by its line there
		return fmt.Errorf("%s:%d: job %d %s; nothing written to %s", path, je.Line, je.ID, je.Why, out)
	case err != nil:
		return fmt.Errorf("--to %s: %w", out, err)
	}
	kind := batsim.Delay
	if speed > 0 {
		kind = batsim.ParallelHomogeneous
	}
	fmt.Fprintf(c.App.ErrWriter, "workload convert: %d %s with %s profiles written to %s; left out %d (submit time < 0: %d, run time < 0: %d, CPUs < 1: %d)\n",
		n.Jobs, report.Plural(n.Jobs, "job"), kind, out, noSubmit+noRun+noCPUs, noSubmit, noRun, noCPUs)
	if z := n.NoRun; z > 0 && kind == batsim.Delay {
		fmt.Fprintf(c.App.ErrWriter, "workload convert: %d %s of run time 0 %s the profile %s (%s, cpu 0, com 0), as Batsim refuses a delay of 0 s\n",
			z, report.Plural(z, "job"), map[bool]string{true: "gets", false: "get"}[z == 1], batsim.ZeroProfile, batsim.ParallelHomogeneous)
	}
	if p := n.ReachWalltime; p > 0 {
		fmt.Fprintf(c.App.ErrWriter, "workload convert: %s\n", reachWalltime(p, n.AtWalltime, walltime == batsim.WalltimeMax))
	}
	return nil
}

// reachWalltime words the count of the jobs whose run time reaches their
// request (p, of which at end exactly at it; whole: --walltime max): Batsim kills a job at its
// walltime even when it ends at that very instant, so a job that runs
// exactly as long as it requested is one of them.
func reachWalltime(p, at int, whole bool) string {
	exactly := ""
	if at > 0 {
		exactly = fmt.Sprintf(" (%d exactly as long)", at)
	}
	switch {
	case whole && p == 1:
		return "1 job runs as long as it requested or longer" + exactly + ": its walltime is its run time + 1 s (--walltime max), so Batsim runs it whole"
	case whole:
		return fmt.Sprintf("%d jobs run as long as they requested or longer%s: their walltime is their run time + 1 s (--walltime max), so Batsim runs them whole", p, exactly)
	case p == 1:
		return "1 job runs as long as it requested or longer" + exactly + ": Batsim will kill it at its walltime (COMPLETED_WALLTIME_REACHED) where gridbench runs it to its end; --walltime max keeps it whole"
	}
	return fmt.Sprintf("%d jobs run as long as they requested or longer%s: Batsim will kill them at their walltime (COMPLETED_WALLTIME_REACHED) where gridbench runs them to their end; --walltime max keeps them whole", p, exactly)
}
