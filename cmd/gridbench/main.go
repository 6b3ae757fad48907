// Command gridbench regenerates the tables and figures of four grid
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
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
