package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/sched"
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
		UseShortOptionHandling: true,
		Suggest:                true,
	}
}

// run executes the CLI and returns the process exit code. Errors are printed
// as one line "gridbench: ..." on stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	if err := app.RunContext(ctx, args); err != nil {
		fmt.Fprintf(stderr, "gridbench: %v\n", err)
		var ec cli.ExitCoder
		if errors.As(err, &ec) && ec.ExitCode() != 0 {
			return ec.ExitCode()
		}
		return 1
	}
	return 0
}
