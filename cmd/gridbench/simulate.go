package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/cmd/gridbench/simrun"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/sched"
	_ "github.com/gridbench/gridbench/spaceshared" // registers the built-in schedulers
)

func init() { register(simulateCommand) }

// maxCPUs bounds a machine's or a pool's CPU count (--cpus, --slaves): a
// million is beyond any archived system, and the simulators keep per-CPU
// state.
const maxCPUs = 1_000_000

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "simulate the first jobs of an SWF trace on one machine and write each job's start and end",
		Description: "Runs one scheduling algorithm on the first --max-jobs valid jobs of a trace (run time >= 0,\n" +
			"1..--cpus CPUs; field 5, or field 8 when field 5 < 1) on a single machine of --cpus CPUs at speed 1,\n" +
			"and writes job_id,submit,start,end,machine per job in input order.\n\n" +
			"Algorithms (--algo; register your own with spaceshared.Register):\n" + sched.Help(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "swf", Usage: "SWF trace `FILE` (.swf or .swf.gz)", Required: true},
			&cli.IntFlag{Name: "max-jobs", Usage: "simulate the first `N` valid jobs (default: all)"},
			&cli.IntFlag{Name: "cpus", Usage: "CPUs of the machine (1 to 1000000)", Required: true},
			&cli.StringFlag{Name: "algo", Usage: "scheduling algorithm: a registered `NAME` (listed above) or 'exec:COMMAND ARGS'", Required: true},
			&cli.Uint64Flag{Name: "seed", Usage: "seed of the scheduler's random source (tabu draws from it)", Value: 1},
			&cli.StringFlag{Name: "estimate", Usage: "run-time estimate the scheduler sees: runtime (exact) or requested (field 9 when > 0)", Value: string(adapt.Exact)},
			&cli.StringFlag{Name: "jobs-out", Usage: "write one CSV row per job to `FILE.csv`", Required: true},
			execTimeoutFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("simulate: unexpected argument %q (flags only)", c.Args().First())
			}
			if err := checkMaxJobs(c, "simulate"); err != nil {
				return err
			}
			if err := setExecTimeout(c); err != nil {
				return err
			}
			if n := c.Int("cpus"); n < 1 || n > maxCPUs {
				return fmt.Errorf("--cpus %d: must be 1 to %d", n, maxCPUs)
			}
			s, err := sched.NewSeeded(c.String("algo"), rand.NewPCG(c.Uint64("seed"), 2))
			if err != nil {
				return fmt.Errorf("--algo: %w", err)
			}
			defer sched.CloseScheduler(s)
			// The check runs while the job CSV is written, which appears only if it passes.
			res, err := simrun.SimulateTo(c.String("swf"), c.Int("max-jobs"), c.Int("cpus"), adapt.Estimate(c.String("estimate")), s, c.String("jobs-out"))
			if err != nil {
				return err
			}
			if len(res.Jobs) == 0 {
				sk := res.Skipped
				return noJobs(c.String("swf"), sk.Total(), fmt.Sprintf("submit time < 0: %d, run time < 0: %d, CPUs < 1: %d, more CPUs than the machine: %d; is --cpus %d what the trace needs?",
					sk.NoSubmit, sk.NegativeRun, sk.NoCPUs, sk.TooWide, c.Int("cpus")))
			}
			fmt.Fprintf(c.App.ErrWriter, "simulate: %d jobs with %s on %d CPUs; skipped %v; work %d steps; wrote %s\n",
				len(res.Jobs), c.String("algo"), c.Int("cpus"), res.Skipped, res.Work, c.String("jobs-out"))
			return nil
		},
	}
}
