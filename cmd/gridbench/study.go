package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
)

func init() { register(studyCommand) }

func studyCommand() *cli.Command {
	return &cli.Command{
		Name:  "study",
		Usage: "run your own study, described in a TOML file",
		Subcommands: []*cli.Command{{
			Name:      "run",
			Usage:     "run a study file through the runner and write its runs.csv, report page and workbook",
			ArgsUsage: "FILE.toml",
			Description: "Plans every workload × algorithm × repetition of the study file (see examples/study-kth.toml\n" +
				"and README.md, \"Your own study\"), runs it like reproduce does (seeds from the run's identity,\n" +
				"journal, resume), and writes results/<name>/{runs.csv,timings.csv,manifest.json},\n" +
				"paper/<name>.md with its figures, and results/gridbench.xlsx below --out.",
			Flags: []cli.Flag{
				&cli.IntFlag{Name: "reps", Usage: "repetitions (0: the file's reps, else 10)"},
				&cli.IntFlag{Name: "j", Aliases: []string{"workers"}, Usage: "runs executed in parallel (0: all cores)"},
				&cli.StringFlag{Name: "out", Value: "out", Usage: "base folder: writes results/<name>/ and paper/ below it"},
				&cli.StringFlag{Name: "data", Usage: "folder holding the data sets (else $GRIDBENCH_DATA, ./data, ../shared/data)"},
				&cli.BoolFlag{Name: "fresh", Usage: "ignore results already on disk (needed after editing an exec: scheduler)"},
			},
			Action: func(c *cli.Context) error {
				if c.NArg() > 1 && !strings.HasPrefix(c.Args().First(), "-") && strings.HasPrefix(c.Args().Get(1), "-") {
					// urfave/cli stops at the first argument; accept the
					// documented "study run FILE --reps N" by parsing again
					// with the flags first.
					args := append([]string{c.App.Name, "study", "run"}, c.Args().Tail()...)
					return c.App.RunContext(c.Context, append(args, c.Args().First()))
				}
				if c.NArg() != 1 {
					return fmt.Errorf("study run needs exactly one FILE.toml (got %d arguments)", c.NArg())
				}
				if err := checkRunFlags(c); err != nil {
					return err
				}
				opts := options(c, nil, true)
				out, err := filestudy.Run(c.Context, c.Args().First(), opts)
				if err != nil {
					return err
				}
				fmt.Fprintf(c.App.Writer, "%s: %s\nruns:   %s\nreport: %s\n", out.Name, out.Report.Headline,
					filepath.Join(experiments.ResultsDir(opts.Out, out.Name), "runs.csv"),
					filepath.Join(experiments.PaperDir(opts.Out), out.Report.Page))
				return nil
			},
		}},
	}
}
