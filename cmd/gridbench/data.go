package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/datadir"
)

func init() { register(dataCommand) }

func dataCommand() *cli.Command {
	return &cli.Command{
		Name:  "data",
		Usage: "list the data sets gridbench knows, where it looked, what it found and where to get what is missing",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "data", Usage: "data root `DIR` searched first (then $" + datadir.EnvVar + ", ./data, ../shared/data)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return fmt.Errorf("data takes no arguments, got %q (use --data DIR)", c.Args().Slice())
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
			found := 0
			fmt.Fprintln(w, "\ndata sets:")
			for _, l := range located {
				if l.Found() {
					found++
					fmt.Fprintf(w, "  %-14s found    %s (%s", l.ID, l.Path, humanBytes(l.Size))
					if l.Files > 1 {
						fmt.Fprintf(w, " in %d files", l.Files)
					}
					fmt.Fprintf(w, ")\n  %-14s          %s\n", "", l.What)
				} else {
					fmt.Fprintf(w, "  %-14s MISSING  %s\n  %-14s          %s\n  %-14s          get it from %s\n", l.ID, l.Rel, "", l.What, "", l.Where)
				}
			}
			fmt.Fprintf(w, "\n%d of %d data sets found", found, len(located))
			if found < len(located) {
				fmt.Fprintf(w, "; place missing ones at the path shown below a data root")
			}
			fmt.Fprintln(w)
			return w.Flush()
		},
	}
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
