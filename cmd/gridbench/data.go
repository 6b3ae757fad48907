package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/datadir"
)

func init() { register(dataCommand) }

func dataFlag() cli.Flag {
	return &cli.StringFlag{Name: "data", Usage: "data root `DIR` searched first (then $" + datadir.EnvVar + ", ./data, ../shared/data)", Action: dataDirsExist}
}

// dataDirsExist checks a --data value given to read data from: every
// folder it names (a list, as $GRIDBENCH_DATA may be) must be one. A
// mistyped folder would be passed over for ./data or ../shared/data
// without a word, and the run would read another copy than the one named.
func dataDirsExist(_ *cli.Context, v string) error {
	for _, d := range filepath.SplitList(v) {
		if fi, err := os.Stat(d); d != "" && (err != nil || !fi.IsDir()) {
			return fmt.Errorf("--data %s: %s is not a folder (--data names a data root to read from)", v, d)
		}
	}
	return nil
}

func dataCommand() *cli.Command {
	return &cli.Command{
		Name:  "data",
		Usage: "list the data sets gridbench knows, where it looked, what it found (checksums verified) and how to get what is missing",
		Flags: []cli.Flag{dataFlag()},
		Subcommands: []*cli.Command{
			dataFetchCommand(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("data takes no arguments, got %q (use --data DIR, or `data fetch NAME...`)", c.Args().Slice())
			}
			flagDir := c.String("data")
			w := bufio.NewWriter(c.App.Writer)
			fmt.Fprintln(w, "data roots searched, first match wins:")
			for i, cand := range datadir.Candidates(flagDir) {
				state := "absent"
				if fi, err := os.Stat(cand.Dir); err == nil && fi.IsDir() {
					state = "present"
				}
				dir := cand.Dir
				if abs, err := filepath.Abs(dir); err == nil {
					dir = abs
				}
				fmt.Fprintf(w, "  %d. %-40s (%s, %s)\n", i+1, dir, cand.Source, state)
			}
			located := datadir.Locate(flagDir)
			found, damaged := 0, 0
			fmt.Fprintln(w, "\ndata sets:")
			for _, l := range located {
				switch {
				case errors.Is(l.Err, datadir.ErrCorrupt):
					damaged++
					fmt.Fprintf(w, "  %-14s DAMAGED  %s\n  %-14s          %v\n", l.ID, l.Path, "", l.Err)
				case l.Found():
					found++
					fmt.Fprintf(w, "  %-14s found    %s (%s", l.ID, l.Path, humanBytes(l.Size))
					if l.Files > 1 {
						fmt.Fprintf(w, " in %d files", l.Files)
					}
					switch {
					case l.Err != nil:
						fmt.Fprintf(w, "; %v", l.Err)
					case l.Pinned:
						fmt.Fprintf(w, "; %d sha256 verified", l.Verified)
					default:
						fmt.Fprintf(w, "; no pinned sha256, not verified")
					}
					fmt.Fprintf(w, ")\n  %-14s          %s\n", "", l.What)
				default:
					fmt.Fprintf(w, "  %-14s MISSING  %s\n  %-14s          %s\n  %-14s          get it with `%s`, or from %s\n",
						l.ID, l.Rel, "", l.What, "", fetchCommand(flagDir, l.DataSet, l.Pinned), l.Where)
				}
			}
			fmt.Fprintf(w, "\n%d of %d data sets found", found+damaged, len(located))
			if damaged > 0 {
				fmt.Fprintf(w, ", %d DAMAGED", damaged)
			}
			if found+damaged < len(located) {
				fetch := "gridbench data fetch"
				if flagDir != "" {
					fetch += " --data " + shellQuote(datadir.FetchRoot(flagDir))
				}
				fmt.Fprintf(w, "; `%s NAME...` downloads missing ones into %s", fetch, datadir.FetchRoot(flagDir))
			}
			fmt.Fprintln(w)
			if err := w.Flush(); err != nil {
				return err
			}
			if damaged > 0 {
				return fmt.Errorf("%d data set(s) damaged: delete the files named above and run `gridbench data fetch`", damaged)
			}
			return nil
		},
	}
}

// fetchCommand is the `data fetch` command that gets d as printed: with
// --allow-unpinned when no checksum is pinned for it (fetch refuses it
// otherwise), and into the --data root that was listed.
func fetchCommand(flagDir string, d datadir.DataSet, pinned bool) string {
	cmd := "gridbench data fetch"
	if flagDir != "" {
		cmd += " --data " + shellQuote(datadir.FetchRoot(flagDir))
	}
	if !pinned {
		cmd += " --allow-unpinned"
	}
	return cmd + " " + d.ID
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
