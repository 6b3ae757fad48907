package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/registry"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/report"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// commandFactories holds one constructor per top-level command. Each command
// lives in its own file and registers itself in an init function, so adding
// a command never edits this file.
var commandFactories []func() *cli.Command

func register(f func() *cli.Command) { commandFactories = append(commandFactories, f) }

// newApp builds the CLI. Commands are sorted by name so --help is stable.
func newApp(stdout, stderr io.Writer) *cli.App {
	var cmds []*cli.Command
	for _, f := range commandFactories {
		cmds = append(cmds, f())
	}
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name < cmds[j].Name })
	usageErrors("", cmds)
	return &cli.App{
		Name:      "gridbench",
		Usage:     "reproduce grid job-scheduling studies and benchmark your own schedulers",
		Version:   version,
		Writer:    stdout,
		ErrWriter: stderr,
		Commands:  cmds,
		Description: "Space-shared schedulers (simulate --algo, study files): " + strings.Join(sched.Names(), ", ") +
			", or exec:COMMAND ARGS (docs/scheduler-protocol.md); `gridbench simulate --help` describes each.",
		// Errors are printed once, by run, in one line.
		ExitErrHandler:         func(*cli.Context, error) {},
		OnUsageError:           usageError("", []cli.Flag{cli.HelpFlag, cli.VersionFlag}),
		UseShortOptionHandling: true,
		Suggest:                true,
	}
}

// run executes the CLI and returns the process exit code. Errors are printed
// as one line "gridbench: ..." on stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	if err := unknownCommand(app, args); err != nil {
		fmt.Fprintf(stderr, "gridbench: %v\n", err)
		return 1
	}
	if err := app.RunContext(ctx, flagsFirst(app, args)); err != nil {
		fmt.Fprintf(stderr, "gridbench: %v\n", err)
		var ec cli.ExitCoder
		if errors.As(err, &ec) && ec.ExitCode() != 0 {
			return ec.ExitCode()
		}
		return 1
	}
	return 0
}

// flagsFirst lets every command take its flags before and after its
// positional arguments ("run deadline --quick", "compare A B --csv"): urfave/cli
// v2 stops parsing flags at the first positional argument, so the arguments
// of the command named (after any subcommand names) are re-ordered, flags
// first, before cli sees them. A flag that takes a value keeps the argument
// after it (unless written --flag=value); "--" ends the flags, and what
// follows it stays positional, after a "--" of its own. Arguments that name
// no command are left as they are, for cli to report.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	cmds, flags := app.Commands, app.Flags
	rest := args[1:]
	for {
		i, sub := nextCommand(rest, cmds, flags)
		if sub == nil && len(out) == 1 {
			return args // no command named: cli says so
		}
		if sub == nil {
			return append(out, reorder(rest, flags)...)
		}
		out = append(out, rest[:i+1]...)
		rest, cmds, flags = rest[i+1:], sub.Subcommands, sub.Flags
		if len(cmds) == 0 {
			return append(out, reorder(rest, flags)...)
		}
	}
}

// nextCommand returns the index of the first positional argument of args
// and the command of cmds it names, or nil when it names none (or there
// is no positional argument before "--").
func nextCommand(args []string, cmds []*cli.Command, flags []cli.Flag) (int, *cli.Command) {
	i := positional(args, flags)
	if i < 0 {
		return 0, nil
	}
	for _, c := range cmds {
		if c.HasName(args[i]) {
			return i, c
		}
	}
	return 0, nil
}

// positional returns the index of the first positional argument of args,
// past the flags (and the values of those in flags that take one), or -1
// when there is none before "--".
func positional(args []string, flags []cli.Flag) int {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			return -1
		case !isFlag(a):
			return i
		case takesValue(a, flags):
			i++
		}
	}
	return -1
}

// reorder moves the flags of args (with their values) before its positional
// arguments, keeping the order within each. With --help (or -h) among the
// flags it is the command's help alone: a command line with --help added
// at its end ("simulate x.swf --help") would otherwise ask cli for help on
// a topic named x.swf.
func reorder(args []string, flags []cli.Flag) []string {
	var fs, pos []string
	dashdash := false
	help := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			dashdash = true
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case isFlag(a):
			fs = append(fs, a)
			help = help || a == "--help" || a == "-h" || a == "-help"
			if takesValue(a, flags) && i+1 < len(args) {
				fs = append(fs, args[i+1])
				i++
			}
		default:
			pos = append(pos, a)
		}
	}
	if help {
		return []string{"--help"}
	}
	if dashdash {
		fs = append(fs, "--")
	}
	return append(fs, pos...)
}

// isFlag reports whether a is written as a flag; "-" alone (stdin) is not.
func isFlag(a string) bool { return len(a) > 1 && a[0] == '-' }

// takesValue reports whether the flag a, written without "=value", takes
// the next argument as its value. Unknown flags take none: cli reports them.
func takesValue(a string, flags []cli.Flag) bool {
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				v, ok := f.(interface{ TakesValue() bool })
				return ok && v.TakesValue()
			}
		}
	}
	return false
}

// flagTakes says what a flag takes, for an error about its value.
func flagTakes(f cli.Flag) string {
	switch f.(type) {
	case *cli.IntFlag, *cli.Int64Flag:
		return "a whole number"
	case *cli.UintFlag, *cli.Uint64Flag:
		return "a whole number, 0 or more"
	case *cli.Float64Flag:
		return "a number"
	case *cli.DurationFlag:
		return "a duration, such as 500ms, 30s, 5m or 1h30m"
	case *cli.BoolFlag:
		return "true or false"
	}
	return "a value it can read"
}

