package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/lublin"
)

func init() { register(workloadCommand) }

func workloadCommand() *cli.Command {
	return &cli.Command{
		Name:  "workload",
		Usage: "synthetic workloads from published models, written as SWF",
		Subcommands: []*cli.Command{{
			Name:  "generate",
			Usage: "draw a workload from a model: lublin (Lublin & Feitelson 2003, rigid jobs)",
			Description: `gridbench workload generate lublin [--jobs N --cpus P --seed S] -o FILE.swf

Draws N rigid jobs from the Lublin & Feitelson (2003) model for a machine of P
CPUs (sizes: serial or two-stage uniform in log2, powers of two preferred; run
times hyper-gamma, longer for larger jobs; arrivals with a daily cycle) and
writes them in the Standard Workload Format, interactive jobs in queue 0 and
batch jobs in queue 1 (--typeless: one stream from the all-jobs parameters). The same seed gives the same file. Read it back with
gridbench simulate --swf FILE.swf or a study file's trace workload.`,
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
	fmt.Fprintf(c.App.ErrWriter, "workload: %d Lublin-Feitelson jobs for %d CPUs (seed %d) written to %s\n", len(jobs), cfg.CPUs, cfg.Seed, out)
	return nil
}
