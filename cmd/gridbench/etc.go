package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/sched/mapping"
)

// The "etc" command itself and its subcommand registry live in
// etc_generate.go; this file adds "etc eval".
func init() { registerEtc(etcEvalCommand) }

func etcEvalCommand() *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "run mapping heuristics on ETC instance files and print their metrics as CSV",
		ArgsUsage: "FILE...",
		Description: `Prints instance,heuristic,makespan,flowtime,utilization,proximity, one row per
file and heuristic, metrics as in Xhafa, Barolli & Duresi (2007) Tables 3-6
(flowtime with each machine's jobs shortest first, utilisation over the
machines used, proximity = MET's total execution time / ours).
Example: gridbench etc eval --heuristics MCT,kPB --k 20 u_c_hihi.0

Heuristics (--heuristics, default: all; register your own with mapping.Register):
` + mapping.Help(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "heuristics", Usage: "comma-separated heuristic names (default: all)"},
			&cli.Float64Flag{Name: "sa-low", Value: mapping.DefaultSALow, Usage: "SA low threshold r_l"},
			&cli.Float64Flag{Name: "sa-high", Value: mapping.DefaultSAHigh, Usage: "SA high threshold r_h"},
			&cli.Float64Flag{Name: "k", Value: mapping.DefaultKPBPercent, Usage: "kPB percentage k (the tables' reading: the ⌊M·k/100⌋ slowest machines are dropped)"},
			&cli.IntFlag{Name: "jobs", Usage: "number of jobs, for files without a header line"},
			&cli.IntFlag{Name: "machines", Usage: "number of machines, for files without a header line"},
			&cli.BoolFlag{Name: "no-header", Usage: "the first line is data even if it looks like a header"},
			&cli.BoolFlag{Name: "gap", Usage: "add best_known,gap columns from the <file>_*.sol beside each file with the smallest makespan in its name; its schedule must have that makespan on the file"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return errors.New("etc eval: give at least one ETC instance file")
			}
			var names []string
			if s := c.String("heuristics"); s != "" {
				names = strings.Split(s, ",")
			}
			hs, err := mapping.Configure(names, mapping.Params{
				SALow: c.Float64("sa-low"), SAHigh: c.Float64("sa-high"), KPercent: c.Float64("k"),
			})
			if err != nil {
				return fmt.Errorf("etc eval: %w", err)
			}
			// Names ignore case: "MCT,mct" printed MCT's rows twice.
			for i, h := range hs {
				if k := slices.IndexFunc(hs[:i], func(g mapping.Heuristic) bool { return g.Name() == h.Name() }); k >= 0 {
					return fmt.Errorf("etc eval: --heuristics names %s twice (%q, %q); keep one", h.Name(), strings.TrimSpace(names[k]), strings.TrimSpace(names[i]))
				}
			}
			// A parameter of a heuristic not run would look applied.
			for _, fh := range [][2]string{{"sa-low", "SA"}, {"sa-high", "SA"}, {"k", "kPB"}} {
				flag, h := fh[0], fh[1]
				if c.IsSet(flag) && len(names) > 0 && !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(strings.TrimSpace(n), h) }) {
					return fmt.Errorf("etc eval: --%s is %s's, which --heuristics leaves out", flag, h)
				}
			}
			for _, f := range []string{"jobs", "machines"} {
				if n := c.Int(f); c.IsSet(f) && n < 1 {
					return fmt.Errorf("etc eval: --%s %d: an ETC instance needs at least 1 (leave it out when the file has a header)", f, n)
				}
			}
			if c.IsSet("jobs") && c.IsSet("machines") {
				if err := etc.CheckSize(c.Int("jobs"), c.Int("machines")); err != nil {
					return fmt.Errorf("etc eval: --jobs/--machines: %w", err)
				}
			}
			opts := etc.ReadOptions{Jobs: c.Int("jobs"), Machines: c.Int("machines")}
			if c.Bool("no-header") {
				opts.Header = etc.HeaderAbsent
			}
			var rows []mapping.Result
			seen := map[string]string{} // file -> the argument that named it
			for _, path := range c.Args().Slice() {
				k := path
				if abs, err := filepath.Abs(path); err == nil {
					k = abs
				}
				if first, ok := seen[k]; ok {
					return fmt.Errorf("etc eval: %s names the file %s names; give each instance once", path, first)
				}
				seen[k] = path
				m, err := etc.ReadFile(path, opts)
				if err != nil {
					return err
				}
				best := 0.0
				if c.Bool("gap") {
					if s, err := etc.BestKnown(path, m); err == nil {
						best = s.Makespan
					} else if !errors.Is(err, etc.ErrNoSolution) {
						return err
					}
				}
				rows = append(rows, mapping.EvaluateAll(filepath.Base(path), m, hs, nil, best)...)
			}
			return mapping.WriteCSV(c.App.Writer, rows, c.Bool("gap"))
		},
	}
}