// unknownCommand returns an error naming the command args give that is
// none of the tool's, with the nearest names, or nil: cli would say "No
// help topic for 'reprodce'" and exit 3.
func unknownCommand(app *cli.App, args []string) error {
	if len(args) < 2 {
		return nil
	}
	cmds, flags, path := app.Commands, app.Flags, "gridbench"
	rest := args[1:]
	for len(cmds) > 0 {
		i := positional(rest, flags)
		if i < 0 {
			return nil
		}
		name := rest[i]
		var next *cli.Command
		for _, c := range cmds {
			if c.HasName(name) {
				next = c
			}
		}
		if next == nil {
			var names []string
			for _, c := range cmds {
				names = append(names, c.Names()...)
			}
			if name == "help" || name == "h" { // cli's own, on the command named after it
				if i+1 >= len(rest) || isFlag(rest[i+1]) || slices.Contains(names, rest[i+1]) {
					return nil
				}
				name = rest[i+1]
			}
			return fmt.Errorf("unknown command %q%s (%s --help lists the commands)", name, registry.DidYouMean(nearest(name, names)), path)
		}
		if next.Action != nil {
			return nil // its arguments are its own (data [NAME...] beside data fetch)
		}
		cmds, flags, path, rest = next.Subcommands, next.Flags, path+" "+next.Name, rest[i+1:]
	}
	return nil
}

// nearest returns the names a mistyped name most likely meant: those a
// few edits away, else those it begins.
func nearest(name string, names []string) []string {
	if ns := registry.Nearest(name, names); len(ns) > 0 {
		return ns
	}
	var out []string
	for _, n := range names {
		if len(name) > 1 && strings.HasPrefix(n, name) {
			out = append(out, n)
		}
	}
	if len(out) > 3 {
		return nil
	}
	return out
}

// The flag package's errors for a flag the command does not have, one
// given no value and a value the flag cannot take (which names the flag
// with one dash and says only "parse error"). They are matched as text
// because that is all there is of them: the flag package formats them
// with fmt.Errorf (a value's own error with %v, not %w), and urfave/cli
// passes them on as they are.
var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	missingValue  = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
	badFlagValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-([A-Za-z0-9-]+): (.*)$`)
)

// usageErrors makes every command below path (its words after
// "gridbench") report a flag it does not have, one given no value, a
// value its flag cannot read (saying what the flag takes) and a required
// one left out in one line naming the command and, for a flag it does not
// have, the nearest of its own. cli prints the command's whole
// help page first: "Incorrect Usage" with its "did you mean" above a
// hundred lines, or the page and then "Required flag "out" not set".
func usageErrors(path string, cmds []*cli.Command) {
	for _, c := range cmds {
		name := strings.TrimSpace(path + " " + c.Name)
		c.OnUsageError = usageError(name, c.Flags)
		// The required flags are checked in the action instead of by cli.
		var required []*cli.StringFlag
		var does []string // what each does, as its usage says
		for _, f := range c.Flags {
			if sf, ok := f.(*cli.StringFlag); ok && sf.Required {
				required, does = append(required, sf), append(does, strings.ReplaceAll(sf.Usage, "`", ""))
				sf.Required, sf.Usage = false, sf.Usage+" (required)"
			}
		}
		if act := c.Action; act != nil && len(required) > 0 {
			c.Action = func(cCtx *cli.Context) error {
				for i, f := range required {
					if !cCtx.IsSet(f.Name) {
						return fmt.Errorf("%s: --%s is required: %s", name, f.Name, does[i])
					}
				}
				return act(cCtx)
			}
		}
		usageErrors(name, c.Subcommands)
	}
}

// usageError is the OnUsageError of the command named cmd ("" for the
// tool itself) with flags.
func usageError(cmd string, flags []cli.Flag) cli.OnUsageErrorFunc {
	dashed := func(n string) string {
		if len(n) == 1 {
			return "-" + n // -j
		}
		return "--" + n
	}
	where, help := "", strings.TrimSpace("gridbench "+cmd) // ("gridbench: " comes first: see run)
	if cmd != "" {
		where = cmd + ": "
	}
	named := func(name string) cli.Flag {
		for _, f := range flags {
			if slices.Contains(f.Names(), name) {
				return f
			}
		}
		return nil
	}
	return func(_ *cli.Context, err error, _ bool) error {
		if m := missingValue.FindStringSubmatch(err.Error()); m != nil {
			return fmt.Errorf("%s%s needs a value (%s --help says which)", where, dashed(m[1]), help)
		}
		if m := badFlagValue.FindStringSubmatch(err.Error()); m != nil {
			why := "not " + flagTakes(named(m[2]))
			if strings.Contains(m[3], "out of range") {
				why = "out of range for " + flagTakes(named(m[2]))
			}
			return fmt.Errorf("%s %q: %s", dashed(m[2]), m[1], why) // (the flag says which command)
		}
		m := undefinedFlag.FindStringSubmatch(err.Error())
		if m == nil {
			return err
		}
		var names []string
		for _, f := range flags {
			for _, n := range f.Names() {
				names = append(names, dashed(n))
			}
		}
		return fmt.Errorf("%sunknown flag %s%s (%s --help lists its flags)", where, dashed(m[1]),
			registry.DidYouMean(nearest(dashed(m[1]), names)), help)
	}
}

// arguments counts n positional arguments in words: "1 argument", "0 arguments".
func arguments(n int) string { return fmt.Sprintf("%d %s", n, report.Plural(n, "argument")) }
