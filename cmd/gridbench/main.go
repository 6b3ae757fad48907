// Command gridbench regenerates the tables and figures of five grid
// scheduling studies and runs researchers' own algorithms and workloads
// through the same generators, simulators, statistics and reports.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	// The first Ctrl-C asks the command to stop where it can (reproduce
	// keeps its finished runs, simulate says how far it got); a second
	// one ends the process at once, whatever it is doing.
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
