package main

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/experiments"
	_ "github.com/gridbench/gridbench/experiments/all" // registers every experiment
	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/results"
)

func init() {
	register(reproduceCommand)
	register(runCommand)
}

func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "reps", Usage: "repetitions of each randomised configuration (0: the experiment's default, 20)"},
		&cli.IntFlag{Name: "j", Aliases: []string{"workers"}, Usage: "runs executed in parallel (0: all cores)"},
		&cli.StringFlag{Name: "out", Value: ".", Usage: "base folder: writes results/<experiment>/ and paper/ below it"},
		&cli.StringFlag{Name: "data", Usage: "folder holding the data sets (else $GRIDBENCH_DATA, ./data, ../shared/data)"},
		&cli.BoolFlag{Name: "fresh", Usage: "ignore results already on disk and run everything again"},
		&cli.BoolFlag{Name: "quick", Usage: "small smoke-test configuration (reports say so)"},
	}
}

func reproduceCommand() *cli.Command {
	return &cli.Command{
		Name:  "reproduce",
		Usage: "run the experiments and write the report (paper/) and the workbook (results/gridbench.xlsx)",
		Description: "Runs every experiment (or those named by --only) at paper scale, reusing finished runs " +
			"found under --out, and writes results/<experiment>/{runs.csv,timings.csv,manifest.json}, " +
			"paper/README.md with one page per experiment, and results/gridbench.xlsx.\n" +
			"Experiments: " + strings.Join(experiments.Names(), ", "),
		Flags: append(runFlags(),
			&cli.StringSliceFlag{Name: "only", Usage: "comma-separated experiments to run (default: all)"}),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("reproduce takes no arguments (got %q); use --only %s", c.Args().First(), c.Args().First())
			}
			var only []string
			for _, v := range c.StringSlice("only") {
				for _, n := range strings.Split(v, ",") {
					if n = strings.TrimSpace(n); n != "" {
						only = append(only, n)
					}
				}
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			outs, err := experiments.Reproduce(c.Context, options(c, only, true))
			return skipSummary(c, outs, err)
		},
	}
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run one experiment and print its summary statistics (add --report for its report page)",
		ArgsUsage: "EXPERIMENT",
		Description: "Runs one experiment's plan, writing results/<experiment>/runs.csv, timings.csv and manifest.json, " +
			"and prints mean and 95% CI per workload, algorithm and metric as CSV.\n" +
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
			outs, err := experiments.Reproduce(c.Context, options(c, []string{c.Args().First()}, c.Bool("report")))
			if err := skipSummary(c, outs, err); err != nil || len(outs) == 0 {
				return err
			}
			w := c.App.Writer
			fmt.Fprintln(w, "workload,algorithm,metric,n,mean,sd,ci95_low,ci95_high")
			for _, g := range results.Groups(outs[0].Result.Records) {
				s := g.Summary
				fmt.Fprintf(w, "%s,%s,%s,%d,%s,%s,%s,%s\n", g.Workload, g.Algorithm, g.Metric, s.N,
					paper.FormatFloat(s.Mean, 6), paper.FormatFloat(s.SD, 6), paper.FormatFloat(s.CILow, 6), paper.FormatFloat(s.CIHigh, 6))
			}
			return nil
		},
	}
}

func options(c *cli.Context, only []string, report bool) experiments.Options {
	return experiments.Options{
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
	if c.Int("reps") < 0 {
		return fmt.Errorf("--reps %d: must be 0 (the default) or more", c.Int("reps"))
	}
	if c.Int("j") < 0 {
		return fmt.Errorf("-j %d: must be 0 (all cores) or more", c.Int("j"))
	}
	return nil
}
