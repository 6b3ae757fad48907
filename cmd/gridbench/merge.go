package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
)

func init() { register(mergeCommand) }

// someRunFlags returns the flags of runFlags whose names keep accepts.
func someRunFlags(keep func(name string) bool) []cli.Flag {
	var fs []cli.Flag
	for _, f := range runFlags() {
		if keep(f.Names()[0]) {
			fs = append(fs, f)
		}
	}
	return fs
}

// mergeFlags are reproduce's flags that choose the plan, and --out; -j and
// --fresh mean nothing to a merge.
func mergeFlags() []cli.Flag {
	fs := someRunFlags(func(n string) bool { return n != "j" && n != "fresh" })
	return append(fs, onlyFlag(),
		&cli.IntFlag{Name: "shards", Usage: "the number of shards to gather (0: the one split found under --out)"})
}

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:  "merge",
		Usage: "gather the results of `reproduce --shard K/N` for every K and write the report as one reproduce would",
		Description: "Takes the same --only, --reps, --quick and --data as the reproduce that made the shards. Checks that every run " +
			"of the plan is in exactly one shard (else names the missing runs and their shard, and exits 1), then writes " +
			"results/<experiment>/{runs.csv,timings.csv,series.csv,manifest.json}, paper/ and results/gridbench.xlsx; runs.csv and series.csv are " +
			"byte-identical to a single-machine reproduce's. Nothing is run.\n" +
			"Experiments: " + strings.Join(experiments.Names(), ", "),
		Flags: mergeFlags(),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("merge takes no arguments (got %q)", c.Args().First())
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			if n := c.Int("shards"); n < 0 || n > maxShards {
				return fmt.Errorf("--shards %d: must be 1 to %d (0: the split found)", n, maxShards)
			}
			only, err := onlyList(c)
			if err != nil {
				return err
			}
			opts := options(c, only, true)
			opts.Merge, opts.Shard = true, bench.Shard{N: c.Int("shards")}
			if st, err := os.Stat(opts.Out); err != nil || !st.IsDir() {
				// Before the lock, which would make the folder.
				return fmt.Errorf("--out %s: no such folder: merge reads the shards that reproduce --shard K/N wrote into it", opts.Out)
			}
			if err := shardsIdle(opts.Out); err != nil {
				return err
			}
			return reproduceLocked(c, opts)
		},
	}
}

// shardsIdle fails when a shard is still being written into the output
// folder out: its half-written files would read as damaged, and merge
// would say to run that shard again.
func shardsIdle(out string) error {
	if shard, pid, lock := bench.ShardWriter(out); shard != "" {
		return fmt.Errorf("shard %s is still being written into %s by process %s (lock %s): merge once it ends", shard, out, pid, lock)
	}
	return nil
}
