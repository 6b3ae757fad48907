package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/atomicfile"
)

func init() {
	register(etcCommand)
	registerEtc(etcGenerateCommand)
}

// etcSubcommands holds the constructors of the "gridbench etc" subcommands,
// so each can live in its own file (etc_<name>.go) and register itself with
// registerEtc, as top-level commands do with register.
var etcSubcommands []func() *cli.Command

func registerEtc(f func() *cli.Command) { etcSubcommands = append(etcSubcommands, f) }

func etcCommand() *cli.Command {
	var subs []*cli.Command
	for _, f := range etcSubcommands {
		subs = append(subs, f())
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].Name < subs[j].Name })
	return &cli.Command{
		Name:        "etc",
		Usage:       "Expected Time to Compute (ETC) instances of Braun et al. (2001)",
		Subcommands: subs,
	}
}

func etcGenerateCommand() *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "draw fresh ETC instances (range-based or CVB) and write them in Braun's file format",
		Description: `Writes instance files named like Braun's: <class>.<seed>, e.g. u_c_hilo.7
("u" range-based, "g" CVB; consistency c/s/i; task then machine heterogeneity).
Instance k of a class is the same whatever else is generated in the run.
Example: gridbench etc generate --all --count 20 --out instances/`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "jobs", Value: 512, Usage: "number of jobs (rows); jobs × machines at most 1e8"},
			&cli.IntFlag{Name: "machines", Value: 16, Usage: "number of machines (columns)"},
			&cli.StringFlag{Name: "method", Value: "range", Usage: "range (Braun et al. 2001) or cvb (Ali et al. 2000)"},
			&cli.StringFlag{Name: "consistency", Value: "c", Usage: "c (consistent), s (semi-consistent) or i (inconsistent)"},
			&cli.StringFlag{Name: "tasks", Value: "hi", Usage: "task heterogeneity: hi or lo"},
			&cli.StringFlag{Name: "machines-het", Value: "hi", Usage: "machine heterogeneity: hi or lo"},
			&cli.StringFlag{Name: "type", Usage: "class name such as u_c_hilo, instead of --method, --consistency, --tasks and --machines-het"},
			&cli.BoolFlag{Name: "all", Usage: "every consistency and heterogeneity (12 classes) for --method"},
			&cli.Uint64Flag{Name: "seed", Usage: "seed of the first instance"},
			&cli.IntFlag{Name: "count", Value: 1, Usage: "number of instances per class, seeds seed..seed+count-1 (at most 100000)"},
			&cli.StringFlag{Name: "out", Value: ".", Usage: "directory for the instance files"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write one instance to this file instead (- for stdout)"},
		},
		Action: etcGenerate,
	}
}

// maxETCCount bounds --count: instance files per class.
const maxETCCount = 100_000

func etcGenerate(c *cli.Context) error {
	if c.NArg() > 0 {
		return fmt.Errorf("etc generate: unexpected argument %q (this command takes flags only)", c.Args().First())
	}
	specs, err := etcGenerateSpecs(c)
	if err != nil {
		return err
	}
	count := c.Int("count")
	if count < 1 || count > maxETCCount {
		return fmt.Errorf("--count must be 1 to %d, got %d", maxETCCount, count)
	}
	seed := c.Uint64("seed")

	if out := c.String("output"); out != "" {
		if count != 1 || len(specs) != 1 {
			how := fmt.Sprintf("--count %d", count)
			if len(specs) > 1 {
				how = fmt.Sprintf("%d classes × --count %d", len(specs), count)
			}
			return fmt.Errorf("-o writes a single instance, and these are %d (%s): use --out DIR", count*len(specs), how)
		}
		if c.IsSet("out") {
			return fmt.Errorf("-o %s and --out %s: give one (-o for a single instance's file, --out for a folder of them)", out, c.String("out"))
		}
		if out == "-" {
			m, err := etc.Generate(specs[0], etc.NewSource(specs[0], seed))
			if err != nil {
				return err
			}
			return etc.Write(c.App.Writer, m, true)
		}
		if err := generateFile(out, specs[0], seed); err != nil {
			return err
		}
		fmt.Fprintln(c.App.Writer, out)
		return nil
	}

	dir := c.String("out")
	if err := os.MkdirAll(dir, 0o755); err != nil { // (as reproduce and study run make theirs)
		return fmt.Errorf("--out %s: %w", dir, err)
	}
	for _, s := range specs {
		for k := range uint64(count) {
			path := filepath.Join(dir, etc.InstanceName(s, seed+k))
			if err := generateFile(path, s, seed+k); err != nil {
				return err
			}
			fmt.Fprintln(c.App.Writer, path)
		}
	}
	return nil
}

// etcGenerateSpecs turns the class flags into the list of classes to draw.
func etcGenerateSpecs(c *cli.Context) ([]etc.Spec, error) {
	var base etc.Spec
	var err error
	classFlags := []string{"consistency", "tasks", "machines-het"}
	switch {
	case c.IsSet("type"):
		for _, f := range append(classFlags, "method", "all") {
			if c.IsSet(f) {
				return nil, fmt.Errorf("--type already names the class; drop --%s", f)
			}
		}
		if base, err = etc.ParseName(c.String("type")); err != nil {
			return nil, fmt.Errorf("--type: %w", err)
		}
	default:
		if base.Method, err = etc.ParseMethod(c.String("method")); err != nil {
			return nil, fmt.Errorf("--method: %w", err)
		}
		if base.Consistency, err = etc.ParseConsistency(c.String("consistency")); err != nil {
			return nil, fmt.Errorf("--consistency: %w", err)
		}
		if base.TaskHet, err = etc.ParseHeterogeneity(c.String("tasks")); err != nil {
			return nil, fmt.Errorf("--tasks: %w", err)
		}
		if base.MachHet, err = etc.ParseHeterogeneity(c.String("machines-het")); err != nil {
			return nil, fmt.Errorf("--machines-het: %w", err)
		}
	}
	base.Jobs, base.Machines = c.Int("jobs"), c.Int("machines")
	if err := etc.CheckSize(base.Jobs, base.Machines); err != nil {
		return nil, fmt.Errorf("--jobs/--machines: %w", err)
	}
	if err := base.Validate(); err != nil {
		return nil, err
	}
	if !c.Bool("all") {
		return []etc.Spec{base}, nil
	}
	for _, f := range classFlags {
		if c.IsSet(f) {
			return nil, fmt.Errorf("--all draws every class; drop --%s", f)
		}
	}
	specs := etc.Types()
	for i := range specs {
		specs[i].Method, specs[i].Jobs, specs[i].Machines = base.Method, base.Jobs, base.Machines
	}
	return specs, nil
}

// generateFile draws instance seed of class spec from NewSource(spec, seed)
// and writes it to path in Braun's format. The file appears complete or not
// at all: it is written to a temporary file in the same directory and
// renamed over path, so an interrupted run never leaves a truncated instance
// that a later run would read.
func generateFile(path string, spec etc.Spec, seed uint64) error {
	m, err := etc.Generate(spec, etc.NewSource(spec, seed))
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error { return etc.Write(w, m, true) })
}
