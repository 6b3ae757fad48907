package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/pipeline"
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
			Description: "Plans every workload × algorithm × repetition of the study file (see examples/study-*.toml\n" +
				"and README.md, \"Your own study\"), runs it like reproduce does (seeds from the run's identity,\n" +
				"journal, resume), and writes results/<name>/{runs.csv,timings.csv,manifest.json},\n" +
				"paper/<name>.md with its figures, and results/gridbench.xlsx below --out.\n\n" +
				"A run on disk is reused only while its key is unchanged: its part of the study file (its\n" +
				"[[workload]], its algorithm and alias, every key that makes runs but the other workloads and\n" +
				"algorithms: a title, a claim, reps or another algorithm added reuse it), the build, every file it\n" +
				"reads and, for an exec: scheduler, the files its command names, every file with the script's\n" +
				"extension in the script's folder and the folders below it (modules such as pkg/sub.py; hidden\n" +
				"folders, __pycache__, node_modules and virtual environments are not walked; past 1024 such files\n" +
				"or 20000 entries only the script's own folder is keyed, and the progress says so), the programs\n" +
				"the command runs (through env, a #! line and a shim's exec lines, on the PATH it gets) and the\n" +
				"values of the variables named by the file's env = [\"MY_KNOB\"]. What cannot be keyed (a shim\n" +
				"that picks its program when it runs) is named in the progress; after changing it, use --fresh.",
			Flags: []cli.Flag{
				&cli.IntFlag{Name: "reps", Usage: "repetitions (0: the file's reps, else 10; at most 10000)"},
				&cli.IntFlag{Name: "j", Aliases: []string{"workers"}, Usage: "runs executed in parallel (0: all cores)"},
				&cli.StringFlag{Name: "out", Value: "out", Usage: "base folder: writes results/<name>/ and paper/ below it"},
				&cli.StringFlag{Name: "data", Usage: "folder holding the data sets (else $GRIDBENCH_DATA, ./data, ../shared/data)", Action: dataDirsExist},
				&cli.BoolFlag{Name: "fresh", Usage: "ignore results already on disk (needed after editing what the key does not cover: a file an exec: scheduler opens by itself, a module of another extension or folder, an installed package)"},
				&cli.BoolFlag{Name: "no-wait", Usage: "fail at once if another gridbench process is writing to --out", DefaultText: "wait for it"},
				&cli.StringFlag{Name: "shard", Usage: "run only every Nth run of the plan from the Kth (`K/N`, K from 0) into a shard folder, " +
					"no report; gridbench study merge gathers the N shards"},
				studyExecTimeoutFlag(),
			},
			Action: func(c *cli.Context) error {
				opts, err := studyOptions(c, "run")
				if err != nil {
					return err
				}
				if err := applyShard(c, &opts); err != nil {
					return err
				}
				return runStudy(c, opts)
			},
		}, {
			Name:      "merge",
			Usage:     "gather the results of `study run --shard K/N` for every K and write runs.csv, the report page and the workbook",
			ArgsUsage: "FILE.toml",
			Description: "Takes the same FILE.toml, --reps and --data as the shards' study run. Checks that every run of the\n" +
				"plan is in exactly one shard (else names the missing runs and their shard, and exits 1), then writes\n" +
				"what one study run would: runs.csv is byte-identical. Nothing is run.",
			Flags: []cli.Flag{
				&cli.IntFlag{Name: "reps", Usage: "repetitions, as given to the shards (0: the file's reps, else 10)"},
				&cli.StringFlag{Name: "out", Value: "out", Usage: "base folder the shards wrote below"},
				&cli.StringFlag{Name: "data", Usage: "folder holding the data sets (else $GRIDBENCH_DATA, ./data, ../shared/data)", Action: dataDirsExist},
				&cli.BoolFlag{Name: "no-wait", Usage: "fail at once if another gridbench process is writing to --out", DefaultText: "wait for it"},
				&cli.IntFlag{Name: "shards", Usage: "the number of shards to gather (0: the one split found under --out)"},
			},
			Action: func(c *cli.Context) error {
				opts, err := studyOptions(c, "merge")
				if err != nil {
					return err
				}
				if n := c.Int("shards"); n < 0 || n > maxShards {
					return fmt.Errorf("--shards %d: must be 1 to %d (0: the split found)", n, maxShards)
				}
				opts.Merge, opts.Shard = true, bench.Shard{N: c.Int("shards")}
				if err := shardsIdle(opts.Out); err != nil {
					return err
				}
				return runStudy(c, opts)
			},
		}},
	}
}

func studyOptions(c *cli.Context, sub string) (pipeline.Options, error) {
	if c.NArg() != 1 {
		return pipeline.Options{}, fmt.Errorf("study %s needs exactly one FILE.toml (got %s)", sub, arguments(c.NArg()))
	}
	if err := checkRunFlags(c); err != nil {
		return pipeline.Options{}, err
	}
	return options(c, nil, true), nil
}

// runStudy runs (or merges) the study under the output folder's lock, the
// shard's own for a shard, as reproduce does.
func runStudy(c *cli.Context, opts pipeline.Options) error {
	// A study file that does not load makes no output folder (and no lock
	// file in it), as a misnamed experiment does not for reproduce.
	if _, err := filestudy.Open(c.Args().First(), opts.Out); err != nil {
		return err
	}
	lock, err := lockOut(c, opts)
	if err != nil {
		return err
	}
	defer lock.Release()
	out, err := pipeline.RunStudy(c.Context, c.Args().First(), opts)
	if err != nil && opts.Merge {
		// bench.Merge's advice names reproduce; a study's shards come from study run.
		return errors.New(strings.ReplaceAll(err.Error(), "`gridbench reproduce", "`gridbench study run "+c.Args().First()))
	}
	if err != nil {
		return err
	}
	runs := filepath.Join(pipeline.ResultsDir(opts.Out, out.Name), "runs.csv")
	if out.Report == nil { // a shard
		fmt.Fprintf(c.App.Writer, "%s: shard %s: %d runs in %s\nmerge:  gridbench study merge %s --out %s (same --reps and --data)\n",
			out.Name, opts.Shard, len(out.Result.Manifest.Runs), opts.Shard.Dir(filepath.Dir(runs)), c.Args().First(), opts.Out)
		return nil
	}
	fmt.Fprintf(c.App.Writer, "%s: %s\nruns:   %s\nreport: %s\n", out.Name, out.Report.Headline, runs,
		filepath.Join(pipeline.PaperDir(opts.Out), out.Report.Page))
	return nil
}
